"""``clubfight stats``: both games' statistics as Rich tables and a score chart, or JSON; ``--reset``
clears Club Fight's (a shared command: the command line is the one layer that knows both games)."""

from __future__ import annotations

import argparse
import json
import sys
from datetime import datetime, timezone

from clubfight.club_fight.game import summarize
from clubfight.club_fight.storage.stats import load_stats, reset_stats, stats_path
from clubfight.combat.game import CombatFigures, combat_figures
from clubfight.combat.storage.stats import load_combat_stats
from clubfight.common.command_line import UsageError


def run(args: argparse.Namespace) -> int:
    if args.yes and not args.reset:
        raise UsageError("--yes only goes with --reset")
    loaded = load_stats()
    if loaded.warning:
        print(f"clubfight: {loaded.warning}", file=sys.stderr)
    if args.reset:
        return _reset(len(loaded.value), args.yes)
    summary = summarize(loaded.value, today=datetime.now(timezone.utc).date())
    combat = _combat_figures()
    if args.json:
        print(json.dumps({**summary.to_json(), "combat": [f.to_json() for f in combat]}, indent=2))
        return 0
    from rich.console import Console  # Rich and the views only for the tables: --json needs neither

    from clubfight.club_fight.views.stats import render_stats
    from clubfight.combat.views.stats import combat_table

    console = Console()
    console.print(render_stats(summary))
    console.print()
    console.print(combat_table(combat))
    return 0


def _combat_figures() -> tuple[CombatFigures, ...]:
    """Combat Club's figures per computer level, from their own file (kept apart from Club Fight's)."""
    loaded = load_combat_stats()
    if loaded.warning:
        print(f"clubfight: {loaded.warning}", file=sys.stderr)
    return combat_figures(loaded.value)


def _reset(games: int, yes: bool) -> int:
    if not yes and not _confirm(f"Clear all statistics ({games} game{'s' if games != 1 else ''})? [y/N] "):
        print("Kept your statistics.")
        return 0
    try:
        reset_stats()
    except OSError as error:
        where = stats_path()
        reason = error.strerror or str(error)
        if error.filename and str(error.filename) != str(where):  # a folder on the way, say a file in its place
            reason += f" ({error.filename})"
        print(f"clubfight: couldn't clear {where}: {reason}", file=sys.stderr)
        return 1
    print("Statistics cleared.")
    return 0


def _confirm(question: str) -> bool:
    """Only an explicit yes counts; no answer (EOF, Ctrl-D, a closed pipe) keeps everything."""
    print(question, end="", flush=True)
    try:
        answer = sys.stdin.readline()
    except (OSError, ValueError):
        answer = ""
    if not answer.endswith("\n"):
        print()
    return answer.strip().lower() in ("y", "yes")
