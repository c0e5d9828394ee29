"""The pure Club Fight rules engine: no UI, no I/O, no global state, no ``random``.

Modelled on python-chess: immutable ``Card`` and ``Move`` values and a ``Position`` with
``legal_moves()``, ``play(move)``, ``explain(move)``, ``is_over`` and ``outcome``, plus text
notations for moves and positions (docs/notation.md). Searches that play thousands of turns read
``clears()`` (the masks ``legal_moves()`` is built from) and ``play_clear``. A UI takes every rule it shows from here:
the sizes (``GRID_SIZE``, ``HAND_SIZE``, ``MAX_TURNS``), what each action asks of the player
(``Action.input``), and why a move is refused (``IllegalMoveError.ruling`` and ``.reason``).
"""

from clubfight.common.shuffle import MAX_SEED

from .cards import CLUBS, GRID_SUITS, JOKER, RANK_NAMES, Card, Suit, grid_cards
from .deal import DEAL_VERSION, DealCode, deal
from .errors import IllegalMoveError, NotationError
from .movegen import ClubClears
from .moves import (
    BLOCK_THRESHOLD,
    DOWN,
    GRID_SIZE,
    LINES,
    UP,
    Action,
    ActionInput,
    Move,
    directions,
)
from .notation import format_position, parse_move, parse_position
from .position import HAND_SIZE, MAX_TURNS, Block, Level, Outcome, Position
from .variant import VARIANT_NAMES, VARIANTS, Variant

__all__ = [
    "BLOCK_THRESHOLD",
    "CLUBS",
    "DEAL_VERSION",
    "DOWN",
    "GRID_SIZE",
    "GRID_SUITS",
    "HAND_SIZE",
    "JOKER",
    "LINES",
    "MAX_SEED",
    "MAX_TURNS",
    "RANK_NAMES",
    "UP",
    "VARIANTS",
    "VARIANT_NAMES",
    "Action",
    "ActionInput",
    "Block",
    "Card",
    "ClubClears",
    "DealCode",
    "IllegalMoveError",
    "Level",
    "Move",
    "NotationError",
    "Outcome",
    "Position",
    "Suit",
    "Variant",
    "deal",
    "directions",
    "format_position",
    "grid_cards",
    "parse_move",
    "parse_position",
]
