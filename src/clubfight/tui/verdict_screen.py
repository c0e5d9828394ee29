""" "Was this deal winnable?": the clairvoyant solver on the deal's opening position, in a worker.

The search runs on a thread (it is CPU-bound pure Python) inside a Textual worker. It reports the
nodes searched through ``on_progress`` as messages (``post_message`` is thread-safe and never
blocks the search), and polls ``should_stop``, which the Cancel button, Esc, or leaving the screen
sets. A budget cut or a cancel is "unknown", never a guess: the solver only says "not winnable"
when it refuted every line.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import ClassVar, Protocol

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Button, ProgressBar, Static

from ..ai import SolveResult, Verdict, solve
from ..engine import Outcome, Position
from .widgets.buttons import FlatButton

TIME_LIMIT = 10.0
"""Seconds the solver may take before it answers "unknown in time"; most deals take well under one."""


class Solver(Protocol):
    def __call__(
        self,
        position: Position,
        *,
        time_limit: float | None,
        node_limit: int | None,
        should_stop: Callable[[], bool] | None,
        on_progress: Callable[[int], None] | None,
    ) -> SolveResult: ...


def answer_text(result: SolveResult | None, *, won: bool, cancelled: bool = False) -> str:
    """The verdict in words: won, winnable, not winnable, or unknown in time (or cancelled)."""
    if won:
        return "Won: you cleared this deal yourself."
    if result is None:
        return ""
    searched = f"{result.nodes:,} positions in {result.seconds:.2f} s"
    if result.verdict is Verdict.WINNABLE:
        return f"Winnable: a winning line of {len(result.line)} moves exists ({searched})."
    if result.verdict is Verdict.UNWINNABLE:
        return f"Not winnable: every line loses; no play could have won it ({searched})."
    if cancelled:
        return f"Unknown: you cancelled the search after {result.nodes:,} positions."
    return f"Unknown in time: no answer within the search budget ({searched})."


class VerdictScreen(ModalScreen[SolveResult | None]):
    """Solves the deal from its opening position; dismisses with the result (None if there was none)."""

    CSS_PATH = "ai_screens.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Cancel / back"),
        Binding("l", "show_line", "Step through the line"),
    ]

    class Progress(Message):
        """Nodes searched so far, posted from the solver's thread."""

        def __init__(self, nodes: int) -> None:
            super().__init__()
            self.nodes = nodes

    def __init__(
        self,
        start: Position,
        final: Position,
        *,
        time_limit: float | None = TIME_LIMIT,
        node_limit: int | None = None,
        solver: Solver = solve,
        known: SolveResult | None = None,
    ) -> None:
        """``start``: the deal's opening position; ``final``: where the player's game ended.
        ``known``: an earlier answer for this deal, shown without searching again."""
        super().__init__()
        self.start = start
        self.won = final.outcome is Outcome.WON
        self.time_limit = time_limit
        self.node_limit = node_limit
        self.solver = solver
        self.result = known
        self.searching = False
        self.cancelled = False
        self._stop = threading.Event()

    def compose(self) -> ComposeResult:
        with Vertical(id="verdict"):
            yield Static("Was this deal winnable?", id="verdict-title")
            yield Static("", id="verdict-status")
            yield ProgressBar(total=None, show_eta=False, show_percentage=False, id="verdict-progress")
            yield Static("", id="verdict-answer")
            yield FlatButton("l  Step through the winning line", id="show-line")
            yield FlatButton("Esc  Cancel", id="verdict-close")

    def on_mount(self) -> None:
        if self.won or self.result is not None:
            self._finish(self.result)
            return
        self.searching = True
        self.query_one("#verdict-status", Static).update("Searching every line, seeing both decks…")
        self.run_worker(self._search(), group="verdict", exit_on_error=False)

    async def _search(self) -> None:
        stop = self._stop

        def progress(nodes: int) -> None:
            self.post_message(self.Progress(nodes))

        def work() -> SolveResult:
            return self.solver(
                self.start,
                time_limit=self.time_limit,
                node_limit=self.node_limit,
                should_stop=stop.is_set,
                on_progress=progress,
            )

        try:
            result = await asyncio.to_thread(work)
        except asyncio.CancelledError:
            stop.set()  # the screen is going away: let the thread end at its next poll
            raise
        self._finish(result)

    def on_verdict_screen_progress(self, event: VerdictScreen.Progress) -> None:
        if self.searching:
            note = "  (cancelling…)" if self.cancelled else "  (Esc cancels)"
            self.query_one("#verdict-status", Static).update(f"Searching… {event.nodes:,} positions{note}")

    def _finish(self, result: SolveResult | None) -> None:
        self.searching = False
        self.result = result
        self.query_one("#verdict-progress").display = False
        self.query_one("#verdict-status", Static).display = False
        answer = self.query_one("#verdict-answer", Static)
        answer.update(answer_text(result, won=self.won, cancelled=self.cancelled))
        answer.set_class(self.won or self.winnable, "-yes")
        answer.set_class(result is not None and result.verdict is Verdict.UNWINNABLE, "-no")
        self.query_one("#show-line").display = self.winnable and not self.won
        self.query_one("#verdict-close", FlatButton).label = "Esc  Back"
        self.refresh_bindings()

    @property
    def winnable(self) -> bool:
        return self.result is not None and self.result.verdict is Verdict.WINNABLE

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "show_line":
            return self.winnable and not self.won
        return True

    def action_close(self) -> None:
        """Esc: cancel a running search (its answer is then "unknown"), else go back to the game over."""
        if self.searching:
            self.cancel()
        else:
            self.dismiss(self.result)

    def cancel(self) -> None:
        if self.searching and not self.cancelled:
            self.cancelled = True
            self._stop.set()
            self.query_one("#verdict-status", Static).update("Cancelling…")

    def action_show_line(self) -> None:
        from .line_viewer import LineViewerScreen

        if self.result is not None and self.winnable:
            self.app.push_screen(LineViewerScreen(self.start, self.result.line))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "show-line":
            self.action_show_line()
        elif event.button.id == "verdict-close":
            self.action_close()
