"""A small yes/no question in a box (each game asks its own: resume, confirm a move, ...)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from clubfight.common.text import sentence
from clubfight.shell.app import cursor_spot, place_cursor, speak
from clubfight.shell.widgets.buttons import FlatButton


class AskScreen(ModalScreen[bool]):
    """A question with a yes and a no button; y/Enter answer yes, n/Esc answer no."""

    PLACES_CURSOR = True
    """It puts the terminal cursor on what is being chosen itself (else the app puts it: app.py)."""

    DEFAULT_CSS = """
    AskScreen { align: center middle; background: $background; }  /* covers what is beneath fully */
    AskScreen .ask { width: 64; height: auto; padding: 1 2; border: thick $primary; background: $surface; }
    AskScreen .ask-title { width: 100%; text-align: center; text-style: bold; margin-bottom: 1; }
    AskScreen .ask-detail { width: 100%; margin-bottom: 1; }
    AskScreen .ask-warning { width: 100%; margin-bottom: 1; color: $text-warning; }
    AskScreen FlatButton { width: 100%; height: 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Yes"),
        Binding("enter", "answer(True)", "Yes", show=False),
        Binding("n", "answer(False)", "No"),
        Binding("escape", "answer(False)", "No", show=False),
    ]

    def __init__(self, title: str, detail: str, yes: str, no: str, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.title_text = title
        self.detail = detail
        self.yes = yes
        self.no = no

    def compose(self) -> ComposeResult:
        with Vertical(classes="ask"):
            yield Static(self.title_text, classes="ask-title")
            yield Static(self.detail, classes="ask-detail")
            yield FlatButton(f"y  {self.yes}", id="yes")
            yield FlatButton(f"n  {self.no}", id="no")

    def on_mount(self) -> None:
        """The question into the spoken log (private: it may name the player's own cards), and the
        cursor on its yes button."""
        speak(self.app, sentence(self.title_text, self.detail, f"y {self.yes}, n {self.no}"), private=True)
        self.call_after_refresh(self._place_cursor)

    def _place_cursor(self) -> None:
        if self.is_current and (buttons := self.query("#yes")):
            place_cursor(self.app, cursor_spot(buttons.first().region))

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)

    def on_flat_button_pressed(self, event: FlatButton.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")
