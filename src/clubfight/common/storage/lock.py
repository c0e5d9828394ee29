"""Locks on data files: one for every read-modify-write, one for the game a process is playing.

- ``locked(path)`` is the one way to read-modify-write a data file (statistics, settings, a save,
  Combat Club's files alike): hold it around the read and the write, and no other process (another
  terminal, another browser tab) can slip its own write in between and have it overwritten. It
  waits up to ``LOCK_TIMEOUT`` seconds, then raises ``TimeoutError`` (an ``OSError``, which every
  caller already reports in one line). It is re-entrant within a thread, so a reader that repairs a
  damaged file may take it again inside a writer's hold.
- ``hold(path)`` claims a file for as long as this process lives, without waiting: a save belongs
  to the window that plays it. None means another process holds it. The operating system lets go
  when the holder exits or is killed (``kill -9``), so a dead window's game is free again.

Both use ``filelock`` (flock on POSIX, ``msvcrt.locking`` on Windows) on a hidden sibling file,
``.stats.json.lock`` and ``.save.json.owner``. It is imported on first use only: start-up, which
only reads, never pays for it.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from filelock import BaseFileLock

LOCK_TIMEOUT = 10.0
"""Far longer than any write takes (milliseconds); only a wedged process holds a lock this long."""

_locks: dict[Path, BaseFileLock] = {}
_registry = threading.Lock()


def lock_path(path: Path) -> Path:
    return path.with_name(f".{path.name}.lock")


def owner_path(path: Path) -> Path:
    return path.with_name(f".{path.name}.owner")


@contextmanager
def locked(path: Path, *, timeout: float = LOCK_TIMEOUT) -> Iterator[None]:
    """Hold ``path``'s lock for a read-modify-write (creating its folder if need be)."""
    from filelock import FileLock  # on the first write only: start-up, which only reads, skips it

    where = lock_path(path)
    with _registry:
        lock = _locks.get(where)
        if lock is None:
            where.parent.mkdir(parents=True, exist_ok=True)
            lock = _locks[where] = FileLock(where)  # thread-local: threads exclude each other too
    with lock.acquire(timeout=timeout):
        yield


class Hold:
    """A claim on a file for the life of this process (or until ``release``)."""

    def __init__(self, path: Path, lock: BaseFileLock) -> None:
        self.path = path
        self._lock = lock

    @property
    def held(self) -> bool:
        return self._lock.is_locked

    def release(self) -> None:
        self._lock.release(force=True)


def hold(path: Path) -> Hold | None:
    """Claim ``path`` now, without waiting; None when another process (or another ``Hold``) has it."""
    from filelock import FileLock, Timeout  # when a game is first saved, not at start-up

    where = owner_path(path)
    where.parent.mkdir(parents=True, exist_ok=True)
    lock = FileLock(where, thread_local=False)
    try:
        lock.acquire(blocking=False)
    except Timeout:
        return None
    return Hold(path, lock)
