"""Club Fight games in progress and finished: the start, undo/redo, records, the daily deal, results
and the figures computed from them. Pure like the engine: storage reads and writes these values,
the app and the CLI use them, and nothing here does I/O or reads the clock.

Only what a game in play needs loads with the package (the session, the start, the unseen cards);
the rest (records, results, saved games, the daily deal, deal texts, the statistics' figures) loads
when first asked for, as ``clubfight.club_fight.game.summarize`` and the rest: see ``_LAZY``.
"""

from typing import TYPE_CHECKING

from clubfight.common.lazy import lazy_names

from .session import GameSession
from .start import Start
from .unseen import Unseen, unseen_cards

if TYPE_CHECKING:
    from clubfight.common.records import RecordError

    from .daily import daily_deal, daily_seed, emoji_strip, share_line
    from .deal_text import DealText, DealTextError, read_deal, read_deal_code, read_position, read_variants
    from .figures import DealScore, GroupStats, StatsSummary, summarize
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

_LAZY = {
    "clubfight.common.records": ("RecordError",),
    "clubfight.club_fight.game.daily": ("daily_deal", "daily_seed", "emoji_strip", "share_line"),
    "clubfight.club_fight.game.deal_text": (
        "DealText",
        "DealTextError",
        "read_deal",
        "read_deal_code",
        "read_position",
        "read_variants",
    ),
    "clubfight.club_fight.game.figures": ("DealScore", "GroupStats", "StatsSummary", "summarize"),
    "clubfight.club_fight.game.records": (
        "MAX_LINE_LENGTH",
        "MAX_RECORD_LINES",
        "GameRecord",
        "format_record",
        "move_texts",
        "parse_record",
        "replay_moves",
        "result_text",
    ),
    "clubfight.club_fight.game.results": ("GameResult",),
    "clubfight.club_fight.game.saved": ("ResumedGame", "SavedGame"),
}
_HOME = {name: module for module, names in _LAZY.items() for name in names}
"""Where each name that start-up doesn't need lives: the game's first frame draws without the
records, the results, the saved game, the daily deal, the deal texts and the statistics' figures
(each of their dataclasses costs start-up time: benchmarks/startup.py). They load on first use."""


__getattr__ = lazy_names(__name__, _HOME, globals())


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
