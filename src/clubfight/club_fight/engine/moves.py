"""Actions and moves: immutable values, and the move notation's syntax (writing and reading).

Only the syntax lives here; which move a string names depends on the position, so
``Position.parse_move`` picks it from ``legal_moves()``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from .cards import Card, Suit
from .errors import NotationError

GRID_SIZE = 9
"""Places in the grid, numbered 1 to 9 in reading order (C3)."""


class ActionInput(Enum):
    """What the player supplies for an action beyond the club, so a UI asks for the right thing."""

    CARDS = "cards"
    """Pick grid cards one by one: Sum, Run, Any."""
    LINE = "line"
    """Choose a row or a column: Line."""
    DIRECTION = "direction"
    """Choose up or down (only the 7 has a choice): Up/Down."""
    CLUBS = "clubs"
    """Choose which three clubs in sequence: All Clear."""
    NONE = "none"
    """Nothing: Match clears every card of the club's value."""


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
    def input(self) -> ActionInput:
        """What the player chooses for this action besides the club."""
        return _INPUTS[self]

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

_INPUTS = {
    Action.MATCH: ActionInput.NONE,
    Action.SUM: ActionInput.CARDS,
    Action.ANY: ActionInput.CARDS,
    Action.LINE: ActionInput.LINE,
    Action.UPDOWN: ActionInput.DIRECTION,
    Action.RUN: ActionInput.CARDS,
    Action.ALLCLEAR: ActionInput.CLUBS,
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


def directions(value: int) -> tuple[str, ...]:
    """U1: the ways a club of ``value`` may go, down first: the 2 to 7 go down, the 7 to Q up."""
    if value == 7:
        return (DOWN, UP)
    if 2 <= value < 7:
        return (DOWN,)
    if 7 < value <= 12:
        return (UP,)
    return ()


DIRECTIONS: tuple[tuple[str, ...], ...] = tuple(directions(value) for value in range(15))
"""``directions`` by value as a table, for the move generator's inner loop."""


def _mask(cleared: frozenset[int]) -> int:
    mask = 0
    for p in cleared:
        if type(p) is int and 1 <= p <= GRID_SIZE:
            mask |= 1 << (p - 1)
    return mask


@dataclass(frozen=True, slots=True)
class Move:
    """One turn: a club, an action and the exact 1-based grid positions it clears.

    Two moves are the same move when they clear the same positions with the same club(s) and
    action, so ``detail`` (the line name, or ``up``/``down``) only shapes the notation.
    For All Clear, ``club`` is the lowest of the three clubs and ``clubs`` holds all three.
    ``str(move)`` trusts ``detail``; ``Position.move_notation`` names any move faithfully.
    ``mask`` is ``cleared`` as a 9-bit int (place 1 is bit 0), computed once, for fast set arithmetic;
    places outside 1-9 are left out of it (``Position.explain`` refuses them).
    """

    club: Card
    action: Action
    cleared: frozenset[int]
    detail: str | None = field(default=None, compare=False)
    clubs: tuple[Card, ...] = ()
    mask: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "mask", _mask(self.cleared))

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
        if self.action is Action.UPDOWN:
            data["direction"] = self.detail  # "up" or "down": an addition to the contract (docs/notation.md)
        return data


def _line_containing(cleared: frozenset[int]) -> str:
    for name, cells in LINES.items():
        if cleared <= cells:
            return name
    return "?"


_ACTION_WORDS = {a.value: a for a in Action} | {UP: Action.UPDOWN, DOWN: Action.UPDOWN}
MAX_MOVE_LENGTH = 200


@dataclass(frozen=True, slots=True)
class MoveText:
    """What a move string says before any position is consulted: the clubs, the action and its
    argument (``places`` for Sum, Run and Any; ``detail``, the line name or direction, for Line
    and Up/Down). ``detail`` is None for ``updown``, which leaves the direction to the position."""

    text: str
    clubs: tuple[Card, ...]
    action: Action
    places: frozenset[int] = frozenset()
    detail: str | None = None

    @property
    def club(self) -> Card:
        return self.clubs[0]

    @staticmethod
    def parse(text: str) -> MoveText:
        """Read the syntax of docs/notation.md; NotationError if it isn't a move at all."""
        if not isinstance(text, str) or len(text) > MAX_MOVE_LENGTH:
            raise NotationError("a move is a short string such as '8C run 1 5 9'")
        tokens = text.split()
        index = next((i for i, t in enumerate(tokens) if t.lower() in _ACTION_WORDS), None)
        if index is None:
            raise NotationError(f"no action in {text!r}: use match, sum, any, line, up, down, updown, run or allclear")
        word = tokens[index].lower()
        action = _ACTION_WORDS[word]
        clubs = tuple(_club(t) for t in tokens[:index])
        args = tokens[index + 1 :]
        expected = 3 if action is Action.ALLCLEAR else 1
        if len(clubs) != expected and not (action is Action.ALLCLEAR and len(clubs) == 1):
            raise NotationError(
                f"{text!r}: {action.value} needs {expected} club{'s' if expected > 1 else ''} before it"
            )
        if action in (Action.SUM, Action.RUN, Action.ANY):
            places = _places(text, args)
            if action is Action.ANY and len(places) != 1:
                raise NotationError(f"{text!r}: any takes exactly one place, for example 'JC any 5'")
            return MoveText(text, clubs, action, places)
        if action is Action.LINE:
            if len(args) != 1 or args[0].lower() not in LINES:
                raise NotationError(f"{text!r}: line takes one of row1 row2 row3 col1 col2 col3")
            return MoveText(text, clubs, action, detail=args[0].lower())
        if args:
            raise NotationError(f"{text!r}: unexpected {' '.join(args)!r}; this action clears without picking")
        return MoveText(text, clubs, action, detail=word if word in (UP, DOWN) else None)


def _club(token: str) -> Card:
    try:
        card = Card.parse(token)
    except NotationError:
        raise NotationError(f"unknown card {token!r} in the move") from None
    if card.suit is not Suit.CLUBS:
        raise NotationError(f"{token} is not a club; only clubs go in the move")
    return card


def _places(text: str, args: list[str]) -> frozenset[int]:
    if not args:
        raise NotationError(f"{text!r}: name the grid places to clear, 1-9")
    places: set[int] = set()
    for token in args:
        if len(token) != 1 or token not in "123456789":
            raise NotationError(f"{text!r}: {token!r} is not a grid place 1-9")
        place = int(token)
        if place in places:
            raise NotationError(f"{text!r}: place {place} is named twice")
        places.add(place)
    return frozenset(places)
