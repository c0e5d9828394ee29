"""The statistics both games' benchmarks report: a win rate's confidence interval and percentiles
of decision times. Pure."""

from __future__ import annotations

import math
from collections.abc import Sequence


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
