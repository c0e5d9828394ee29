"""``combat-stats.json``: one entry per finished Combat Club match against the computer.

Kept apart from Club Fight's ``stats.json``. Only raw results are stored; the figures per opponent
level come from ``clubfight.combat.game.combat_figures`` on load.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from ..combat.engine import KNOCK_OUT_SCORE, Colour, Win
from ..combat.game import OPPONENTS, CombatResult
from . import paths
from .atomic import Damaged, Loaded, load_document, write_document
from .lock import locked
from .schema import SchemaError, as_object, get_bool, get_date, get_int, get_optional_game_id, get_str

KIND = "combat-stats"
VERSION = 1
STATS_FILE = "combat-stats.json"
MAX_MATCHES = 100_000
MAX_ROUNDS = 5
MAX_SCORE = 200
"""Far above 30 (a knock out): a round ends at the first 30, but a last play may overshoot it."""
_WINS = {w.value: w for w in Win}


def combat_stats_path() -> Path:
    return paths.data_dir() / STATS_FILE


def _wins(obj: dict[str, Any], key: str, most: int) -> tuple[Win, ...]:
    value = obj.get(key)
    if not isinstance(value, list) or len(value) > most or any(v not in _WINS for v in value):
        raise SchemaError(f"{key} must list at most {most} of {', '.join(_WINS)}")
    return tuple(_WINS[v] for v in value)


def read_combat_result(value: object) -> CombatResult:
    """Raises SchemaError for anything that isn't a possible match."""
    obj = as_object(value, "match")
    opponent = get_str(obj, "opponent", 10)
    if opponent not in OPPONENTS:
        raise SchemaError(f"opponent must be one of {', '.join(OPPONENTS)}")
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
    )


assert KNOCK_OUT_SCORE < MAX_SCORE


def _parse(document: dict[str, Any]) -> tuple[list[CombatResult], str | None]:
    entries = document.get("matches")
    if not isinstance(entries, list):
        raise Damaged("has no list of matches")
    matches: list[CombatResult] = []
    bad = 0
    for entry in entries[:MAX_MATCHES]:
        try:
            matches.append(read_combat_result(entry))
        except SchemaError:
            bad += 1
    if bad:
        kept = f"kept the other {len(matches)}" if matches else "none could be kept"
        return matches, f"had {bad} unreadable match{'es' if bad != 1 else ''} ({kept})"
    return matches, None


def _write(matches: Sequence[CombatResult], path: Path) -> None:
    write_document(path, KIND, VERSION, {"matches": [m.to_json() for m in matches]})


def load_combat_stats(path: Path | None = None, *, now: datetime | None = None) -> Loaded[list[CombatResult]]:
    """Every recorded match, oldest first. Never raises: see ``atomic.load_document``."""
    where = path or combat_stats_path()
    return load_document(
        where,
        kind=KIND,
        version=VERSION,
        what="Combat Club statistics",
        parse=_parse,
        default=list,
        rewrite=lambda matches: _write(matches, where),
        now=now,
    )


def record_match(result: CombatResult, path: Path | None = None) -> str | None:
    """Append one finished match, unless one with its ``match_id`` is already there (a crash between
    recording and clearing the save can't count it twice). Returns the file's warning line, if any.
    Raises ValueError for a result that couldn't be read back, OSError when the folder can't be written."""
    read_combat_result(result.to_json())
    where = path or combat_stats_path()
    with locked(where):  # another window recording at the same moment must not drop this match
        loaded = load_combat_stats(where)
        if result.match_id is None or all(m.match_id != result.match_id for m in loaded.value):
            _write([*loaded.value, result], where)
    return loaded.warning


def reset_combat_stats(path: Path | None = None) -> None:
    where = path or combat_stats_path()
    with locked(where):
        _write([], where)


def export_combat_record(text: str, deal: str, *, folder: Path | None = None, when: datetime | None = None) -> Path:
    """Write a Combat Club record (``format_record``'s text) into ``<data>/records/`` and return its path."""
    from datetime import timezone

    from .atomic import atomic_write_text

    where = folder or paths.records_dir()
    stamp = (when or datetime.now(timezone.utc)).strftime("%Y%m%dT%H%M%S")
    path = where / f"{deal}-{stamp}.txt"
    n = 2
    while path.exists():
        path = where / f"{deal}-{stamp}-{n}.txt"
        n += 1
    atomic_write_text(path, text)
    return path
