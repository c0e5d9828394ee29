"""How far should a rollout go before the value model judges it, and does a richer model help?

Measured per decision, as benchmarks/decisions.py does for search settings: whole deals are too
noisy to tell these apart.

``collect`` plays deals with hint-fast and takes the positions of turns 1-7 and 9. At each one it
deals ``--samples`` blind sample deals (``hints.sample_positions``) and plays the heuristic's best
8 moves in every one; each sample game runs to its end by the heuristic policy, and on the way the
position after 0, 1, 2, 3, 4, 6 and 8 turns is judged by two value models: this code's
(``value.estimate``) and one given by a weights module of an earlier commit (``--old``, which must
use the first features of this code's, in the same order). A truncated rollout is a prefix of the
full one, so one walk serves every horizon.

``judge`` takes each candidate's win rate over the first half of the samples as its true value,
then lets a flat search of n samples per candidate, drawn from the other half, choose by expected
wins less 0.1 a card, for each horizon and model. A decision's regret is the best value less the
chosen one; the report sums them over all positions, averaged over 40 draws.

Run (hard deals 3100401-3100415: no benchmark uses them):
  uv run python benchmarks/horizons.py collect --seeds 3100401-3100415 --old 6929361 --out hz.json
  uv run python benchmarks/horizons.py judge hz.json
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from clubfight.ai.bench import parse_seed_range
from clubfight.ai.heuristic import best_clear, ranked_moves
from clubfight.ai.hints import sample_positions, suggest
from clubfight.ai.value import dot, features, logistic
from clubfight.ai.value_weights import LEFT_WEIGHTS, WIN_WEIGHTS
from clubfight.engine import Level, Position, deal

HORIZONS = (0, 1, 2, 3, 4, 6, 8)
TURNS = (0, 1, 2, 3, 4, 5, 6, 8)
"""Turns played before the judged decision: the positions of turns 1-7 and 9."""
CANDIDATES = 8
PER_CARD = 0.1

Models = tuple[tuple[Sequence[float], Sequence[float]], ...]


def old_weights(commit: str) -> tuple[list[float], list[float]]:
    """WIN_WEIGHTS and LEFT_WEIGHTS of ``commit``'s value_weights.py."""
    text = subprocess.run(
        ["git", "show", f"{commit}:src/clubfight/ai/value_weights.py"], capture_output=True, text=True, check=True
    ).stdout
    names: dict[str, list[float]] = {}
    exec(compile(text, "value_weights.py", "exec"), {}, names)  # our own weights module, from git
    return list(names["WIN_WEIGHTS"]), list(names["LEFT_WEIGHTS"])


def judged(position: Position, models: Models) -> list[float]:
    """(win chance, cards left) by each model, or the exact result of a finished game."""
    if position.is_over:
        return [float(position.score == 0), float(position.score)] * len(models)
    x = features(position)
    values: list[float] = []
    for win, left in models:
        values += [logistic(dot(win, x[: len(win)])), max(0.0, dot(left, x[: len(left)]))]
    return values


def position_data(task: tuple[str, int, int, int, Models]) -> dict[str, object] | None:
    level, seed, turns, samples, models = task
    position = deal(Level(level), seed)
    for _ in range(turns):
        if position.is_over:
            return None
        position = position.play(suggest(position, strength="fast", seed=seed).move)
    ranked = [] if position.is_over else ranked_moves(position)[:CANDIDATES]
    if len(ranked) < 2:
        return None
    rng = random.Random(seed * 100 + turns)
    games = []  # per sample, per candidate: [won, cards left, judgements by horizon]
    for sample in sample_positions(position, samples, rng):
        row = []
        for _, move in ranked:
            game = sample.play(move)
            by_horizon = []
            for step in range(max(HORIZONS) + 1):
                if step in HORIZONS:
                    by_horizon.append(judged(game, models))
                if not game.is_over:
                    game = game.play_clear(*best_clear(game))
            while not game.is_over:
                game = game.play_clear(*best_clear(game))
            row.append([float(game.score == 0), float(game.score), by_horizon])
        games.append(row)
    return {"position": position.notation(), "games": games}


def collect(args: argparse.Namespace) -> None:
    models: Models = ((WIN_WEIGHTS, LEFT_WEIGHTS), old_weights(args.old))
    seeds = parse_seed_range(args.seeds)
    tasks = [(args.level, seed, turns, args.samples, models) for seed in seeds for turns in TURNS]
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        data = [d for d in pool.map(position_data, tasks) if d]
    Path(args.out).write_text(json.dumps({"old": args.old, "positions": data}), encoding="utf-8")
    print(f"{len(data)} positions -> {args.out}")


def judge(args: argparse.Namespace) -> None:
    stored = json.loads(Path(args.data).read_text(encoding="utf-8"))
    rng = random.Random(0)
    names = ["full"] + [f"{model}@{h}" for h in HORIZONS for model in ("this", "old")]
    for n in args.samples:
        regret = dict.fromkeys(names, 0.0)
        for record in stored["positions"]:
            games = record["games"]
            half = len(games) // 2
            candidates = range(len(games[0]))
            truth = [sum(g[c][0] for g in games[:half]) / half for c in candidates]
            best = max(truth)
            for _ in range(args.draws):
                drawn = rng.sample(games[half:], n)
                for name in names:
                    if name == "full":
                        scores = [sum(g[c][0] - PER_CARD * g[c][1] for g in drawn) for c in candidates]
                    else:
                        model, h = name.split("@")
                        i, o = HORIZONS.index(int(h)), 0 if model == "this" else 2
                        scores = [sum(g[c][2][i][o] - PER_CARD * g[c][2][i][o + 1] for g in drawn) for c in candidates]
                    chosen = max(candidates, key=lambda c: (scores[c], -c))
                    regret[name] += (best - truth[chosen]) / args.draws
        print(f"n={n}: " + "  ".join(f"{name} {regret[name]:.2f}" for name in names))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    commands = parser.add_subparsers(dest="command", required=True)
    gather = commands.add_parser("collect")
    gather.add_argument("--level", choices=[level.value for level in Level], default="hard")
    gather.add_argument("--seeds", required=True)
    gather.add_argument("--samples", type=int, default=400)
    gather.add_argument("--old", required=True, help="the commit whose value model to compare")
    gather.add_argument("--jobs", type=int, default=2)
    gather.add_argument("--out", required=True)
    report = commands.add_parser("judge")
    report.add_argument("data")
    report.add_argument("--samples", type=int, nargs="+", default=[8, 16, 32, 64])
    report.add_argument("--draws", type=int, default=40)
    args = parser.parse_args(argv)
    collect(args) if args.command == "collect" else judge(args)


if __name__ == "__main__":
    main()
