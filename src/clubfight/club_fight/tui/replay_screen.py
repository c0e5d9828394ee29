"""``clubfight replay FILE``: a read-only table that steps through a recorded game.

``positions[i]`` is the position before ``moves[i]`` (the last one is final). Each step shows a
position with the move about to be played marked on it (✕ the cards it clears, ▲ its club), so the
arrow keys walk through the game one move at a time.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Footer, Static

from clubfight.club_fight.engine import Move, Position
from clubfight.club_fight.game import result_text
from clubfight.club_fight.tui import TABLE_CSS
from clubfight.shell.screens.stepper import StepperScreen

from .board import board, show_step
from .plan import describe
from .table_model import hand_slots


class ReplayScreen(StepperScreen):
    """Step ``index`` shows ``positions[index]`` and previews ``moves[index]`` when there is one."""

    GAME = "club-fight"
    CSS_PATH = TABLE_CSS

    DEFAULT_CSS = """
    ReplayScreen #replay-moves { height: 1fr; }
    ReplayScreen #replay-now { height: auto; color: $primary; text-style: bold; margin: 1 0; }
    """

    def __init__(self, positions: Sequence[Position], moves: Sequence[Move], title: str = "") -> None:
        super().__init__()
        if len(positions) != len(moves) + 1:
            raise ValueError("a replay needs exactly one position more than it has moves")
        self.positions = list(positions)
        self.moves = list(moves)
        self.title_text = title
        self.index = 0

    def compose(self) -> ComposeResult:
        yield from board(Static(id="replay-now"), Static(id="replay-moves"))
        yield Footer(compact=True)

    @property
    def last(self) -> int:
        return len(self.moves)

    def show_step(self) -> None:
        position = self.positions[self.index]
        move = self.moves[self.index] if self.index < self.last else None
        # Each club in the slot (and under the key) the table gave it, not in the engine's order.
        show_step(self, position, move, hand_slots(self.positions[: self.index + 1], self.moves[: self.index]))
        self.query_one("#status", Static).update(self._status(position))
        self.query_one("#replay-now", Static).update(self._now(move))
        self.query_one("#replay-moves", Static).update(self._move_list())
        self.refresh_bindings()

    def _status(self, position: Position) -> Text:
        text = Text()
        text.append(" ♣ Replay ", style="bold reverse")
        if self.title_text:
            text.append(f"  {self.title_text}", style="bold")
        text.append(f"  Step {self.index}/{self.last}")
        text.append(f"  Clubs deck {len(position.clubs_deck)}  Grid deck {len(position.grid_deck)}")
        text.append(f"  To clear {position.score}", style="bold")
        return text

    def _now(self, move: Move | None) -> str:
        if move is None:
            return f"End of the game: {result_text(self.positions[-1])}."
        return f"Move {self.index + 1}: {move}  ({describe(move)}, clears {len(move.cleared)})"

    def _move_list(self) -> Text:
        text = Text("Moves (← → step, Home/End jump)\n", style="dim")
        for number, move in enumerate(self.moves, start=1):
            current = number == self.index + 1
            text.append(f"{'▶' if current else ' '} {number:>2}. {move}\n", style="bold reverse" if current else "")
        return text
