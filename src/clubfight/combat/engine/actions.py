"""Actions and their text notation.

Every action a player can take is one of these frozen values; ``str(action)`` writes it and
``parse_action(text)`` reads it back (case-insensitive, ASCII only, spaces free):

=====================================  ==========================================================
``red arrange 5H 6D 7H | 9H``           U2: the colour, its three front-row cards in place order of
                                        that row (RED: 7 8 9, BLACK: 1 2 3), ``|``, its neutral card
``7C@8``                                a single card onto place 8
``AS-2C-3S@2``                          a THROW onto place 2, bottom card first, top card last
``play AS 2C 3S to 2``                  the same throw, longhand (read only; written as above)
``end``                                 the attacker ends the turn (T3)
``counter 8H``                          the defender counters the play just made (C1)
``decline``                             the defender lets it stand (C1)
``draw 1`` / ``draw 2``                 a WUSHU defender's counter draw (F1)
``pick 7S``                             a NINJUTSU defender's counter card, picked from the deck (F1)
=====================================  ==========================================================

A throw lists cards, not values: a joker in it takes whatever value the sequence needs (P3), so a
play is listed once even where a joker could stand for two values (``RJ-5S@3`` is 4-5 or 6-5).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TypeAlias

from .cards import Card, Colour
from .errors import NotationError


@dataclass(frozen=True, slots=True)
class Arrange:
    """U2: ``front`` goes into the player's front row in place order, ``neutral`` to its neutral place."""

    colour: Colour
    front: tuple[Card, Card, Card]
    neutral: Card

    def __str__(self) -> str:
        return f"{self.colour.value} arrange {' '.join(map(str, self.front))} | {self.neutral}"


@dataclass(frozen=True, slots=True)
class Attack:
    """One card, or a THROW of several (P5, bottom to top), onto the stack at place ``to`` (1-9)."""

    cards: tuple[Card, ...]
    to: int

    @property
    def is_throw(self) -> bool:
        return len(self.cards) > 1

    @property
    def top(self) -> Card:
        return self.cards[-1]

    def __str__(self) -> str:
        return f"{'-'.join(map(str, self.cards))}@{self.to}"


_SET_CARDS = vars(Attack)["cards"].__set__
_SET_TO = vars(Attack)["to"].__set__
_NEW = object.__new__


def attacks_at(sequences: list[tuple[tuple[Card, ...], int]], fit: int, place: int) -> list[Attack]:
    """``[Attack(cards, place) for cards, mask in sequences if mask & fit]``, built two times faster: a
    frozen dataclass's ``__init__`` sets each field through ``object.__setattr__``, where this fills
    the slots directly. Move generation builds every play of every new hand this way."""
    found: list[Attack] = []
    for cards, mask in sequences:
        if mask & fit:
            attack = _NEW(Attack)
            _SET_CARDS(attack, cards)
            _SET_TO(attack, place)
            found.append(attack)
    return found


@dataclass(frozen=True, slots=True)
class EndTurn:
    """The attacker ends the turn (T3)."""

    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True, slots=True)
class Counter:
    """The defender plays ``card`` onto the stack the attacker's unsafe play just topped (C1)."""

    card: Card

    def __str__(self) -> str:
        return f"counter {self.card}"


@dataclass(frozen=True, slots=True)
class Decline:
    """The defender lets the unsafe play stand (C1: countering is optional)."""

    def __str__(self) -> str:
        return "decline"


@dataclass(frozen=True, slots=True)
class Draw:
    """A WUSHU defender's counter draw: 1 or 2 cards from the top of the deck (F1)."""

    count: int

    def __str__(self) -> str:
        return f"draw {self.count}"


@dataclass(frozen=True, slots=True)
class Pick:
    """A NINJUTSU defender's counter card, taken from anywhere in the deck, which is then shuffled (F1)."""

    card: Card

    def __str__(self) -> str:
        return f"pick {self.card}"


Action: TypeAlias = Arrange | Attack | EndTurn | Counter | Decline | Draw | Pick

_CARD = r"(?:10|[2-9AJQK])[HDSC]|RJ|BJ"
_ARRANGE = re.compile(rf"(RED|BLACK)\s+ARRANGE\s+({_CARD})\s+({_CARD})\s+({_CARD})\s*\|\s*({_CARD})")
_SHORT = re.compile(rf"((?:{_CARD})(?:\s*-\s*(?:{_CARD}))*)\s*@\s*([0-9]+)")
_LONG = re.compile(rf"PLAY\s+((?:{_CARD})(?:\s+(?:{_CARD}))*)\s+TO\s+([0-9]+)")
_ONE = re.compile(rf"(COUNTER|PICK)\s+({_CARD})")
_DRAW = re.compile(r"DRAW\s+([0-9]+)")


def _place(text: str, whole: str) -> int:
    place = int(text)
    if not 1 <= place <= 9:
        raise NotationError(f"bad action {whole!r}: there is no place {place}; places are 1-9")
    return place


def parse_action(text: str) -> Action:
    """Read an action written as ``str(action)`` writes it (or a throw's ``play ... to N`` longhand)."""
    raw = text.strip()
    if not raw.isascii():
        raise NotationError(f"bad action {text!r}: use ASCII letters and digits only")
    code = " ".join(raw.upper().split())
    if code == "END":
        return EndTurn()
    if code == "DECLINE":
        return Decline()
    if match := _ARRANGE.fullmatch(code):
        colour = Colour(match.group(1).lower())
        a, b, c, n = (Card.parse(match.group(i)) for i in range(2, 6))
        return Arrange(colour, (a, b, c), n)
    if match := _SHORT.fullmatch(code):
        cards = tuple(Card.parse(t) for t in match.group(1).replace(" ", "").split("-"))
        return Attack(cards, _place(match.group(2), text))
    if match := _LONG.fullmatch(code):
        cards = tuple(Card.parse(t) for t in match.group(1).split())
        return Attack(cards, _place(match.group(2), text))
    if match := _ONE.fullmatch(code):
        card = Card.parse(match.group(2))
        return Counter(card) if match.group(1) == "COUNTER" else Pick(card)
    if match := _DRAW.fullmatch(code):
        return Draw(int(match.group(1)))
    raise NotationError(
        f"bad action {text!r}: expected e.g. '7C@8', 'AS-2C-3S@2', 'end', 'counter 8H', 'decline', "
        "'red arrange 5H 6D 7H | 9H', 'draw 2' or 'pick 7S'"
    )
