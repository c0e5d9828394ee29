"""The win-rate benchmark as pure computation: deals in, figures out (printing is the command's job).

Each (policy, level, seed) is one task, so a process pool can spread them over cores. Seeds are
consecutive and never re-rolled or filtered: a deal the solver can't decide counts as unknown.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass

from clubfight.club_fight.engine import Level, deal
from clubfight.common.bench import percentile, run_tasks, wilson_interval

from .policies import POLICY_NAMES, make_policy
from .solver import Verdict, solve

SOLVER = "solver"
ALL_POLICIES = (SOLVER, *POLICY_NAMES)
DEFAULT_POLICIES = tuple(name for name in ALL_POLICIES if name != "hint-expert")
"""What ``clubfight bench`` runs unless told: expert takes about 0.6 s a move at the median (1.5 s early
in a game), several times the others, so it is asked for by name."""
SOLVER_TIME_LIMIT = 10.0


@dataclass(frozen=True)
class DealResult:
    """One deal played by one policy (or decided by the solver)."""

    policy: str
    level: str
    seed: int
    outcome: str
    """"won"/"lost" for a policy; the verdict value for the solver."""
    seconds: tuple[float, ...]
    """Time per decision (for the solver: one entry, the whole search)."""
    score: int = 0
    """Cards left at the end (E3); 0 when won."""


@dataclass(frozen=True)
class Row:
    """The figures of one policy on one level."""

    level: str
    policy: str
    deals: int
    wins: int
    losses: int
    unknowns: int
    rate: float
    ci_low: float
    ci_high: float
    median_seconds: float
    p95_seconds: float
    max_seconds: float
    ratio: float | None
    """Win rate over the solver's winnable rate on the same deals; None when the solver didn't run."""


def parse_seed_range(text: str) -> range:
    """``"1-500"`` or ``"7"`` -> the consecutive seeds; ValueError with a one-line reason otherwise."""
    first, dash, last = text.strip().partition("-")
    try:
        low = int(first, 10)
        high = int(last, 10) if dash else low
    except ValueError:
        raise ValueError(f"bad seed range {text!r}: expected A-B, for example 1-500") from None
    if low < 0 or high < low:
        raise ValueError(f"bad seed range {text!r}: expected 0 <= A <= B")
    return range(low, high + 1)


def run_task(task: tuple[str, str, int]) -> DealResult:
    """Play (or solve) one deal: the unit of work for the process pool."""
    policy_name, level_name, seed = task
    position = deal(Level(level_name), seed)
    if policy_name == SOLVER:
        result = solve(position, time_limit=SOLVER_TIME_LIMIT)
        return DealResult(policy_name, level_name, seed, result.verdict.value, (result.seconds,))
    policy = make_policy(policy_name, seed)
    times = []
    while not position.is_over:
        start = time.perf_counter()
        move = policy(position)
        times.append(time.perf_counter() - start)
        position = position.play(move)
    outcome = "won" if position.score == 0 else "lost"
    return DealResult(policy_name, level_name, seed, outcome, tuple(times), position.score)


def run_deals(
    tasks: Sequence[tuple[str, str, int]],
    jobs: int = 1,
    on_result: Callable[[DealResult], None] | None = None,
) -> list[DealResult]:
    """Run every task, in a pool of ``jobs`` processes when jobs > 1; results come back in task order."""
    return run_tasks(run_task, tasks, jobs, on_result)


def make_tasks(seeds: Iterable[int], levels: Sequence[str], policies: Sequence[str]) -> list[tuple[str, str, int]]:
    # Expensive policies first, so a pool is not left waiting on one slow straggler at the end.
    cost = {"hint-expert": 0, "hint-strong": 1, "hint-fast": 2, SOLVER: 3, "greedy": 4, "random": 5}
    ordered = sorted(policies, key=lambda name: cost.get(name, len(cost)))
    return [(policy, level, seed) for policy in ordered for level in levels for seed in seeds]


def summarise(results: Sequence[DealResult], levels: Sequence[str], policies: Sequence[str]) -> list[Row]:
    """One row per (level, policy), in the order given; ratios against the solver when it ran."""
    rows = []
    for level in levels:
        solver_results = [r for r in results if r.level == level and r.policy == SOLVER]
        winnable = sum(r.outcome == Verdict.WINNABLE.value for r in solver_results)
        clairvoyant = winnable / len(solver_results) if solver_results else None
        for policy in policies:
            mine = [r for r in results if r.level == level and r.policy == policy]
            if not mine:
                continue
            if policy == SOLVER:
                wins = winnable
                unknowns = sum(r.outcome == Verdict.UNKNOWN.value for r in mine)
                losses = len(mine) - wins - unknowns
            else:
                wins = sum(r.outcome == "won" for r in mine)
                unknowns = 0
                losses = len(mine) - wins
            times = [t for r in mine for t in r.seconds]
            low, high = wilson_interval(wins, len(mine))
            rate = wins / len(mine)
            ratio = rate / clairvoyant if clairvoyant else None
            rows.append(
                Row(
                    level,
                    policy,
                    len(mine),
                    wins,
                    losses,
                    unknowns,
                    rate,
                    low,
                    high,
                    statistics.median(times) if times else 0.0,
                    percentile(times, 0.95),
                    max(times, default=0.0),
                    ratio,
                )
            )
    return rows


def report_json(rows: Sequence[Row], results: Sequence[DealResult], seeds: range, command: str) -> dict[str, object]:
    """The figures as JSON-ready data, with the deals the solver could not prove winnable listed and
    every deal's result (so a later run can look again at the deals a policy lost)."""
    not_winnable = [
        {"level": r.level, "seed": r.seed, "verdict": r.outcome}
        for r in results
        if r.policy == SOLVER and r.outcome != Verdict.WINNABLE.value
    ]
    return {
        "command": command,
        "seeds": f"{seeds.start}-{seeds.stop - 1}",
        "rows": [asdict(row) for row in rows],
        "solver_not_winnable": not_winnable,
        "deals": [asdict(result) for result in results],
    }
