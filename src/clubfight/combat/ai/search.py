"""Hard: flat Monte Carlo over determinized worlds (PIMC), with normal's greedy as the playout policy.

For a decision, hard keeps a few candidate actions (normal's best plays by ``value``, and always
the option to end the turn or to decline a counter), deals ``samples`` sample worlds from what its
seat can see (knowledge.py), and in every world plays every candidate and then both sides with the
fast greedy policy, for a few turns. The same worlds serve every candidate, so their luck cancels
out. A playout that ends the round scores a win or a loss; one cut off at the horizon scores the
point difference, plus a little for being closer to TIME OUT (fewer cards left, T1). The candidate
with the best total is chosen; ties go to normal's order.
"""

from __future__ import annotations

from dataclasses import dataclass

from clubfight.combat.engine import Action, Attack, Colour, Counter, Decline, EndTurn, Phase, Pick, Round
from clubfight.engine import SplitMix64

from .greedy import NORMAL, Weights, ranked
from .knowledge import determinize
from .policies import arrange_normal, pick_card, rollout_action


@dataclass(frozen=True, slots=True)
class Settings:
    """Hard's budget and its playout evaluation."""

    candidates: int = 6
    """Attacks kept for the search, best first by normal's value (ending the turn is always kept)."""
    playouts: int = 120
    """Playouts per decision, shared out among the candidates (at least ``min_samples`` worlds each)."""
    min_samples: int = 12
    horizon: int = 3
    """Turn changes a playout runs through before it is cut off and judged."""
    win: float = 40.0
    """The value of a won round, in points of score difference."""
    race: float = 0.5
    """Each card fewer than the opponent left outside the grid (closer to a TIME OUT win)."""
    weights: Weights = NORMAL
    """The playout policy's prices."""


HARD = Settings()


def evaluate(r: Round, seat: Colour, s: Settings) -> float:
    """A playout's end, from ``seat``'s side."""
    result = r.outcome
    if result is not None:
        return s.win if result.winner is seat else -s.win
    other = seat.other
    diff = r.score(seat) - r.score(other)
    return diff + s.race * (r.cards_left(other) - r.cards_left(seat))


def playout(r: Round, seat: Colour, s: Settings) -> float:
    attacker = r.attacker
    turns = 0
    while not r.is_over:
        if r.attacker is not attacker:
            attacker = r.attacker
            turns += 1
            if turns >= s.horizon:
                break
        r = r.play(rollout_action(r, s.weights))
    return evaluate(r, seat, s)


def candidates(view: Round, s: Settings) -> list[Action]:
    """The actions hard compares, best first by normal's judgement."""
    phase = view.phase
    if phase is Phase.ATTACK:
        rows = ranked(view, s.weights)
        for _, j in rows:
            if j.wins and j.safe:
                return [j.attack]  # a sure win: nothing to compare
        found: list[Action] = [j.attack for _, j in rows[: s.candidates]]
        found.append(EndTurn())
        return found
    if phase is Phase.COUNTER:
        counters: list[Action] = [a for a in view.legal_actions() if isinstance(a, Counter)]
        return [*counters, Decline()]
    if phase is Phase.DRAW:
        legal = view.legal_actions()
        if isinstance(legal[0], Pick):
            first = pick_card(view)
            rest = [a for a in legal if a != first]
            return [first, *rest[: s.candidates - 1]]
        return legal
    return view.legal_actions()


def hard(view: Round, seat: Colour, rng: SplitMix64, s: Settings = HARD) -> Action:
    if view.phase is Phase.SETUP:
        return arrange_normal(view.hand(seat), seat, rng)
    options = candidates(view, s)
    if len(options) == 1:
        return options[0]
    samples = max(s.min_samples, s.playouts // len(options))
    totals = [0.0] * len(options)
    for _ in range(samples):
        world = determinize(view, seat, rng)
        for k, action in enumerate(options):
            totals[k] += playout(world.play(action), seat, s)
    best = max(range(len(options)), key=lambda k: (totals[k], -k))
    return options[best]


__all__ = ["HARD", "Attack", "Settings", "candidates", "evaluate", "hard", "playout"]
