"""Where a game begins: a deal code and its variant, or a position string (D2). Pure."""

from __future__ import annotations

from dataclasses import dataclass

from clubfight.club_fight.engine import DealCode, Level, NotationError, Position, Variant, parse_position


@dataclass(frozen=True, slots=True)
class Start:
    """Where a game begins: a deal code, or an explicit position string (D2) when there is none.

    Exactly one of ``deal`` and ``position`` is set. ``position`` is the notation string; it
    carries its own flags, so ``variant`` must agree with it.
    """

    deal: DealCode | None
    position: str | None
    variant: Variant = Variant.NONE

    @staticmethod
    def from_deal(code: DealCode, *, variant: Variant = Variant.NONE) -> Start:
        return Start(code, None, variant)

    @staticmethod
    def from_position(position: Position) -> Start:
        return Start(None, position.notation(), position.variant)

    @staticmethod
    def parse(text: str, variant: Variant = Variant.NONE) -> Start:
        """A deal code or a position string, as typed by a player; raises NotationError."""
        if "|" in text:
            position = parse_position(text)
            if variant & ~position.variant:
                raise NotationError("the position string must carry the allclear flag for the all-clear variant")
            return Start.from_position(position)
        return Start.from_deal(DealCode.parse(text), variant=variant)

    def opening(self) -> Position:
        """The position before the first move; raises NotationError for a bad position string."""
        if self.deal is not None:
            return self.deal.deal(variant=self.variant)
        position = parse_position(self.position or "")
        if position.variant != self.variant:
            raise NotationError("the variants don't match the position string's allclear flag")
        return position

    @property
    def level(self) -> Level:
        return self.deal.level if self.deal is not None else self.opening().level

    @property
    def label(self) -> str:
        """The deal code, or "custom position" for a game that started from a position string."""
        return str(self.deal) if self.deal is not None else "custom position"

    @property
    def title(self) -> str:
        """The label with its variants, as the table's status line shows it: ``easy-14 +all-clear``."""
        return self.label + "".join(f" +{name}" for name in self.variant.names)

    def with_seed(self, seed: int) -> Start:
        """A new deal of the same level and variants (a position string has no seed: it deals that level)."""
        return Start.from_deal(DealCode(self.level, seed), variant=self.variant)
