"""The engine and the hint engine against an earlier commit, in one process: same hints? how fast?

The earlier commit's ``src/clubfight`` is unpacked (``git archive``) as a second package,
``clubfight_base``, and imported beside the working tree's. Every timing alternates between the two,
pass by pass or decision by decision, so a busy neighbour on this shared machine slows both alike.

- rollouts: heuristic rollouts per CPU second from fresh deals, the fastest of the passes;
- legal_moves: microseconds per fresh mid-game position, the fastest of the passes;
- solver: CPU seconds to solve the same deals, deal by deal in turn (it calls ``legal_moves()``);
- hints: whether each strength's hint (move and reason) is the same, and both engines' times.

Run: uv run python benchmarks/against.py --base bfe1c20 [--passes N] [--deals N] [--strengths fast,strong]
"""

from __future__ import annotations

import argparse
import importlib
import random
import re
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
ABSOLUTE_IMPORT = re.compile(r"^(\s*(?:from|import) )clubfight(\.|\s)", re.MULTILINE)


def import_base(revision: str, into: Path) -> tuple[ModuleType, ModuleType, ModuleType]:
    """The engine, hints and solver modules of ``revision``, as the package ``clubfight_base``."""
    archive = subprocess.run(
        ["git", "archive", revision, "src/clubfight"], cwd=ROOT, capture_output=True, check=True
    ).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        if hasattr(tarfile, "data_filter"):  # Python 3.10.12+: refuse paths outside ``into``
            tar.extractall(into, filter="data")
        else:
            tar.extractall(into)
    base = into / "clubfight_base"
    (into / "src" / "clubfight").rename(base)
    for source in base.rglob("*.py"):  # the copy imports itself, not this checkout's clubfight
        text = source.read_text(encoding="utf-8")
        source.write_text(ABSOLUTE_IMPORT.sub(r"\1clubfight_base\2", text), encoding="utf-8")
    sys.path.insert(0, str(into))
    game = "club_fight." if (base / "club_fight").is_dir() else ""  # Club Fight's own package, from 2026-12
    engine, hints, solver = (
        importlib.import_module(f"clubfight_base.{game}{name}") for name in ("engine", "ai.hints", "ai.solver")
    )
    return engine, hints, solver


def mid_game(engine: Any, count: int) -> list[Any]:
    """Positions after 2+ random turns with four clubs in hand, both levels (as benchmarks/engine.py)."""
    rng = random.Random(2024)
    found: list[Any] = []
    seed = 0
    while len(found) < count:
        position = engine.deal(engine.Level.HARD if seed % 2 else engine.Level.EASY, seed)
        seed += 1
        while not position.is_over:
            if position.turns_played >= 2 and len(position.hand) == 4:
                found.append(position)
            position = position.play(rng.choice(position.legal_moves()))
    return found[:count]


def enumeration_us(engine: Any, positions: list[Any]) -> float:
    copies = [engine.Position(p.grid, p.hand, p.grid_deck, p.clubs_deck, level=p.level) for p in positions]
    start = time.process_time()
    for copy in copies:
        copy.legal_moves()
    return (time.process_time() - start) / len(copies) * 1e6


def rollouts_per_second(engine: Any, hints: Any, count: int) -> float:
    starts = [engine.deal(engine.Level.EASY if i % 2 else engine.Level.HARD, 20_000 + i) for i in range(count)]
    start = time.process_time()
    for position in starts:
        hints.rollout(position)
    return count / (time.process_time() - start)


