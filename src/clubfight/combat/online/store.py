"""The room store: where the server keeps every room after every change, to bring them back after a
restart. One interface, ``RoomStore``, two engines today:

- ``MemoryStore``: a dict, for tests and for a server that needn't survive a restart;
- ``FileStore``: one JSON document a room in a folder, written atomically (the project's storage
  conventions: a temporary file, fsync, rename; ``clubfight.common.storage.atomic``), by background
  threads so that a slow disk never holds up play.

Another engine (Redis, a database) is a class with the same four methods (docs/online.md,
"Beyond one machine"). ``FileStore`` does its file work through ``DocumentFiles``, which the command
line builds from ``clubfight.club_fight.storage``: Combat Club's packages may not import the storage layer.
"""

from __future__ import annotations

import contextlib
import json
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from .codes import RoomCodeError, parse_room_code


@dataclass(frozen=True, slots=True)
class StoredRoom:
    room: str
    body: dict[str, Any]


class RoomStore(Protocol):
    """Where rooms live between restarts. ``save`` and ``delete`` must not block for long: the
    server calls them from its event loop after every change."""

    def load(self) -> tuple[list[StoredRoom], list[str]]:
        """Every room kept, and one warning line for each that couldn't be read (set aside)."""
        ...

    def save(self, room: str, body: dict[str, Any]) -> None: ...

    def delete(self, room: str) -> None: ...

    def set_aside(self, room: str, reason: str) -> str:
        """Keep a room that can't be played (a damaged or hand-edited file) out of the way; the
        warning line to log."""
        ...

    def close(self) -> None:
        """Finish every write (at shutdown)."""
        ...


class MemoryStore:
    """Rooms as JSON text in a dict (a copy, so later changes to a table never reach it)."""

    def __init__(self) -> None:
        self.rooms: dict[str, str] = {}
        self.writes = 0

    def load(self) -> tuple[list[StoredRoom], list[str]]:
        return [StoredRoom(room, json.loads(text)) for room, text in sorted(self.rooms.items())], []

    def save(self, room: str, body: dict[str, Any]) -> None:
        self.rooms[room] = json.dumps(body)
        self.writes += 1

    def delete(self, room: str) -> None:
        self.rooms.pop(room, None)

    def set_aside(self, room: str, reason: str) -> str:
        self.rooms.pop(room, None)
        return f"room {room} was dropped: {reason}"

    def close(self) -> None:
        return None


class DocumentFiles(Protocol):
    """The file operations ``FileStore`` needs, as ``clubfight.club_fight.storage`` does them."""

    def write(self, path: Path, body: dict[str, Any]) -> None:
        """Write a versioned document atomically."""
        ...

    def read(self, path: Path) -> tuple[dict[str, Any] | None, str | None]:
        """A document's body, or None and a warning (a damaged file is backed up and set aside)."""
        ...

    def set_aside(self, path: Path, reason: str) -> str:
        """Back ``path`` up and remove it; the warning line."""
        ...

    def remove(self, path: Path) -> None: ...


_DELETE = None
ROOM_FILE = "room.json"


class FileStore:
    """``ROOM.json`` files in ``folder``, written by ``threads`` background writers. Saves of one room
    coalesce: a writer always writes the room's newest snapshot, so a slow disk delays writes but
    never queues more than one per room."""

    def __init__(
        self,
        folder: Path,
        files: DocumentFiles,
        *,
        threads: int = 4,
        warn: Callable[[str], None] = lambda line: None,
    ) -> None:
        self.folder = folder
        self.files = files
        self.warn = warn
        self.writes = 0
        self._pending: dict[str, dict[str, Any] | None] = {}
        self._busy: set[str] = set()
        self._closing = False
        self._lock = threading.Condition()
        self._threads = [
            threading.Thread(target=self._work, name=f"room-writer-{i}", daemon=True) for i in range(threads)
        ]
        for thread in self._threads:
            thread.start()

    def path(self, room: str) -> Path:
        """``ROOM/room.json``: a folder a room, because an atomic write looks through its folder for
        temporaries a dead writer left, and a folder of a thousand rooms makes every write pay."""
        return self.folder / room / ROOM_FILE

    def load(self) -> tuple[list[StoredRoom], list[str]]:
        rooms: list[StoredRoom] = []
        warnings: list[str] = []
        if not self.folder.is_dir():
            return rooms, warnings
        for path in sorted(self.folder.glob(f"*/{ROOM_FILE}")):
            try:
                room = parse_room_code(path.parent.name)
            except RoomCodeError:
                continue  # not one of ours
            body, warning = self.files.read(path)
            if warning is not None:
                warnings.append(warning)
            if body is None:
                continue
            if body.get("room") != room:
                warnings.append(self.files.set_aside(path, f"it holds room {body.get('room')!r}, not {room}"))
                continue
            rooms.append(StoredRoom(room, body))
        return rooms, warnings

    def save(self, room: str, body: dict[str, Any]) -> None:
        self._submit(room, body)

    def delete(self, room: str) -> None:
        self._submit(room, _DELETE)

    def set_aside(self, room: str, reason: str) -> str:
        return self.files.set_aside(self.path(room), reason)

    def pending(self) -> int:
        with self._lock:
            return len(self._pending) + len(self._busy)

    def flush(self, timeout: float = 30.0) -> bool:
        """Wait until every save so far is on disk (at most ``timeout`` seconds)."""
        with self._lock:
            return self._lock.wait_for(lambda: not self._pending and not self._busy, timeout)

    def close(self) -> None:
        self.flush()
        with self._lock:
            self._closing = True
            self._lock.notify_all()
        for thread in self._threads:
            thread.join(timeout=5)

    def _submit(self, room: str, body: dict[str, Any] | None) -> None:
        with self._lock:
            self._pending[room] = body
            self._lock.notify()

    def _next(self) -> tuple[str, dict[str, Any] | None] | None:
        with self._lock:
            while True:
                for room in self._pending:
                    if room not in self._busy:
                        self._busy.add(room)
                        return room, self._pending.pop(room)
                if self._closing:
                    return None
                self._lock.wait()

    def _work(self) -> None:
        while (job := self._next()) is not None:
            room, body = job
            try:
                if body is _DELETE:
                    self.files.remove(self.path(room))
                    with contextlib.suppress(OSError):
                        self.path(room).parent.rmdir()  # only if nothing else (a backup) is there
                else:
                    self.files.write(self.path(room), body)
                    self.writes += 1
            except OSError as error:
                self.warn(f"room {room}: couldn't write its file ({error.strerror or error})")
            finally:
                with self._lock:
                    self._busy.discard(room)
                    self._lock.notify_all()
