"""The coach's brain: expert's advice for a seat with its reasons, and where a round turned.

``suggest(round, seat, seed)`` names the action expert would take for ``seat`` and why, as data:
what it scores now, the chance the defender holds a card that counters it, what it sets up (a ring
out or a submission next turn, a knock out within reach), what it would hand over as ADVANTAGE, and
expert's estimate of the seat's chance to win the round after it. ``analyse(rounds, seat, seed)``
follows a match action by action with the seat's chance to win after each one, and finds the
seat's action that cost the most against expert's choice.

Both see only what the seat sees: every position passes through ``observe``, the round's history
through ``read_clues`` (public events only), and the other side's NINJUTSU pick is never named.
Estimates are averages over sample worlds dealt from the seat's view, each played on by the
playout policies and judged at the horizon by the value model, so they are chances, not promises.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from clubfight.combat.engine import (
    KNOCK_OUT_SCORE,
    NEUTRAL_ROW,
    TEN,
    Action,
    Attack,
    Card,
    Colour,
    Counter,
    EndTurn,
    Phase,
    Pick,
    Round,
    Win,
    card_fits,
    front_row,
)
from clubfight.common.shuffle import SplitMix64

from .expert import EXPERT, expert, settings_for
from .inference import Clues, counter_chance, deal_world, hand_belief, read_clues
from .knowledge import observe
from .policies import arrange_normal
from .search import play_to_horizon
from .value import win_chance

ESTIMATE_SAMPLES = 64
"""Worlds per estimate of a chance to win."""


@dataclass(frozen=True, slots=True)
class Reasons:
    """Why an action: each figure from the seat's side, computed from what the seat can see."""

    points: int
    """What it scores now if it stands (a counter: the counter's points; ending the turn: 0)."""
    safe: bool
    counter_risk: float
    """The chance the defender holds a card that counters it (0 for a safe play or no attack)."""
    wins: tuple[Win, ...]
    """The wins it brings if it stands."""
    sets_up: tuple[str, ...]
    """What it leaves ready for the seat's next turn: "ring out", "submission", "knock out"."""
    hands_over: tuple[Card, ...]
    """Own cards that become the other's ADVANTAGE: the hand, if the turn ends now or the play is
    countered."""
    win_chance: float
    """Expert's estimate of the seat's chance to win the round after it."""


@dataclass(frozen=True, slots=True)
class Suggestion:
    action: Action
    reasons: Reasons


def _stood(view: Round, attack: Attack) -> Round:
    """``view`` after ``attack`` as if it stood: the defender's hidden hand is left out so that no
    counter window opens (the view's hidden cards are placeholders, not the real ones)."""
    defender = view.defender
    hands = {defender: (), defender.other: view.hand(defender.other)}
    empty = view.replace(red_hand=hands[Colour.RED], black_hand=hands[Colour.BLACK])
    return empty.play(attack)


def sets_up(after: Round, seat: Colour) -> tuple[str, ...]:
    """What a position leaves ready for ``seat``: a stack in the other's front row topped by its own
    number card that one of its 10s still off the grid could cover (RING OUT, W2); one neutral stack
    topped by its 10 and another that its other 10 could cover (SUBMISSION, W3); a score a 3-point
    play from 30 (KNOCK OUT, W1)."""
    tens = [c for c in _off_grid(after, seat) if c.rank == TEN]
    found = []
    tops = [s[-1] for s in after.stacks]
    if tens and any(
        t.colour is seat and not t.is_joker and any(card_fits(ten, t, seat) for ten in tens)
        for t in (tops[p - 1] for p in front_row(seat.other))
    ):
        found.append("ring out")
    neutral = [tops[p - 1] for p in NEUTRAL_ROW]
    locked = sum(1 for t in neutral if t.rank == TEN and t.colour is seat)
    if (
        locked == 1
        and tens
        and any(not (t.rank == TEN and t.colour is seat) and any(card_fits(x, t, seat) for x in tens) for t in neutral)
    ):
        found.append("submission")
    if after.score(seat) >= KNOCK_OUT_SCORE - 3:
        found.append("knock out")
    return tuple(found)


