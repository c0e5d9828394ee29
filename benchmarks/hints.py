"""Hint latency (median and p95 per decision, fast and strong) and solver time per deal.

Run: uv run python benchmarks/hints.py [--games N] [--deals N]
Decisions come from games the fast hint plays itself on seeds 1..N of both levels, so the
positions are the ones a player meets. Single-core wall-clock: compare runs on one machine only.
"""

from __future__ import annotations

import argparse
import statistics
import time

from clubfight.club_fight.ai import STRENGTHS, solve, suggest
from clubfight.club_fight.ai.bench import percentile
from clubfight.club_fight.engine import Level, Position, deal


def game_positions(games: int) -> list[Position]:
    positions = []
    for seed in range(1, games + 1):
        for level in Level:
            position = deal(level, seed)
            while not position.is_over:
                positions.append(position)
                position = position.play(suggest(position, strength="fast").move)
    return positions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=3, help="seeds per level whose decisions are timed")
    parser.add_argument("--deals", type=int, default=50, help="seeds per level for the solver timing")
    args = parser.parse_args()
    positions = game_positions(args.games)
    for strength in STRENGTHS:
        times = []
        for position in positions:
            start = time.perf_counter()
            suggest(position, strength=strength)
            times.append(time.perf_counter() - start)
        print(
            f"hint {strength:>6}: median {statistics.median(times) * 1000:7.1f} ms, "
            f"p95 {percentile(times, 0.95) * 1000:7.1f} ms over {len(times)} decisions"
        )
    for level in Level:
        seconds = []
        verdicts: dict[str, int] = {}
        for seed in range(1, args.deals + 1):
            result = solve(deal(level, seed))
            seconds.append(result.seconds)
            verdicts[result.verdict.value] = verdicts.get(result.verdict.value, 0) + 1
        print(
            f"solver {level.value}: median {statistics.median(seconds) * 1000:.1f} ms, "
            f"p95 {percentile(seconds, 0.95) * 1000:.1f} ms, max {max(seconds):.2f} s "
            f"over seeds 1-{args.deals} ({verdicts})"
        )


if __name__ == "__main__":
    main()
