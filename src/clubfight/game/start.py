"""Where a game begins: a deal code and its variants, or a position string (D2). Pure."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine import DealCode, Level, NotationError, Position, parse_position

ALL_CLEAR = "all-clear"
KNOWN_VARIANTS = (ALL_CLEAR,)


@dataclass(frozen=True, slots=True)
class Start:
    """Where a game begins: a deal code, or an explicit position string (D2) when there is none.

    Exactly one of ``deal`` and ``position`` is set. ``position`` is the notation string; it
    carries its own flags, so ``all_clear`` must agree with it.
    """

    deal: DealCode | None
    position: str | None
    all_clear: bool = False

    @staticmethod
    def from_deal(code: DealCode, *, all_clear: bool = False) -> Start:
        return Start(code, None, all_clear)

    @staticmethod
    def from_position(position: Position) -> Start:
        return Start(None, position.notation(), position.all_clear)

    @staticmethod
    def parse(text: str, variants: Sequence[str] = ()) -> Start:
        """A deal code or a position string, as typed by a player; raises NotationError."""
        unknown = [v for v in variants if v not in KNOWN_VARIANTS]
        if unknown:
            raise NotationError(f"unknown variant {unknown[0]!r}: the variants are {', '.join(KNOWN_VARIANTS)}")
        all_clear = ALL_CLEAR in variants
        if "|" in text:
            position = parse_position(text)
            if all_clear and not position.all_clear:
                raise NotationError("the position string must carry the allclear flag for the all-clear variant")
            return Start.from_position(position)
        return Start.from_deal(DealCode.parse(text), all_clear=all_clear)

    def opening(self) -> Position:
        """The position before the first move; raises NotationError for a bad position string."""
        if self.deal is not None:
            return self.deal.deal(all_clear=self.all_clear)
        position = parse_position(self.position or "")
        if position.all_clear != self.all_clear:
            raise NotationError("the variants don't match the position string's allclear flag")
        return position

    @property
    def level(self) -> Level:
        return self.deal.level if self.deal is not None else self.opening().level

    @property
    def variants(self) -> tuple[str, ...]:
        return (ALL_CLEAR,) if self.all_clear else ()

    @property
    def label(self) -> str:
        """The deal code, or "custom position" for a game that started from a position string."""
        return str(self.deal) if self.deal is not None else "custom position"

    @property
    def title(self) -> str:
        """The label with its variants, as the table's status line shows it: ``easy-14 +all-clear``."""
        return self.label + "".join(f" +{variant}" for variant in self.variants)

    def with_seed(self, seed: int) -> Start:
        """A new deal of the same level and variants (a position string has no seed: it deals that level)."""
        return Start.from_deal(DealCode(self.level, seed), all_clear=self.all_clear)
