"""How a play wins the round (W1-W3, W5, F1's SUMO) and the round's result (W6, W7)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from .cards import TEN, Card, Colour
from .grid import LINES_THROUGH, NEUTRAL_ROW, front_row
from .rules import KNOCK_OUT_SCORE
from .state import DECK_SIZE


class Win(Enum):
    """The ways to win a round, in W7's order of naming (ring out, submission, knock out), then time out."""

    __hash__ = object.__hash__

    RING_OUT = "ring-out"
    SUBMISSION = "submission"
    KNOCK_OUT = "knock-out"
    TIME_OUT = "time-out"

    @property
    def title(self) -> str:
        return self.value.replace("-", " ").upper()


WIN_ORDER = (Win.RING_OUT, Win.SUBMISSION, Win.KNOCK_OUT, Win.TIME_OUT)


def ordered(ways: frozenset[Win] | set[Win]) -> tuple[Win, ...]:
    return tuple(w for w in WIN_ORDER if w in ways)


@dataclass(frozen=True, slots=True)
class RoundResult:
    """Who won a round and every way they won it (W7); ``how`` names the round.

    ``judged`` is True for W6's stalemate, a TIME OUT decided by the judge's tie-breaks.
    """

    winner: Colour
    ways: tuple[Win, ...]
    judged: bool = False

    @property
    def how(self) -> Win:
        return self.ways[0]

    def __str__(self) -> str:
        also = f" (also {', '.join(w.value for w in self.ways[1:])})" if len(self.ways) > 1 else ""
        judged = " on the judges' decision" if self.judged else ""
        return f"{self.winner} wins by {self.how.value}{judged}{also}"


def _own_tens(tops: tuple[Card, ...], line: tuple[int, ...], player: Colour) -> int:
    return sum(1 for q in line if tops[q - 1].rank == TEN and tops[q - 1].colour is player)


def attack_wins(
    tops: tuple[Card, ...],
    place: int,
    covered: Card,
    player: Colour,
    *,
    sumo: bool,
    score_after: int,
) -> frozenset[Win]:
    """The wins an attack brings if it stands. ``tops`` are the 9 top cards after it, ``covered`` the
    card it went onto.

    RING OUT (W2): a 10 of the player's colour now tops a stack of the opponent's front row, over a
    real card of the player's colour (a SAFE play); SUMO needs no safe play, but still a real card
    under it (the W2 joker trick stays closed). SUBMISSION (W3): that 10 is in the neutral row (SUMO:
    in any row or column through it) and the line now holds two such 10s. KNOCK OUT (W1): 30 points.
    """
    ways: set[Win] = set()
    top = tops[place - 1]
    if top.rank == TEN and top.colour is player:
        if place in front_row(player.other) and covered.suit is not None and (sumo or covered.colour is player):
            ways.add(Win.RING_OUT)
        lines = LINES_THROUGH[place] if sumo else ((NEUTRAL_ROW,) if place in NEUTRAL_ROW else ())
        if any(_own_tens(tops, line, player) >= 2 for line in lines):
            ways.add(Win.SUBMISSION)
    if score_after >= KNOCK_OUT_SCORE:
        ways.add(Win.KNOCK_OUT)
    return frozenset(ways)


def counter_wins(tops: tuple[Card, ...], place: int, player: Colour, *, score_after: int) -> frozenset[Win]:
    """A counter can win by SUBMISSION in the neutral row (W3, C3; SUMO never applies, F1) or KNOCK OUT."""
    ways: set[Win] = set()
    top = tops[place - 1]
    if top.rank == TEN and top.colour is player and place in NEUTRAL_ROW and _own_tens(tops, NEUTRAL_ROW, player) >= 2:
        ways.add(Win.SUBMISSION)
    if score_after >= KNOCK_OUT_SCORE:
        ways.add(Win.KNOCK_OUT)
    return frozenset(ways)


def cards_left(stacks: Sequence[tuple[Card, ...]], colour: Colour) -> int:
    """W6: ``colour``'s cards not in the grid (deck, hand and ADVANTAGE)."""
    return DECK_SIZE - sum(1 for s in stacks for c in s if c.colour is colour)


def judge(stacks: Sequence[tuple[Card, ...]], scores: Sequence[int], first_defender: Colour | None) -> RoundResult:
    """W6: higher score; then fewer cards left; then the first DEFENDER."""
    red, black = scores
    if red != black:
        winner = Colour.RED if red > black else Colour.BLACK
    else:
        left = [cards_left(stacks, colour) for colour in (Colour.RED, Colour.BLACK)]
        winner = first_defender or Colour.RED
        if left[0] != left[1]:
            winner = Colour.RED if left[0] < left[1] else Colour.BLACK
    return RoundResult(winner, (Win.TIME_OUT,), judged=True)
