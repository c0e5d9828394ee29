"""``stats.json``: one entry per finished game, read and validated, written atomically.

Only raw results are stored; the figures come from ``clubfight.game.figures`` on load.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from ..engine import MAX_TURNS, VARIANT_NAMES, Level, NotationError, Variant
from ..game import GameResult
from . import paths
from .atomic import Damaged, Loaded, load_document, write_document
from .lock import locked
from .schema import (
    MAX_COUNTER,
    SchemaError,
    as_object,
    get_bool,
    get_date,
    get_int,
    get_optional_date,
    get_optional_game_id,
    get_optional_str,
)

KIND = "stats"
VERSION = 1
MAX_GAMES = 100_000


def read_result(value: object) -> GameResult:
    """Raises SchemaError for anything that isn't a possible game."""
    obj = as_object(value, "game")
    level_text = obj.get("level")
    if level_text not in ("easy", "hard"):
        raise SchemaError("level must be easy or hard")
    level = Level(level_text)
    variants = obj.get("variants")
    if not isinstance(variants, list) or any(v not in VARIANT_NAMES for v in variants):
        raise SchemaError(f"variants must be a list drawn from {VARIANT_NAMES}")
    score = get_int(obj, "score", 0, level.grid_deck_size)
    won = get_bool(obj, "won")
    if won != (score == 0):
        raise SchemaError("won and score disagree")
    result = GameResult(
        played_on=get_date(obj, "played_on"),
        deal=get_optional_str(obj, "deal", 40),
        level=level,
        variant=_variant(variants),
        won=won,
        score=score,
        turns=get_int(obj, "turns", 0, MAX_TURNS),
        hints=get_int(obj, "hints", 0, MAX_COUNTER),
        undos=get_int(obj, "undos", 0, MAX_COUNTER),
        daily=get_optional_date(obj, "daily"),
        abandoned=get_bool(obj, "abandoned"),
        game_id=get_optional_game_id(obj, "id"),
    )
    if result.deal is not None and not result.deal.startswith(f"{level.value}-"):
        raise SchemaError("the deal code's level disagrees with the level")
    return result


def _variant(names: list[str]) -> Variant:
    try:
        return Variant.from_names(names)
    except NotationError as error:
        raise SchemaError(str(error)) from None


def new_game_id() -> str:
    """A fresh token for a new game (the app makes one per deal it starts).

    ``secrets.token_hex`` in effect (it reads the same ``os.urandom``), without importing
    ``secrets``, which pulls in hashlib and hmac on the way to the first frame."""
    return os.urandom(8).hex()


# --- the file --------------------------------------------------------------------------------


def _parse(document: dict[str, Any]) -> tuple[list[GameResult], str | None]:
    entries = document.get("games")
    if not isinstance(entries, list):
        raise Damaged("has no list of games")
    games: list[GameResult] = []
    bad = 0
    for entry in entries[:MAX_GAMES]:
        try:
            games.append(read_result(entry))
        except SchemaError:
            bad += 1
    if bad:
        kept = f"kept the other {len(games)}" if games else "none could be kept"
        return games, f"had {bad} unreadable game{'s' if bad != 1 else ''} ({kept})"
    return games, None


def _write(games: Sequence[GameResult], path: Path) -> None:
    write_document(path, KIND, VERSION, {"games": [game.to_json() for game in games]})


def load_stats(path: Path | None = None, *, now: datetime | None = None) -> Loaded[list[GameResult]]:
    """Every recorded game, oldest first. Never raises: see ``atomic.load_document``."""
    where = path or paths.stats_path()
    return load_document(
        where,
        kind=KIND,
        version=VERSION,
        what="statistics",
        parse=_parse,
        default=list,
        rewrite=lambda games: _write(games, where),
        now=now,
    )


def record_game(result: GameResult, path: Path | None = None) -> str | None:
    """Append one finished game, unless a game with its ``game_id`` is already there (so a crash
    between recording a game and clearing its save can't count it twice). Returns the warning line
    if the existing file had to be repaired.

    Raises ValueError for a result that couldn't be read back (so it never silently vanishes on
    the next load), OSError when the folder can't be written.
    """
    read_result(result.to_json())
    where = path or paths.stats_path()
    with locked(where):  # another window recording at the same moment must not drop this game
        loaded = load_stats(where)
        if result.game_id is None or all(game.game_id != result.game_id for game in loaded.value):
            _write([*loaded.value, result], where)
    return loaded.warning


def reset_stats(path: Path | None = None) -> None:
    """Forget every game (the CLI and the app ask the player first)."""
    where = path or paths.stats_path()
    with locked(where):
        _write([], where)
