"""Save slots: a game in progress belongs to the process that plays it.

Each game has a first save file (``save.json``, ``combat-save.json``) and up to ``MAX_SLOTS - 1``
more beside it (``save-2.json``, ...), one per window or browser tab playing at once. A process
holds its slot with ``lock.hold`` for as long as it plays there. A second window never offers,
counts or overwrites a game another window holds: it plays its own in the next free slot. When the
owner exits or is killed, the operating system lets go, and its game is free to resume.

Club Fight (``saves.py``) and Combat Club (``combat_saves.py``) both claim their slots here.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Generic, TypeVar

from .atomic import Loaded
from .lock import Hold, hold

S = TypeVar("S", bound="Slot")
"""A game's slot class, built on the hold (``saves.GameSlot``, ``combat_saves.CombatSlot``)."""
T = TypeVar("T")
"""What a slot's file loads to."""

MAX_SLOTS = 16
"""Games of one kind open at once in one data folder (windows, browser tabs)."""


class Slot:
    """A save file this process holds: only its owner writes, resumes or clears it. Each game's slot
    class adds how its game is saved."""

    def __init__(self, claim: Hold) -> None:
        self._claim = claim
        self.path = claim.path

    def release(self) -> None:
        """Let go (the app does at exit; a killed process lets go anyway)."""
        self._claim.release()


def slot_paths(first: Path) -> list[Path]:
    """``first`` and its numbered siblings: ``save.json``, ``save-2.json``, ... ``save-16.json``."""
    return [first, *(first.with_name(f"{first.stem}-{n}{first.suffix}") for n in range(2, MAX_SLOTS + 1))]


def any_saved(first: Path) -> bool:
    """Whether any slot has a file (a cheap look that needs no lock: start-up asks it first)."""
    return any(path.exists() for path in slot_paths(first))


class Claimed(Generic[S, T]):
    """What ``claim_unfinished`` found: a held slot with its game (or None), and games held elsewhere."""

    def __init__(self, slot: S | None, loaded: Loaded[T | None], busy: int) -> None:
        self.slot = slot
        self.loaded = loaded
        self.busy = busy
        """How many unfinished games other processes are playing right now."""


def claim_unfinished(first: Path, load: Callable[[Path], Loaded[T | None]], slot: Callable[[Hold], S]) -> Claimed[S, T]:
    """Claim the first unfinished game no other process holds, and load it.

    Never raises: a slot that can't be claimed or read (a read-only folder) is skipped.
    """
    busy = 0
    for path in slot_paths(first):
        if not path.exists():
            continue
        try:
            claim = hold(path)
        except OSError:
            continue
        if claim is None:
            busy += 1
            continue
        loaded = load(path)
        if loaded.value is None and loaded.warning is None:
            claim.release()  # gone meanwhile (its owner just finished it)
            continue
        return Claimed(slot(claim), loaded, busy)
    return Claimed(None, Loaded(None), busy)


def claim_free_slot(first: Path, slot: Callable[[Hold], S]) -> S:
    """A slot for a new game: the first with no save that no process holds. Raises OSError if none."""
    for path in slot_paths(first):
        if path.exists():
            continue
        claim = hold(path)
        if claim is None:
            continue
        if path.exists():  # saved by a process that held it a moment ago: its game, not ours
            claim.release()
            continue
        return slot(claim)
    raise OSError(f"every one of the {MAX_SLOTS} save slots holds a game")
