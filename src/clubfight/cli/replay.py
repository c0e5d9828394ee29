"""``clubfight replay FILE``: check a game record, then step through it in the app.

With ``--text`` the replay is printed instead: each move and the position after it.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from ..game import MAX_LINE_LENGTH, MAX_RECORD_LINES, GameRecord, RecordError, parse_record, result_text
from .options import UsageError

MAX_BYTES = MAX_RECORD_LINES * (MAX_LINE_LENGTH + 2)


def run(args: argparse.Namespace) -> int:
    record = read_record_file(args.file)
    if not getattr(args, "text", False):
        from ..tui.clubfight.replay_screen import run_replay  # Textual loads only when the app opens

        return run_replay(list(record.positions), list(record.moves))
    print(replay_text(record), end="")
    return 0


def read_record_file(name: str) -> GameRecord:
    """Read and replay a record file; every problem is a UsageError naming the file (and line)."""
    path = Path(name)
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
    except OSError as error:
        raise UsageError(f"can't read {name}: {error.strerror or error}") from None
    if len(raw) > MAX_BYTES:
        raise UsageError(f"{name} is too large to be a game record")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        raise UsageError(f"{name}:{line}: not text (a game record is UTF-8)") from None
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
