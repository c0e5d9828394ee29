"""The end of a game: result, score (E3), deal code, and what next."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ..engine import Outcome, Position
from .widgets.buttons import FlatButton


class GameOverScreen(ModalScreen[str]):
    """Dismisses with "again", "new", "quit", or "table" (just look at the final table)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "choose('again')", "Play this deal again"),
        Binding("n", "choose('new')", "New deal"),
        Binding("q", "choose('quit')", "Quit"),
        Binding("escape", "choose('table')", "See the table"),
    ]

    def __init__(self, position: Position, deal_label: str) -> None:
        super().__init__()
        self.position = position
        self.deal_label = deal_label

    def compose(self) -> ComposeResult:
        position = self.position
        won = position.outcome is Outcome.WON
        with Vertical(id="game-over", classes="-won" if won else "-lost"):
            yield Static("♣ You won! ♣" if won else "Out of clubs: game lost", id="result")
            if won:
                detail = f"Grid and grid deck cleared in {position.turns_played} turns."
            else:
                detail = f"{position.score} cards were left to clear (grid and grid deck)."
            yield Static(detail, id="result-detail")
            yield Static(f"Score: {position.score}   (cards left; 0 is a win, lower is better)", id="score")
            yield Static(f"Deal: {self.deal_label}", id="deal-code")
            yield FlatButton("a  Play this deal again", id="again")
            yield FlatButton("n  New deal", id="new")
            yield FlatButton("q  Quit", id="quit")
            yield FlatButton("Esc  See the final table", id="table")

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id:
            self.dismiss(event.button.id)
