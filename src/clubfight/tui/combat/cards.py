"""Combat Club's cards: the shared CardWidget (same look, themes and four-colour deck), drawing Combat
Club's own card values, face-down cards and the marks of the fight (stack height, lock, safe/unsafe)."""

from __future__ import annotations

from rich.text import Text

from ...combat.engine import Card, Colour, Suit
from ..widgets.cards import JOKER_GLYPH, CardWidget

STATES = (
    "-clear",
    "-picked",
    "-fresh",
    "-last",
    "-selected",
    "-dim",
    "-safe",
    "-unsafe",
    "-back",
    "-advantage",
    "-target",
)


class CombatCard(CardWidget):
    """A Combat Club card, a face-down card (``-back``) or an empty place; ``title`` replaces the key."""

    def __init__(self, key: str, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(key, id=id, classes=classes)
        self.combat_card: Card | None = None
        self.face_down = False
        self.note = ""

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
        shown = (card, title, mark, states, face_down, note)
        if self._shown == shown:
            return
        self._shown = shown
        self.combat_card = None if face_down else card
        self.face_down = face_down and card is not None
        self.note = note
        self.border_title = self.key if title is None else title
        self.border_subtitle = mark
        visible = self.combat_card
        classes = {
            "-empty": card is None,
            "-joker": visible is not None and visible.is_joker,
            "-red": visible is not None and visible.colour is Colour.RED,
        }
        for suit in Suit:
            classes[f"-{suit.name.lower()}"] = visible is not None and visible.suit is suit
        for state in STATES:
            classes[state] = state in states or (state == "-back" and self.face_down)
        self.update_classes(classes)  # one restyle for the lot, not one per class that changed
        self.refresh()

    def render(self) -> Text:
        width, height = self.content_size.width, self.content_size.height
        if self.face_down:
            return Text("\n".join("░" * width for _ in range(height)), no_wrap=True, overflow="crop")
        card = self.combat_card
        if card is None or width < 2 or height < 1:
            return Text("")
        if card.is_joker:
            rank, suit = ("RJ" if card.colour is Colour.RED else "BJ"), JOKER_GLYPH
        else:
            rank, suit = card.rank_name, card.suit.symbol if card.suit else ""
        lines = [" " * width for _ in range(height)]

        def put(row: int, col: int, text: str) -> None:
            if 0 <= row < height:
                line = lines[row]
                col = max(0, min(col, width - len(text)))
                lines[row] = (line[:col] + text + line[col + len(text) :])[:width]

        middle = height // 2
        if height >= 5 and width >= 8:
            put(0, 0, rank)
            put(height - 1, width - len(rank), rank)
            if card.is_joker:
                put(middle, (width - 5) // 2, "JOKER")
            else:  # as Club Fight's big cards: the index in two corners, the rank's pips between
                put(0, 0, rank + suit)
                put(height - 1, width - len(rank) - 1, suit + rank)
                self._centre(put, card.rank, rank, suit, width, height)
        elif height >= 3:
            put(0, 0, rank)
            put(middle, (width - 1) // 2, suit)
            put(height - 1, width - len(rank), rank)
        else:
            put(0, 0, rank + suit)
        if self.note and height >= 3:
            lines[middle] = f"{suit} {self.note}".center(width)[:width]
        return Text("\n".join(lines), no_wrap=True, overflow="crop")
