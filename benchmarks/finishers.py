"""The sample finishers the shipped heuristic rollout was compared with (docs/ai.md), kept for re-runs.

Run: uv run python benchmarks/finishers.py [--seeds N]
Plays seeds 1..N of both levels with the fast hint settings, finishing each sample game by the
heuristic rollout (shipped), by greedy play, or by the clairvoyant solver near the end, and prints
the win rate of each. Single-core wall-clock: compare runs on one machine only.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import replace

from clubfight.club_fight.ai.hints import STRENGTHS, Finisher, finish_by_rollout, rollout, suggest_with
from clubfight.club_fight.ai.solver import Verdict, solve
from clubfight.club_fight.engine import Level, Position, deal


def finish_by_greedy(child: Position) -> tuple[bool, int]:
    """The plain baseline: finish by always clearing the most cards."""
    while not child.is_over:
        child = child.play(max(child.legal_moves(), key=lambda move: len(move.cleared)))
    return child.score == 0, child.score


def finish_by_solver(nodes: int = 2000, below: int = 99) -> Finisher:
    """Clairvoyant within the sample: a win if the solver finds one in ``nodes``. Samples with more
    than ``below`` cards left, and unknown verdicts, fall back to the heuristic rollout, so a budget
    cut never counts as a loss outright."""

    def finish(child: Position) -> tuple[bool, int]:
        if child.score == 0:
            return True, 0
        if child.score > below:
            return finish_by_rollout(child)
        result = solve(child, time_limit=None, node_limit=nodes)
        if result.verdict is Verdict.WINNABLE:
            return True, 0
        if result.verdict is Verdict.UNWINNABLE:
            return False, rollout(child).score
        return finish_by_rollout(child)

    return finish


FINISHERS: dict[str, Finisher] = {
    "rollout": finish_by_rollout,
    "greedy": finish_by_greedy,
    "solve": finish_by_solver(nodes=300, below=12),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=10, help="seeds per level")
    args = parser.parse_args()
    for name, finish in FINISHERS.items():
        settings = replace(STRENGTHS["fast"], finish=finish)
        wins = games = 0
        begin = time.perf_counter()
        for seed in range(1, args.seeds + 1):
            for level in Level:
                position = deal(level, seed)
                while not position.is_over:
                    position = position.play(suggest_with(position, settings, seed=seed).move)
                wins += position.score == 0
                games += 1
        seconds = time.perf_counter() - begin
        print(f"{name:>8}: won {wins} of {games} ({100 * wins / games:.0f}%) in {seconds:.1f} s")


if __name__ == "__main__":
    main()
