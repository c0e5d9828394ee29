"""Club Fight games in progress and finished: the start, undo/redo, records, the daily deal, results
and the figures computed from them. Pure like the engine: storage reads and writes these values,
the app and the CLI use them, and nothing here does I/O or reads the clock.

The statistics' figures (``figures.py``) load when first asked for, as ``clubfight.club_fight.game.summarize``
and the rest: a game starts without them.
"""

from typing import TYPE_CHECKING

from clubfight.common.records import RecordError

from .daily import daily_deal, daily_seed, emoji_strip, share_line
from .deal_text import DealText, DealTextError, read_deal, read_deal_code, read_position, read_variants
from .records import (
    MAX_LINE_LENGTH,
    MAX_RECORD_LINES,
    GameRecord,
    format_record,
    move_texts,
    parse_record,
    replay_moves,
    result_text,
)
from .results import GameResult
from .saved import ResumedGame, SavedGame
from .session import GameSession
from .start import Start
from .unseen import Unseen, unseen_cards

if TYPE_CHECKING:
    from .figures import DealScore, GroupStats, StatsSummary, summarize

_FIGURES = frozenset({"DealScore", "GroupStats", "StatsSummary", "summarize"})


def __getattr__(name: str) -> object:
    """The figures, imported on first use (PEP 562): the start-up path never asks for them."""
    if name in _FIGURES:
        from clubfight.club_fight.game import figures  # the figures load when first asked for

        return getattr(figures, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "MAX_LINE_LENGTH",
    "MAX_RECORD_LINES",
    "DealScore",
    "DealText",
    "DealTextError",
    "GameRecord",
    "GameResult",
    "GameSession",
    "GroupStats",
    "RecordError",
    "ResumedGame",
    "SavedGame",
    "Start",
    "StatsSummary",
    "Unseen",
    "daily_deal",
    "daily_seed",
    "emoji_strip",
    "format_record",
    "move_texts",
    "parse_record",
    "read_deal",
    "read_deal_code",
    "read_position",
    "read_variants",
    "replay_moves",
    "result_text",
    "share_line",
    "summarize",
    "unseen_cards",
]
