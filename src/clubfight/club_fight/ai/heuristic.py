"""A one-ply move evaluation that sees only the grid and the hand: no deck, no refill.

It scores what a move clears and what it leaves behind (suit blocks, jokers, the club spent),
which is all a player can see before the refill. It orders candidate moves for the hint engine
(``ranked_moves``) and drives its rollouts (``best_clear``), so it must be cheap: per position it
fetches the engine's suit masks once and values each distinct cleared mask once; a rollout step
reads the engine's masks (``Position.clears``) and builds no ``Move`` at all.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from math import inf
from typing import NamedTuple

from clubfight.club_fight.engine import Action, Card, Move, Position, Suit


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

    def __post_init__(self) -> None:
        if not (self.joker >= 0 and self.crowd >= 0):  # also refuses NaN
            # best_clear looks only at the longest runs, which is right only if clearing more never costs.
            raise ValueError("joker and crowd weights must be at least 0: clearing a card is never worth less")


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


class MaskValues(dict[int, float]):
    """What clearing each mask is worth on one grid, computed on first look-up: cards cleared plus
    ``joker`` per joker, less ``crowd`` per card of a suit beyond the first that stays.

    What a move clears is worth the same whichever club clears it, and most moves are Any moves,
    one per club and card, so each mask is valued once per grid; a hit is a plain dict look-up."""

    __slots__ = ("masks", "weights")

    def __init__(self, masks: GridMasks, weights: Weights) -> None:
        super().__init__()
        self.masks = masks
        self.weights = weights

    def __missing__(self, cleared: int) -> float:
        hearts, spades, diamonds, jokers = self.masks
        weights = self.weights
        crowd = weights.crowd
        keep = ~cleared
        value = float(cleared.bit_count()) + weights.joker * (jokers & cleared).bit_count()
        left = (hearts & keep).bit_count()
        if left > 1:
            value -= crowd * (left - 1)
        left = (spades & keep).bit_count()
        if left > 1:
            value -= crowd * (left - 1)
        left = (diamonds & keep).bit_count()
        if left > 1:
            value -= crowd * (left - 1)
        self[cleared] = value
        return value


def move_scorer(masks: GridMasks, weights: Weights = DEFAULT_WEIGHTS) -> Callable[[Move], float]:
    """The scoring of one grid's moves: higher is better, what the move clears (``MaskValues``)
    less what its club is worth keeping."""
    values = MaskValues(masks, weights)
    club_cost = weights.club_cost
    all_clear = Action.ALLCLEAR

    def score(move: Move) -> float:
        value = values[move.mask]
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


def best_clear(position: Position, weights: Weights = DEFAULT_WEIGHTS) -> tuple[tuple[Card, ...], int]:
    """The heuristic's choice as its effect, (clubs spent, places cleared) for ``Position.play_clear``:
    the effect of ``best_move``, found from the engine's masks without building a ``Move``.

    This is each rollout step, so the hint engine's inner loop. It scores what ``move_scorer``
    scores (a mask's value less the club's cost, the same float operations) in ``legal_moves()``
    order, keeping the first of equals, but skips moves that can't be first: an Any move's value
    depends only on its card's kind (suit or joker), so one card of each kind stands for the rest;
    and a run that doesn't reach as far as the grid allows clears a subset of one that does, worth
    at least a card less (weights are never negative).
    """
    clears = position.clears()
    if not clears:
        raise ValueError("the game is over: there is no move to suggest")
    masks = GridMasks.of(position)
    values = MaskValues(masks, weights)
    club_cost = weights.club_cost
    hearts, spades, diamonds, jokers = masks
    occupied = sum(clears[0].anys)
    kinds = [
        (kind, values[kind & -kind])
        for kind in (hearts, spades, diamonds, jokers, occupied & ~(hearts | spades | diamonds | jokers))
        if kind
    ]
    best: tuple[tuple[Card, ...], int] = ((), 0)
    best_score = -inf
    for clear in clears:
        cost = club_cost[clear.club.rank]
        same = clear.match
        club_best, club_score = (same, values[same] - cost) if same else (0, -inf)
        for mask in clear.sums:
            score = values[mask] - cost
            if score > club_score:
                club_best, club_score = mask, score
        any_kinds, any_score = 0, -inf  # the Any moves come in place order: the lowest place of the best kinds
        for kind, value in kinds:
            score = value - cost
            if score > any_score:
                any_kinds, any_score = kind, score
            elif score == any_score:
                any_kinds |= kind
        if any_score > club_score:
            club_best, club_score = any_kinds & -any_kinds, any_score
        for _, mask in clear.lines:
            score = values[mask] - cost
            if score > club_score:
                club_best, club_score = mask, score
        for _, mask in clear.updowns:
            score = values[mask] - cost
            if score > club_score:
                club_best, club_score = mask, score
        for mask in clear.longest_runs:
            score = values[mask] - cost
            if score > club_score:
                club_best, club_score = mask, score
        if club_score > best_score:
            best, best_score = ((clear.club,), club_best), club_score
    for trio in position.all_clear_trios():  # each clears every occupied place
        score = values[occupied] - sum(club_cost[club.rank] for club in trio)
        if score > best_score:
            best, best_score = (trio, occupied), score
    return best


def best_move(position: Position, weights: Weights = DEFAULT_WEIGHTS) -> Move:
    """The heuristic's choice: the legal move with the highest score (first in engine order on ties)."""
    clubs, mask = best_clear(position, weights)
    for move in position.legal_moves():
        if move.mask == mask and move.clubs_used == clubs:
            return move
    raise AssertionError(f"best_clear named no legal move in {position.notation()}")
