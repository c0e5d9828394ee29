"""Helpers shared by the commands: turning user text into engine positions, with one-line errors."""

from __future__ import annotations

from pathlib import Path

from ..engine import DealCode, NotationError, Position, Variant, parse_position
from .options import UsageError

MAX_CODE_LENGTH = 40
"""Longer than any deal code (a 20-digit seed and its level): such text is echoed only in part."""


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


def quote(text: str) -> str:
    """``text`` in quotes for a message; a long one (a pasted file, say) only by its start and length."""
    if len(text) <= MAX_CODE_LENGTH:
        return repr(text)
    return f"{text[:MAX_CODE_LENGTH]!r}... ({len(text)} characters)"


def read_record_text(name: str, *, max_lines: int, max_line_length: int, what: str) -> str:
    """The text of record file ``name``, read no further than a record can be long; any problem is a
    UsageError naming the file (and the line, for bytes that aren't UTF-8). ``what`` names the kind."""
    max_bytes = max_lines * (max_line_length + 2)
    try:
        with Path(name).open("rb") as handle:
            raw = handle.read(max_bytes + 1)
    except OSError as error:
        raise UsageError(f"can't read {name}: {error.strerror or error}") from None
    if len(raw) > max_bytes:
        raise UsageError(f"{name} is too large to be {what}")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        raise UsageError(f"{name}:{line}: not text ({what} is UTF-8)") from None
