"""``combat-stats.json``: one entry per finished Combat Club match against the computer or online.

Kept apart from Club Fight's ``stats.json``. Only raw results are stored; the figures per opponent
level come from ``clubfight.combat.game.combat_figures`` on load.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

from clubfight.combat.engine import KNOCK_OUT_SCORE, Colour, Win
from clubfight.combat.game import RESULT_OPPONENTS, CombatResult
from clubfight.common.storage import paths
from clubfight.common.storage.atomic import Loaded
from clubfight.common.storage.exports import export_text
from clubfight.common.storage.results_file import ResultsFile
from clubfight.common.storage.schema import (
    SchemaError,
    as_object,
    get_bool,
    get_date,
    get_int,
    get_optional_game_id,
    get_str,
)

FILE_NAME = "combat-stats.json"
MAX_ROUNDS = 5
MAX_SCORE = 200
"""Far above 30 (a knock out): a round ends at the first 30, but a last play may overshoot it."""
_WINS = {w.value: w for w in Win}


def combat_stats_path() -> Path:
    return paths.data_dir() / FILE_NAME


def _wins(obj: dict[str, Any], key: str, most: int) -> tuple[Win, ...]:
    value = obj.get(key)
    if not isinstance(value, list) or len(value) > most or any(v not in _WINS for v in value):
        raise SchemaError(f"{key} must list at most {most} of {', '.join(_WINS)}")
    return tuple(_WINS[v] for v in value)


def read_combat_result(value: object) -> CombatResult:
    """Raises SchemaError for anything that isn't a possible match."""
    obj = as_object(value, "match")
    opponent = get_str(obj, "opponent", 10)
    if opponent not in RESULT_OPPONENTS:
        raise SchemaError(f"opponent must be one of {', '.join(RESULT_OPPONENTS)}")
    colour = get_str(obj, "colour", 5)
    if colour not in ("red", "black"):
        raise SchemaError("colour must be red or black")
    rounds_won = get_int(obj, "rounds_won", 0, MAX_ROUNDS // 2 + 1)
    rounds_lost = get_int(obj, "rounds_lost", 0, MAX_ROUNDS // 2 + 1)
    wins_by = _wins(obj, "wins_by", rounds_won)
    losses_by = _wins(obj, "losses_by", rounds_lost)
    if len(wins_by) != rounds_won or len(losses_by) != rounds_lost:
        raise SchemaError("the win types don't match the rounds won and lost")
    won = get_bool(obj, "won")
    if won and rounds_won <= rounds_lost:
        raise SchemaError("a match won needs more rounds won than lost")
    deal = get_str(obj, "deal", 40)
    if not deal.startswith("combat-"):
        raise SchemaError("deal must be a combat code such as combat-12345")
    return CombatResult(
        played_on=get_date(obj, "played_on"),
        deal=deal,
        opponent=opponent,
        colour=Colour(colour),
        won=won,
        rounds_won=rounds_won,
        rounds_lost=rounds_lost,
        wins_by=wins_by,
        losses_by=losses_by,
        best_score=get_int(obj, "best_score", 0, MAX_SCORE),
        abandoned=get_bool(obj, "abandoned"),
        match_id=get_optional_game_id(obj, "id"),
        assisted="assisted" in obj and get_bool(obj, "assisted"),  # absent from files before undo came
    )


assert KNOCK_OUT_SCORE < MAX_SCORE


STATS = ResultsFile(
    kind="combat-stats",
    version=1,
    list_key="matches",
    what="Combat Club statistics",
    entry=("match", "matches"),
    default_path=combat_stats_path,
    read=read_combat_result,
    to_json=CombatResult.to_json,
    identity=lambda result: result.match_id,
)


def load_combat_stats(path: Path | None = None, *, now: datetime | None = None) -> Loaded[list[CombatResult]]:
    """Every recorded match, oldest first. Never raises: see ``atomic.load_document``."""
    return STATS.load(path, now=now)


def record_match(result: CombatResult, path: Path | None = None) -> str | None:
    """Append one finished match once (``ResultsFile.record``); returns the file's warning line, if any."""
    return STATS.record(result, path)


def reset_combat_stats(path: Path | None = None) -> None:
    STATS.reset(path)


def export_combat_record(text: str, deal: str, *, folder: Path | None = None, when: datetime | None = None) -> Path:
    """Write a Combat Club record (``format_record``'s text) into ``<data>/records/`` and return its path."""
    return export_text(text, deal, folder=folder, when=when)
