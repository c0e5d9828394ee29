"""Actions and moves: immutable values, with the move notation's formatting side."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from .cards import Card, Suit


class Action(Enum):
    """The six actions of the rules, plus the All Clear variant (V1). Values are the notation names."""

    __hash__ = object.__hash__  # members are singletons; Enum's own hash is slow in hot loops

    MATCH = "match"
    SUM = "sum"
    ANY = "any"
    LINE = "line"
    UPDOWN = "updown"
    RUN = "run"
    ALLCLEAR = "allclear"

    @property
    def title(self) -> str:
        return _TITLES[self]

    @property
    def blocking_suit(self) -> Suit | None:
        """The suit whose three cards in the grid block this action (T2), or None if it can't be blocked."""
        return BLOCKED_BY.get(self)


_TITLES = {
    Action.MATCH: "Match",
    Action.SUM: "Sum",
    Action.ANY: "Any",
    Action.LINE: "Line",
    Action.UPDOWN: "Up/Down",
    Action.RUN: "Run",
    Action.ALLCLEAR: "All Clear",
}

BLOCKED_BY = {Action.LINE: Suit.DIAMONDS, Action.UPDOWN: Suit.SPADES, Action.RUN: Suit.HEARTS}
BLOCK_THRESHOLD = 3

ACTION_ORDER = {action: index for index, action in enumerate(Action)}

LINES: dict[str, frozenset[int]] = {
    "row1": frozenset({1, 2, 3}),
    "row2": frozenset({4, 5, 6}),
    "row3": frozenset({7, 8, 9}),
    "col1": frozenset({1, 4, 7}),
    "col2": frozenset({2, 5, 8}),
    "col3": frozenset({3, 6, 9}),
}
"""Rows before columns, so when two lines clear the same cards the row names the move."""

UP = "up"
DOWN = "down"


@dataclass(frozen=True, slots=True)
class Move:
    """One turn: a club, an action and the exact 1-based grid positions it clears.

    Two moves are the same move when they clear the same positions with the same club(s) and
    action, so ``detail`` (the line name, or ``up``/``down``) only shapes the notation.
    For All Clear, ``club`` is the lowest of the three clubs and ``clubs`` holds all three.
    """

    club: Card
    action: Action
    cleared: frozenset[int]
    detail: str | None = field(default=None, compare=False)
    clubs: tuple[Card, ...] = ()

    @property
    def clubs_used(self) -> tuple[Card, ...]:
        return self.clubs or (self.club,)

    def sort_key(self) -> tuple[int, int, tuple[int, ...]]:
        return (self.club.rank, ACTION_ORDER[self.action], tuple(sorted(self.cleared)))

    def __str__(self) -> str:
        if self.action is Action.ALLCLEAR:
            return " ".join(str(c) for c in self.clubs_used) + " allclear"
        head = f"{self.club} "
        if self.action is Action.MATCH:
            return head + "match"
        if self.action is Action.LINE:
            return head + "line " + (self.detail or _line_containing(self.cleared))
        if self.action is Action.UPDOWN:
            return head + (self.detail or (DOWN if self.club.rank < 7 else UP))
        positions = " ".join(str(p) for p in sorted(self.cleared))
        return f"{head}{self.action.value} {positions}"

    def to_json(self) -> dict[str, object]:
        """The public JSON shape of ``clubfight moves --json`` (docs/notation.md)."""
        data: dict[str, object] = {
            "club": str(self.club),
            "action": self.action.value,
            "cleared": sorted(self.cleared),
        }
        if self.action is Action.ALLCLEAR:
            data["clubs"] = [str(c) for c in self.clubs_used]
        return data


def _line_containing(cleared: frozenset[int]) -> str:
    for name, cells in LINES.items():
        if cleared <= cells:
            return name
    return "?"
