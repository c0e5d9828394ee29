"""Decision time of each Combat Club AI level (median and p95) over seeded positions.

Run: uv run python benchmarks/combat_ai.py [--games N] [--levels easy,normal,hard,expert]
The positions are every decision of N rounds normal plays against itself (match seeds 1..N, round
1), so they are the ones a player meets: setups, attacks, counter windows. Each level decides each
position once, with seed 0, shown the round's earlier positions (expert reads its clues from
them). Single-core wall-clock: compare runs on one machine only.
"""

from __future__ import annotations

import argparse
import statistics
import time

from clubfight.combat.ai import choose

try:
    from clubfight.combat.ai import Opponent
except ImportError:  # a baseline revision from before the computer's levels were named Opponent
    from clubfight.combat.ai import Level as Opponent  # type: ignore[attr-defined,no-redef]
from clubfight.combat.ai.bench import percentile
from clubfight.combat.engine import Phase, Round, deal

clock = time.perf_counter
"""What the decision times read (combat.py ``--cpu-time`` sets it to ``time.process_time``)."""


def positions(games: int) -> list[tuple[Round, list[Round]]]:
    """Every decision's position, with the positions of its round before it."""
    found = []
    for seed in range(1, games + 1):
        r = deal(seed)
        history: list[Round] = []
        while not r.is_over:
            found.append((r, list(history)))
            history.append(r)
            r = r.play(choose(r, Opponent.NORMAL, seed=seed))
    return found


def decision_times(found: list[tuple[Round, list[Round]]], levels: list[Opponent]) -> dict[Opponent, list[float]]:
    """Each level's decision time (seconds) on each position, with seed 0."""
    times: dict[Opponent, list[float]] = {}
    for level in levels:
        times[level] = []
        for r, history in found:
            start = clock()
            choose(r, level, seed=0, history=history)
            times[level].append(clock() - start)
    return times


def summary(times: list[float]) -> tuple[float, float, float]:
    """(median, p95, slowest) in milliseconds."""
    return (statistics.median(times) * 1000, percentile(times, 0.95) * 1000, max(times) * 1000)


def report(games: int, levels: list[Opponent]) -> None:
    """Print each level's median, p95 and slowest decision over the positions of ``games`` rounds."""
    found = positions(games)
    phases = {phase: sum(1 for r, _ in found if r.phase is phase) for phase in Phase}
    shown = ", ".join(f"{phase.value} {count}" for phase, count in phases.items() if count)
    print(f"AI decisions over {len(found)} positions from {games} rounds ({shown}):")
    for level, times in decision_times(found, levels).items():
        median, p95, slowest = summary(times)
        print(f"{level.value:>6}: median {median:8.2f} ms, p95 {p95:8.2f} ms, max {slowest:8.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20, help="rounds whose decisions are timed (default 20)")
    parser.add_argument("--levels", default="easy,normal,hard,expert", help="comma-separated levels (default all)")
    args = parser.parse_args()
    report(args.games, [Opponent(name.strip()) for name in args.levels.split(",")])


if __name__ == "__main__":
    main()
