"""Errors the engine raises. Both are ValueErrors so callers can catch either broadly."""

from __future__ import annotations


class NotationError(ValueError):
    """A card, move, position or deal code string could not be read."""


class IllegalMoveError(ValueError):
    """A well-formed move that the rules do not allow in this position.

    The fields are for a UI, so it never has to read a rule out of the text: ``reason`` says what
    is wrong in words, ``ruling`` names the ruling broken (docs/rules.md, such as ``"U1"``) or is
    None when the move breaks no ruling in particular (the club is not in the hand), and ``move``
    is the move as written. ``str()`` is the one line the CLI prints: ``8C up: ... (U1)``.
    """

    def __init__(self, reason: str, *, ruling: str | None = None, move: str | None = None) -> None:
        self.reason = reason
        self.ruling = ruling
        self.move = move
        super().__init__(self.explanation if move is None else f"{move}: {self.explanation}")

    @property
    def explanation(self) -> str:
        """The reason with its ruling, without the move: ``no card in the grid has ... (M1)``."""
        return self.reason if self.ruling is None else f"{self.reason} ({self.ruling})"

    def __reduce__(self) -> tuple[object, ...]:
        # Exceptions pickle as cls(*args); these fields are keyword-only, so rebuild from them.
        return (_rebuild, (self.reason, self.ruling, self.move))


def _rebuild(reason: str, ruling: str | None, move: str | None) -> IllegalMoveError:
    return IllegalMoveError(reason, ruling=ruling, move=move)
