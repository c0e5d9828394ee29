"""Engine speed: legal-move enumeration per position, uniformly random playouts per second, and the
hint engine's heuristic rollouts (its sample games, each turn the heuristic's ``best_clear`` played by
``play_clear``) per second.

Run: uv run python benchmarks/engine.py [--positions N] [--playouts N]
Figures are single-core wall-clock; compare runs on the same machine only.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from clubfight.club_fight.engine import Level, Position, deal


def mid_game_positions(count: int, rng: random.Random) -> list[Position]:
    """Positions after 2+ random turns with a full hand of 4 clubs, from both levels."""
    found: list[Position] = []
    seed = 0
    while len(found) < count:
        position = deal(Level.HARD if seed % 2 else Level.EASY, seed)
        seed += 1
        while not position.is_over:
            if position.turns_played >= 2 and len(position.hand) == 4:
                found.append(position)
            position = position.play(rng.choice(position.legal_moves()))
    rng.shuffle(found)
    return found[:count]


def fresh(position: Position) -> Position:
    """A copy with no cached move list, so each timing pays for a full enumeration."""
    return Position(
        position.grid,
        position.hand,
        position.grid_deck,
        position.clubs_deck,
        level=position.level,
    )


def time_enumeration(positions: list[Position], repeats: int) -> tuple[float, float]:
    runs = []
    moves = 0
    for _ in range(repeats):
        copies = [fresh(p) for p in positions]
        start = time.perf_counter()
        for position in copies:
            moves += len(position.legal_moves())
        runs.append((time.perf_counter() - start) / len(copies))
    return statistics.median(runs), moves / (repeats * len(positions))


def time_playouts(count: int, rng: random.Random) -> float:
    starts = [deal(Level.EASY if i % 2 else Level.HARD, 10_000 + i) for i in range(count)]
    begin = time.perf_counter()
    for position in starts:
        while not position.is_over:
            position = position.play(rng.choice(position.legal_moves()))
    return count / (time.perf_counter() - begin)


def time_rollouts(count: int) -> float:
    from clubfight.club_fight.ai.hints import rollout

    starts = [deal(Level.EASY if i % 2 else Level.HARD, 20_000 + i) for i in range(count)]
    begin = time.process_time()  # CPU time: on this shared machine, wall time also counts waiting for a core
    for position in starts:
        rollout(position)
    return count / (time.process_time() - begin)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--playouts", type=int, default=2000)
    parser.add_argument("--rollouts", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    rng = random.Random(2024)
    positions = mid_game_positions(args.positions, rng)
    per_position, mean_moves = time_enumeration(positions, args.repeats)
    print(
        f"legal_moves(): {per_position * 1e6:.1f} us per position "
        f"(median of {args.repeats} passes over {len(positions)} mid-game positions, "
        f"4 clubs, {mean_moves:.1f} moves each)"
    )
    rate = time_playouts(args.playouts, rng)
    print(f"random playouts: {rate:,.0f} per second ({args.playouts} full games, legal_moves + play each turn)")
    rate = time_rollouts(args.rollouts)
    print(f"heuristic rollouts: {rate:,.0f} per CPU second ({args.rollouts} games from the deal, best_clear each turn)")


if __name__ == "__main__":
    main()