def newly_set_up(before: Round, after: Round, seat: Colour) -> tuple[str, ...]:
    """What a play sets up: what ``after`` leaves ready for ``seat`` that ``before`` did not. A ring
    out already ready before the play is not a reason for it."""
    ready_before = sets_up(before, seat)
    return tuple(ready for ready in sets_up(after, seat) if ready not in ready_before)


def _off_grid(r: Round, seat: Colour) -> list[Card]:
    on_grid = {c for s in r.stacks for c in s}
    return [c for c in (*r.hand(seat), *r.deck(seat), *r.advantage) if c not in on_grid and c.colour is seat]


def estimate(
    view: Round, seat: Colour, clues: Clues, rng: SplitMix64, action: Action | None = None, samples: int = 64
) -> float:
    """The seat's chance to win from ``view`` (after ``action``, if given), over sample worlds."""
    if view.is_over:
        outcome = view.outcome
        return 1.0 if outcome is not None and outcome.winner is seat else 0.0
    s = settings_for(view, EXPERT)
    belief = hand_belief(view, clues, rng, EXPERT.decline)
    total = 0.0
    for _ in range(samples):
        r = deal_world(view, clues, belief, rng)
        if action is not None:
            # BLACK arranges second (U4), but RED's arrangement lies face down: a world deals it
            # afresh, so RED arranges there first.
            r = _arranged_by_normal(r, rng, until=seat).play(action)
        r = play_to_horizon(_arranged_by_normal(r, rng), seat, s)
        outcome = r.outcome
        total += (1.0 if outcome.winner is seat else 0.0) if outcome is not None else win_chance(r, seat)
    return total / samples


def _arranged_by_normal(r: Round, rng: SplitMix64, until: Colour | None = None) -> Round:
    """``r`` after the setup's arrangements by normal's taste, stopping when ``until`` is to arrange."""
    while r.phase is Phase.SETUP and r.to_act is not until:
        arranger = r.to_act
        assert arranger is not None
        r = r.play(arrange_normal(r.hand(arranger), arranger, rng))
    return r


def reasons_for(view: Round, seat: Colour, action: Action, clues: Clues, rng: SplitMix64) -> Reasons:
    """The reasons for ``action`` in ``view`` (the seat's own view, ``seat`` to act)."""
    chance = estimate(view, seat, clues, SplitMix64(rng.next()), action, ESTIMATE_SAMPLES)
    hand = view.hand(seat)
    if isinstance(action, Attack):
        safe = view.is_safe(action)
        after = _stood(view, action)
        points = after.score(seat) - view.score(seat)
        wins = after.outcome.ways if after.outcome is not None and after.outcome.winner is seat else ()
        belief = hand_belief(view, clues, SplitMix64(rng.next()), EXPERT.decline)
        risk = 0.0 if safe else counter_chance(view, clues, belief, action.cards[-1])
        left = tuple(c for c in hand if c not in action.cards)
        return Reasons(points, safe, risk, tuple(wins), newly_set_up(view, after, seat), left, chance)
    if isinstance(action, Counter):
        after = view.play(action)
        points = after.score(seat) - view.score(seat)
        wins = after.outcome.ways if after.outcome is not None and after.outcome.winner is seat else ()
        return Reasons(points, True, 0.0, tuple(wins), newly_set_up(view, after, seat), (), chance)
    if isinstance(action, EndTurn):
        return Reasons(0, True, 0.0, (), (), hand, chance)
    return Reasons(0, True, 0.0, (), (), (), chance)


def suggest(round: Round, seat: Colour, seed: int = 0, history: Sequence[Round] = ()) -> Suggestion:
    """Expert's action for ``seat`` (which must be the one to act) and its reasons."""
    if round.to_act is not seat:
        raise ValueError(f"it is not {seat}'s move: there is nothing to suggest")
    view = observe(round, seat)
    clues = read_clues(history, round, seat)
    rng = SplitMix64(seed)
    legal = view.legal_actions() if view.phase is not Phase.SETUP else []
    action = legal[0] if len(legal) == 1 else expert(view, seat, SplitMix64(rng.next()), clues, EXPERT)
    return Suggestion(action, reasons_for(view, seat, action, clues, rng))


