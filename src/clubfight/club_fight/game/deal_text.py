"""A deal as someone types it: a deal code (hard-12345), a bare seed, or a position string (D2). Pure.

``clubfight --deal`` and the app's "Play a deal…" read their text here, so both accept the same
text and refuse it with the same one-line message (``DealTextError``).
"""

from __future__ import annotations

from dataclasses import dataclass

from clubfight.club_fight.engine import DealCode, NotationError, Position, Variant, parse_position
from clubfight.common.shuffle import read_seed
from clubfight.common.text import quote


class DealTextError(ValueError):
    """Text that names no deal, with one line saying why."""


class VariantWithPosition(DealTextError):
    """Variants were given with a position string, which carries its own."""

    def __init__(self) -> None:
        super().__init__("--variant goes with a deal code; a position string carries its own flags")


def read_variants(names: list[str] | tuple[str, ...]) -> Variant:
    try:
        return Variant.from_names(list(names))
    except NotationError as error:
        raise DealTextError(str(error)) from None


def read_position(text: str, variant: Variant = Variant.NONE) -> Position:
    """A position string or a deal code (dealt with ``variant``)."""
    if "|" in text:
        try:
            position = parse_position(text)
        except NotationError as error:
            raise DealTextError(str(error)) from None
        if variant & ~position.variant:
            raise VariantWithPosition
        return position
    if len(text.split()) > 1:  # a deal code is one word: this is more likely a position missing its '|'
        raise DealTextError(
            f"{quote(text)} is neither a deal code (easy-N, hard-N) "
            "nor a position (grid | hand | grid deck | clubs deck)"
        )
    return read_deal_code(text).deal(variant=variant)


def read_deal_code(text: str) -> DealCode:
    """A deal code such as hard-12345."""
    try:
        return DealCode.parse(text)
    except NotationError as error:
        raise DealTextError(str(error)) from None


@dataclass(frozen=True)
class DealText:
    """What the text named: a deal code, a seed (its level still to choose) or a position."""

    code: DealCode | None = None
    seed: int | None = None
    position: Position | None = None


def read_deal(text: str) -> DealText:
    """A deal code, a bare seed or a position string, as the app's "Play a deal…" takes them: read
    as ``clubfight --deal`` reads a code or a position, and a bare seed as ``--seed`` reads one."""
    if text.isascii() and text.isdigit():
        try:
            return DealText(seed=read_seed(text))
        except ValueError as error:
            raise DealTextError(str(error)) from None
    if "|" in text:
        return DealText(position=read_position(text))
    return DealText(code=read_deal_code(text))
