"""Combat Club above the single round: a match of rounds (M1, M2) and its text record. Pure: no I/O."""

from clubfight.common.records import RecordError

from .match import Match, PlayedRound
from .records import MAX_LINE_LENGTH, MAX_RECORD_LINES, format_record, parse_record
from .results import ONLINE, OPPONENTS, RESULT_OPPONENTS, CombatFigures, CombatResult, CombatSave, combat_figures

__all__ = [
    "MAX_LINE_LENGTH",
    "MAX_RECORD_LINES",
    "ONLINE",
    "OPPONENTS",
    "RESULT_OPPONENTS",
    "CombatFigures",
    "CombatResult",
    "CombatSave",
    "Match",
    "PlayedRound",
    "RecordError",
    "combat_figures",
    "format_record",
    "parse_record",
]
