"""A learned estimate of how a sample game ends under the heuristic's play, so a rollout can stop
early (``TruncatedRollout`` in hints.py).

Two linear models over the same features of a position: a logistic one for the chance that the
heuristic policy goes on to win, and a least-squares one for the cards it leaves. They were fitted
offline by ``benchmarks/train_value.py`` on positions of training deals that no benchmark uses, each
labelled by heuristic rollouts from a blind resample of it; the weights ship as a plain-Python
table (``value_weights.py``).

The features are blind, like the rest of the hint engine: the grid, the clubs still to come and the
unseen cards as a set (jokers counted, never their order).
"""

from __future__ import annotations

from collections.abc import Sequence
from math import exp

from clubfight.club_fight.engine import Position

from .value_weights import LEFT_WEIGHTS, WIN_WEIGHTS

FEATURES = (
    "bias",
    "cards left",
    "clubs left",
    "jokers left",
    "jokers in the grid",
    *(f"{rank} of clubs to come" for rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")),
    "blocked actions",
    "cards in the grid",
    "cards left squared / 40",
    "cards left x clubs left / 40",
    "clubs left squared / 13",
)
"""What each weight multiplies, in order. The 13 club indicators let the model learn what each club
is worth; the squares and the product bend the line where the cards run short of the clubs."""


def features(position: Position) -> list[float]:
    """The model's inputs for ``position``, in ``FEATURES`` order."""
    cards = position.score
    clubs = position.clubs_left
    grid_jokers = position.mask(None).bit_count()  # the engine's grid summary, shared with score and blocks
    jokers = grid_jokers + sum(1 for card in position.grid_deck if card.suit is None)
    values = [1.0, float(cards), float(clubs), float(jokers), float(grid_jokers)] + [0.0] * 13
    for club in position.hand:
        values[4 + club.rank] = 1.0
    for club in position.clubs_deck:
        values[4 + club.rank] = 1.0
    values += [
        float(len(position.blocked_actions())),
        float(sum(card is not None for card in position.grid)),
        cards * cards / 40,
        cards * clubs / 40,
        clubs * clubs / 13,
    ]
    return values


def estimate(position: Position) -> tuple[float, float]:
    """(the chance the heuristic wins from here, the cards it is expected to leave), from the
    position's features alone. A finished game is known exactly."""
    if position.is_over:
        return float(position.score == 0), float(position.score)
    x = features(position)
    return logistic(dot(WIN_WEIGHTS, x)), max(0.0, dot(LEFT_WEIGHTS, x))


def dot(weights: Sequence[float], values: Sequence[float]) -> float:
    """A linear model's output: the weights times the features, summed."""
    return sum(w * v for w, v in zip(weights, values, strict=True))


def logistic(logit: float) -> float:
    """The chance a logit stands for. exp overflows past about 709; a logit that low is a
    certain loss."""
    return 1.0 / (1.0 + exp(-logit)) if logit > -700 else 0.0
