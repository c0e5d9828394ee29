"""How long the app's coach takes: the hint (``h``: expert's choice and its reasons) on positions of
matches played by easy, beside expert's bare choice on the same positions (the baseline: what the
computer's expert takes to move), and the turning-point analysis (``w``) of whole rounds.

    uv run python benchmarks/combat_coach.py [--matches 6] [--every 3]

The hint runs in a worker, so a slow one never freezes the screen; "The coach is thinking…" shows
until it comes. Figures are seconds on this machine, per phase: median, 90th percentile, max."""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from functools import partial

from clubfight.combat.ai import Opponent, analyse, choose
from clubfight.combat.engine import CombatCode, Round
from clubfight.combat.game import Match
from clubfight.combat.tui.coach_hint import CoachRequest, ask_coach

MAX_ACTIONS = 200
"""A round never has this many actions; the loop stops there regardless."""


def timed(call: Callable[[], object]) -> float:
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def figures(label: str, seconds: list[float]) -> str:
    seconds = sorted(seconds)
    p90 = seconds[min(len(seconds) - 1, int(len(seconds) * 0.9))]
    median = statistics.median(seconds)
    return f"{label:<28} n={len(seconds):>3}  median {median:.3f}  p90 {p90:.3f}  max {seconds[-1]:.3f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=6)
    parser.add_argument("--every", type=int, default=3, help="time every Nth position")
    args = parser.parse_args()
    hints: dict[str, list[float]] = {}
    bare: dict[str, list[float]] = {}
    analyses: list[float] = []
    for seed in range(1, args.matches + 1):
        match = Match.new(CombatCode(seed))
        for index in range(MAX_ACTIONS):
            r: Round = match.current
            seat = r.to_act
            if seat is None:
                break
            if index % args.every == 0:
                history = tuple(match.rounds[-1].positions()[:-1])
                request = CoachRequest(r, seat, index, history)
                hints.setdefault(r.phase.value, []).append(timed(partial(ask_coach, request)))
                expert = partial(choose, r, Opponent.EXPERT, seed=index, history=history)
                bare.setdefault(r.phase.value, []).append(timed(expert))
            match = match.play(choose(r, Opponent.EASY, seed=seed * 1000 + index))
        played = match.rounds[-1]
        outcome = played.final.outcome
        if outcome is not None:
            whole = [(played.positions(), played.actions)]
            analyses.append(timed(partial(analyse, whole, outcome.winner.other, seed=1)))
    for phase in hints:
        print(figures(f"hint, {phase}", hints[phase]))
        print(figures("  baseline: expert's choice", bare[phase]))
    print(figures("turning-point analysis", analyses))


if __name__ == "__main__":
    main()
