"""A one-ply move evaluation that sees only the grid and the hand: no deck, no refill.

It scores what a move clears and what it leaves behind (suit blocks, jokers, the club spent),
which is all a player can see before the refill. It orders candidate moves for the hint engine
and drives its rollouts, so it must be cheap: per position it fetches the engine's suit masks
once, then each move (with its ``Move.mask``) costs a handful of integer operations.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from ..engine import Action, Move, Position, Suit


@dataclass(frozen=True)
class Weights:
    """What each feature of a move is worth, in cards cleared. Tuned by measurement (docs/ai.md)."""

    joker: float = 2.0
    """Per joker cleared: a joker left behind will cost a whole Any or Line turn later."""
    club_cost: tuple[float, ...] = (0, 0.0, 0.0, 0.2, 0.35, 0.7, 1.3, 2.8, 1.8, 0.5, 0.35, 0.9, 1.1, 0.3)
    """Per club rank (index 1-13): what spending it costs. The 7 goes up or down and middle clubs
    make long runs, so they are worth saving; the A and the 2 are cheap."""
    crowd: float = 0.5
    """Per card of a blocking suit beyond the first that stays: three of a suit block an action (T2),
    and the refill may bring the third."""


DEFAULT_WEIGHTS = Weights()


class GridMasks(NamedTuple):
    """The engine's suit and joker masks of one grid (``Position.mask``), fetched once per position."""

    hearts: int
    spades: int
    diamonds: int
    jokers: int

    @staticmethod
    def of(position: Position) -> GridMasks:
        mask = position.mask
        return GridMasks(mask(Suit.HEARTS), mask(Suit.SPADES), mask(Suit.DIAMONDS), mask(None))


def move_scorer(masks: GridMasks, weights: Weights = DEFAULT_WEIGHTS) -> Callable[[Move], float]:
    """The scoring of one grid's moves: higher is better, cards cleared plus jokers, minus the club's
    worth and the blocks left (``crowd`` per card of a suit beyond the first that stays).

    Every rollout step scores every legal move, so this is the hint engine's inner loop. What a
    move clears is worth the same whichever club clears it, and most moves are Any moves, one per
    club and card: so each cleared mask is valued once per grid, and a move costs a look-up and its
    club's worth."""
    hearts, spades, diamonds, jokers = masks
    joker, club_cost, crowd = weights.joker, weights.club_cost, weights.crowd
    all_clear = Action.ALLCLEAR
    cleared_values: dict[int, float] = {}

    def value_of(cleared: int) -> float:
        keep = ~cleared
        value = float(cleared.bit_count()) + joker * (jokers & cleared).bit_count()
        left = (hearts & keep).bit_count()
        if left > 1:
            value -= crowd * (left - 1)
        left = (spades & keep).bit_count()
        if left > 1:
            value -= crowd * (left - 1)
        left = (diamonds & keep).bit_count()
        if left > 1:
            value -= crowd * (left - 1)
        cleared_values[cleared] = value
        return value

    def score(move: Move) -> float:
        cleared = move.mask
        value = cleared_values.get(cleared)
        if value is None:
            value = value_of(cleared)
        if move.action is all_clear:
            return value - sum(club_cost[club.rank] for club in move.clubs_used)
        return value - club_cost[move.club.rank]

    return score


def ranked_moves(position: Position, weights: Weights = DEFAULT_WEIGHTS) -> list[tuple[float, Move]]:
    """Every legal move with its score, best first; ties keep the engine's stable order."""
    score = move_scorer(GridMasks.of(position), weights)
    scored = [(score(move), index, move) for index, move in enumerate(position.legal_moves())]
    scored.sort(key=lambda item: (-item[0], item[1]))
    return [(score, move) for score, _, move in scored]


def best_move(position: Position, weights: Weights = DEFAULT_WEIGHTS) -> Move:
    """The heuristic's choice: the legal move with the highest score (first in engine order on ties)."""
    moves = position.legal_moves()
    if not moves:
        raise ValueError("the game is over: there is no move to suggest")
    return max(moves, key=move_scorer(GridMasks.of(position), weights))  # max keeps the first of equals
