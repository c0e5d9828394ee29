"""Statistics: one entry per finished game in ``stats.json``, and the figures computed from them.

Only raw results are stored; every figure (streaks, histogram, best deals...) is computed on load,
so a new figure never needs a file migration and a hand-edited total can't disagree with the games.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

from ..engine import MAX_TURNS, VARIANT_NAMES, VARIANTS, Level, NotationError, Position, Variant
from ..records import Start
from . import paths
from .atomic import Damaged, Loaded, load_document, write_document
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
MAX_SCORE = Level.HARD.grid_deck_size  # 41: nothing cleared on the hard level
MAX_GAMES = 100_000
BEST_DEALS_SHOWN = 3


@dataclass(frozen=True, slots=True)
class GameResult:
    """One finished game. ``daily`` is the daily deal's date, None for any other deal."""

    played_on: date
    deal: str | None
    level: Level
    variant: Variant
    won: bool
    score: int
    turns: int
    hints: int = 0
    undos: int = 0
    daily: date | None = None
    abandoned: bool = False
    """The player declined to resume it: it counts as a loss (as solitaire games do)."""
    game_id: str | None = None
    """The game's token (``new_game_id``): recording the same game twice counts it once."""

    @staticmethod
    def from_game(
        start: Start,
        final: Position,
        *,
        played_on: date,
        hints: int = 0,
        undos: int = 0,
        daily: date | None = None,
        abandoned: bool = False,
        game_id: str | None = None,
    ) -> GameResult:
        """The result of a game that reached ``final``; unfinished (abandoned) games are losses."""
        won = final.score == 0
        return GameResult(
            played_on=played_on,
            deal=str(start.deal) if start.deal is not None else None,
            level=final.level,
            variant=start.variant,
            won=won,
            score=final.score,
            turns=final.turns_played,
            hints=hints,
            undos=undos,
            daily=daily,
            abandoned=abandoned and not won,
            game_id=game_id,
        )

    @property
    def clean(self) -> bool:
        """A clean win: no undo and no hint."""
        return self.won and self.hints == 0 and self.undos == 0

    @property
    def deal_label(self) -> str:
        return self.deal or "custom position"

    def to_json(self) -> dict[str, Any]:
        return {
            "played_on": self.played_on.isoformat(),
            "deal": self.deal,
            "level": self.level.value,
            "variants": list(self.variant.names),
            "won": self.won,
            "score": self.score,
            "turns": self.turns,
            "hints": self.hints,
            "undos": self.undos,
            "daily": self.daily.isoformat() if self.daily else None,
            "abandoned": self.abandoned,
            "id": self.game_id,
        }

    @staticmethod
    def from_json(value: object) -> GameResult:
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
    """A fresh token for a new game (the app makes one per deal it starts)."""
    return secrets.token_hex(8)


# --- the file --------------------------------------------------------------------------------


def _parse(document: dict[str, Any]) -> tuple[list[GameResult], str | None]:
    entries = document.get("games")
    if not isinstance(entries, list):
        raise Damaged("has no list of games")
    games: list[GameResult] = []
    bad = 0
    for entry in entries[:MAX_GAMES]:
        try:
            games.append(GameResult.from_json(entry))
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
    GameResult.from_json(result.to_json())
    where = path or paths.stats_path()
    loaded = load_stats(where)
    if result.game_id is None or all(game.game_id != result.game_id for game in loaded.value):
        _write([*loaded.value, result], where)
    return loaded.warning


def reset_stats(path: Path | None = None) -> None:
    """Forget every game (the CLI and the app ask the player first)."""
    _write([], path or paths.stats_path())


# --- the figures -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DealScore:
    deal: str
    score: int


@dataclass(frozen=True, slots=True)
class GroupStats:
    """The figures of one level and set of variants; All Clear games never mix with plain ones."""

    level: Level
    variant: Variant
    played: int
    won: int
    current_streak: int
    best_streak: int
    average_score: float | None
    histogram: tuple[int, ...]
    """``histogram[s]`` = games that ended with score s (cards left), s from 0 to 41."""
    clean_wins: int
    hints_used: int
    games_with_undo: int
    best_deals: tuple[DealScore, ...]
    worst_deals: tuple[DealScore, ...]

    @property
    def name(self) -> str:
        return " ".join((self.level.value, *self.variant.names))

    @property
    def win_percent(self) -> float:
        return 100.0 * self.won / self.played if self.played else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "level": self.level.value,
            "variants": list(self.variant.names),
            "played": self.played,
            "won": self.won,
            "win_percent": round(self.win_percent, 1),
            "current_streak": self.current_streak,
            "best_streak": self.best_streak,
            "average_score": None if self.average_score is None else round(self.average_score, 2),
            "histogram": {str(score): n for score, n in enumerate(self.histogram) if n},
            "clean_wins": self.clean_wins,
            "hints_used": self.hints_used,
            "games_with_undo": self.games_with_undo,
            "best_deals": [{"deal": d.deal, "score": d.score} for d in self.best_deals],
            "worst_deals": [{"deal": d.deal, "score": d.score} for d in self.worst_deals],
        }


