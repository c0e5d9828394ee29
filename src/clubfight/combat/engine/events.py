"""What happened in a ``Round.play``: a short log of events, so that a UI can name each play.

Events keep their facts as fields and are written out only by ``str``, so playouts pay nothing for
the words.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .cards import Card, Colour
from .scoring import Points
from .wins import RoundResult


class EventKind(Enum):
    __hash__ = object.__hash__

    ARRANGE = "arrange"
    DRAW_OFF = "draw-off"
    DRAW = "draw"
    COUNTER_DRAW = "counter-draw"
    EXTRA_DRAW = "extra-draw"
    PLAY = "play"
    STAND = "stand"
    COUNTER = "counter"
    END_TURN = "end-turn"
    WIN = "win"


class TurnEnd(Enum):
    """Why a turn ended (T3)."""

    __hash__ = object.__hash__

    CHOSEN = "ended by choice"
    NO_PLAY = "no play left"
    COUNTERED = "countered"


def _cards(cards: tuple[Card, ...]) -> str:
    return "-".join(c.symbol for c in cards)


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened. Which fields are set depends on ``kind``:

    ARRANGE: ``cards`` (front row, then neutral). DRAW_OFF: ``cards`` (RED's, BLACK's) of one step and
    ``note`` (what it decided). DRAW / COUNTER_DRAW / EXTRA_DRAW: ``cards`` drawn. PLAY: ``cards``,
    ``place``, ``covered``, ``points``, ``pending`` (a counter window opens). STAND: the unsafe play
    at ``place`` stands with ``points``. COUNTER: ``cards`` (the counter card), ``place``, ``covered``,
    ``points``. END_TURN: ``end``, ``cards`` (the hand left as ADVANTAGE). WIN: ``result``.
    """

    kind: EventKind
    colour: Colour
    cards: tuple[Card, ...] = ()
    place: int = 0
    covered: Card | None = None
    points: Points | None = None
    pending: bool = False
    end: TurnEnd | None = None
    result: RoundResult | None = None
    note: str = ""

    def __str__(self) -> str:
        who = str(self.colour)
        kind = self.kind
        if kind is EventKind.ARRANGE:
            return f"{who} arranges its front row and neutral card"
        if kind is EventKind.DRAW_OFF:
            red, black = self.cards
            return f"Draw-off: RED {red.symbol}, BLACK {black.symbol}: {self.note}"
        if kind is EventKind.DRAW:
            return f"{who} draws {len(self.cards)}"
        if kind is EventKind.COUNTER_DRAW:
            return f"{who} draws {len(self.cards)} counter card{'s' if len(self.cards) != 1 else ''}"
        if kind is EventKind.EXTRA_DRAW:
            return f"{who} draws an extra card"
        if kind is EventKind.PLAY:
            verb = "throws" if len(self.cards) > 1 else "plays"
            covered = self.covered.symbol if self.covered else "?"
            head = f"{who} {verb} {_cards(self.cards)} onto the {covered} at {self.place}"
            if self.pending:
                return f"{head} (unsafe): {self.points} if it stands"
            return f"{head}: {self.points}"
        if kind is EventKind.STAND:
            return f"{who}'s play at {self.place} stands: {self.points}"
        if kind is EventKind.COUNTER:
            covered = self.covered.symbol if self.covered else "?"
            return f"{who} counters with {_cards(self.cards)} onto the {covered} at {self.place}: {self.points}"
        if kind is EventKind.END_TURN:
            end = self.end.value if self.end else "ended"
            verb = "becomes" if len(self.cards) == 1 else "become"
            left = f"; {_cards(self.cards)} {verb} {self.colour.other}'s ADVANTAGE" if self.cards else ""
            return f"{who}'s turn ends ({end}){left}"
        return str(self.result)
