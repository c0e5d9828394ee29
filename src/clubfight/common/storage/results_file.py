"""A statistics file: one JSON document holding a list of finished games (or matches), each read
back field by field, written atomically, with every read-modify-write under the file's lock.

Both games' statistics are such a file (``stats.json``, ``combat-stats.json``); each supplies how one
entry is read and written. Only raw results are stored: the figures are computed on load.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Generic, TypeVar

from .atomic import Damaged, Loaded, load_document, write_document
from .lock import locked
from .schema import SchemaError

R = TypeVar("R")

MAX_ENTRIES = 100_000


def new_game_id() -> str:
    """A fresh token for a new game or match (recording its result twice counts it once).

    ``secrets.token_hex`` in effect (it reads the same ``os.urandom``), without importing
    ``secrets``, which pulls in hashlib and hmac on the way to the first frame."""
    return os.urandom(8).hex()


@dataclass(frozen=True)
class ResultsFile(Generic[R]):
    """How one statistics file is laid out: ``{"format": kind, "version": ..., list_key: [entries]}``."""

    kind: str
    version: int
    list_key: str
    """The document's field holding the entries ("games", "matches")."""
    what: str
    """The file named in a warning line ("statistics")."""
    entry: tuple[str, str]
    """One entry and several, for the warning line: ("game", "games")."""
    default_path: Callable[[], Path]
    read: Callable[[object], R]
    """One entry from JSON; raises SchemaError for anything that isn't a possible result."""
    to_json: Callable[[R], dict[str, Any]]
    identity: Callable[[R], str | None]
    """The id a result is recorded under once (None: always appended)."""

    def _parse(self, document: dict[str, Any]) -> tuple[list[R], str | None]:
        entries = document.get(self.list_key)
        if not isinstance(entries, list):
            raise Damaged(f"has no list of {self.entry[1]}")
        kept: list[R] = []
        bad = 0
        for entry in entries[:MAX_ENTRIES]:
            try:
                kept.append(self.read(entry))
            except SchemaError:
                bad += 1
        if bad:
            rest = f"kept the other {len(kept)}" if kept else "none could be kept"
            return kept, f"had {bad} unreadable {self.entry[0] if bad == 1 else self.entry[1]} ({rest})"
        return kept, None

    def write(self, results: Sequence[R], path: Path) -> None:
        write_document(path, self.kind, self.version, {self.list_key: [self.to_json(r) for r in results]})

    def load(self, path: Path | None = None, *, now: datetime | None = None) -> Loaded[list[R]]:
        """Every recorded result, oldest first. Never raises: see ``atomic.load_document``."""
        where = path or self.default_path()
        return load_document(
            where,
            kind=self.kind,
            version=self.version,
            what=self.what,
            parse=self._parse,
            default=list,
            rewrite=lambda results: self.write(results, where),
            now=now,
        )

    def record(self, result: R, path: Path | None = None) -> str | None:
        """Append one result, unless one with its id is already there (so a crash between recording
        a game and clearing its save can't count it twice). Returns the warning line if the existing
        file had to be repaired.

        Raises ValueError for a result that couldn't be read back (so it never silently vanishes on
        the next load), OSError when the folder can't be written.
        """
        self.read(self.to_json(result))
        where = path or self.default_path()
        with locked(where):  # another window recording at the same moment must not drop this one
            loaded = self.load(where)
            key = self.identity(result)
            if key is None or all(self.identity(old) != key for old in loaded.value):
                self.write([*loaded.value, result], where)
        return loaded.warning

    def reset(self, path: Path | None = None) -> None:
        """Forget every result (the CLI and the app ask the player first)."""
        where = path or self.default_path()
        with locked(where):
            self.write([], where)
