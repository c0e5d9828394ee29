"""Atomic writes and forgiving reads of versioned JSON documents.

A write goes to a temporary file in the same folder, is flushed and fsynced, then renamed over the
old file with ``os.replace`` (atomic on POSIX and Windows), and the folder is fsynced so the rename
itself survives a power cut. A ``kill -9`` at any instant leaves either the old file or the new one.

A read never raises for a damaged file. Whatever is wrong with the file, the loader keeps a byte-for-byte backup next
to it (``stats.json.corrupt-20261130T021500``), rewrites the file with what it could keep (so the
player is told once, not on every launch), and returns that plus one warning line. Only a problem
with the file itself counts as damage: ``Damaged`` or ``SchemaError``, raised on purpose by the
readers. Any other exception is a bug in the reader and propagates, so it can't get the player's
file set aside as if the file were at fault.
"""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Generic, TypeVar

from .schema import SchemaError

T = TypeVar("T")

MAX_FILE_BYTES = 16 * 1024 * 1024
"""Far beyond any real file (a game in the stats is ~250 bytes); a bigger one is refused unread."""


def atomic_write_bytes(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` so that readers only ever see the old or the new content."""
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    fd, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp_name, path)
    except BaseException:
        with suppress(OSError):
            os.unlink(temp_name)
        raise
    _fsync_folder(folder)
    _sweep_stale_temporaries(path)


STALE_AFTER_SECONDS = 600
"""A temporary file this old was left by a writer that died (kill -9, power cut) mid-write."""


def _sweep_stale_temporaries(path: Path) -> None:
    """Remove temporaries of ``path`` left by dead writers; young ones may belong to a live one."""
    import glob  # only once something is written: a start that writes nothing skips it

    cutoff = time.time() - STALE_AFTER_SECONDS
    for leftover in path.parent.glob(f".{glob.escape(path.name)}.*.tmp"):
        with suppress(OSError):
            if leftover.stat().st_mtime < cutoff:
                leftover.unlink()


def _fsync_folder(folder: Path) -> None:
    """Make the rename durable; folders can't be opened for this on Windows, and that's fine there."""
    if os.name != "posix":
        return
    with suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def atomic_write_text(path: Path, text: str) -> None:
    atomic_write_bytes(path, text.encode("utf-8"))


def dump_document(kind: str, version: int, body: dict[str, Any]) -> str:
    """The JSON text of a document: ``format`` and ``version`` first, so a human sees what it is."""
    import json  # with the first file written or read: a first start, with none yet, draws without it

    document = {"format": kind, "version": version, **body}
    return json.dumps(document, indent=1, ensure_ascii=False, allow_nan=False) + "\n"


def write_document(path: Path, kind: str, version: int, body: dict[str, Any]) -> None:
    atomic_write_text(path, dump_document(kind, version, body))


class Damaged(ValueError):
    """What is wrong with a file, in words for the player ("is not valid JSON")."""


@dataclass(frozen=True, slots=True)
class Loaded(Generic[T]):
    """A loader's answer: the value to carry on with, and at most one line to show the player."""

    value: T
    warning: str | None = None
    backup: Path | None = None


def load_document(
    path: Path,
    *,
    kind: str,
    version: int,
    what: str,
    parse: Callable[[dict[str, Any]], tuple[T, str | None]],
    default: Callable[[], T],
    rewrite: Callable[[T], None] | None = None,
    now: datetime | None = None,
) -> Loaded[T]:
    """Load ``path`` as a ``kind`` document of at most ``version``; never raises for a damaged file.

    ``parse`` reads the document into a value plus a note on anything it dropped ("had 2 unreadable
    games, which were skipped"), or raises Damaged or SchemaError when nothing can be kept; any
    other exception from it is a bug and propagates. ``what`` names the file for the
    player ("statistics"). ``rewrite`` saves the kept value once a backup is made, so a damaged file
    is reported once, not on every launch.
    """
    try:
        raw = _read(path)
    except FileNotFoundError:
        return Loaded(default())
    except (OSError, Damaged) as error:
        return Loaded(default(), f"Couldn't read your {what} file {path} ({_reason(error)}); carrying on without it.")
    try:
        value, note = _interpret(raw, kind, version, parse)
    except (Damaged, SchemaError) as error:  # the file's fault; anything else is ours and propagates
        value, note = default(), f"{_reason(error)}, so it was set aside"
    if note is None:
        return Loaded(value)
    return _set_aside(path, raw, value, f"Your {what} file {note}", rewrite, now)


def _read(path: Path) -> bytes:
    size = path.stat().st_size
    if size > MAX_FILE_BYTES:
        raise Damaged(f"it is {size} bytes, far too large")
    with path.open("rb") as handle:
        return handle.read(MAX_FILE_BYTES + 1)


def _interpret(
    raw: bytes, kind: str, version: int, parse: Callable[[dict[str, Any]], tuple[T, str | None]]
) -> tuple[T, str | None]:
    import json  # as in dump_document

    try:
        document = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise Damaged("is not text") from None
    except RecursionError:
        raise Damaged("is nested too deeply to be ours") from None
    except ValueError:
        raise Damaged("is not valid JSON (truncated or edited?)") from None
    if not isinstance(document, dict):
        raise Damaged("is not a clubfight file")
    if document.get("format") != kind:
        raise Damaged(f"is not a clubfight {kind} file")
    found = document.get("version")
    if type(found) is not int or found < 1:
        raise Damaged("has no valid version number")
    if found > version:
        raise Damaged(f"was written by a newer clubfight (format version {found}, this one reads {version})")
    return parse(document)


def _reason(error: BaseException) -> str:
    if isinstance(error, Damaged):
        return str(error)
    if isinstance(error, OSError):
        return error.strerror or type(error).__name__
    return f"is damaged ({type(error).__name__})"


def _set_aside(
    path: Path,
    raw: bytes,
    value: T,
    problem: str,
    rewrite: Callable[[T], None] | None,
    now: datetime | None,
) -> Loaded[T]:
    backup = keep_backup(path, raw, now)
    if backup is None:
        # Without a backup the damaged file is the only copy: leave it alone.
        return Loaded(value, f"{problem}; couldn't back it up, so it was left as it is.")
    if rewrite is not None:
        with suppress(Exception):
            _rewrite_unless_changed(path, raw, value, rewrite)
    return Loaded(value, f"{problem}; a copy of the original is at {backup}.", backup)


def _rewrite_unless_changed(path: Path, raw: bytes, value: T, rewrite: Callable[[T], None]) -> None:
    """Repair the file under its lock, unless another process rewrote it since it was read."""
    from .lock import locked  # lock imports this module: bound when a damaged file is set aside

    with locked(path):
        if _read(path) == raw:
            rewrite(value)


def keep_backup(path: Path, raw: bytes, now: datetime | None = None) -> Path | None:
    """Write ``raw`` to ``<name>.corrupt-<UTC time>`` next to ``path``; None if that fails."""
    stamp = (now or datetime.now(timezone.utc)).strftime("%Y%m%dT%H%M%S")
    base = path.with_name(f"{path.name}.corrupt-{stamp}")
    candidate = base
    for n in range(2, 1000):
        if not candidate.exists():
            break
        candidate = base.with_name(f"{base.name}-{n}")
    else:
        return None
    try:
        atomic_write_bytes(candidate, raw)
    except OSError:
        return None
    return candidate
