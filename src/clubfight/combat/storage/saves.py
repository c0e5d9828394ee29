"""Combat Club's unfinished match in ``combat-save.json``: written after every action, offered on relaunch.

The save holds the match's record text (``clubfight.combat.game.format_record``), never a position:
loading replays it through the engine, so a tampered save can only ever give a match the rules allow.
Club Fight's ``save.json`` is a different file: the two games never touch each other's saves.
Like Club Fight's, a match belongs to the window that plays it (``CombatSlot``, claimed in
``slots.py``): a second window plays its own in ``combat-save-2.json``, and never resumes, counts or
overwrites a match another window holds.
"""

from __future__ import annotations

import os
from contextlib import suppress
from datetime import datetime
from pathlib import Path
from typing import Any

from clubfight.combat.engine import Colour
from clubfight.combat.game import (
    MAX_LINE_LENGTH,
    MAX_RECORD_LINES,
    OPPONENTS,
    CombatSave,
    Match,
    RecordError,
    parse_record,
)
from clubfight.common.storage import paths, slots
from clubfight.common.storage.atomic import Damaged, Loaded, load_document, write_document
from clubfight.common.storage.schema import SchemaError, get_bool, get_optional_game_id, get_optional_str, get_str

KIND = "combat-save"
VERSION = 1
SAVE_FILE = "combat-save.json"
MAX_RECORD_CHARS = MAX_RECORD_LINES * (MAX_LINE_LENGTH + 1)


def combat_save_path() -> Path:
    return paths.data_dir() / SAVE_FILE


class CombatSlot(slots.Slot):
    """The match file this process owns: only its owner writes, resumes or clears it."""

    def save(self, save: CombatSave) -> None:
        save_match(save, self.path)

    def clear(self) -> None:
        clear_match(self.path)


Claimed = slots.Claimed[CombatSlot, tuple[CombatSave, Match]]


def claim_unfinished_match(first: Path | None = None, *, now: datetime | None = None) -> Claimed:
    """Claim the first unfinished match no other process holds, and load it. Never raises."""
    return slots.claim_unfinished(first or combat_save_path(), lambda path: load_match(path, now=now), CombatSlot)


def claim_free_match_slot(first: Path | None = None) -> CombatSlot:
    """A slot for a new match. Raises OSError if every slot is taken."""
    return slots.claim_free_slot(first or combat_save_path(), CombatSlot)


def any_match_saved(first: Path | None = None) -> bool:
    return slots.any_saved(first or combat_save_path())


def save_match(save: CombatSave, path: Path | None = None) -> None:
    """Write the save atomically (after every action). Raises OSError if it can't."""
    write_document(path or combat_save_path(), KIND, VERSION, save.to_json())


def clear_match(path: Path | None = None) -> None:
    """Forget the unfinished match (it ended, was recorded, or was declined)."""
    with suppress(FileNotFoundError):
        os.unlink(path or combat_save_path())


def read_save(document: dict[str, Any]) -> tuple[CombatSave, Match]:
    """The save and the match it replays to; raises Damaged for anything that isn't a legal match."""
    try:
        record = get_str(document, "record", MAX_RECORD_CHARS)
        opponent = get_optional_str(document, "opponent", 10)
        if opponent is not None and opponent not in OPPONENTS:
            raise SchemaError(f"opponent must be one of {', '.join(OPPONENTS)} or null")
        colour_text = get_str(document, "colour", 5)
        if colour_text not in ("red", "black"):
            raise SchemaError("colour must be red or black")
        assisted = "assisted" in document and get_bool(document, "assisted")  # absent from older saves
        save = CombatSave(record, opponent, Colour(colour_text), get_optional_game_id(document, "id"), assisted)
        return save, parse_record(record)
    except (SchemaError, RecordError) as error:
        raise Damaged(f"makes no sense ({error})") from None


def load_match(path: Path | None = None, *, now: datetime | None = None) -> Loaded[tuple[CombatSave, Match] | None]:
    """The unfinished match, or None. Never raises: a bad save is backed up and reported in one line."""
    where = path or combat_save_path()

    def parse(document: dict[str, Any]) -> tuple[tuple[CombatSave, Match] | None, str | None]:
        return read_save(document), None

    def nothing() -> tuple[CombatSave, Match] | None:
        return None

    return load_document(
        where,
        kind=KIND,
        version=VERSION,
        what="saved Combat Club match",
        parse=parse,
        default=nothing,
        rewrite=lambda _value: clear_match(where),
        now=now,
    )
