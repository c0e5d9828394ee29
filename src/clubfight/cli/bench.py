"""``clubfight bench``: win rates of the solver and each policy on consecutive seeds, as a table and JSON."""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from pathlib import Path

from ..ai.bench import ALL_POLICIES, Row, make_tasks, parse_seed_range, report_json, run_deals, summarise
from .options import LEVELS, MAX_SEED, UsageError


def _names(text: str, allowed: tuple[str, ...], what: str) -> list[str]:
    names = [name.strip() for name in text.split(",") if name.strip()]
    bad = [name for name in names if name not in allowed]
    if bad or not names:
        raise UsageError(f"unknown {what} {', '.join(bad) or repr(text)}: use {','.join(allowed)}")
    return list(dict.fromkeys(names))


def _check_writable(path: Path) -> None:
    """Refuse a --json path that can't be written, without creating anything yet."""
    if path.is_dir():
        raise UsageError(f"can't write {path}: it is a directory")
    if not path.parent.is_dir():
        raise UsageError(f"can't write {path}: no folder {path.parent}")


def _milliseconds(seconds: float) -> str:
    ms = seconds * 1000
    return f"{ms:.2f} ms" if ms < 10 else f"{ms:,.0f} ms"


def render(rows: list[Row], title: str) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title=title)
    headers = ("level", "policy", "deals", "won", "lost", "unknown", "win rate", "95% CI", "median", "p95", "vs solver")
    for header in headers:
        table.add_column(header, justify="left" if header in ("level", "policy") else "right", no_wrap=True)
    for row in rows:
        table.add_row(
            row.level,
            row.policy,
            str(row.deals),
            str(row.wins),
            str(row.losses),
            str(row.unknowns),
            f"{row.rate:.1%}",
            f"{row.ci_low:.1%}-{row.ci_high:.1%}",
            _milliseconds(row.median_seconds),
            _milliseconds(row.p95_seconds),
            "-" if row.ratio is None else f"{row.ratio:.1%}",
        )
    Console(width=max(Console().width, 130)).print(table)
    print("median and p95: time per decision (for the solver: per deal); vs solver: win rate / winnable rate")


def run(args: argparse.Namespace) -> int:
    try:
        seeds = parse_seed_range(args.seeds)
    except ValueError as error:
        raise UsageError(str(error)) from None
    if seeds.stop - 1 > MAX_SEED:
        raise UsageError(f"bad seed range {args.seeds!r}: seeds go up to {MAX_SEED}")
    if args.json:
        _check_writable(Path(args.json))  # before the run, not after hours of it
    levels = _names(args.levels, LEVELS, "level")
    policies = _names(args.policies, ALL_POLICIES, "policy") if args.policies else list(ALL_POLICIES)
    tasks = make_tasks(seeds, levels, policies)
    done = 0

    def progress(_: object) -> None:
        nonlocal done
        done += 1
        if sys.stderr.isatty():
            print(f"\r{done}/{len(tasks)} deals", end="", file=sys.stderr, flush=True)

    results = run_deals(tasks, jobs=args.jobs, on_result=progress)
    if sys.stderr.isatty():
        print(file=sys.stderr)
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
