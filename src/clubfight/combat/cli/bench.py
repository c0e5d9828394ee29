"""``clubfight combat bench``: the Combat Club computer against itself, as a table and JSON.

The parser is registered by ``add_bench_parser``, which main.py calls on the ``combat`` command's
subparsers; nothing heavy is imported until ``run``.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from clubfight.combat.names import OPPONENTS, ROUNDS
from clubfight.common.command_line import UsageError, check_writable, positive_int, seed_value

if TYPE_CHECKING:
    from clubfight.combat.ai.bench import GameResult, Task

LEVEL_NAMES = (*OPPONENTS, "random", "clairvoyant")
"""clubfight.combat.ai.players.PLAYERS: the levels, a random player and the clairvoyant hard (a bound)."""
ROUND_CHOICES = tuple(str(rounds) for rounds in ROUNDS)


def add_bench_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``bench`` to the ``combat`` command's subparsers (dest ``combat_command``)."""
    bench: argparse.ArgumentParser = subparsers.add_parser(
        "bench",
        help="play the computer against itself and report win rates",
        description=(
            "Play N seeded matches between two computer levels, swapping colours every game "
            "(each level plays RED in half of them), and print wins with 95% intervals, how rounds "
            "were won, the first attacker's edge, turns per round and decision times."
        ),
    )
    bench.add_argument(
        "--games", type=positive_int, default=100, metavar="N", help="matches to play, even (default 100)"
    )
    bench.add_argument(
        "--red", choices=LEVEL_NAMES, default="hard", help="the first level: RED in even games (default hard)"
    )
    bench.add_argument(
        "--black", choices=LEVEL_NAMES, default="normal", help="the second level: BLACK in even games (default normal)"
    )
    bench.add_argument(
        "--seed", type=seed_value, default=1, metavar="S", help="first match seed; game i plays S + i//2 (default 1)"
    )
    bench.add_argument(
        "--rounds",
        choices=ROUND_CHOICES,
        default="3",
        help="a match is the best of 1, 3 or 5 rounds (default 3, as Rules)",
    )
    bench.add_argument("--jobs", type=positive_int, default=1, metavar="J", help="worker processes (default 1)")
    bench.add_argument("--json", default=None, metavar="FILE", help="also write the figures as JSON to FILE")
    return bench


def _ms(seconds: float) -> str:
    ms = seconds * 1000
    return f"{ms:.2f} ms" if ms < 10 else f"{ms:,.0f} ms"


def render(summary: Any, title: str) -> None:
    from rich.console import Console  # only to print the table (the parser imports this module)
    from rich.table import Table

    console = Console(width=max(Console().width, 110))
    table = Table(title=title)
    for header in ("level", "games", "won", "win rate", "95% CI", "rounds won", "decisions", "median", "p95"):
        table.add_column(header, justify="left" if header == "level" else "right", no_wrap=True)
    for row in summary.rows:
        table.add_row(
            row.level,
            str(row.games),
            str(row.wins),
            f"{row.rate:.1%}",
            f"{row.ci_low:.1%}-{row.ci_high:.1%}",
            f"{row.rounds_won}/{row.rounds_played}",
            str(row.decisions),
            _ms(row.median_seconds),
            _ms(row.p95_seconds),
        )
    console.print(table)
    rounds = summary.rounds
    ways = Table(title=f"{rounds} rounds")
    for header in ("knock out", "ring out", "submission", "time out", "first attacker won", "95% CI", "turns/round"):
        ways.add_column(header, justify="right", no_wrap=True)
    types = summary.win_types

    def share(key: str) -> str:
        count = types[key]
        text = f"{count} ({count / rounds:.0%})" if rounds else "0"
        if key == "time-out" and summary.judged:
            text += f", {summary.judged} judged"
        return text

    low, high = summary.first_attacker_ci
    ways.add_row(
        share("knock-out"),
        share("ring-out"),
        share("submission"),
        share("time-out"),
        f"{summary.first_attacker_wins} ({summary.first_attacker_rate:.1%})",
        f"{low:.1%}-{high:.1%}",
        f"{summary.average_turns:.1f}",
    )
    console.print(ways)
    print(
        f"RED won {summary.red_wins} of {summary.games} matches; median and p95: time per decision; "
        "95% CI: Wilson score interval"
    )


def check_run(args: argparse.Namespace, why_even: str, count: str = "games") -> None:
    """``--games`` (or the option ``count`` names) even, its last match seed in range, and ``--json``
    writable: all checked before the run, not after an hour of it. ``why_even`` ends the message
    for an odd count."""
    from clubfight.combat.engine import MAX_SEED

    games: int = getattr(args, count)
    if games % 2:
        raise UsageError(f"--{count} must be even, not {games}: {why_even}")
    if args.seed + (games - 1) // 2 > MAX_SEED:
        raise UsageError(f"--seed {args.seed} is too large for {games} {count}: match seeds go up to {MAX_SEED}")
    if args.json:
        check_writable(Path(args.json))


def play_with_progress(tasks: Sequence[Task], jobs: int) -> list[GameResult]:
    """``run_games``, counting the games finished on a terminal's stderr."""
    from clubfight.combat.ai.bench import run_games

    done = 0

    def progress(_: object) -> None:
        nonlocal done
        done += 1
        if sys.stderr.isatty():
            print(f"\r{done}/{len(tasks)} games", end="", file=sys.stderr, flush=True)

    results = run_games(tasks, jobs=jobs, on_result=progress)
    if sys.stderr.isatty():
        print(file=sys.stderr)
    return results


def run(args: argparse.Namespace) -> int:
    # The combat parser imports this module for --help: the AI and Rich load only when the bench runs.
    from clubfight.combat.ai.bench import make_tasks, report_json, summarise

    games: int = args.games
    check_run(args, "each level plays RED in half the games")
    rounds = int(args.rounds)
    a, b = args.red, args.black
    tasks = make_tasks(games, a, b, args.seed, rounds)
    results = play_with_progress(tasks, args.jobs)
    summary = summarise(results, a, b, args.seed, rounds)
    command = "clubfight combat bench " + shlex.join(
        ["--games", str(games), "--red", a, "--black", b, "--seed", str(args.seed), "--rounds", str(rounds)]
    )
    kind = "single rounds" if rounds == 1 else f"best-of-{rounds} matches"
    render(summary, f"{a} vs {b}: {games} {kind}, match seeds {summary.seeds}")
    if args.json:
        try:
            Path(args.json).write_text(json.dumps(report_json(summary, results, command), indent=2) + "\n")
        except OSError as error:
            raise UsageError(f"can't write {args.json}: {error.strerror}") from None
    return 0
