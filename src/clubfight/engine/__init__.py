"""The pure Club Fight rules engine: no UI, no I/O, no global state, no ``random``.

Modelled on python-chess: immutable ``Card`` and ``Move`` values and a ``Position`` with
``legal_moves()``, ``play(move)``, ``is_over`` and ``outcome``, plus text notations for moves
and positions (docs/notation.md).
"""

from .cards import CLUBS, JOKER, Card, Suit
from .deal import DEAL_VERSION, MAX_SEED, DealCode, SplitMix64, deal, shuffled
from .errors import IllegalMoveError, NotationError
from .moves import BLOCK_THRESHOLD, LINES, Action, Move
from .notation import format_position, parse_move, parse_position
from .position import Block, Level, Outcome, Position

__all__ = [
    "BLOCK_THRESHOLD",
    "CLUBS",
    "DEAL_VERSION",
    "JOKER",
    "LINES",
    "MAX_SEED",
    "Action",
    "Block",
    "Card",
    "DealCode",
    "IllegalMoveError",
    "Level",
    "Move",
    "NotationError",
    "Outcome",
    "Position",
    "SplitMix64",
    "Suit",
    "deal",
    "format_position",
    "parse_move",
    "parse_position",
    "shuffled",
]
