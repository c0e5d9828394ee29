"""``clubfight combat replay FILE``: check a Combat Club record, then step through it in the app (← →).

With ``--text`` the replay is printed instead: the position after every action."""

from __future__ import annotations

import argparse

from clubfight.combat.game import MAX_LINE_LENGTH, MAX_RECORD_LINES, Match, RecordError, parse_record
from clubfight.combat.tui.launch import CombatReplay
from clubfight.common.command_line import OpenApp, UsageError, read_record_text


def run(args: argparse.Namespace) -> int | OpenApp:
    match = read_combat_record(args.file)
    if not getattr(args, "text", False):
        return OpenApp(CombatReplay(match))
    print(replay_text(match), end="")
    return 0


def read_combat_record(name: str) -> Match:
    """Read and replay a record file; every problem is a UsageError naming the file (and line)."""
    text = read_record_text(
        name, max_lines=MAX_RECORD_LINES, max_line_length=MAX_LINE_LENGTH, what="a Combat Club record"
    )
    try:
        return parse_record(text)
    except RecordError as error:
        raise UsageError(f"{name}:{error.line}: {error.reason}") from None


def replay_text(match: Match) -> str:
    """Each round's start, then every action and the round after it, then the result."""
    lines = [f"Combat Club record: {match.code}, {match.rules}", ""]
    for played in match.rounds:
        positions = played.positions()
        lines += [f"Round {played.number}", "", "Start:", str(positions[0]), ""]
        for step, (action, after) in enumerate(zip(played.actions, positions[1:], strict=True), start=1):
            lines += [f"{step}. {action}", *(f"   {event}" for event in after.events), str(after), ""]
        outcome = played.result
        lines += [f"Round {played.number}: {outcome if outcome is not None else 'unfinished'}", ""]
    lines.append(f"Result: {match.summary()}")
    return "\n".join(lines) + "\n"
