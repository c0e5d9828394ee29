"""A value model for Combat Club positions: the chance that a seat wins the round from here.

Expert's playouts stop after a few changes of attacker; where hard then scores the point difference,
expert asks this model. It is a logistic model over a few features of the position, each from
``seat``'s side (``features``): the scores and how close each is to a knock out, the cards left
(TIME OUT), the stacks each side owns, the stacks in the other's front row a 10 could ring out on,
the 10s each still has, the neutral 10s (half a submission), who attacks next, and the threats of
the side to attack: a 10 in hand with a stack to ring out on. It reads a sample world (the hands
are dealt), so it may use both hands. ``benchmarks/train_combat_value.py`` fits the weights
(value_weights.py) on rounds of greedy play; docs/combat-ai.md says how it measured.
"""

from __future__ import annotations

import math

from clubfight.combat.engine import NEUTRAL_ROW, TEN, Card, Colour, Round, front_row

from .value_weights import WEIGHTS

FEATURES = (
    "bias",
    "score difference / 10",
    "own score past 20 / 10",
    "other's score past 20 / 10",
    "cards left difference / 10",
    "own cards left under 8 / 10",
    "other's cards left under 8 / 10",
    "stacks owned difference",
    "own ring-out bases",
    "other's ring-out bases",
    "own 10s off the grid",
    "other's 10s off the grid",
    "own neutral 10s",
    "other's neutral 10s",
    "attacks next",
    "attacker's ring-out threat",
    "attacker's knock-out reach",
    "defender holds no counter card",
)


def _bases(tops: list[Card], colour: Colour) -> int:
    """Stacks in the other's front row topped by ``colour``'s number card: where a 10 or a throw
    ending on one can ring out (W2)."""
    found = 0
    for p in front_row(colour.other):
        top = tops[p - 1]
        if top.colour is colour and top.suit is not None and top.rank <= TEN:
            found += 1
    return found


def features(r: Round, seat: Colour) -> list[float]:
    """The model's inputs for ``seat``, in ``FEATURES`` order."""
    other = seat.other
    tops = [s[-1] for s in r.stacks]
    mine = sum(1 for t in tops if t.colour is seat)
    score, their = r.score(seat), r.score(other)
    left, their_left = r.cards_left(seat), r.cards_left(other)
    on_grid_tens = [sum(1 for s in r.stacks for c in s if c.rank == TEN and c.colour is c2) for c2 in (seat, other)]
    neutral = [
        sum(1 for p in NEUTRAL_ROW if tops[p - 1].rank == TEN and tops[p - 1].colour is c2) for c2 in (seat, other)
    ]
    bases = (_bases(tops, seat), _bases(tops, other))
    attacker = r.attacker
    a = 0 if attacker is seat else 1
    sign = 1.0 if attacker is seat else -1.0
    held = r.hand(attacker) + r.advantage
    has_ten = any(c.rank == TEN and c.colour is attacker for c in held)
    threat = 1.0 if has_ten and (bases[a] or neutral[a]) else 0.0
    reach = max(0, r.score(attacker) - 22) / 8
    defender_bare = 1.0 if not r.hand(attacker.other) else 0.0
    return [
        1.0,
        (score - their) / 10,
        max(0, score - 20) / 10,
        max(0, their - 20) / 10,
        (their_left - left) / 10,
        max(0, 8 - left) / 10,
        max(0, 8 - their_left) / 10,
        float(2 * mine - 9),
        float(bases[0]),
        float(bases[1]),
        float(2 - on_grid_tens[0]),
        float(2 - on_grid_tens[1]),
        float(neutral[0]),
        float(neutral[1]),
        sign,
        sign * threat,
        sign * reach,
        sign * defender_bare,
    ]


def win_chance(r: Round, seat: Colour) -> float:
    """The model's chance that ``seat`` wins the round from ``r``."""
    z = sum(w * x for w, x in zip(WEIGHTS, features(r, seat), strict=True))
    if z < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-z))
