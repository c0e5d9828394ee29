"""Small yes/no questions: resume the unfinished game, confirm a move that leaves a suit blocked."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from ..widgets.buttons import FlatButton


class AskScreen(ModalScreen[bool]):
    """A question with a yes and a no button; y/Enter answer yes, n/Esc answer no."""

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

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)

    def on_flat_button_pressed(self, event: FlatButton.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")


class ResumeScreen(AskScreen):
    """Offered at launch when an unfinished game was saved. Quitting here keeps the save."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "answer(True)", "Resume", show=False),  # a stray Esc must not cost a game
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self, summary: str, *, warnings: Sequence[str] = ()) -> None:
        super().__init__(
            "An unfinished game is waiting",
            f"Deal {summary}.\n(The score is the cards left to clear; q quits and keeps the game.)",
            "Resume it",
            "Start afresh (the unfinished game counts as a loss)",
            id="resume",
        )
        self.summary = summary
        self.warnings = tuple(warnings)
        """Start-up warnings (a damaged settings or statistics file), shown in the box, not as toasts."""

    def on_mount(self) -> None:
        if self.warnings:
            box = self.query_one(".ask", Vertical)
            box.mount(Static("\n".join(self.warnings), classes="ask-warning", markup=False), before="#yes")


def blocking_question(blocks: list[str]) -> AskScreen:
    """Asked before confirming a move that leaves a block (T2) another move would lift; judged on the
    grid after clearing and before the refill, the face-down deck is never consulted."""
    return AskScreen(
        "This move leaves an action blocked",
        "It leaves " + " and ".join(blocks[:-1]) + ", while " + blocks[-1] + ".",
        "Play it anyway",
        "Go back and think again",
        id="confirm-block",
    )
