"""Step through a line of moves on the board, read-only: each position with the move played from it.

Built from the table's own widgets (grid, hand, suit counter), so a line looks like a game. Every
position comes from replaying the line through ``Position.play``; the viewer decides nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import PurePath
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Footer, Static

from clubfight.club_fight.engine import Card, Move, Position
from clubfight.club_fight.tui import TABLE_CSS

from .board import board, show_step
from .plan import played_text
from .table_model import hand_slots


class LineViewerScreen(Screen[None]):
    """Step 0 shows the opening with the first move marked; the last step shows the cleared grid."""

    CSS_PATH: ClassVar[list[str | PurePath]] = [TABLE_CSS, "verdict.tcss"]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", "Back", key_display="←"),
        Binding("right", "step(1)", "Next", key_display="→"),
        Binding("home", "jump(0)", "Start", show=False),
        Binding("end", "jump(-1)", "End", show=False),
        Binding("escape", "close", "Close"),
        Binding("q", "close", "Close", show=False),
    ]

    def __init__(
        self,
        start: Position,
        line: Sequence[Move],
        *,
        title: str = "A winning line",
        slots: Sequence[Card | None] | None = None,
    ) -> None:
        """The line is played from ``start``, whose turn number (1-13) the status line shows;
        ``slots``: its hand as the table laid it out, so each club stays under its key."""
        super().__init__()
        self.slots = None if slots is None else tuple(slots)
        self.line = tuple(line)
        self.positions = [start]
        for move in self.line:
            self.positions.append(self.positions[-1].play(move))
        self.title_text = title
        self.step = 0

    def compose(self) -> ComposeResult:
        keys = Static("← → step through the line\nHome/End: first/last · Esc closes", id="line-keys")
        yield from board(Static(id="line-move"), keys, prefix="line-")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.show_step()

    @property
    def move(self) -> Move | None:
        """The move played from the position on show (None at the end of the line)."""
        return self.line[self.step] if self.step < len(self.line) else None

    def show_step(self) -> None:
        position, move = self.positions[self.step], self.move
        show_step(self, position, move, hand_slots(self.positions[: self.step + 1], self.line[: self.step], self.slots))
        status = Text()
        status.append(f" {self.title_text} ", style="bold reverse")
        last = len(self.line)
        where = f"Move {self.step + 1} of {last}" if self.step < last else f"After all {last} moves"
        status.append(f"  {where}", style="bold")
        if self.step < last:
            status.append(f"  Turn {position.turns_played + 1}")
        status.append(f"  To clear {position.score}  Clubs deck {len(position.clubs_deck)}")
        self.query_one("#line-status", Static).update(status)
        self.query_one("#line-move", Static).update(self._move_text(position, move))
        self.refresh_bindings()

    def _move_text(self, position: Position, move: Move | None) -> Text:
        text = Text()
        if move is None:
            won = position.score == 0
            text.append("Cleared: the deal is won." if won else "The end of the line.", style="bold")
            return text
        text.append(played_text(move), style="bold")
        count = len(move.cleared)
        text.append(f"\nclears {count} card{'s' if count != 1 else ''} (marked ✕)\n")
        text.append(str(move), style="dim")
        return text

    def action_step(self, delta: int) -> None:
        self.action_jump(min(max(self.step + delta, 0), len(self.line)))

    def action_jump(self, step: int) -> None:
        last = len(self.line)
        step = last if step < 0 else min(max(step, 0), last)
        if step != self.step:
            self.step = step
            self.show_step()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "step":
            delta = parameters[0] if parameters else 0
            target = self.step + (delta if isinstance(delta, int) else 0)
            return True if 0 <= target <= len(self.line) else None
        return True

    def action_close(self) -> None:
        self.dismiss(None)
