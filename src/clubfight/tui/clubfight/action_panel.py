"""The action boxes: pick a club and each action says what it would do, or why it can't (seed 003)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static

from ...engine import Action, Card, Position, Variant
from ..widgets.buttons import FlatButton, update_if_changed
from .plan import action_summary

ACTION_KEYS: dict[Action, str] = {
    Action.MATCH: "m",
    Action.SUM: "t",
    Action.ANY: "a",
    Action.LINE: "l",
    Action.UPDOWN: "p",
    Action.RUN: "e",
    Action.ALLCLEAR: "k",
}
"""h, u, r, s, o stay free for hint, undo, redo, stats and settings."""


class ActionPanel(Widget):
    """Six buttons (seven with the All Clear variant). Blocked ones are disabled and say why."""

    class Chosen(Message):
        def __init__(self, action: Action) -> None:
            super().__init__()
            self.action = action

    def compose(self) -> ComposeResult:
        yield Static("Actions", id="actions-title")
        for action in Action:
            yield FlatButton(action.title, id=f"action-{action.value}", classes="action")

    def button(self, action: Action) -> FlatButton:
        return self.query_one(f"#action-{action.value}", FlatButton)

    def show(self, position: Position, club: Card | None, chosen: Action | None) -> None:
        title = self.query_one("#actions-title", Static)
        update_if_changed(title, f"Actions for the {club.symbol}" if club else "Actions: pick a club first")
        for action in Action:
            button = self.button(action)
            if action is Action.ALLCLEAR and Variant.ALL_CLEAR not in position.variant:
                button.display = False
                continue
            available, detail = action_summary(position, club, action)
            blocked = detail.startswith("blocked")
            label = Text()
            label.append(f"{ACTION_KEYS[action]} ", style="bold")
            label.append(f"{action.title:<9}")
            if detail:
                style = "dim" if club is None and not blocked else ""
                label.append(" " + ("✗ " if not available else "") + detail, style=style)
            if action is chosen:
                label.append("  ◀")
            button.label = label  # a reactive: an unchanged label costs nothing
            button.disabled = not available
            button.set_class(blocked, "-blocked")
            button.set_class(action is chosen, "-chosen")

    def on_flat_button_pressed(self, event: FlatButton.Pressed) -> None:
        event.stop()
        name = (event.button.id or "").removeprefix("action-")
        self.post_message(self.Chosen(Action(name)))
