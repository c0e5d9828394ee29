"""The pure Combat Club rules engine: no UI, no I/O, no global state, no ``random``.

Modelled on Club Fight's engine: immutable ``Card`` and action values, and a ``Round`` with
``legal_actions()``, ``play(action)``, ``explain(action)`` and ``outcome``. ``deal(seed)`` sets a
round up from a seed (``CombatCode``: ``combat-12345``). ``parse_position``/``format_position`` read
and write position JSON, and ``analyse`` lists a position's plays (docs/combat-notation.md). The
rulings it follows are K1-X3 of COMBAT-RULINGS.md, each named where it is applied.
"""

from clubfight.common.shuffle import MAX_SEED

from .actions import Action, Arrange, Attack, Counter, Decline, Draw, EndTurn, Pick, parse_action
from .cards import ALL_CARDS, BLACK_DECK, BLACK_JOKER, RED_DECK, RED_JOKER, TEN, Card, Colour, Suit
from .deal import COMBAT_DEAL_VERSION, CombatCode, deal, round_seed
from .errors import IllegalActionError, NotationError
from .events import Event, EventKind, TurnEnd
from .grid import CENTRE, NEIGHBOURS, NEUTRAL_ROW, front_row, neutral_place
from .plays import card_fits, fits, is_locked, sequences
from .position_json import (
    MAX_POSITION_LENGTH,
    CounterReport,
    PlayReport,
    analyse,
    format_position,
    parse_position,
    position_data,
)
from .round import Round
from .rules import KNOCK_OUT_SCORE, Juggle, Rules, Style
from .scoring import PlayKind, Points
from .state import DECK_SIZE, HAND_SIZE, Phase
from .wins import WIN_ORDER, RoundResult, Win

__all__ = [
    "ALL_CARDS",
    "BLACK_DECK",
    "BLACK_JOKER",
    "CENTRE",
    "COMBAT_DEAL_VERSION",
    "DECK_SIZE",
    "HAND_SIZE",
    "KNOCK_OUT_SCORE",
    "MAX_POSITION_LENGTH",
    "MAX_SEED",
    "NEIGHBOURS",
    "NEUTRAL_ROW",
    "RED_DECK",
    "RED_JOKER",
    "TEN",
    "WIN_ORDER",
    "Action",
    "Arrange",
    "Attack",
    "Card",
    "Colour",
    "CombatCode",
    "Counter",
    "CounterReport",
    "Decline",
    "Draw",
    "EndTurn",
    "Event",
    "EventKind",
    "IllegalActionError",
    "Juggle",
    "NotationError",
    "Phase",
    "Pick",
    "PlayKind",
    "PlayReport",
    "Points",
    "Round",
    "RoundResult",
    "Rules",
    "Style",
    "Suit",
    "TurnEnd",
    "Win",
    "analyse",
    "card_fits",
    "deal",
    "fits",
    "format_position",
    "front_row",
    "is_locked",
    "neutral_place",
    "parse_action",
    "parse_position",
    "position_data",
    "round_seed",
    "sequences",
]
