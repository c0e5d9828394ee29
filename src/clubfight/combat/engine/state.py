"""What every part of a round's state machine shares: its phases and the sizes the rulings fix."""

from __future__ import annotations

from enum import Enum

from .cards import Card

HAND_SIZE = 4
"""T1: the attacker draws up to this many cards."""
DECK_SIZE = 27
"""K1: the cards of each colour."""
MAX_STALL = 2
"""W6: this many turns in a row without a play end the round."""

Stacks = tuple[tuple[Card, ...], ...]
"""The 9 places (K3), each stack bottom to top."""


class Phase(Enum):
    """Where a round stands; ``round.py`` says what each phase allows."""

    __hash__ = object.__hash__

    SETUP = "setup"
    DRAW = "draw"
    ATTACK = "attack"
    COUNTER = "counter"
    OVER = "over"
