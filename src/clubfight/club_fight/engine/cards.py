"""Cards, suits and values (rulings C1-C2)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .errors import NotationError


class Suit(Enum):
    """The four suits. Hearts, spades and diamonds can block actions; clubs are the player's hand."""

    __hash__ = object.__hash__  # members are singletons; Enum's own hash is slow in hot loops

    HEARTS = "H"
    SPADES = "S"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)


_SYMBOLS = {Suit.HEARTS: "♥", Suit.SPADES: "♠", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}

RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
_SUIT_ORDER = {Suit.HEARTS: 0, Suit.SPADES: 1, Suit.DIAMONDS: 2, Suit.CLUBS: 3}


@dataclass(frozen=True, slots=True)
class Card:
    """One playing card. A joker has rank 0 and no suit; two jokers compare equal (C2)."""

    rank: int
    suit: Suit | None

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    @property
    def value(self) -> int:
        """The card's value for Match, Sum, Run and Up/Down; 0 for a joker, which has none."""
        return self.rank

    @property
    def rank_name(self) -> str:
        if self.suit is None:
            return "JK"
        return RANK_NAMES.get(self.rank, str(self.rank))

    @property
    def symbol(self) -> str:
        """A human label such as ``10♥``; a joker stays ``JK`` so it reads in any terminal font."""
        if self.suit is None:
            return "JK"
        return f"{self.rank_name}{self.suit.symbol}"

    def sort_key(self) -> tuple[int, int]:
        if self.suit is None:
            return (4, 0)
        return (_SUIT_ORDER[self.suit], self.rank)

    def __lt__(self, other: Card) -> bool:
        return self.sort_key() < other.sort_key()

    def __str__(self) -> str:
        if self.suit is None:
            return "JK"
        return f"{self.rank_name}{self.suit.value}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @staticmethod
    def parse(text: str) -> Card:
        """Read ``AH``, ``10S``, ``QD``, ``KC`` or ``JK`` (case-insensitive)."""
        code = text.strip()
        # ASCII only: str.upper() turns the long s 'ſ' into 'S', so 'Aſ' would read as AS.
        card = _BY_CODE.get(code.upper()) if code.isascii() else None
        if card is None:
            raise NotationError(f"unknown card {text!r}: expected a rank A,2-10,J,Q,K and a suit H,S,D,C, or JK")
        return card


JOKER = Card(0, None)

_BY_CODE: dict[str, Card] = {"JK": JOKER}
for _suit in Suit:
    for _rank in range(1, 14):
        _card = Card(_rank, _suit)
        _BY_CODE[str(_card)] = _card

CLUBS: tuple[Card, ...] = tuple(_BY_CODE[f"{RANK_NAMES.get(r, r)}C"] for r in range(1, 14))
"""The 13 clubs in rank order: the unshuffled clubs deck."""

GRID_SUITS = (Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS)


def grid_cards(jokers: int) -> tuple[Card, ...]:
    """The unshuffled grid deck (C1): 39 hearts, spades and diamonds, then the jokers."""
    return (
        tuple(_BY_CODE[f"{RANK_NAMES.get(r, r)}{s.value}"] for s in GRID_SUITS for r in range(1, 14))
        + (JOKER,) * jokers
    )
