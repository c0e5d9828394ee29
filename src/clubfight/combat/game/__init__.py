"""Combat Club above the single round: a match of rounds (M1, M2) and its text record. Pure: no I/O."""

from .match import Match, PlayedRound
from .records import MAX_LINE_LENGTH, MAX_RECORD_LINES, RecordError, format_record, parse_record

__all__ = [
    "MAX_LINE_LENGTH",
    "MAX_RECORD_LINES",
    "Match",
    "PlayedRound",
    "RecordError",
    "format_record",
    "parse_record",
]
