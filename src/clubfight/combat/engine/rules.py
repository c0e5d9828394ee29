"""The rules in force for a match: fighting styles (F1), juggle combos (F2), rounds (M1), survival (M2)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .cards import Colour


class Style(Enum):
    """A fighting style (F1). It applies to its player only."""

    __hash__ = object.__hash__

    KARATE = "karate"
    KRAV_MAGA = "krav-maga"
    MMA = "mma"
    JEET_KUNE_DO = "jeet-kune-do"
    WUSHU = "wushu"
    KUNG_FU = "kung-fu"
    NINJUTSU = "ninjutsu"
    WRESTLING = "wrestling"
    SUMO = "sumo"

    @property
    def title(self) -> str:
        return self.value.replace("-", " ").upper()


class Juggle(Enum):
    """F2: whether faces join the numbers they pair with in COMBO chains, in RUSH counts, or both."""

    __hash__ = object.__hash__

    NONE = "none"
    COMBO = "combo"
    RUSH = "rush"
    BOTH = "both"

    @property
    def combo(self) -> bool:
        return self in (Juggle.COMBO, Juggle.BOTH)

    @property
    def rush(self) -> bool:
        return self in (Juggle.RUSH, Juggle.BOTH)


ROUND_CHOICES = (1, 3, 5)
KNOCK_OUT_SCORE = 30


@dataclass(frozen=True, slots=True)
class Rules:
    """The rules a match is played under. The default is the plain game, best of 3, no survival."""

    red_style: Style | None = None
    black_style: Style | None = None
    juggle: Juggle = Juggle.NONE
    rounds: int = 3
    survival: bool = False

    def __post_init__(self) -> None:
        if self.rounds not in ROUND_CHOICES:
            raise ValueError(f"a match is the best of 1, 3 or 5 rounds, not {self.rounds} (M1)")

    def style(self, colour: Colour) -> Style | None:
        return self.red_style if colour is Colour.RED else self.black_style

    def has(self, colour: Colour, style: Style) -> bool:
        return (self.red_style if colour is Colour.RED else self.black_style) is style

    @property
    def wins_needed(self) -> int:
        """Round wins that take the match (M1): 1, 2 or 3."""
        return self.rounds // 2 + 1

    def __str__(self) -> str:
        parts = [
            f"RED {self.red_style.value if self.red_style else 'no style'}",
            f"BLACK {self.black_style.value if self.black_style else 'no style'}",
            f"juggle {self.juggle.value}",
            f"best of {self.rounds}",
        ]
        if self.survival:
            parts.append("survival")
        return ", ".join(parts)


DEFAULT_RULES = Rules()
"""The plain game: no styles, no juggle, best of 3, no survival."""
