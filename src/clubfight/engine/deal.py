"""Seeded deals (D1) and deal codes (D2).

The project owns its shuffle so that a seed means the same deal on every platform and Python
version, forever: SplitMix64 drives an unbiased Fisher-Yates. Changing anything here changes
every deal, so it is versioned as DEAL_VERSION and pinned by golden tests.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TypeVar

from .cards import CLUBS, Card, grid_cards
from .errors import NotationError
from .moves import GRID_SIZE
from .position import HAND_SIZE, Level, Position
from .variant import Variant

DEAL_VERSION = 1
MAX_SEED = (1 << 64) - 1
_MASK64 = (1 << 64) - 1

T = TypeVar("T")


class SplitMix64:
    """Steele, Lea and Flood's SplitMix64: tiny, fully specified, and good enough for shuffling cards."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK64

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        """A uniform integer in [0, bound), by rejection so that no value is favoured."""
        limit = (1 << 64) - (1 << 64) % bound
        while True:
            x = self.next()
            if x < limit:
                return x % bound


def shuffled(items: tuple[T, ...], rng: SplitMix64) -> tuple[T, ...]:
    """Fisher-Yates from the last index down, the textbook (Durstenfeld) order."""
    cards = list(items)
    for i in range(len(cards) - 1, 0, -1):
        j = rng.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards)


def deal(level: Level, seed: int, *, variant: Variant = Variant.NONE) -> Position:
    """The opening position of deal (level, seed): clubs are shuffled first, then the grid deck."""
    if not 0 <= seed <= MAX_SEED:
        raise ValueError(f"seed {seed} is out of range: use 0 to {MAX_SEED}")
    rng = SplitMix64(seed)
    clubs = shuffled(CLUBS, rng)
    grid_deck: tuple[Card, ...] = shuffled(grid_cards(level.jokers), rng)
    return Position(
        grid_deck[:GRID_SIZE],
        clubs[:HAND_SIZE],
        grid_deck[GRID_SIZE:],
        clubs[HAND_SIZE:],
        level=level,
        variant=variant,
    )


_CODE = re.compile(r"(easy|hard)-([0-9]+)")  # ASCII only: \d would also accept "easy-١٢٣"


@dataclass(frozen=True, slots=True)
class DealCode:
    """A shareable deal such as ``hard-12345``."""

    level: Level
    seed: int

    def __str__(self) -> str:
        return f"{self.level.value}-{self.seed}"

    def deal(self, *, variant: Variant = Variant.NONE) -> Position:
        return deal(self.level, self.seed, variant=variant)

    @staticmethod
    def parse(text: str) -> DealCode:
        match = _CODE.fullmatch(text.strip().lower())
        if match is None:
            raise NotationError(f"bad deal code {_shown(text)}: expected easy-N or hard-N, for example hard-12345")
        digits = match.group(2)
        if len(digits) > len(str(MAX_SEED)) or int(digits) > MAX_SEED:  # the length first: no huge int()
            raise NotationError(f"bad deal code {_shown(text)}: the seed must be from 0 to {MAX_SEED}")
        seed = int(digits)
        return DealCode(Level(match.group(1)), seed)


_SHOWN_LENGTH = 40


def _shown(text: str) -> str:
    """``text`` quoted for an error message; a long one (a pasted file, say) by its start and length only."""
    if len(text) <= _SHOWN_LENGTH:
        return repr(text)
    return f"{text[:_SHOWN_LENGTH]!r}... ({len(text)} characters)"
