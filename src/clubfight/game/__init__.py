"""Club Fight games in progress and finished: the start, undo/redo, records, the daily deal, results
and the figures computed from them. Pure like the engine: storage reads and writes these values,
the app and the CLI use them, and nothing here does I/O or reads the clock.
"""

from .daily import daily_deal, daily_seed, emoji_strip, share_line
from .figures import DealScore, GroupStats, StatsSummary, summarize
from .records import (
    MAX_LINE_LENGTH,
    MAX_RECORD_LINES,
    GameRecord,
    RecordError,
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

__all__ = [
    "MAX_LINE_LENGTH",
    "MAX_RECORD_LINES",
    "DealScore",
    "GameRecord",
    "GameResult",
    "GameSession",
    "GroupStats",
    "RecordError",
    "ResumedGame",
    "SavedGame",
    "Start",
    "StatsSummary",
    "daily_deal",
    "daily_seed",
    "emoji_strip",
    "format_record",
    "move_texts",
    "parse_record",
    "replay_moves",
    "result_text",
    "share_line",
    "summarize",
]
