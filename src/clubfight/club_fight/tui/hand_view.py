"""The clubs in hand, each under its key."""

from __future__ import annotations

from clubfight.club_fight.engine import Card
from clubfight.shell.widgets.card_spread import CardSlot

from .cards import ClubFightSpread, club_fight_states

HAND_KEYS = ("z", "x", "c", "v")
"""One key per hand slot: HAND_SIZE of them (tests/club_fight/tui/test_club_fight_plan.py checks the two agree)."""

EMPTY_SLOT = club_fight_states(None) | {"-borderless"}
"""A slot left empty once the clubs deck runs out stays blank: no border, unlike an empty place."""


class HandView(ClubFightSpread):
    """Up to four clubs in a row, drawn by one widget; like the grid, it can be shown before it is mounted."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__([CardSlot(key, states=EMPTY_SLOT) for key in HAND_KEYS], id=id)

    def show(self, hand: tuple[Card | None, ...], selected: Card | None, used: tuple[Card, ...] = ()) -> None:
        """``hand``: the clubs by slot (the table's ``hand_slots``, where None is an empty slot); the
        selected club (and any others the move uses) is marked ``▲``, the rest dimmed."""
        slots = []
        for slot, key in enumerate(HAND_KEYS):
            card = hand[slot] if slot < len(hand) else None
            chosen = card is not None and (card == selected or card in used)
            if card is None:
                slots.append(CardSlot(key, None, "", EMPTY_SLOT))
                continue
            states = {"-selected"} if chosen else ({"-dim"} if selected is not None else set())
            slots.append(CardSlot(key, card, "▲" if chosen else "", club_fight_states(card) | states))
        self.show_slots(slots)
