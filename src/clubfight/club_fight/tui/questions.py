"""Club Fight's questions: resume the unfinished game, confirm a move that leaves a suit blocked."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static

from clubfight.shell.screens.question_screen import AskScreen


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


class BlockingQuestion(AskScreen):
    """The blocking question, asked over the table: the box sits at the bottom right, over the
    message lines, and the table stays in sight (dimmed) with the planned move marked on it."""

    DEFAULT_CSS = """
    BlockingQuestion { align: right bottom; background: $background 45%; }
    BlockingQuestion .ask { width: 42; max-width: 100%; padding: 0 1; margin: 0 0 2 0; }
    BlockingQuestion .ask-title { margin-bottom: 0; }
    """


def blocking_question(blocks: list[str]) -> AskScreen:
    """Asked before confirming a move that leaves a block (T2) another move would lift; judged on the
    grid after clearing and before the refill, the face-down deck is never consulted."""
    return BlockingQuestion(
        "This move leaves an action blocked",
        "It leaves " + " and ".join(blocks[:-1]) + ", while " + blocks[-1] + ".",
        "Play it anyway",
        "Go back and think again",
        id="confirm-block",
    )
