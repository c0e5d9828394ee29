"""An error in a few words, for the one-line warnings every storage caller shows instead of raising."""

from __future__ import annotations


def why(error: Exception) -> str:
    """The OS's reason ("No space left on device"), or the error's own message."""
    if isinstance(error, OSError):
        return error.strerror or type(error).__name__
    return str(error)
