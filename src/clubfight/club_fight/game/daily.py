"""The daily deal and its spoiler-free share line. Pure: the caller passes the UTC date in.

The derivation is a public promise (docs/daily.md): everyone playing on the same UTC date and level
gets the same cards, and it must stay so in later releases. It therefore uses the engine's fully
specified SplitMix64 (docs/notation.md) rather than anything Python may change.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from clubfight.club_fight.engine import DealCode, Level, Move, Position
from clubfight.common.shuffle import SplitMix64

from .records import cleared_per_turn, result_text

DAILY_VERSION = 1
_LEVEL_BITS = {Level.EASY: 0, Level.HARD: 1}


def daily_seed(day: date, level: Level) -> int:
    """The seed of ``day``'s deal: SplitMix64's first output from ``2 * day.toordinal() + level bit``.

    ``toordinal`` counts days from 0001-01-01 (day 1) in the proleptic Gregorian calendar; the level
    bit is 0 for easy and 1 for hard, so the two levels of a day get unrelated deals.
    """
    return SplitMix64(2 * day.toordinal() + _LEVEL_BITS[level]).next()


def daily_deal(day: date, level: Level) -> DealCode:
    """The deal code everyone plays on the UTC date ``day`` at ``level``."""
    return DealCode(level, daily_seed(day, level))


# Cards cleared in a turn -> a square, smallest to largest; five or more share the last.
STRIP_SQUARES = ("⬛", "🟥", "🟧", "🟨", "🟩", "🟦")


def emoji_strip(cleared: Sequence[int]) -> str:
    """One square per turn, coloured by how many cards it cleared: 🟥 1, 🟧 2, 🟨 3, 🟩 4, 🟦 5+."""
    return "".join(STRIP_SQUARES[min(max(count, 0), len(STRIP_SQUARES) - 1)] for count in cleared)


ASSISTED_MARK = "💡"
"""Leads the strip of a game played with hints or undo, so a shared result says it was assisted."""


def share_line(
    day: date, level: Level, moves: Sequence[Move], final: Position, *, hints: int = 0, undos: int = 0
) -> str:
    """``Club Fight daily 2026-11-30 hard: won with 2 clubs to spare 🟩🟨🟥…``: no card is named.

    The strip shows how much each turn cleared, which tells a friend how the game went without
    telling them anything about the deal. A game with hints or undo says so, in words and with
    ``ASSISTED_MARK`` at the head of the strip.
    """
    variant = "".join(f" {name}" for name in final.variant.names)
    strip = emoji_strip(cleared_per_turn(moves))
    text = f"Club Fight daily {day.isoformat()} {level.value}{variant}: {result_text(final)}"
    help_used = [f"{n} {word}{'s' if n != 1 else ''}" for n, word in ((hints, "hint"), (undos, "undo")) if n]
    if help_used:
        text += f" (assisted: {', '.join(help_used)})"
        strip = ASSISTED_MARK + strip
    return f"{text} {strip}" if strip else text


__all__ = [
    "ASSISTED_MARK",
    "DAILY_VERSION",
    "STRIP_SQUARES",
    "daily_deal",
    "daily_seed",
    "emoji_strip",
    "share_line",
]
