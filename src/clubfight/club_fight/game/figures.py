"""The figures computed from finished games: win rates, streaks, the score histogram, best deals.

Only raw results are stored; every figure is computed here on load, so a new figure never needs
a file migration and a hand-edited total can't disagree with the games. Pure.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from clubfight.club_fight.engine import VARIANTS, Level, Variant

from .results import GameResult

MAX_SCORE = Level.HARD.grid_deck_size  # 41: nothing cleared on the hard level
BEST_DEALS_SHOWN = 3


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
    best_deals, worst_deals = best_and_worst(by_deal)
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
        best_deals=best_deals,
        worst_deals=worst_deals,
    )


def best_and_worst(scores: dict[str, list[int]]) -> tuple[tuple[DealScore, ...], tuple[DealScore, ...]]:
    """The best and worst deals as docs/records.md defines them, from each deal's scores.

    Best: the lowest scores (a deal with its lowest), up to three; a win always qualifies, a loss
    only from the better half of the deals (rounded down), so a loss is not called best when there
    is little to compare it with. Worst: the highest scores (a deal with its highest) of the
    deals never won and not among the best, up to three. No deal is in both lists.
    """
    ranked = sorted((DealScore(deal, min(s)) for deal, s in scores.items()), key=lambda d: (d.score, d.deal))
    better_half = len(ranked) // 2
    best = tuple(d for index, d in enumerate(ranked[:BEST_DEALS_SHOWN]) if d.score == 0 or index < better_half)
    listed = {d.deal for d in best}
    worst = sorted(
        (DealScore(deal, max(s)) for deal, s in scores.items() if deal not in listed and min(s) > 0),
        key=lambda d: (-d.score, d.deal),
    )
    return best, tuple(worst[:BEST_DEALS_SHOWN])


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
