"""``clubfight bench``: win rates of the solver and each policy on consecutive seeds, as a table and JSON."""

from __future__ import annotations

import argparse
import json
import shlex
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from clubfight.club_fight.ai.bench import (
    ALL_POLICIES,
    DEFAULT_POLICIES,
    Row,
    make_tasks,
    parse_seed_range,
    report_json,
    run_deals,
    summarise,
)
from clubfight.club_fight.names import LEVELS
from clubfight.common.command_line import UsageError, check_writable
from clubfight.common.shuffle import MAX_SEED


def _names(text: str, allowed: tuple[str, ...], what: str) -> list[str]:
    names = [name.strip() for name in text.split(",") if name.strip()]
    bad = [name for name in names if name not in allowed]
    if bad or not names:
        raise UsageError(f"unknown {what} {', '.join(bad) or repr(text)}: use {','.join(allowed)}")
    return list(dict.fromkeys(names))


def _milliseconds(seconds: float) -> str:
    ms = seconds * 1000
    return f"{ms:.2f}" if ms < 10 else f"{ms:,.0f}"


def render(rows: list[Row], title: str, console: Console | None = None) -> None:
    """The table at the terminal's width: at 80 columns Rich folds the headers and cells to fit."""

    # Short headers and units in them, so the table fits 80 columns; narrower still, Rich folds it.
    table = Table(title=title, box=box.SIMPLE_HEAD, padding=(0, 0), pad_edge=False)
    headers = ("level", "policy", "deals", "won", "lost", "unk.", "rate", "95% CI", "median ms", "p95 ms", "ratio")
    for header in headers:
        table.add_column(header, justify="left" if header in ("level", "policy") else "right", overflow="fold")
    for row in rows:
        table.add_row(
            row.level,
            row.policy,
            str(row.deals),
            str(row.wins),
            str(row.losses),
            str(row.unknowns),
            f"{row.rate:.1%}",
            f"{row.ci_low * 100:.1f}-{row.ci_high:.1%}",
            _milliseconds(row.median_seconds),
            _milliseconds(row.p95_seconds),
            "-" if row.ratio is None else f"{row.ratio:.1%}",
        )
    (console or Console()).print(table)
    print("median, p95: time per decision (the solver: per deal); unk.: unknown in time;")
    print("ratio: win rate / the solver's winnable rate")


@contextmanager
def progress_bar(total: int, console: Console | None = None) -> Iterator[Callable[[], None]]:
    """A Rich progress line on standard error: deals done, the rate and the time left."""

    progress = Progress(
        TextColumn("bench"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]}"),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=console or Console(stderr=True),
        transient=True,
    )
    task = progress.add_task("deals", total=total, rate="")

    def advance() -> None:
        progress.advance(task)
        speed = progress.tasks[0].speed
        progress.update(task, rate=f"{speed:.1f} deals/s" if speed else "")

    with progress:
        yield advance


def run(args: argparse.Namespace) -> int:
    try:
        seeds = parse_seed_range(args.seeds)
    except ValueError as error:
        raise UsageError(str(error)) from None
    if seeds.stop - 1 > MAX_SEED:
        raise UsageError(f"bad seed range {args.seeds!r}: seeds go up to {MAX_SEED}")
    if args.json:
        check_writable(Path(args.json))  # before the run, not after hours of it
    levels = _names(args.levels, LEVELS, "level")
    policies = _names(args.policies, ALL_POLICIES, "policy") if args.policies else list(DEFAULT_POLICIES)
    tasks = make_tasks(seeds, levels, policies)
    with progress_bar(len(tasks)) as advance:
        results = run_deals(tasks, jobs=args.jobs, on_result=lambda _: advance())
    rows = summarise(results, levels, policies)
    command = "clubfight bench " + shlex.join(
        ["--seeds", f"{seeds.start}-{seeds.stop - 1}", "--levels", ",".join(levels), "--policies", ",".join(policies)]
    )
    render(rows, f"seeds {seeds.start}-{seeds.stop - 1}")
    if args.json:
        try:
            Path(args.json).write_text(json.dumps(report_json(rows, results, seeds, command), indent=2) + "\n")
        except OSError as error:
            raise UsageError(f"can't write {args.json}: {error.strerror}") from None
    return 0
