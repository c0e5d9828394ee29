"""Quoting what someone typed in a one-line message: shared by the command line and the app. Pure."""

from __future__ import annotations

MAX_CODE_LENGTH = 40
"""Longer than any deal code (a 20-digit seed and its level): such text is echoed only in part."""


def quote(text: str) -> str:
    """``text`` in quotes for a message; a long one (a pasted file, say) only by its start and length."""
    if len(text) <= MAX_CODE_LENGTH:
        return repr(text)
    return f"{text[:MAX_CODE_LENGTH]!r}... ({len(text)} characters)"
