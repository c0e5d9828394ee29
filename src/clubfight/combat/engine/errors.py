"""Errors the Combat Club engine raises. Both are ValueErrors so callers can catch either broadly."""

from __future__ import annotations


class NotationError(ValueError):
    """A card, action or combat code string could not be read."""


class IllegalActionError(ValueError):
    """A well-formed action that the rules do not allow now.

    ``ruling`` names the ruling of docs/COMBAT-RULINGS that forbids it (``"P2"``), ``reason`` says why
    in words, so that a UI can show either without parsing the message.
    """

    def __init__(self, ruling: str, reason: str) -> None:
        super().__init__(ruling, reason)
        self.ruling = ruling
        self.reason = reason

    def __str__(self) -> str:
        return f"{self.reason} ({self.ruling})"
