"""Helpers shared by the commands: turning user text into engine positions, with one-line errors."""

from __future__ import annotations

from clubfight.club_fight.engine import DealCode, NotationError, Position, Variant, parse_position
from clubfight.common.command_line import UsageError, quote


def read_position(text: str, variants: list[str] | None = None) -> Position:
    """A position string or a deal code; NotationError becomes a UsageError (exit status 2).
    ``variants`` are the names given to ``--variant`` (argparse has already checked them)."""
    try:
        variant = Variant.from_names(variants or [])
    except NotationError as error:
        raise UsageError(str(error)) from None
    if "|" in text:
        try:
            position = parse_position(text)
        except NotationError as error:
            raise UsageError(str(error)) from None
        if variant & ~position.variant:
            raise UsageError("--variant goes with a deal code; a position string carries its own flags")
        return position
    if len(text.split()) > 1:  # a deal code is one word: this is more likely a position missing its '|'
        raise UsageError(
            f"{quote(text)} is neither a deal code (easy-N, hard-N) "
            "nor a position (grid | hand | grid deck | clubs deck)"
        )
    return read_deal_code(text).deal(variant=variant)


def read_deal_code(text: str) -> DealCode:
    """A deal code such as hard-12345, or a UsageError (exit status 2)."""
    try:
        return DealCode.parse(text)
    except NotationError as error:
        raise UsageError(str(error)) from None
