"""Hot-seat: the curtain that hides the whole table while the keyboard passes to the other player."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from clubfight.shell.widgets.buttons import FlatButton, update_if_changed

from .fight_model import FightModel


class Curtain(Vertical):
    """Who takes the keyboard and why; its button (and Enter, on the screen) says they have it."""

    def compose(self) -> ComposeResult:
        yield Static(id="c-curtain-text")
        yield FlatButton("Enter  I have the keyboard", id="c-reveal")

    def show(self, model: FightModel) -> None:
        who = model.curtain
        text = f"Pass the keyboard to {who}.\n\n{model.curtain_text()}\n\n"
        text += f"{who}: press Enter when only you can see the screen."
        update_if_changed(self.query_one("#c-curtain-text", Static), text)
