"""Train the value model that lets the hint engine's rollouts stop early (clubfight/club_fight/ai/value.py).

Run:
    uv run python benchmarks/train_value.py collect --seeds 3000001-3020000 --out value-data.jsonl
    uv run python benchmarks/train_value.py fit value-data.jsonl --write

``collect`` plays deals at both levels the way the hint engine's searches see them: each turn the
heuristic's best move half the time, otherwise one of its best 8 at random. Every position on the
way is one training row: its features (``value.features``), and the result of two heuristic
rollouts from blind resamples of it (``hints.sample_positions``), so a label never depends on the
real order of the decks. The seeds must be kept apart from every benchmark's (docs/ai.md).

``fit`` fits a logistic model of the rollouts' wins and a least-squares model of the cards they
left, both by Newton's method in plain Python (no numpy: a few minutes for half a million rows),
prints the weights with each feature's name and the held-out log loss, and with ``--write``
rewrites ``src/clubfight/club_fight/ai/value_weights.py``.
"""

from __future__ import annotations

import argparse
import json
import math
import random
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from clubfight.club_fight.ai.bench import parse_seed_range
from clubfight.club_fight.ai.heuristic import ranked_moves
from clubfight.club_fight.ai.hints import rollout, sample_positions
from clubfight.club_fight.ai.value import FEATURES, dot, features, logistic
from clubfight.club_fight.engine import Level, deal

WEIGHTS_MODULE = Path(__file__).resolve().parents[1] / "src" / "clubfight" / "ai" / "value_weights.py"
LABEL_ROLLOUTS = 2
"""Rollouts per training position: two halve the label's noise for a fraction of the play's cost."""
RIDGE = 1e-3
"""A touch of ridge gives the systems a single solution: the 13 club indicators add up to the clubs
left, so without it the features are linearly dependent."""

Row = tuple[list[float], float, float]
"""(features, share of the rollouts won, mean cards left)."""


def game_rows(task: tuple[str, int]) -> list[Row]:
    """The training rows of one deal."""
    level, seed = task
    rng = random.Random(seed * 7 + 1)
    position = deal(Level(level), seed)
    rows: list[Row] = []
    while not position.is_over:
        ends = [rollout(sample) for sample in sample_positions(position, LABEL_ROLLOUTS, rng)]
        won = sum(end.score == 0 for end in ends) / len(ends)
        left = sum(end.score for end in ends) / len(ends)
        rows.append((features(position), won, left))
        ranked = ranked_moves(position)
        pick = 0 if rng.random() < 0.5 else rng.randrange(min(len(ranked), 8))
        position = position.play(ranked[pick][1])
    return rows


def collect(args: argparse.Namespace) -> None:
    seeds = parse_seed_range(args.seeds)
    tasks = [(level, seed) for seed in seeds for level in ("easy", "hard")]
    count = 0
    with ProcessPoolExecutor(max_workers=args.jobs) as pool, Path(args.out).open("w", encoding="utf-8") as out:
        for rows in pool.map(game_rows, tasks, chunksize=20):
            for x, won, left in rows:
                out.write(json.dumps({"x": x, "won": won, "left": left}) + "\n")
                count += 1
    print(f"{count} positions from {len(tasks)} deals -> {args.out}")


def read_rows(path: str) -> Iterator[Row]:
    with Path(path).open(encoding="utf-8") as lines:
        for line in lines:
            row = json.loads(line)
            yield row["x"], float(row["won"]), float(row["left"])


