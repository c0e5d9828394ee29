"""Seeded deals (D1) and deal codes (D2).

The shuffle is the project's own (``clubfight.common.shuffle``), so that a seed means the same deal
on every platform and Python version, forever. Changing the shuffle or the order cards are dealt in
here changes every deal, so it is versioned as DEAL_VERSION and pinned by golden tests.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from clubfight.common.shuffle import MAX_SEED, SplitMix64, shuffled

from .cards import CLUBS, Card, grid_cards
from .errors import NotationError
from .moves import GRID_SIZE
from .position import HAND_SIZE, Level, Position
from .variant import Variant

DEAL_VERSION = 1


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
