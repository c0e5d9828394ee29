"""``stats.json``: one entry per finished Club Fight game (``common.storage.results_file`` lays it out).

Only raw results are stored; the figures come from ``clubfight.club_fight.game.figures`` on load.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from clubfight.club_fight.engine import MAX_TURNS, VARIANT_NAMES, Level, NotationError, Variant
from clubfight.club_fight.game import GameResult
from clubfight.common.storage import paths
from clubfight.common.storage.atomic import Loaded
from clubfight.common.storage.results_file import ResultsFile
from clubfight.common.storage.schema import (
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

FILE_NAME = "stats.json"


def stats_path() -> Path:
    return paths.data_dir() / FILE_NAME


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


STATS = ResultsFile(
    kind="stats",
    version=1,
    list_key="games",
    what="statistics",
    entry=("game", "games"),
    default_path=stats_path,
    read=read_result,
    to_json=GameResult.to_json,
    identity=lambda result: result.game_id,
)


def load_stats(path: Path | None = None, *, now: datetime | None = None) -> Loaded[list[GameResult]]:
    """Every recorded game, oldest first. Never raises: see ``atomic.load_document``."""
    return STATS.load(path, now=now)


def record_game(result: GameResult, path: Path | None = None) -> str | None:
    """Append one finished game once (``ResultsFile.record``); returns the file's warning line, if any."""
    return STATS.record(result, path)


def reset_stats(path: Path | None = None) -> None:
    """Forget every game (the CLI and the app ask the player first)."""
    STATS.reset(path)
