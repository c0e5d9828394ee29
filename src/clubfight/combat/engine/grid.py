"""The 3x3 grid (K3): places 1-9 in reading order from RED's side.

Row 1-2-3 is BLACK's front row, 4-5-6 the neutral row, 7-8-9 RED's front row. U2 puts RED's fourth
card at place 6 and BLACK's at place 4; the centre, place 5, is the draw-off's (U3).
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter

from .cards import Card, Colour

PLACES = range(1, 10)
NEUTRAL_ROW = (4, 5, 6)
CENTRE = 5
_FRONT = {Colour.BLACK: (1, 2, 3), Colour.RED: (7, 8, 9)}
_NEUTRAL_PLACE = {Colour.RED: 6, Colour.BLACK: 4}


def front_row(colour: Colour) -> tuple[int, int, int]:
    """The places of ``colour``'s own front row, in place order."""
    return _FRONT[colour]


def neutral_place(colour: Colour) -> int:
    """Where ``colour`` puts its fourth card in setup (U2): its own right-hand side."""
    return _NEUTRAL_PLACE[colour]


def _neighbours(place: int) -> tuple[int, ...]:
    row, col = divmod(place - 1, 3)
    found = []
    for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
        r, c = row + dr, col + dc
        if 0 <= r < 3 and 0 <= c < 3:
            found.append(3 * r + c + 1)
    return tuple(found)


NEIGHBOURS: tuple[tuple[int, ...], ...] = ((), *(_neighbours(p) for p in PLACES))
"""NEIGHBOURS[p]: the places orthogonally next to place p (index 0 is unused)."""

ROWS = ((1, 2, 3), (4, 5, 6), (7, 8, 9))
COLUMNS = ((1, 4, 7), (2, 5, 8), (3, 6, 9))
LINES_THROUGH: tuple[tuple[tuple[int, int, int], ...], ...] = (
    (),
    *(tuple(line for line in ROWS + COLUMNS if p in line) for p in PLACES),
)
"""LINES_THROUGH[p]: the row and the column through place p (SUMO's submission, F1)."""


_LAST = itemgetter(-1)


def tops(stacks: Sequence[tuple[Card, ...]]) -> tuple[Card, ...]:
    """The top card of each place, 1-9 (every place holds a stack once setup is done)."""
    return tuple(map(_LAST, stacks))


def tops_with(tops: tuple[Card, ...], place: int, top: Card) -> tuple[Card, ...]:
    """The top cards ``tops`` as they would be with ``top`` put onto ``place``."""
    return (*tops[: place - 1], top, *tops[place:])
