"""The unfinished game in ``save.json``: written after every confirmed move, offered on relaunch.

A save belongs to the process that plays it (``GameSlot``, claimed in ``slots.py``). A second
window never offers, counts or overwrites a game another window holds: it plays its own in the next
free slot (``save-2.json``, ...). When the owner exits or is killed, its game is free to resume.

The save holds where the game started and the moves in move notation, never a position: loading
replays the moves through the engine, so a tampered save can only ever give a position the rules
allow. An illegal move is reported and the game restored up to the last good one.
"""

from __future__ import annotations

import os
from contextlib import suppress
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from clubfight.club_fight.engine import VARIANT_NAMES, DealCode, IllegalMoveError, Move, NotationError, Variant
from clubfight.club_fight.game import Start
from clubfight.common.storage import paths, slots
from clubfight.common.storage.atomic import Damaged, Loaded, load_document, write_document
from clubfight.common.storage.schema import (
    MAX_COUNTER,
    SchemaError,
    as_object,
    get_int,
    get_optional_date,
    get_optional_game_id,
    get_optional_str,
    get_str,
    get_str_list,
)

if TYPE_CHECKING:
    from clubfight.club_fight.game import GameResult, ResumedGame, SavedGame

KIND = "save"
VERSION = 1
SAVE_FILE = "save.json"


def save_path() -> Path:
    return paths.data_dir() / SAVE_FILE


MAX_MOVES = 64
"""A real game has at most 13 moves; a few more are read so the replay can say what's wrong with them."""


def slot_paths(folder: Path | None = None) -> list[Path]:
    """``save.json``, ``save-2.json``, ... in the data folder: the first one is the classic save."""
    return slots.slot_paths(_first(folder))


def _first(folder: Path | None) -> Path:
    return save_path() if folder is None else folder / SAVE_FILE


class GameSlot(slots.Slot):
    """The save file this process owns: only its owner writes, resumes, records or clears its game."""

    def save(self, game: SavedGame) -> None:
        save_game(game, self.path)

    def finish(self, result: GameResult, *, stats: Path | None = None) -> str | None:
        return finish_game(result, save=self.path, stats=stats)

    def clear(self) -> None:
        clear_game(self.path)


Claimed = slots.Claimed[GameSlot, "ResumedGame"]
"""(Start-up asks ``any_saved`` and draws the table without the saved game's or the result's types:
they load with the first save read, written or finished.)"""


def any_saved(folder: Path | None = None) -> bool:
    """Whether any save file exists (a cheap look that needs no lock: start-up asks it first)."""
    return slots.any_saved(_first(folder))


def claim_unfinished(folder: Path | None = None, *, now: datetime | None = None) -> Claimed:
    """Claim the first unfinished game no other process holds, and load it. Never raises."""
    return slots.claim_unfinished(_first(folder), lambda path: load_game(path, now=now), GameSlot)


def claim_free_slot(folder: Path | None = None) -> GameSlot:
    """A slot for a new game: the first with no save that no process holds. Raises OSError if none."""
    return slots.claim_free_slot(_first(folder), GameSlot)


def save_game(game: SavedGame, path: Path | None = None) -> None:
    """Write the save atomically (call after every confirmed move). Raises OSError if it can't."""
    write_document(path or save_path(), KIND, VERSION, game.to_json())


def clear_game(path: Path | None = None) -> None:
    """Forget the unfinished game (it was finished, recorded, or declined)."""
    with suppress(FileNotFoundError):
        os.unlink(path or save_path())


def finish_game(result: GameResult, *, save: Path | None = None, stats: Path | None = None) -> str | None:
    """At game over (or when the player declines to resume): record the result, then forget the save.

    In that order, and with the result's ``game_id``, a crash at any point neither loses the game
    nor counts it twice. Returns the stats file's warning line, if it had one.
    """
    from .stats import record_game  # the statistics load with the first result

    warning = record_game(result, stats)
    clear_game(save)
    return warning


def load_game(path: Path | None = None, *, now: datetime | None = None) -> Loaded[ResumedGame | None]:
    """The unfinished game, or None. Never raises: a bad save is backed up and reported in one line."""
    where = path or save_path()

    def rewrite(game: ResumedGame | None) -> None:
        if game is None:
            clear_game(where)
        else:
            save_game(game.saved, where)

    def parse(document: dict[str, Any]) -> tuple[ResumedGame | None, str | None]:
        return _replay(_read_saved(document))

    return load_document(
        where, kind=KIND, version=VERSION, what="saved game", parse=parse, default=_nothing, rewrite=rewrite, now=now
    )


def _nothing() -> ResumedGame | None:
    return None


def _read_saved(document: dict[str, Any]) -> SavedGame:
    from clubfight.club_fight.game import SavedGame  # with a save file to read (see Claimed)

    try:
        start_obj = as_object(document.get("start"), "start")
        variants = get_str_list(document, "variants", len(VARIANT_NAMES), 20)
        start = Start.parse(_start_text(start_obj), Variant.from_names(variants))
        level = get_str(document, "level", 10)
        if level != start.level.value:
            raise SchemaError(f"its level {level!r} doesn't match the deal")
        return SavedGame(
            start=start,
            moves=tuple(get_str_list(document, "moves", MAX_MOVES, 100)),
            hints=get_int(document, "hints", 0, MAX_COUNTER),
            undos=get_int(document, "undos", 0, MAX_COUNTER),
            daily=get_optional_date(document, "daily"),
            game_id=get_optional_game_id(document, "id"),
        )
    except (SchemaError, NotationError) as error:
        raise Damaged(f"makes no sense ({error})") from None


def _start_text(start: dict[str, Any]) -> str:
    deal = get_optional_str(start, "deal", 40)
    position = get_optional_str(start, "position", 1000)
    if (deal is None) == (position is None):
        raise SchemaError("start needs a deal code or a position, exactly one")
    if deal is not None:
        DealCode.parse(deal)  # a position-looking deal must not sneak through Start.parse
        return deal
    assert position is not None
    if "|" not in position:
        raise SchemaError("start position is not a position string")
    return position


def _replay(saved: SavedGame) -> tuple[ResumedGame, str | None]:
    from clubfight.club_fight.game import ResumedGame, move_texts  # as in _read_saved

    positions = [saved.start.opening()]
    moves: list[Move] = []
    for number, text in enumerate(saved.moves, start=1):
        try:
            if positions[-1].is_over:
                raise IllegalMoveError("the game was already over")
            move = positions[-1].parse_move(text)
        except (NotationError, IllegalMoveError) as error:
            kept = replace(saved, moves=move_texts(positions[0], moves))
            note = f"has an illegal move {number} ({error}); the game was restored up to move {number - 1}"
            return ResumedGame(kept, tuple(moves), tuple(positions)), note
        moves.append(move)
        positions.append(positions[-1].play(move))
    return ResumedGame(saved, tuple(moves), tuple(positions)), None