def solver_seconds(engines: list[tuple[Any, Any, Any]], deals: int) -> list[float]:
    """CPU seconds each engine's solver takes over the same deals (both levels), deal by deal in turn."""
    spent = [0.0, 0.0]
    for index in range(deals):
        for side, (engine, _, solver) in enumerate(engines):
            position = engine.deal(engine.Level.HARD if index % 2 else engine.Level.EASY, 1_000_001 + index // 2)
            start = time.process_time()
            solver.solve(position, time_limit=None)
            spent[side] += time.process_time() - start
    return spent


def compare_hints(engines: list[tuple[Any, Any, Any]], strength: str, deals: int, first_seed: int) -> None:
    """Every other decision of games the new heuristic plays, hinted by both engines in turn."""
    (base_engine, base_hints, _), (new_engine, new_hints, _) = engines
    same = 0
    times: tuple[list[float], list[float]] = ([], [])
    for index in range(deals):
        level = new_engine.Level.HARD if index % 2 else new_engine.Level.EASY
        position = new_engine.deal(level, first_seed + index)
        turn = 0
        while not position.is_over:
            if turn % 2 == index % 2 and len(position.legal_moves()) > 1:
                old = base_engine.parse_position(position.notation())
                start = time.process_time()
                base = base_hints.suggest(old, strength=strength, seed=index)
                middle = time.process_time()
                new = new_hints.suggest(position, strength=strength, seed=index)
                times[0].append(middle - start)
                times[1].append(time.process_time() - middle)
                same += old.move_notation(base.move) == position.move_notation(new.move) and base.reason == new.reason
            position = position.play(new_hints.suggest(position, strength="fast", seed=0).move)
            turn += 1
    count = len(times[0])
    base_times, new_times = (sorted(t) for t in times)
    print(
        f"hint-{strength}: {same} of {count} hints the same; median {statistics.median(base_times) * 1e3:.0f} -> "
        f"{statistics.median(new_times) * 1e3:.0f} ms, p95 {base_times[int(count * 0.95)] * 1e3:.0f} -> "
        f"{new_times[int(count * 0.95)] * 1e3:.0f} ms, in all x{sum(base_times) / sum(new_times):.2f} faster"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--base", required=True, help="the earlier commit, e.g. bfe1c20")
    parser.add_argument("--passes", type=int, default=6, help="alternating passes of each speed figure")
    parser.add_argument("--deals", type=int, default=16, help="deals whose decisions each strength hints")
    parser.add_argument("--first-seed", type=int, default=1_610_001)
    parser.add_argument("--strengths", default="fast,strong")
    parser.add_argument("--solver-deals", type=int, default=40, help="deals (from 1000001, both levels) to solve")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        base = import_base(args.base, Path(tmp))
        new = tuple(importlib.import_module(f"clubfight.{name}") for name in ("engine", "ai.hints", "ai.solver"))
        engines = [base, new]
        positions = [mid_game(engine, 800) for engine, _, _ in engines]
        speeds: dict[str, list[list[float]]] = {"rollouts": [[], []], "legal_moves": [[], []]}
        for _ in range(args.passes):
            for side, (engine, hints, _) in enumerate(engines):
                speeds["legal_moves"][side].append(enumeration_us(engine, positions[side]))
                speeds["rollouts"][side].append(rollouts_per_second(engine, hints, 150))
        rates = [max(runs) for runs in speeds["rollouts"]]
        ratios = sorted(new / old for old, new in zip(*speeds["rollouts"], strict=True))
        print(
            f"rollouts: {rates[0]:.0f} -> {rates[1]:.0f} per CPU second (fastest pass), "
            f"x{statistics.median(ratios):.2f} pass by pass (x{ratios[0]:.2f}-x{ratios[-1]:.2f})"
        )
        fastest = [min(runs) for runs in speeds["legal_moves"]]
        print(f"legal_moves: {fastest[0]:.1f} -> {fastest[1]:.1f} us per fresh mid-game position (fastest pass)")
        if args.solver_deals:
            base_seconds, new_seconds = solver_seconds(engines, args.solver_deals)
            print(f"solver: {base_seconds:.2f} -> {new_seconds:.2f} CPU seconds for {args.solver_deals} deals")
        for strength in args.strengths.split(","):
            compare_hints(engines, strength, args.deals, args.first_seed)


if __name__ == "__main__":
    main()
