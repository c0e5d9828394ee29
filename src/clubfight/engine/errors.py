"""Errors the engine raises. Both are ValueErrors so callers can catch either broadly."""

from __future__ import annotations


class NotationError(ValueError):
    """A card, move, position or deal code string could not be read."""


class IllegalMoveError(ValueError):
    """A well-formed move that the rules do not allow in this position."""
