"""Cards, colours and the two 27-card decks (rulings K1, K2).

A card is written ``AH``, ``10S``, ``QD``, ``KC``, or ``RJ``/``BJ`` for the red and black jokers.
Values: A=1, 2-10 at face value, J=11, Q=12, K=13 (J, Q and K are *faces*); a joker's ``value`` is 0
because it has none of its own (it counts as any value A-9 when played, P3).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from .errors import NotationError


class Colour(Enum):
    """The two players, named by the colour of their deck (K1)."""

    __hash__ = object.__hash__  # members are singletons; Enum's own hash is slow in hot loops

    RED = "red"
    BLACK = "black"

    # Plain attributes, set below once both members exist: every play reads them many times, and a
    # property costs a call each time.
    other: Colour
    """The opponent's colour."""
    index: int
    """0 for RED, 1 for BLACK: the index into per-player pairs."""

    def __str__(self) -> str:
        return self.name


Colour.RED.other, Colour.BLACK.other = Colour.BLACK, Colour.RED
Colour.RED.index, Colour.BLACK.index = 0, 1


class Suit(Enum):
    __hash__ = object.__hash__

    HEARTS = "H"
    DIAMONDS = "D"
    SPADES = "S"
    CLUBS = "C"

    @property
    def colour(self) -> Colour:
        return Colour.RED if self in (Suit.HEARTS, Suit.DIAMONDS) else Colour.BLACK

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]


_SYMBOLS = {Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.SPADES: "♠", Suit.CLUBS: "♣"}
_SUIT_ORDER = {Suit.HEARTS: 0, Suit.DIAMONDS: 1, Suit.SPADES: 2, Suit.CLUBS: 3}
RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
TEN = 10
CARD_CODES = 160
"""Every ``Card.code`` is below this (two colours by five suits, a joker's included, by 16 ranks)."""


@dataclass(frozen=True, slots=True)
class Card:
    """One card. ``rank`` is 1-13, or 0 for a joker (whose ``suit`` is None); ``colour`` is its owner (K2).

    Build cards with ``Card.parse`` or take them from ``RED_DECK``/``BLACK_DECK``; ``Card(rank, suit,
    colour)`` with a suit of the other colour is not a card of this game.
    """

    rank: int
    suit: Suit | None
    colour: Colour
    code: int = field(init=False, repr=False, compare=False)
    """A small number (below ``CARD_CODES``) that only this card has: its hash, and its index into
    per-card tables on hot paths."""
    _order: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        suit = -1 if self.suit is None else _SUIT_ORDER[self.suit]
        object.__setattr__(self, "code", (self.colour.index * 5 + suit + 1) * 16 + self.rank)
        order = 64 + self.colour.index if self.suit is None else suit * 16 + self.rank
        object.__setattr__(self, "_order", order)

    def __hash__(self) -> int:
        return self.code

    def __eq__(self, other: object) -> bool:
        # Cards are compared all the time (``card in hand``), mostly unequal ones: the codes settle those.
        if not isinstance(other, Card):
            return NotImplemented
        return self.code == other.code and (self.rank, self.suit, self.colour) == (other.rank, other.suit, other.colour)

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    @property
    def is_face(self) -> bool:
        return self.rank > TEN

    @property
    def is_ten(self) -> bool:
        return self.rank == TEN

    @property
    def value(self) -> int:
        """1-13 (A=1, J=11, Q=12, K=13); 0 for a joker."""
        return self.rank

    @property
    def rank_name(self) -> str:
        if self.suit is None:
            return "J"
        return RANK_NAMES.get(self.rank, str(self.rank))

    @property
    def symbol(self) -> str:
        """A human label: ``10♥``, ``K♠``, or ``RJ``/``BJ`` for a joker."""
        if self.suit is None:
            return str(self)
        return f"{self.rank_name}{self.suit.symbol}"

    def sort_key(self) -> int:
        """Cards sort by suit H D S C, then rank; the jokers come last, RJ before BJ."""
        return self._order

    def __lt__(self, other: Card) -> bool:
        return self._order < other._order

    def __str__(self) -> str:
        if self.suit is None:
            return "RJ" if self.colour is Colour.RED else "BJ"
        return f"{RANK_NAMES.get(self.rank, str(self.rank))}{self.suit.value}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @staticmethod
    def parse(text: str) -> Card:
        """Read ``AH``, ``10S``, ``QD``, ``RJ`` or ``BJ``, in any case; ASCII only."""
        code = text.strip()
        # ASCII only: str.upper() turns the long s 'ſ' into 'S', so 'Aſ' would otherwise read as AS.
        card = _BY_CODE.get(code.upper()) if code.isascii() else None
        if card is None:
            raise NotationError(
                f"unknown card {text!r}: expected a rank A, 2-10, J, Q, K and a suit H, D, S, C, or RJ/BJ for a joker"
            )
        return card


def _suit_cards(suits: tuple[Suit, ...]) -> tuple[Card, ...]:
    return tuple(Card(rank, suit, suit.colour) for suit in suits for rank in range(1, 14))


RED_JOKER = Card(0, None, Colour.RED)
BLACK_JOKER = Card(0, None, Colour.BLACK)

RED_DECK: tuple[Card, ...] = (*_suit_cards((Suit.HEARTS, Suit.DIAMONDS)), RED_JOKER)
"""RED's unshuffled deck (K1): A-K of hearts, A-K of diamonds, then the red joker."""
BLACK_DECK: tuple[Card, ...] = (*_suit_cards((Suit.SPADES, Suit.CLUBS)), BLACK_JOKER)
"""BLACK's unshuffled deck (K1): A-K of spades, A-K of clubs, then the black joker."""
ALL_CARDS: tuple[Card, ...] = RED_DECK + BLACK_DECK

_BY_CODE: dict[str, Card] = {str(c): c for c in ALL_CARDS}


def deck_of(colour: Colour) -> tuple[Card, ...]:
    return RED_DECK if colour is Colour.RED else BLACK_DECK


def cards_text(cards: tuple[Card, ...] | list[Card]) -> str:
    """Cards as tokens separated by spaces, or ``-`` when there are none."""
    return " ".join(str(c) for c in cards) or "-"
