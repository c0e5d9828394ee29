"""A line of text asked for in a box (a deal to play, say): the answer is checked as it is given,
and a refusal is said under the field, so the box stays open to fix it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from clubfight.shell.games import Refused


@dataclass(frozen=True)
class Answered:
    """What the check made of the text (None: it was taken, and there is nothing to open)."""

    value: object | None


class TextPrompt(ModalScreen[Answered | None]):
    """Dismisses with ``Answered`` once ``check(text)`` takes the text, or None when Esc cancels."""

    DEFAULT_CSS = """
    TextPrompt { align: center middle; }
    TextPrompt .prompt { width: 70; max-width: 100%; height: auto; padding: 1 2; border: thick $primary;
                         background: $surface; }
    TextPrompt .prompt-title { width: 100%; text-style: bold; margin-bottom: 1; }
    TextPrompt .prompt-hint { width: 100%; color: $text-muted; margin-bottom: 1; }
    TextPrompt .prompt-error { width: 100%; color: $text-error; margin-top: 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, hint: str, check: Callable[[str], object | None], *, placeholder: str = "") -> None:
        super().__init__(id="text-prompt")
        self.title_text = title
        self.hint = hint
        self.check = check
        self.placeholder = placeholder

    def compose(self) -> ComposeResult:
        with Vertical(classes="prompt"):
            yield Static(self.title_text, classes="prompt-title")
            yield Static(f"{self.hint}\nEnter plays it, Esc goes back.", classes="prompt-hint")
            yield Input(placeholder=self.placeholder, id="prompt-input")
            yield Static("", id="prompt-error", classes="prompt-error")

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        try:
            value = self.check(event.value)
        except Refused as refusal:
            self.query_one("#prompt-error", Static).update(str(refusal))
            return
        self.dismiss(Answered(value))

    @on(Input.Changed)
    def _changed(self) -> None:
        self.query_one("#prompt-error", Static).update("")

    def action_cancel(self) -> None:
        self.dismiss(None)
