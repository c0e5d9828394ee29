"""The project's one seeded shuffle, shared by both games' deals and by every AI's chances.

The project owns its shuffle so that a seed means the same deal on every platform and Python
version, forever: SplitMix64 drives an unbiased Fisher-Yates. Changing anything here changes
every deal of both games, so each game versions its deals (Club Fight's DEAL_VERSION, Combat
Club's COMBAT_DEAL_VERSION) and pins them by golden tests.
"""

from __future__ import annotations

from typing import TypeVar

MAX_SEED = (1 << 64) - 1
"""Seeds are 64-bit: every deal code of either game names one."""
_MASK64 = MAX_SEED


def read_seed(text: str) -> int:
    """A seed as typed (``--seed``, or a bare number in the app), or ValueError with one line."""
    # ASCII digits only: int() would also take "1_000" and other scripts' digits.
    if not (text.isascii() and text.isdigit()):
        raise ValueError(f"seed must be a whole number from 0 to {MAX_SEED}, not {text!r}")
    seed = int(text)
    if not 0 <= seed <= MAX_SEED:
        raise ValueError(f"seed must be from 0 to {MAX_SEED}, not {text}")
    return seed


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
