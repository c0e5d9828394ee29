"""Quoting what someone typed in a one-line message, and making one line that reads well aloud (the
spoken log's): shared by the command line, the app and both games. Pure."""

from __future__ import annotations

MAX_CODE_LENGTH = 40
"""Longer than any deal code (a 20-digit seed and its level): such text is echoed only in part."""


def quote(text: str) -> str:
    """``text`` in quotes for a message; a long one (a pasted file, say) only by its start and length."""
    if len(text) <= MAX_CODE_LENGTH:
        return repr(text)
    return f"{text[:MAX_CODE_LENGTH]!r}... ({len(text)} characters)"


SENTENCE_ENDS = ".!?:✓✗"
"""A part that already ends in one of these keeps it; any other gets a full stop."""


def sentence(*parts: str) -> str:
    """Parts as one line, each ending in a full stop (or the mark it already has); empty parts and
    runs of white space (line breaks too) go."""
    said = []
    for part in parts:
        part = " ".join(part.split())
        if part:
            said.append(part if part[-1] in SENTENCE_ENDS else part + ".")
    return " ".join(said)
