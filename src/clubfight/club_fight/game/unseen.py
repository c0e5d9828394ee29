"""The cards still unseen, by suit and rank, as a player can count them. Pure.

Only what the table shows goes in: the level's grid deck (C1), less the cards cleared (the discard
pile) and the cards on the grid. The face-down decks are never read, so the order they are in can't
change the answer; their size (shown on the table) only tells whether the count adds up.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from clubfight.club_fight.engine import GRID_SUITS, Position, Suit, grid_cards


@dataclass(frozen=True)
class Unseen:
    """The grid deck's cards: the ranks (1-13) of each grid suit, in order, and the jokers."""

    ranks: dict[Suit, tuple[int, ...]]
    jokers: int

    @property
    def count(self) -> int:
        return sum(map(len, self.ranks.values())) + self.jokers


def unseen_cards(position: Position) -> Unseen | None:
    """The cards of the grid deck, counted from what is cleared and what is on the grid; None when
    the count doesn't come to the deck's size: a game started from a position string, whose earlier
    cards were never seen cleared, can't be counted."""
    left = Counter(grid_cards(position.level.jokers))
    left.subtract(card for card in position.discard if card.suit is not Suit.CLUBS)
    left.subtract(card for card in position.grid if card is not None)
    if any(count < 0 for count in left.values()) or left.total() != len(position.grid_deck):
        return None
    ranks = {
        suit: tuple(sorted(c.rank for c, n in left.items() for _ in range(n) if c.suit is suit)) for suit in GRID_SUITS
    }
    return Unseen(ranks, sum(n for card, n in left.items() if card.is_joker))