@dataclass(frozen=True, slots=True)
class StatsSummary:
    groups: tuple[GroupStats, ...]
    """Only groups with games, in the order easy, hard, then the same with each variant."""
    daily_played: int
    daily_streak: int
    """Consecutive UTC days, up to today or yesterday, on which a daily deal was finished."""
    best_daily_streak: int

    @property
    def played(self) -> int:
        return sum(group.played for group in self.groups)

    @property
    def won(self) -> int:
        return sum(group.won for group in self.groups)

    def group(self, level: Level, variant: Variant = Variant.NONE) -> GroupStats | None:
        return next((g for g in self.groups if g.level is level and g.variant == variant), None)

    def to_json(self) -> dict[str, Any]:
        return {
            "played": self.played,
            "won": self.won,
            "daily": {
                "played": self.daily_played,
                "current_streak": self.daily_streak,
                "best_streak": self.best_daily_streak,
            },
            "groups": [group.to_json() for group in self.groups],
        }


def summarize(games: Sequence[GameResult], today: date | None = None) -> StatsSummary:
    """The figures for ``games`` (oldest first). ``today`` (UTC) lets a stale daily streak lapse."""
    keys: list[tuple[Level, Variant]] = []
    for variant in (Variant.NONE, *VARIANTS):
        keys.extend((level, variant) for level in Level)
    by_group: dict[tuple[Level, Variant], list[GameResult]] = {key: [] for key in keys}
    for game in games:
        by_group.setdefault((game.level, game.variant), []).append(game)
    groups = tuple(_group(level, variant, group) for (level, variant), group in by_group.items() if group)
    daily_days = sorted({game.daily for game in games if game.daily is not None})
    current, best = _daily_streaks(daily_days, today)
    return StatsSummary(groups, sum(1 for game in games if game.daily is not None), current, best)


def _group(level: Level, variant: Variant, games: list[GameResult]) -> GroupStats:
    histogram = [0] * (MAX_SCORE + 1)
    for game in games:
        histogram[game.score] += 1
    current, best = _win_streaks(game.won for game in games)
    by_deal: dict[str, list[int]] = {}
    for game in games:
        by_deal.setdefault(game.deal_label, []).append(game.score)
    best_deals = sorted((DealScore(deal, min(s)) for deal, s in by_deal.items()), key=lambda d: (d.score, d.deal))
    worst_deals = sorted((DealScore(deal, max(s)) for deal, s in by_deal.items()), key=lambda d: (-d.score, d.deal))
    return GroupStats(
        level=level,
        variant=variant,
        played=len(games),
        won=sum(game.won for game in games),
        current_streak=current,
        best_streak=best,
        average_score=sum(game.score for game in games) / len(games),
        histogram=tuple(histogram),
        clean_wins=sum(game.clean for game in games),
        hints_used=sum(game.hints for game in games),
        games_with_undo=sum(game.undos > 0 for game in games),
        best_deals=tuple(best_deals[:BEST_DEALS_SHOWN]),
        worst_deals=tuple(worst_deals[:BEST_DEALS_SHOWN]),
    )


def _win_streaks(wins: Iterable[bool]) -> tuple[int, int]:
    """(wins in a row at the end, most wins in a row)."""
    run = best = 0
    for won in wins:
        run = run + 1 if won else 0
        best = max(best, run)
    return run, best


def _daily_streaks(days: list[date], today: date | None) -> tuple[int, int]:
    """(current, best) runs of consecutive days in the sorted, distinct ``days``."""
    run = best = 0
    previous: date | None = None
    for day in days:
        run = run + 1 if previous is not None and day - previous == timedelta(days=1) else 1
        best = max(best, run)
        previous = day
    if previous is None or (today is not None and today - previous > timedelta(days=1)):
        return 0, best
    return run, best
