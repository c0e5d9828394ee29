"""``clubfight replay FILE``: check a game record, then step through it in the app.

With ``--text`` the replay is printed instead: each move and the position after it.
"""

from __future__ import annotations

import argparse

from clubfight.club_fight.game import (
    MAX_LINE_LENGTH,
    MAX_RECORD_LINES,
    GameRecord,
    RecordError,
    parse_record,
    result_text,
)
from clubfight.club_fight.tui.launch import ClubFightReplay
from clubfight.common.command_line import OpenApp, UsageError, read_record_text


def run(args: argparse.Namespace) -> int | OpenApp:
    record = read_record_file(args.file)
    if not getattr(args, "text", False):
        return OpenApp(ClubFightReplay(record.positions, record.moves))
    print(replay_text(record), end="")
    return 0


def read_record_file(name: str) -> GameRecord:
    """Read and replay a record file; every problem is a UsageError naming the file (and line)."""
    text = read_record_text(name, max_lines=MAX_RECORD_LINES, max_line_length=MAX_LINE_LENGTH, what="a game record")
    try:
        return parse_record(text)
    except RecordError as error:
        raise UsageError(f"{name}:{error.line}: {error.reason}") from None


def replay_text(record: GameRecord) -> str:
    start = record.start
    variants = ", ".join(start.variant.names) or "none"
    lines = [f"Game record: {start.label} ({record.final.level.value}), variants: {variants}", ""]
    lines += ["Start:", str(record.positions[0]), ""]
    for number, (move, position) in enumerate(zip(record.moves, record.positions[1:], strict=True), start=1):
        lines += [f"Move {number}: {move}", str(position), ""]
    lines.append(f"Result: {result_text(record.final)}")
    return "\n".join(lines) + "\n"
