"""The table's layout (status line; grid and hand on the left; suit counter and more on the right),
shared by the game, the replay and the line viewer so the three always look alike."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.dom import DOMNode
from textual.widget import Widget
from textual.widgets import Static

from ...engine import Move, Position
from .grid_view import GridView
from .hand_view import HandView
from .suit_counter import SuitCounter

LARGE_SIZE = (120, 40)
"""From this terminal size up, the table (and anything drawn like it) uses bigger cards."""

HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (LARGE_SIZE[0], "-wide")]
VERTICAL_BREAKPOINTS = [(0, "-short"), (LARGE_SIZE[1], "-tall")]
"""Textual's breakpoints, set on every app that draws a board: a screen at least 120x40 has both
``-wide`` and ``-tall``, and table.tcss's one rule for ``.-wide.-tall`` gives every board big cards."""


def board(
    *right: Widget, prefix: str = "", grid: GridView | None = None, hand: HandView | None = None
) -> ComposeResult:
    """The status line and the table, with ``right`` under the suit counter; ids start with ``prefix``.
    ``grid`` and ``hand``: views already made (and shown) by the caller, else new empty ones."""
    grid = grid or GridView(id=f"{prefix}grid")
    hand = hand or HandView(id=f"{prefix}hand")
    yield Static(id=f"{prefix}status")
    yield Horizontal(
        Vertical(grid, hand, id=f"{prefix}left", classes="board-left"),
        Vertical(SuitCounter(id=f"{prefix}suits"), *right, id=f"{prefix}right", classes="board-right"),
        id=f"{prefix}table",
        classes="board",
    )


def show_step(screen: DOMNode, position: Position, move: Move | None) -> None:
    """Draw ``position`` read-only, marking the cards ``move`` clears and the clubs it uses."""
    screen.query_one(GridView).show(position, clear=move.cleared if move is not None else frozenset())
    screen.query_one(HandView).show(position.hand, move.club if move else None, move.clubs_used if move else ())
    screen.query_one(SuitCounter).show(position)
