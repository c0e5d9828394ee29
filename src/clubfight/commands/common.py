"""Helpers shared by the commands: turning user text into engine positions, with one-line errors."""

from __future__ import annotations

from ..cli import UsageError
from ..engine import DealCode, NotationError, Position, parse_position


def read_position(text: str, variants: list[str] | None = None) -> Position:
    """A position string or a deal code; NotationError becomes a UsageError (exit status 2)."""
    all_clear = "all-clear" in (variants or [])
    try:
        if "|" in text:
            position = parse_position(text)
            if all_clear and not position.all_clear:
                raise UsageError("--variant goes with a deal code; a position string carries its own flags")
            return position
        return DealCode.parse(text).deal(all_clear=all_clear)
    except NotationError as error:
        raise UsageError(str(error)) from None
