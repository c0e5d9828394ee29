"""Tune the rollout heuristic's weights with the cross-entropy method, and check what they are worth.

Run:
    uv run python benchmarks/tune_weights.py tune --seeds 10001-11000 --generations 15 --population 20
    uv run python benchmarks/tune_weights.py solo --seeds 20001-22000 --weights '[...]'
    uv run python benchmarks/tune_weights.py hints --strength fast --level hard --seeds 1200001-1200300 \
        --weights '[...]' [--only rollouts|order]

``tune`` maximises the heuristic's own win rate, playing alone (each move ``best_move``, no search),
over the seeds at both levels: each generation samples weight vectors around the mean (the current
vector is always one of them), keeps the best quarter, and moves the mean and the spread to them.
``solo`` compares the shipped weights with others on held-out seeds. ``hints`` plays a hint strength
with the weights swapped in (for its rollouts, its candidate order, or both) and prints the deals
it won, to pair with a run of the shipped weights on the same seeds. Its hints use the engine's
seed 0 at every decision (``clubfight bench`` seeds each deal's hints with the deal's seed), so its
figures pair with each other, not with bench's.

A weight vector is ``[joker, crowd, club_cost[1], ..., club_cost[13]]`` (heuristic.Weights).
Figures and the seeds each used are in docs/ai.md. Two worker processes, one per core.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from clubfight.club_fight.ai import heuristic
from clubfight.club_fight.ai.bench import parse_seed_range
from clubfight.club_fight.ai.heuristic import DEFAULT_WEIGHTS, Weights, best_move
from clubfight.club_fight.engine import Level, deal

Vector = list[float]
Deal = tuple[Level, int]


def to_weights(vector: Vector) -> Weights:
    return Weights(joker=vector[0], crowd=vector[1], club_cost=(0, *vector[2:15]))


def from_weights(weights: Weights) -> Vector:
    return [weights.joker, weights.crowd, *weights.club_cost[1:14]]


def solo_wins(job: tuple[Vector, list[Deal]]) -> int:
    """Deals the heuristic wins playing alone with these weights."""
    vector, deals = job
    weights = to_weights(vector)
    wins = 0
    for level, seed in deals:
        position = deal(level, seed)
        while not position.is_over:
            position = position.play(best_move(position, weights))
        wins += position.score == 0
    return wins


def solo_rates(pool: ProcessPoolExecutor, vectors: list[Vector], deals: list[Deal]) -> list[float]:
    halves = [deals[0::2], deals[1::2]]
    futures = [[pool.submit(solo_wins, (vector, half)) for half in halves] for vector in vectors]
    return [sum(f.result() for f in pair) / len(deals) for pair in futures]


def tune(deals: list[Deal], generations: int, population: int, seed: int) -> None:
    rng = random.Random(seed)
    mean = from_weights(DEFAULT_WEIGHTS)
    spread = [0.5, 0.2] + [0.4] * 13
    with ProcessPoolExecutor(2) as pool:
        print(f"shipped weights: {solo_rates(pool, [mean], deals)[0]:.4f} on {len(deals)} deals", flush=True)
        for generation in range(generations):
            begin = time.time()
            vectors = [mean] + [
                [max(0.0, m + s * rng.gauss(0, 1)) for m, s in zip(mean, spread, strict=True)]
                for _ in range(population - 1)
            ]
            rates = solo_rates(pool, vectors, deals)
            ranked = sorted(zip(rates, range(population), strict=True), reverse=True)
            elite = [vectors[index] for _, index in ranked[: population // 4]]
            mean = [statistics.fmean(column) for column in zip(*elite, strict=True)]
            spread = [
                max(0.03, 0.7 * s + 0.3 * statistics.pstdev(column))
                for s, column in zip(spread, zip(*elite, strict=True), strict=True)
            ]
            print(
                f"generation {generation}: best {ranked[0][0]:.4f}, the mean's {rates[0]:.4f} "
                f"({time.time() - begin:.0f} s)",
                flush=True,
            )
        print(f"final mean: {solo_rates(pool, [mean], deals)[0]:.4f}", json.dumps([round(x, 3) for x in mean]))


def hint_wins(job: tuple[Vector | None, str, str, Level, list[int]]) -> tuple[list[int], list[float]]:
    vector, only, strength, level, seeds = job
    if vector is not None:  # a worker process of its own: swapping the defaults touches nothing else
        weights = (to_weights(vector),)
        if only != "order":  # the rollouts' moves: best_clear, which best_move also asks
            heuristic.best_clear.__defaults__ = weights
            heuristic.best_move.__defaults__ = weights
        if only != "rollouts":
            heuristic.ranked_moves.__defaults__ = weights
    from clubfight.club_fight.ai.hints import suggest

    won, times = [], []
    for seed in seeds:
        position = deal(level, seed)
        while not position.is_over:
            begin = time.process_time()
            move = suggest(position, strength=strength, seed=0).move
            times.append(time.process_time() - begin)
            position = position.play(move)
        if position.score == 0:
            won.append(seed)
    return won, times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", choices=("tune", "solo", "hints"))
    parser.add_argument("--seeds", type=parse_seed_range, required=True, metavar="A-B")
    parser.add_argument("--weights", type=json.loads, default=None, help="a weight vector (JSON list)")
    parser.add_argument("--generations", type=int, default=15)
    parser.add_argument("--population", type=int, default=20)
    parser.add_argument("--strength", default="fast")
    parser.add_argument("--level", type=Level, default=Level.HARD)
    parser.add_argument("--only", choices=("rollouts", "order"), default=None)
    args = parser.parse_args()
    if args.mode == "tune":
        tune([(level, s) for s in args.seeds for level in Level], args.generations, args.population, seed=13)
    elif args.mode == "solo":
        vectors = [from_weights(DEFAULT_WEIGHTS)] + ([args.weights] if args.weights else [])
        with ProcessPoolExecutor(2) as pool:
            for level in Level:
                rates = solo_rates(pool, vectors, [(level, s) for s in args.seeds])
                print(f"{level.value}: " + ", ".join(f"{r:.2%}" for r in rates), "(shipped first)")
    else:
        seeds = list(args.seeds)
        with ProcessPoolExecutor(2) as pool:
            jobs = [
                pool.submit(hint_wins, (args.weights, args.only, args.strength, args.level, seeds[i::2]))
                for i in (0, 1)
            ]
            won, times = [], []
            for job in jobs:
                part_won, part_times = job.result()
                won += part_won
                times += part_times
        print(
            f"hint-{args.strength}, {args.level.value} {seeds[0]}-{seeds[-1]}, "
            f"{'shipped weights' if args.weights is None else 'these weights'}"
            f"{'' if args.only is None else ' for its ' + args.only + ' only'}: won {len(won)}/{len(seeds)}, "
            f"median decision {statistics.median(times) * 1000:.0f} ms CPU"
        )
        print("won:", json.dumps(sorted(won)))


if __name__ == "__main__":
    main()
