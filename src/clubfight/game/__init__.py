"""Club Fight games in progress and finished: the start, undo/redo, records, the daily deal, results
and the figures computed from them. Pure like the engine: storage reads and writes these values,
the app and the CLI use them, and nothing here does I/O or reads the clock.

The statistics' figures live in ``game.figures``, imported by the screens and commands that show
them: a game starts without them.
"""

from .daily import daily_deal, daily_seed, emoji_strip, share_line
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
    "GameRecord",
    "GameResult",
    "GameSession",
    "RecordError",
    "ResumedGame",
    "SavedGame",
    "Start",
    "daily_deal",
    "daily_seed",
    "emoji_strip",
    "format_record",
    "move_texts",
    "parse_record",
    "replay_moves",
    "result_text",
    "share_line",
]
