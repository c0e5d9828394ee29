"""Draft: a mutable copy of a Round that one ``play`` runs its steps on, before it is frozen again.

``Round`` and ``Draft`` hold the same fields; only ``round.py`` turns one into the other, so the
steps (transitions.py, drawoff.py) can change a state in place and the Round outside stays immutable.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import Card, Colour
from .events import EventKind
from .state import Phase

if TYPE_CHECKING:
    from .actions import Action, Attack
    from .round import Round
    from .rules import Rules
    from .scoring import Points
    from .wins import RoundResult


class Draft:
    """The fields of a Round as lists and plain attributes, plus what the play being run has done.

    ``events`` collects the play's events as records, (kind, colour, fields): the Round makes them
    into Event values only when asked (a playout never reads them). ``actions_cache``, when a step
    sets it, is the next state's legal actions, known already (a step that opens a phase has just
    listed them).
    """

    __slots__ = (
        "actions_cache",
        "advantage",
        "attacker",
        "countered",
        "decks",
        "draw_off",
        "events",
        "first_defender",
        "hands",
        "last_place",
        "last_points",
        "passes",
        "pending",
        "pending_points",
        "phase",
        "punish_place",
        "result",
        "rng_state",
        "rules",
        "scores",
        "stacks",
    )

    stacks: list[tuple[Card, ...]]
    decks: list[tuple[Card, ...]]
    hands: list[tuple[Card, ...]]
    advantage: tuple[Card, ...]
    scores: list[int]
    attacker: Colour
    phase: Phase
    pending: Attack | None
    pending_points: Points | None
    punish_place: int | None
    last_place: int | None
    countered: bool
    passes: int
    rules: Rules
    rng_state: int
    first_defender: Colour | None
    draw_off: tuple[tuple[Card, Card], ...]
    result: RoundResult | None
    last_points: Points | None
    events: list[EventRecord]
    actions_cache: list[Action] | None

    def __init__(self, r: Round) -> None:
        self.stacks = list(r._stacks)
        self.decks = list(r._decks)
        self.hands = list(r._hands)
        self.advantage = r._advantage
        self.scores = list(r._scores)
        self.attacker = r._attacker
        self.phase = r._phase
        self.pending = r._pending
        self.pending_points = r._pending_points
        self.punish_place = r._punish_place
        self.last_place = r._last_place
        self.countered = r._countered
        self.passes = r._passes
        self.rules = r._rules
        self.rng_state = r._rng_state
        self.first_defender = r._first_defender
        self.draw_off = r._draw_off
        self.result = r._result
        self.last_points = None
        self.events = []
        self.actions_cache = None

    def event(self, kind: EventKind, colour: Colour, **fields: Any) -> None:
        self.events.append((kind, colour, fields))


EventRecord = tuple[EventKind, Colour, dict[str, Any]]
"""An event's arguments: ``Event(kind, colour, **fields)``."""
