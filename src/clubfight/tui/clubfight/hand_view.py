"""The clubs in hand, each under its key."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widget import Widget

from ...engine import Card
from ..widgets.cards import CardWidget

HAND_KEYS = ("z", "x", "c", "v")
"""One key per hand slot: HAND_SIZE of them (tests/tui checks the two agree)."""


class HandView(Widget):
    """Up to four clubs; an empty slot stays blank once the clubs deck runs out."""

    def compose(self) -> ComposeResult:
        for slot, key in enumerate(HAND_KEYS):
            yield CardWidget(key, id=f"hand-{slot}", classes="hand-card")

    def slot(self, slot: int) -> CardWidget:
        return self.query_one(f"#hand-{slot}", CardWidget)

    def show(self, hand: tuple[Card | None, ...], selected: Card | None, used: tuple[Card, ...] = ()) -> None:
        """``hand``: the clubs by slot (the table's ``hand_slots``, where None is an empty slot)."""
        for slot in range(len(HAND_KEYS)):
            card = hand[slot] if slot < len(hand) else None
            chosen = card is not None and (card == selected or card in used)
            dim = selected is not None and not chosen
            states = {"-selected"} if chosen else ({"-dim"} if dim and card is not None else set())
            self.slot(slot).show(card, "▲" if chosen else "", frozenset(states))
