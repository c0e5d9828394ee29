"""Exported records: a game's text written into ``<data>/records/`` under a name that sorts by time."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from clubfight.common.storage import paths

from .atomic import atomic_write_text


def export_text(text: str, stem: str, *, folder: Path | None = None, when: datetime | None = None) -> Path:
    """Write ``text`` as ``STEM-20261130T021500.txt`` (``-2``, ``-3``, ... when taken) and return its path.

    Raises OSError if the folder can't be written."""
    where = folder or paths.records_dir()
    stamp = (when or datetime.now(timezone.utc)).strftime("%Y%m%dT%H%M%S")
    path = where / f"{stem}-{stamp}.txt"
    n = 2
    while path.exists():
        path = where / f"{stem}-{stamp}-{n}.txt"
        n += 1
    atomic_write_text(path, text)
    return path
