"""Hard: flat Monte Carlo over determinized worlds (PIMC), with normal's greedy as the playout policy.

For a decision, hard keeps a few candidate actions (normal's best plays by ``value``, and always
the option to end the turn; in a counter window every counter and the option to decline; a WUSHU
draw of 1 or 2; a few NINJUTSU picks), deals sample worlds from what its seat can see
(knowledge.py), and in every world plays every candidate and then both sides with the fast greedy
policy (greedy.py, with ``PLAYOUT``'s prices). The same worlds serve every candidate, so their
luck cancels out. A playout that ends the round scores a win or a loss plus half the final point
difference; one cut off at the horizon (by default none: playouts run to the round's end, about
8 turns in all) scores the point difference plus a little for being closer to TIME OUT. The
candidate with the best total is chosen; ties go to normal's order. A safe winning play is taken
at once. Arrangements (SETUP) use normal's taste: see docs/combat-ai.md for why.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from clubfight.combat.engine import Action, Attack, Colour, Counter, Decline, EndTurn, Phase, Pick, Round, front_row
from clubfight.common.shuffle import SplitMix64

from .greedy import NORMAL, Judged, Weights, ranked
from .knowledge import determinize
from .policies import arrange_normal, pick_card, rollout_action
from .value import win_chance

PLAYOUT = Weights(own=2.0)


@dataclass(frozen=True, slots=True)
class SearchSettings:
    """Hard's budget and its playout evaluation."""

    candidates: int = 6
    """Attacks kept for the search, best first by normal's value (ending the turn is always kept)."""
    playouts: int = 120
    """Playouts per decision, shared out among the candidates (at least ``min_samples`` worlds each)."""
    min_samples: int = 8
    max_samples: int = 20
    """Worlds per candidate at most, so that a choice among two or three costs less."""
    halvings: int = 0
    """Successive halving: the budget is split into ``halvings + 1`` stages; after each but the last,
    the worse half of the candidates is dropped, so the close calls get the most worlds."""
    horizon: int = 3
    """Turn changes a playout runs through before it is cut off and judged: 3 is the rest of this turn,
    the opponent's next and hard's own next (an even number would stop right after the opponent's)."""
    win: float = 40.0
    """The value of a won round, in points of score difference."""
    margin: float = 0.5
    """At a round's end, each point of score difference on top of the win or loss."""
    race: float = 0.5
    """Each card fewer than the opponent left outside the grid (closer to a TIME OUT win)."""
    weights: Weights = PLAYOUT
    """The playout policy's prices for hard's own side: normal's, and a price on the stacks each play
    wins or hands over."""
    opponent: Weights = NORMAL
    """The playout policy's prices for the other side: hard expects a normal player."""
    setups: int = 2
    """Extra candidates: the best plays that put an own card on top in the opponent's front row while
    a 10 is at hand (a RING OUT next, W2), when normal's choice left them out."""
    from_root: bool = False
    """Count the horizon's changes of attacker from the decision, not from the candidate's position:
    otherwise a candidate that ends the turn (or is countered) is judged one opponent turn later."""
    value_model: bool = False
    """Judge a playout cut off at the horizon by the value model's win chance (value.py), not by
    the point difference (expert)."""


HARD = SearchSettings()

Dealer = Callable[[Round, Colour, SplitMix64], Round]
"""Deals a sample world from a view: ``determinize`` unless a benchmark says otherwise."""


def evaluate(r: Round, seat: Colour, s: SearchSettings) -> float:
    """A playout's end, from ``seat``'s side."""
    other = seat.other
    diff = r.score(seat) - r.score(other)
    result = r.outcome
    if result is not None:
        return (s.win if result.winner is seat else -s.win) + s.margin * diff
    if s.value_model:
        return s.win * (2.0 * win_chance(r, seat) - 1.0)
    return diff + s.race * (r.cards_left(other) - r.cards_left(seat))


def play_to_horizon(r: Round, seat: Colour, s: SearchSettings, start: Colour | None = None, turns: int = 0) -> Round:
    """Greedy play from ``r`` (``seat`` by ``s.weights``, the other side by ``s.opponent``) until the
    round ends or ``s.horizon`` changes of attacker, counted from ``start``'s turn (default: ``r``'s
    attacker), ``turns`` of them already made (a tree's line that played some before ``r``)."""
    attacker = r.attacker if start is None else start
    while not r.is_over:
        if r.attacker is not attacker:
            attacker = r.attacker
            turns += 1
            if turns >= s.horizon:
                break
        r = r.play(rollout_action(r, s.weights if r.to_act is seat else s.opponent))
    return r


def playout(r: Round, seat: Colour, s: SearchSettings, start: Colour | None = None, turns: int = 0) -> float:
    """A playout to the horizon (``play_to_horizon``), judged from ``seat``'s side."""
    return evaluate(play_to_horizon(r, seat, s, start, turns), seat, s)


def candidates(view: Round, s: SearchSettings, rows: list[tuple[float, Judged]] | None = None) -> list[Action]:
    """The actions hard compares, best first by normal's judgement (or by ``rows``, the attacks
    already ranked some other way)."""
    phase = view.phase
    if phase is Phase.ATTACK:
        if rows is None:
            rows = ranked(view, s.weights)
        for _, j in rows:
            if j.wins and j.safe:
                return [j.attack]  # a sure win: nothing to compare
        found: list[Action] = [j.attack for _, j in rows[: s.candidates]]
        player = view.attacker
        if s.setups and any(c.rank == 10 and c.colour is player for c in view.hand(player)):
            targets = front_row(player.other)
            extra = [
                j.attack
                for _, j in rows[s.candidates :]
                if j.attack.to in targets and j.attack.top.colour is player and j.attack.top.rank != 10
            ]
            found += extra[: s.setups]
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


def hard(
    view: Round,
    seat: Colour,
    rng: SplitMix64,
    s: SearchSettings = HARD,
    deal: Dealer = determinize,
    rows: list[tuple[float, Judged]] | None = None,
) -> Action:
    if view.phase is Phase.SETUP:
        return arrange_normal(view.hand(seat), seat, rng)
    options = candidates(view, s, rows)
    if len(options) == 1:
        return options[0]
    # Successive halving: every candidate still in gets the same new worlds, then the worse half goes.
    totals = [0.0] * len(options)
    alive = list(range(len(options)))
    budget = s.playouts
    for stage in range(s.halvings + 1):
        last = stage == s.halvings or len(alive) <= 2
        share = budget if last else budget // (s.halvings + 1 - stage)
        samples = min(s.max_samples, max(s.min_samples, share // len(alive)))
        budget -= samples * len(alive)
        for _ in range(samples):
            world = deal(view, seat, rng)
            for k in alive:
                totals[k] += playout(world.play(options[k]), seat, s, view.attacker if s.from_root else None)
        alive.sort(key=lambda k: (-totals[k], k))
        if last:
            break
        alive = alive[: max(2, (len(alive) + 1) // 2)]
    return options[alive[0]]


__all__ = ["HARD", "Attack", "SearchSettings", "candidates", "evaluate", "hard", "playout"]
