"""The same position with its unseen cards in another order: how the searches deal their samples."""

from __future__ import annotations

from collections.abc import Iterable

from clubfight.club_fight.engine import Card, Position


def redealt(position: Position, grid_deck: Iterable[Card], clubs_deck: Iterable[Card]) -> Position:
    """``position`` with these decks instead of its own: the same grid, hand and turn.

    The discard pile is left behind: no rule or search reads it, and every play would copy it.
    """
    return Position(
        position.grid,
        position.hand,
        grid_deck,
        clubs_deck,
        turns_played=position.turns_played,
        level=position.level,
        variant=position.variant,
    )
