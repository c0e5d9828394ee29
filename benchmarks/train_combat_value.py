"""Train Combat Club's value model (src/clubfight/combat/ai/value.py).

Run:
    uv run python benchmarks/train_combat_value.py collect --seeds 900001-910000 --out combat-value.jsonl
    uv run python benchmarks/train_combat_value.py fit combat-value.jsonl --write

``collect`` plays single rounds of greedy play, the policy of expert's playouts (normal's prices and
2 points a stack), with one play in five taken among the three best at random so that positions
vary. At the start of every turn (where a playout is cut off and judged) it keeps one row for each
seat: the features (``value.features``) and whether that seat went on to win the round. The seeds
must be kept apart from every benchmark's (docs/combat-ai.md).

``fit`` fits a logistic model by Newton's method in plain Python, prints each weight with its
feature's name and the held-out log loss against a model of the bias alone, and with ``--write``
rewrites ``src/clubfight/combat/ai/value_weights.py``.
"""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from clubfight.combat.ai.greedy import ranked
from clubfight.combat.ai.policies import arrange_normal, rollout_action
from clubfight.combat.ai.search import PLAYOUT
from clubfight.combat.ai.value import FEATURES, features
from clubfight.combat.engine import Colour, EndTurn, Phase, Round, deal
from clubfight.common.shuffle import SplitMix64

WEIGHTS_MODULE = Path(__file__).resolve().parents[1] / "src" / "clubfight" / "combat" / "ai" / "value_weights.py"
RIDGE = 1e-3
EXPLORE = 5
"""One play in this many is taken at random among the three best."""

Row = tuple[list[float], float]


def step(r: Round, rng: SplitMix64) -> Round:
    seat = r.to_act
    assert seat is not None
    if r.phase is Phase.SETUP:
        return r.play(arrange_normal(r.hand(seat), seat, rng))
    if r.phase is Phase.ATTACK and rng.below(EXPLORE) == 0:
        rows = ranked(r, PLAYOUT)
        options = [j.attack for _, j in rows[:3]] + [EndTurn()]
        return r.play(options[rng.below(len(options))])
    return r.play(rollout_action(r, PLAYOUT))


def round_rows(seed: int) -> list[Row]:
    rng = SplitMix64(seed * 0x9E3779B97F4A7C15 + 1)
    r = deal(seed)
    starts: list[Round] = []
    attacker: Colour | None = None
    while not r.is_over:
        if r.phase is not Phase.SETUP and r.attacker is not attacker:
            attacker = r.attacker
            starts.append(r)
        r = step(r, rng)
    outcome = r.outcome
    assert outcome is not None
    return [(features(s, seat), 1.0 if outcome.winner is seat else 0.0) for s in starts for seat in Colour]


def parse_range(text: str) -> range:
    first, _, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


def collect(seeds: range, out: Path, jobs: int) -> None:
    with ProcessPoolExecutor(max_workers=jobs) as pool, out.open("w") as f:
        for rows in pool.map(round_rows, seeds, chunksize=50):
            for x, y in rows:
                f.write(json.dumps([x, y]) + "\n")


def load(path: Path) -> list[Row]:
    rows = []
    with path.open() as f:
        for line in f:
            x, y = json.loads(line)
            rows.append((x, y))
    return rows


def logistic(z: float) -> float:
    if z < -30:
        return 1e-13
    if z > 30:
        return 1 - 1e-13
    return 1 / (1 + math.exp(-z))


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the Newton step)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda i: abs(m[i][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for i in range(col + 1, n):
            f = m[i][col] / m[col][col]
            for j in range(col, n + 1):
                m[i][j] -= f * m[col][j]
    x = [0.0] * n
    for i in reversed(range(n)):
        x[i] = (m[i][n] - sum(m[i][j] * x[j] for j in range(i + 1, n))) / m[i][i]
    return x


def fit(rows: Sequence[Row], iterations: int = 8) -> list[float]:
    n = len(rows[0][0])
    w = [0.0] * n
    for _ in range(iterations):
        grad = [0.0] * n
        hess = [[0.0] * n for _ in range(n)]
        for x, y in rows:
            p = logistic(sum(wi * xi for wi, xi in zip(w, x, strict=True)))
            g = p - y
            h = p * (1 - p)
            for i in range(n):
                xi = x[i]
                if xi:
                    grad[i] += g * xi
                    hx = h * xi
                    row = hess[i]
                    for j in range(i + 1):
                        row[j] += hx * x[j]
        for i in range(n):
            grad[i] += RIDGE * w[i]
            hess[i][i] += RIDGE
            for j in range(i):
                hess[j][i] = hess[i][j]
        delta = solve(hess, grad)
        w = [wi - di for wi, di in zip(w, delta, strict=True)]
    return w


def log_loss(rows: Sequence[Row], w: Sequence[float]) -> float:
    total = 0.0
    for x, y in rows:
        p = logistic(sum(wi * xi for wi, xi in zip(w, x, strict=True)))
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / len(rows)


def write_weights(w: Sequence[float]) -> None:
    lines = "\n".join(f"    {wi:.4f},  # {name}" for wi, name in zip(w, FEATURES, strict=True))
    WEIGHTS_MODULE.write_text(
        '"""The value model\'s weights (value.py), one per feature in ``FEATURES`` order.\n\n'
        'Written by ``benchmarks/train_combat_value.py fit --write``; do not edit by hand.\n"""\n\n'
        f"WEIGHTS = (\n{lines}\n)\n"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    c = commands.add_parser("collect", help="play greedy rounds and write training rows")
    c.add_argument("--seeds", required=True, help="match seeds, FIRST-LAST")
    c.add_argument("--out", required=True, type=Path)
    c.add_argument("--jobs", type=int, default=2)
    f = commands.add_parser("fit", help="fit the weights")
    f.add_argument("data", type=Path)
    f.add_argument("--write", action="store_true", help="rewrite value_weights.py")
    args = parser.parse_args()
    if args.command == "collect":
        collect(parse_range(args.seeds), args.out, args.jobs)
        return
    rows = load(args.data)
    held = rows[::10]
    train = [row for i, row in enumerate(rows) if i % 10]
    w = fit(train)
    bias_only = fit([([1.0], y) for _, y in train], 6)
    for wi, name in zip(w, FEATURES, strict=True):
        print(f"{wi:+8.4f}  {name}")
    print(f"{len(train)} rows to fit, {len(held)} held out")
    baseline = log_loss([([1.0], y) for _, y in held], bias_only)
    print(f"held-out log loss {log_loss(held, w):.4f}; the bias alone {baseline:.4f}")
    if args.write:
        write_weights(w)


if __name__ == "__main__":
    main()