@dataclass(frozen=True, slots=True)
class AnalysedStep:
    """One action of the match, as the seat saw it, and the seat's chance to win after it."""

    round: int
    """1-based."""
    index: int
    """The action's place in its round, 0-based."""
    actor: Colour
    action: str
    """The action as the seat saw it (the other side's NINJUTSU pick without its card)."""
    chance: float


@dataclass(frozen=True, slots=True)
class Turning:
    """The seat's action that cost the most: its chance after it, and after expert's choice instead."""

    round: int
    index: int
    action: str
    better: str
    chance: float
    better_chance: float

    @property
    def loss(self) -> float:
        return self.better_chance - self.chance


@dataclass(frozen=True, slots=True)
class Analysis:
    seat: Colour
    steps: tuple[AnalysedStep, ...]
    turning: Turning | None
    """None when every action of the seat was expert's own choice (or cost nothing measurable)."""


def public_action(action: Action, actor: Colour, seat: Colour) -> str:
    """``action`` as ``seat`` saw it: the other side's picked card is hidden (F1)."""
    if isinstance(action, Pick) and actor is not seat:
        return "pick"
    return str(action)


def measurable_loss(samples: int) -> float:
    """The least loss ``analyse`` names as a turning point: two standard deviations of the difference
    between two actions' chances estimated on the same ``samples`` worlds. Measured at 48 worlds on
    12 mid-round positions (20 world seeds each): a median of 0.042, so 0.08 here, shrinking as
    1/sqrt(samples). A smaller loss is the estimate's noise, not a mistake: a player who followed
    every hint was told that a hinted play "lost" 0 to 4 points in half of 12 rounds."""
    return 0.55 / math.sqrt(samples)


class AnalysisStopped(Exception):
    """``analyse`` was asked to stop (its reader went away) before it was done."""


def analyse(
    rounds: Sequence[tuple[Sequence[Round], Sequence[Action]]],
    seat: Colour,
    seed: int = 0,
    samples: int = 48,
    stop: Callable[[], bool] | None = None,
) -> Analysis:
    """Each round's positions (start to end, one more than its actions) and actions, followed from
    ``seat``'s side: its chance after every action, and the action of its own that cost the most
    (if any cost more than ``measurable_loss``).
    ``stop`` is asked before each action: when it says True, AnalysisStopped is raised, so a
    thread whose screen closed does not go on searching for seconds."""
    steps: list[AnalysedStep] = []
    turning: Turning | None = None
    least = measurable_loss(samples)
    rng = SplitMix64(seed)
    for number, (positions, actions) in enumerate(rounds, start=1):
        if len(positions) != len(actions) + 1:
            raise ValueError("a round needs one more position than actions")
        for i, action in enumerate(actions):
            if stop is not None and stop():
                raise AnalysisStopped
            before, after = positions[i], positions[i + 1]
            actor = before.to_act
            assert actor is not None
            history = positions[:i]
            if actor is seat and before.phase is not Phase.SETUP:
                view = observe(before, seat)
                clues = read_clues(history, before, seat)
                legal = view.legal_actions()
                if len(legal) > 1:
                    best = expert(view, seat, SplitMix64(rng.next()), clues, EXPERT)
                    if best != action:
                        world_seed = rng.next()
                        mine = estimate(view, seat, clues, SplitMix64(world_seed), action, samples)
                        theirs = estimate(view, seat, clues, SplitMix64(world_seed), best, samples)
                        if theirs - mine > (turning.loss if turning is not None else least):
                            turning = Turning(number, i, str(action), str(best), mine, theirs)
            clues_after = read_clues(positions[: i + 1], after, seat)
            chance = estimate(observe(after, seat), seat, clues_after, SplitMix64(rng.next()), None, samples)
            steps.append(AnalysedStep(number, i, actor, public_action(action, actor, seat), chance))
    return Analysis(seat, tuple(steps), turning)
