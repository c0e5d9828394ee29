"""Combat Club's cards: one card per widget, drawn and looking as Club Fight's (widgets/card_spread.py,
card_look.py), with Combat Club's own card values, face-down cards and the marks of the fight
(stack height, lock, safe/unsafe)."""

from __future__ import annotations

from collections.abc import Hashable
from typing import NamedTuple

from clubfight.combat.engine import Card, Colour
from clubfight.shell.widgets.card_look import COMBINED_LAYERS, PICKED_FACE, STATE_LAYERS, layer
from clubfight.shell.widgets.card_spread import CardSlot, CardSpread
from clubfight.shell.widgets.cards import JOKER_GLYPH, Face

COMBAT_LAYERS = (
    layer("-danger", border="round", edge="$error"),  # first: a picked or lit card keeps its own look
    *STATE_LAYERS,
    layer("-safe", border="heavy", edge="$success", mark="#17692c"),
    layer("-unsafe", border="heavy", edge="$warning", mark="#8a5000"),
    layer("-target", border="double", edge="$primary", face=PICKED_FACE, mark="#7a5c00"),
    layer("-last", border="round", edge="$accent", mark="$accent"),
    layer("-back", face="#35507a", ink="#9fb4d6", border="round", edge="#9fb4d6"),
    layer("-advantage", border="dashed", edge="#8a6a20", face="#f1e6c8"),
    *COMBINED_LAYERS,
    layer("-advantage -picked", border="double", edge="$primary"),
)
"""Club Fight's look with Combat Club's states: safe or unsafe to play onto, the target, the last
card played, a face-down card and the ADVANTAGE."""


class CombatFace(NamedTuple):
    """What a Combat Club card shows: the card, or its back; ``note`` across its middle row."""

    card: Card | None
    face_down: bool = False
    note: str = ""


class CombatCard(CardSpread):
    """A Combat Club card, a face-down card (``-back``) or an empty place; ``title`` replaces the key."""

    LAYERS = COMBAT_LAYERS
    DEFAULT_CSS = """
    CombatCard { width: 8; height: 5; }
    """

    def __init__(self, key: str, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__([CardSlot(key, states=frozenset({"-empty"}))], id=id, classes=classes)
        self.key = key

    @property
    def combat_card(self) -> Card | None:
        """The card shown face up (None: an empty place or a face-down card)."""
        face = self.slots[0].card
        return face.card if isinstance(face, CombatFace) and not face.face_down else None

    def show_card(
        self,
        card: Card | None,
        *,
        title: str | None = None,
        mark: str = "",
        states: frozenset[str] = frozenset(),
        face_down: bool = False,
        note: str = "",
    ) -> None:
        """``note`` is written across the card's middle row (``unsafe``, ``ADV``), so it reads without colour."""
        face_down = face_down and card is not None
        visible = None if face_down else card
        look = set(states)
        if card is None:
            look.add("-empty")
        if face_down:
            look.add("-back")
        if visible is not None:
            if visible.is_joker:
                look.add("-joker")
            if visible.colour is Colour.RED:
                look.add("-red")
            if visible.suit is not None:
                look.add(f"-{visible.suit.name.lower()}")
        face = None if card is None else CombatFace(visible, face_down, note)
        self.show_slots([CardSlot(self.key if title is None else title, face, mark, frozenset(look))])

    def draw_face(self, card: Hashable, width: int, height: int) -> list[str]:
        assert isinstance(card, CombatFace)
        if card.face_down:
            return ["░" * width for _ in range(height)]
        shown = card.card
        face = Face(width, height)
        if shown is None or width < 2:
            return face.lines
        if shown.is_joker:
            rank, suit = ("RJ" if shown.colour is Colour.RED else "BJ"), JOKER_GLYPH
        else:
            rank, suit = shown.rank_name, shown.suit.symbol if shown.suit else ""
        middle = height // 2
        if height >= 5 and width >= 8:
            if shown.is_joker:
                face.corners(rank)
                face.put(middle, (width - 5) // 2, "JOKER")
            else:  # as Club Fight's big cards: the index in two corners, the rank's pips between
                face.corners(rank, suit)
                face.centre(shown.rank, rank, suit)
        elif height >= 3:
            face.put(0, 0, rank)
            face.put(middle, (width - 1) // 2, suit)
            face.put(height - 1, width - len(rank), rank)
        else:
            face.put(0, 0, rank + suit)
        lines = face.lines
        if card.note and height >= 3:
            lines[middle] = f"{suit} {card.note}".center(width)[:width]
        return lines
