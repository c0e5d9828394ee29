"""The clubs in hand, each under its key."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widget import Widget

from ...engine import Card
from ..widgets.cards import CardWidget

HAND_KEYS = ("z", "x", "c", "v")
"""One key per hand slot: HAND_SIZE of them (tests/tui checks the two agree)."""


class HandView(Widget):
    """Up to four clubs; an empty slot stays blank once the clubs deck runs out. Like the grid, it can
    be shown before it is mounted."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.cards = [CardWidget(key, id=f"hand-{slot}", classes="hand-card") for slot, key in enumerate(HAND_KEYS)]

    def compose(self) -> ComposeResult:
        yield from self.cards

    def slot(self, slot: int) -> CardWidget:
        return self.cards[slot]

    def show(self, hand: tuple[Card | None, ...], selected: Card | None, used: tuple[Card, ...] = ()) -> None:
        """``hand``: the clubs by slot (the table's ``hand_slots``, where None is an empty slot)."""
        for slot in range(len(HAND_KEYS)):
            card = hand[slot] if slot < len(hand) else None
            chosen = card is not None and (card == selected or card in used)
            dim = selected is not None and not chosen
            states = {"-selected"} if chosen else ({"-dim"} if dim and card is not None else set())
            self.slot(slot).show(card, "▲" if chosen else "", frozenset(states))
