"""Where did it turn? The round just played, followed by ``analyse`` from one seat on a thread (it
takes seconds: a "thinking" line shows meanwhile, and Esc closes at any time), then drawn as a chart
of the seat's chance to win after each action, with the action that lost the most and the better
play (turning_chart.py words it)."""

from __future__ import annotations

import asyncio
import threading
from typing import ClassVar

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from clubfight.combat.ai import Analysis, AnalysisStopped, analyse
from clubfight.combat.engine import Colour
from clubfight.combat.game import Match
from clubfight.combat.tui import COMBAT_CSS
from clubfight.shell.widgets.buttons import FlatButton
from clubfight.shell.widgets.footer import KeyBar

from .prompts import QUIT_KEYS
from .turning_chart import analysed_seat, chart_text, round_to_analyse

ANALYSIS_SEED = 1
"""The analysis's sample worlds are fixed, so the same round shows the same chart again."""
THINKING = "Thinking: replaying the round from {seat}'s seat… (a few seconds; Esc closes)"


def analyse_round(match: Match, seat: Colour, closed: threading.Event) -> Analysis:
    return analyse(round_to_analyse(match), seat, seed=ANALYSIS_SEED, stop=closed.is_set)


class TurningScreen(ModalScreen[None]):
    """The turning-point chart of the match's last round, from ``analysed_seat``'s side."""

    CSS_PATH = COMBAT_CSS
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close", "Close"), *QUIT_KEYS]

    def __init__(self, match: Match, you: Colour | None) -> None:
        super().__init__()
        self.match = match
        self.hot_seat = you is None
        self.seat = analysed_seat(match, you)
        self.analysis: Analysis | None = None
        self.closed = threading.Event()
        """Set when the screen goes: the analysis thread stops at its next action."""

    def compose(self) -> ComposeResult:
        with Vertical(id="turning"):
            yield Static(f"WHERE DID IT TURN?  Round {self.match.round_number}", id="turning-title")
            yield Static(THINKING.format(seat=self.seat), id="turning-chart", markup=False)
            yield FlatButton("Esc  Close", id="turning-close")
        yield KeyBar()

    def on_mount(self) -> None:
        self.think()

    @work(exclusive=True, exit_on_error=False)
    async def think(self) -> None:
        """``analyse`` on a thread (CPU-bound), then the chart in one redraw."""
        chart = self.query_one("#turning-chart", Static)
        try:
            self.analysis = await asyncio.to_thread(analyse_round, self.match, self.seat, self.closed)
        except AnalysisStopped:
            return
        except Exception as error:  # a bug in the analysis: one line, never a traceback
            chart.update(f"No analysis: {error or type(error).__name__}.")
            return
        chart.update(chart_text(self.analysis, hot_seat=self.hot_seat))

    def action_close(self) -> None:
        self.dismiss(None)

    def on_unmount(self) -> None:
        self.closed.set()  # Esc, q or the app quitting: no one will read the chart

    @on(FlatButton.Pressed, "#turning-close")
    def _close_pressed(self) -> None:
        self.action_close()
