"""What both games' benchmarks share: a win rate's confidence interval, percentiles of decision
times, and running the games in a pool of processes. Pure but for the pool."""

from __future__ import annotations

import math
import multiprocessing
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")


def wilson_interval(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval: sane even at 0 or 100 % and for small samples."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: Sequence[float], fraction: float) -> float:
    """Nearest-rank percentile (p95 of 20 values is the 19th smallest)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[max(1, math.ceil(fraction * len(ordered))) - 1]


def run_tasks(
    run_task: Callable[[T], R], tasks: Sequence[T], jobs: int = 1, on_result: Callable[[R], None] | None = None
) -> list[R]:
    """Every task, in a pool of ``jobs`` processes when jobs > 1; results come back in task order.
    ``run_task`` must be a module-level function (the pool pickles it)."""
    results: list[R] = []
    jobs = min(jobs, len(tasks))  # a pool starts a process per task it holds: never more than there is work
    if jobs <= 1:
        for task in tasks:
            results.append(run_task(task))
            if on_result is not None:
                on_result(results[-1])
        return results
    # forkserver, not fork: forking a process that runs threads (a test runner, say) can deadlock the child.
    with ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("forkserver")) as pool:
        for result in pool.map(run_task, tasks, chunksize=1):
            results.append(result)
            if on_result is not None:
                on_result(result)
    return results
