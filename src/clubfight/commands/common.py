"""Helpers shared by the commands: turning user text into engine positions, with one-line errors."""

from __future__ import annotations

from ..cli import UsageError
from ..engine import DealCode, NotationError, Position, parse_position

MAX_CODE_LENGTH = 40
"""Longer than any deal code (a 20-digit seed and its level): such text is echoed only in part."""


def read_position(text: str, variants: list[str] | None = None) -> Position:
    """A position string or a deal code; NotationError becomes a UsageError (exit status 2)."""
    all_clear = "all-clear" in (variants or [])
    if "|" in text:
        try:
            position = parse_position(text)
        except NotationError as error:
            raise UsageError(str(error)) from None
        if all_clear and not position.all_clear:
            raise UsageError("--variant goes with a deal code; a position string carries its own flags")
        return position
    if len(text) > MAX_CODE_LENGTH:  # a pasted file, say: the message quotes its start, not all of it
        raise UsageError(f"{text[:MAX_CODE_LENGTH]!r}... ({len(text)} characters) is not a deal code or a position")
    try:
        code = DealCode.parse(text)
    except NotationError as error:
        if len(text.split()) > 1:  # several tokens: more likely a position missing its '|' than a deal code
            raise UsageError(
                f"{text!r} is neither a deal code (easy-N, hard-N) nor a position "
                "(grid | hand | grid deck | clubs deck)"
            ) from None
        raise UsageError(str(error)) from None
    return code.deal(all_clear=all_clear)
