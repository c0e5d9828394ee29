"""The table's layout (status line; grid and hand on the left; suit counter and more on the right),
shared by the game, the replay and the line viewer so the three always look alike."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.dom import DOMNode
from textual.widget import Widget
from textual.widgets import Static

from clubfight.club_fight.engine import Card, Move, Position
from clubfight.shell.layout import HORIZONTAL_BREAKPOINTS, VERTICAL_BREAKPOINTS

from .grid_view import GridView
from .hand_view import HandView
from .suit_counter import SuitCounter

__all__ = ["HORIZONTAL_BREAKPOINTS", "VERTICAL_BREAKPOINTS", "board", "show_step"]


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


def show_step(
    screen: DOMNode, position: Position, move: Move | None, slots: tuple[Card | None, ...] | None = None
) -> None:
    """Draw ``position`` read-only, marking the cards ``move`` clears and the clubs it uses; ``slots``:
    the hand as the table laid it out (``table_model.hand_slots``), else in the engine's order."""
    screen.query_one(GridView).show(position, clear=move.cleared if move is not None else frozenset())
    hand = position.hand if slots is None else slots
    screen.query_one(HandView).show(hand, move.club if move else None, move.clubs_used if move else ())
    screen.query_one(SuitCounter).show(position)
