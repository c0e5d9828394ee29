"""Exported game records: the text of ``clubfight.game.records`` written into the data folder."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timezone
from pathlib import Path

from ..engine import Move
from ..game import Start, format_record
from . import paths
from .atomic import atomic_write_text


def record_filename(start: Start, when: datetime) -> str:
    """``clubfight-hard-12345-20261130T021500.txt``: sorts by time, names the deal."""
    label = str(start.deal) if start.deal is not None else "position"
    return f"clubfight-{label}-{when.strftime('%Y%m%dT%H%M%S')}.txt"


def export_record(
    start: Start, moves: Sequence[Move], *, folder: Path | None = None, when: datetime | None = None
) -> Path:
    """Write the game's record and return its path (``<data>/records/`` unless ``folder``).

    Raises IllegalMoveError if the moves aren't a legal game from ``start``, OSError if the folder
    can't be written.
    """
    text = format_record(start, moves)
    where = folder or paths.records_dir()
    stamp = when or datetime.now(timezone.utc)
    path = where / record_filename(start, stamp)
    n = 2
    while path.exists():
        path = where / record_filename(start, stamp).replace(".txt", f"-{n}.txt")
        n += 1
    atomic_write_text(path, text)
    return path
