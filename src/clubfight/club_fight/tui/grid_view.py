"""The 3x3 grid of places 1-9 (C3)."""

from __future__ import annotations

from clubfight.club_fight.engine import GRID_SIZE, Card, Position
from clubfight.shell.widgets.card_spread import CardSlot

from .cards import ClubFightSpread, club_fight_states


class GridView(ClubFightSpread):
    """The nine places in reading order, drawn by one widget; ``show`` draws them from a position
    (before the grid is mounted, too)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__([CardSlot(str(p), states=club_fight_states(None)) for p in range(1, GRID_SIZE + 1)], id=id)

    def card_at(self, place: int) -> Card | None:
        card = self.slots[place - 1].card
        assert card is None or isinstance(card, Card)
        return card

    def show(
        self,
        position: Position,
        *,
        clear: frozenset[int] = frozenset(),
        picked: frozenset[int] = frozenset(),
        fresh: frozenset[int] = frozenset(),
    ) -> None:
        """The position's cards; ``✕`` marks what will be cleared, ``•`` what is picked, ``+`` what was just dealt."""
        slots = []
        for place in range(1, GRID_SIZE + 1):
            states = set()
            mark = ""
            if place in fresh:
                states.add("-fresh")
                mark = "+"
            if place in picked:
                states.add("-picked")
                mark = "•"
            if place in clear:
                states.add("-clear")
                mark = "✕"
            card = position.card_at(place)
            slots.append(CardSlot(str(place), card, mark, club_fight_states(card) | states))
        self.show_slots(slots)