def solve_linear(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``matrix`` x = ``vector`` by Gaussian elimination with partial pivoting (small, dense, plain Python)."""
    size = len(vector)
    a = [[*row, vector[i]] for i, row in enumerate(matrix)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        if a[col][col] == 0:
            raise ValueError("the features are linearly dependent: the system has no single solution")
        for r in range(col + 1, size):
            factor = a[r][col] / a[col][col]
            if factor:
                row, top = a[r], a[col]
                for c in range(col, size + 1):
                    row[c] -= factor * top[c]
    x = [0.0] * size
    for r in range(size - 1, -1, -1):
        x[r] = (a[r][size] - sum(a[r][c] * x[c] for c in range(r + 1, size))) / a[r][r]
    return x


def weighted_normal_equations(
    rows: Iterable[tuple[list[float], float, float]],
) -> tuple[list[list[float]], list[float]]:
    """Sum over (x, weight, target) of weight x x^T and x target, plus the ridge."""
    matrix: list[list[float]] | None = None
    vector: list[float] = []
    for x, weight, target in rows:
        if matrix is None:
            matrix = [[0.0] * len(x) for _ in x]
            vector = [0.0] * len(x)
        for i, xi in enumerate(x):
            if xi:
                wxi = weight * xi
                vector[i] += xi * target
                row = matrix[i]
                for j in range(i + 1):
                    row[j] += wxi * x[j]
    if matrix is None:
        raise ValueError("no training rows")
    for i, row in enumerate(matrix):
        row[i] += RIDGE
        for j in range(i):
            matrix[j][i] = row[j]  # the lower triangle was summed; mirror it
    return matrix, vector


def fit_logistic(rows: Sequence[Row], iterations: int = 12) -> list[float]:
    """Newton's method (IRLS) for the log loss of the won shares."""
    w = [0.0] * len(rows[0][0])
    for _ in range(iterations):
        steps = []
        for x, won, _ in rows:
            p = logistic(dot(w, x))
            steps.append((x, p * (1 - p), won - p))
        hessian, gradient = weighted_normal_equations(steps)
        gradient = [g - RIDGE * wi for g, wi in zip(gradient, w, strict=True)]
        delta = solve_linear(hessian, gradient)
        w = [a + b for a, b in zip(w, delta, strict=True)]
        if max(abs(d) for d in delta) < 1e-9:
            break
    return w


def fit_linear(rows: Sequence[Row]) -> list[float]:
    """Least squares of the cards left."""
    matrix, vector = weighted_normal_equations((x, 1.0, left) for x, _, left in rows)
    return solve_linear(matrix, vector)


def log_loss(w: list[float], rows: Sequence[Row]) -> float:
    total = 0.0
    for x, won, _ in rows:
        p = min(max(logistic(dot(w, x)), 1e-9), 1 - 1e-9)
        total -= won * math.log(p) + (1 - won) * math.log(1 - p)
    return total / len(rows)


def weights_module(win: list[float], left: list[float], seeds: str) -> str:
    def table(values: list[float]) -> str:
        return "(\n" + "".join(f"    {value!r},\n" for value in values) + ")"

    return f'''"""The value model's weights (``value.py``), written by ``benchmarks/train_value.py``: do not edit.

Trained on positions of deals {seeds} at both levels (hint-like play, each position
labelled by two heuristic rollouts from blind resamples); no benchmark uses those seeds.
"""

WIN_WEIGHTS = {table(win)}
"""The logistic model of the heuristic's win chance, one weight per ``value.FEATURES``."""

LEFT_WEIGHTS = {table(left)}
"""The least-squares model of the cards the heuristic leaves, one weight per ``value.FEATURES``."""
'''


def fit(args: argparse.Namespace) -> None:
    rows = list(read_rows(args.data))
    held_out = rows[:: args.hold_out] if args.hold_out else []
    training = [row for i, row in enumerate(rows) if not args.hold_out or i % args.hold_out]
    win = fit_logistic(training)
    left = fit_linear(training)
    for name, w, cards in zip(FEATURES, win, left, strict=True):
        print(f"{name:>32} {w:9.4f} {cards:9.4f}")
    if held_out:
        base = sum(won for _, won, _ in training) / len(training)
        constant = [math.log(base / (1 - base))] + [0.0] * (len(win) - 1)
        print(f"held-out log loss {log_loss(win, held_out):.4f} (a constant guess: {log_loss(constant, held_out):.4f})")
    if args.write:
        WEIGHTS_MODULE.write_text(weights_module(win, left, args.seeds), encoding="utf-8")
        print(f"wrote {WEIGHTS_MODULE}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    commands = parser.add_subparsers(dest="command", required=True)
    gather = commands.add_parser("collect", help="play training deals and store their labelled positions")
    gather.add_argument("--seeds", required=True, help="training deals, e.g. 3000001-3020000 (never a benchmark's)")
    gather.add_argument("--jobs", type=int, default=2)
    gather.add_argument("--out", required=True)
    gather.set_defaults(run=collect)
    train = commands.add_parser("fit", help="fit the value model to collected positions")
    train.add_argument("data")
    train.add_argument("--hold-out", type=int, default=0, help="keep every Nth row out of the fit to report its loss")
    train.add_argument("--seeds", default="3000001-3020000", help="the training seeds, for the weights' docstring")
    train.add_argument("--write", action="store_true", help="rewrite src/clubfight/club_fight/ai/value_weights.py")
    train.set_defaults(run=fit)
    args = parser.parse_args(argv)
    args.run(args)


if __name__ == "__main__":
    main()
