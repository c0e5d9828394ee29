"""How long "Which move let it slip?" takes after a lost game, against an earlier commit, in one run.

At game over the verdict screen proves the deal winnable, then walks back along the lost game
(``ai/slip.py``), proving each position lost until it finds the last winnable one. Most of that work
is the clairvoyant solver proving the earliest lost position lost, which can take millions of
positions.

The lost games here are the greedy policy's (it clears the most cards each turn: a stand-in for a
player who loses), on consecutive seeds from ``--first-seed``. A deal is used when its game is lost,
its opening is proved winnable within 10 s, and its slip search searches at least
``--min-positions`` positions (below that it takes about a second or less either way); the first
``--deals`` such deals of each level are timed. Each deal's search runs with this tree's code and
with ``--base``'s (unpacked beside it as ``clubfight_base``, as benchmarks/against.py does), in
alternating order, as CPU seconds; both must find the same turn and search the same positions.

Run: uv run python benchmarks/slip.py [--base main] [--deals 5] [--levels easy,hard]
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from against import ROOT, import_base
from clubfight.club_fight.ai import solve
from clubfight.club_fight.ai.policies import greedy_policy
from clubfight.club_fight.engine import Level, Move, Position, deal, format_position

OPENING_TIME_LIMIT = 10.0
"""As the verdict screen: the opening is solved within 10 s, or the slip search never starts."""


def lost_game(level: Level, seed: int) -> tuple[list[Position], list[Move]] | None:
    """The greedy policy's game of (level, seed), if it was lost."""
    positions, moves = [deal(level, seed)], []
    while not positions[-1].is_over:
        move = greedy_policy(positions[-1])
        moves.append(move)
        positions.append(positions[-1].play(move))
    return None if positions[-1].score == 0 else (positions, moves)


def slip_search(ai: Any, positions: list[Any], moves: list[Any]) -> tuple[int | None, int, float]:
    """Run ``ai``'s slip search as the verdict screen does: (the turn found, positions, CPU seconds)."""
    opening = ai.solve(positions[0], time_limit=OPENING_TIME_LIMIT)
    searched = 0

    def solve_position(position: Any, lost: Any) -> Any:
        nonlocal searched
        result = ai.solve(position, time_limit=None, lost=lost)
        searched += result.nodes
        return result

    start = time.process_time()
    mistake = ai.find_mistake(positions, moves, opening, solve_position)
    return (None if mistake is None else mistake.turn), searched, time.process_time() - start


class Code:
    """One version of the solver and the slip search, with its engine to rebuild a game in."""

    def __init__(self, engine: Any, solver: Any, slip: Any) -> None:
        self.engine = engine
        self.solve: Callable[..., Any] = solver.solve
        self.find_mistake: Callable[..., Any] = slip.find_mistake

    def game(self, positions: list[Position], moves: list[Move]) -> tuple[list[Any], list[Any]]:
        """The game rebuilt in this version's engine, from its notation."""
        rebuilt = [self.engine.parse_position(format_position(position)) for position in positions]
        return rebuilt, [
            self.engine.parse_move(before, str(move)) for before, move in zip(rebuilt, moves, strict=False)
        ]


def chosen_deals(this: Code, level: Level, first_seed: int, count: int, min_positions: int) -> Iterator[int]:
    """The seeds of the first ``count`` lost greedy games whose slip search (by ``this`` code) is long
    enough: both versions search the same positions, so the choice doesn't depend on which."""
    found = 0
    seed = first_seed
    while found < count:
        game = lost_game(level, seed)
        if game is not None and solve(game[0][0], time_limit=OPENING_TIME_LIMIT).verdict.value == "winnable":
            _, searched, _ = slip_search(this, *game)
            if searched >= min_positions:
                found += 1
                yield seed
        seed += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--base", default="main", help="the earlier commit to compare with (default main)")
    parser.add_argument("--levels", default="easy,hard")
    parser.add_argument("--deals", type=int, default=5, help="lost deals a level (default 5)")
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--min-positions", type=int, default=200_000)
    args = parser.parse_args()
    revision = subprocess.run(
        ["git", "rev-parse", "--short", args.base], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()
    with tempfile.TemporaryDirectory() as tmp:
        base_engine, _, base_solver = import_base(args.base, Path(tmp))
        base_slip = importlib.import_module(base_solver.__name__.rsplit(".", 1)[0] + ".slip")
        base = Code(base_engine, base_solver, base_slip)
        this = Code(
            importlib.import_module("clubfight.club_fight.engine"),
            importlib.import_module("clubfight.club_fight.ai.solver"),
            importlib.import_module("clubfight.club_fight.ai.slip"),
        )
        print(f"slip search, CPU seconds: {revision} (before) -> this tree (after)")
        totals = [0.0, 0.0]
        ratios = []
        for name in args.levels.split(","):
            level = Level(name)
            seeds = chosen_deals(this, level, args.first_seed, args.deals, args.min_positions)
            for index, seed in enumerate(seeds):
                game = lost_game(level, seed)
                assert game is not None
                runs: list[tuple[int | None, int, float]] = [(None, 0, 0.0), (None, 0, 0.0)]
                for side in (0, 1) if index % 2 == 0 else (1, 0):  # alternate which runs first
                    code = (base, this)[side]
                    runs[side] = slip_search(code, *code.game(*game))
                (turn, searched, before), (new_turn, new_searched, after) = runs
                if (turn, searched) != (new_turn, new_searched):
                    raise SystemExit(f"{name}-{seed}: the searches disagree: {runs}")
                totals[0] += before
                totals[1] += after
                ratios.append(before / after)
                print(
                    f"{name}-{seed}: slipped at turn {turn}, {searched:,} positions: "
                    f"{before:.1f} s -> {after:.1f} s (x{before / after:.1f})",
                    flush=True,
                )
        print(
            f"all {len(ratios)}: {totals[0]:.1f} s -> {totals[1]:.1f} s (x{totals[0] / totals[1]:.1f}); "
            f"median x{statistics.median(ratios):.1f}"
        )


if __name__ == "__main__":
    main()
