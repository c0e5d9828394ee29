"""Was this deal winnable? The clairvoyant solver on the deal's opening position, in a worker.

The search runs on a thread (it is CPU-bound pure Python) inside a Textual worker. It reports the
nodes searched through ``on_progress`` as messages (``post_message`` is thread-safe and never
blocks the search), and polls ``should_stop``, which the Cancel button, Esc, or leaving the screen
sets. A budget cut or a cancel is "unknown", never a guess: the solver only says "not winnable"
when it refuted every line.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar, Protocol

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import ProgressBar, Static

from clubfight.club_fight.ai import LostPositions, Mistake, SolveResult, Verdict, find_mistake, solve
from clubfight.club_fight.engine import Move, Outcome, Position
from clubfight.shell.widgets.buttons import FlatButton

from .line_viewer_screen import LineViewerScreen
from .plan import describe_cards
from .table_model import hand_slots

TIME_LIMIT = 10.0
"""Seconds the solver may take before it answers "unknown in time"; most deals take well under one.
The search for the move that let a winnable deal slip has no limit: it works on, with a progress
line, until it knows or the player leaves (Esc)."""


PROGRESS_EVERY = 0.1
"""Seconds between redraws of the search's progress line."""


@dataclass(frozen=True)
class Answer:
    result: SolveResult
    mistake: Mistake | None = None


class Solver(Protocol):
    def __call__(
        self,
        position: Position,
        *,
        time_limit: float | None,
        node_limit: int | None,
        should_stop: Callable[[], bool] | None,
        on_progress: Callable[[int], None] | None,
        lost: LostPositions | None = None,
    ) -> SolveResult: ...


def mistake_text(mistake: Mistake) -> str:
    """Which move lost it, and a winning one from the same position, each with the cards it cleared
    (the two may share a club and an action: "Run with the 6♣" alone could name either)."""
    before, move = mistake.before, mistake.move
    played = f"{describe_cards(before, move)} with the {move.club.symbol}"
    text = f"It slipped away at turn {mistake.turn}: you played {played}."
    if mistake.line:
        better = mistake.line[0]
        text += f" {describe_cards(before, better)} with the {better.club.symbol} would still have won."
    return text


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


class VerdictScreen(ModalScreen[Answer | None]):
    """Solves the deal from its opening position; dismisses with the answer (None if there was none)."""

    CSS_PATH = "verdict.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Cancel / back"),
        Binding("l", "show_line", "Winning line"),
        Binding("m", "show_mistake", "Win from the slip"),
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
        played: tuple[Sequence[Position], Sequence[Move]] | None = None,
        time_limit: float | None = TIME_LIMIT,
        node_limit: int | None = None,
        solver: Solver = solve,
        known: Answer | None = None,
    ) -> None:
        """``start``: the deal's opening position; ``final``: where the player's game ended.
        ``played``: the game's positions and moves, to find the move that let a winnable deal slip.
        ``known``: an earlier answer for this deal, shown without searching again."""
        super().__init__()
        self.start = start
        self.won = final.outcome is Outcome.WON
        self.played = played
        self.time_limit = time_limit
        self.node_limit = node_limit
        self.solver = solver
        self.answer = known
        self.searching = False
        self.looking = False
        """Searching for the move that let a winnable deal slip, after the verdict is shown."""
        self.looking_at = 0
        """The turn whose position the slip search is deciding now."""
        self.cancelled = False
        self._stop = threading.Event()

    @property
    def result(self) -> SolveResult | None:
        return self.answer.result if self.answer is not None else None

    @property
    def mistake(self) -> Mistake | None:
        return self.answer.mistake if self.answer is not None else None

    def compose(self) -> ComposeResult:
        with Vertical(id="verdict"):
            yield Static("Was this deal winnable?", id="verdict-title")
            yield Static("", id="verdict-status")
            yield ProgressBar(total=None, show_eta=False, show_percentage=False, id="verdict-progress")
            yield Static("", id="verdict-answer")
            yield Static("", id="verdict-mistake")
            yield FlatButton("l  Step through a winning line", id="show-line")
            yield FlatButton("m  Step through a win from before that move", id="show-mistake")
            yield FlatButton("Esc  Cancel", id="verdict-close")

    def on_mount(self) -> None:
        if self.won or self.answer is not None:
            self._finish(self.answer)
            return
        self.searching = True
        self.query_one("#verdict-status", Static).update("Searching every line, seeing both decks…")
        self.run_worker(self._search(), group="verdict", exit_on_error=False)

    async def _search(self) -> None:
        stop = self._stop
        shown = [0.0]

        def progress(nodes: int) -> None:
            # The solver reports every few thousand positions, hundreds of times a second: each redraw
            # takes the interpreter from the search, so the line is redrawn ten times a second at most.
            now = time.monotonic()
            if now - shown[0] >= PROGRESS_EVERY:
                shown[0] = now
                self.post_message(self.Progress(nodes))

        def solve_from(position: Position, time_limit: float | None, lost: LostPositions | None = None) -> SolveResult:
            return self.solver(
                position,
                time_limit=time_limit,
                node_limit=self.node_limit,
                should_stop=stop.is_set,
                on_progress=progress,
                lost=lost,
            )

        try:
            result = await asyncio.to_thread(solve_from, self.start, self.time_limit)
            self._finish(Answer(result))
            if self.played is None or not self.winnable or self.won or stop.is_set():
                return
            # A bonus for a lost game that could have been won: which move let it slip?
            positions, moves = self.played
            self.looking = True
            self._status("Looking for the move that let it slip…")

            def slip() -> Mistake | None:
                return find_mistake(
                    positions,
                    moves,
                    result,
                    lambda position, lost: solve_from(position, None, lost),
                    on_turn=lambda turn: self.post_message(self.Looking(turn)),
                )

            mistake = await asyncio.to_thread(slip)
        except asyncio.CancelledError:
            stop.set()  # the screen is going away: let the thread end at its next poll
            raise
        self.looking = False
        self.answer = Answer(result, mistake)
        self._show_mistake(tried=True)

    class Looking(Message):
        """The slip search moved on to the position before move ``turn`` (it walks back from the end)."""

        def __init__(self, turn: int) -> None:
            super().__init__()
            self.turn = turn

    def on_verdict_screen_looking(self, event: VerdictScreen.Looking) -> None:
        self.looking_at = event.turn

    def on_verdict_screen_progress(self, event: VerdictScreen.Progress) -> None:
        if self.searching:
            note = "  (cancelling…)" if self.cancelled else "  (Esc cancels)"
            self._status(f"Searching… {event.nodes:,} positions{note}")
        elif self.looking:
            where = f" back at turn {self.looking_at}" if self.looking_at else ""
            self._status(f"Looking for the move that let it slip…{where} {event.nodes:,} positions  (Esc stops)")

    def _status(self, text: str) -> None:
        status = self.query_one("#verdict-status", Static)
        status.update(text)
        status.display = True

    def _finish(self, answer: Answer | None) -> None:
        self.searching = False
        self.answer = answer
        result = self.result
        self.query_one("#verdict-progress").display = False
        self.query_one("#verdict-status", Static).display = False
        text = self.query_one("#verdict-answer", Static)
        text.update(answer_text(result, won=self.won, cancelled=self.cancelled))
        text.set_class(self.won or self.winnable, "-yes")
        text.set_class(result is not None and result.verdict is Verdict.UNWINNABLE, "-no")
        self.query_one("#show-line").display = self.winnable and not self.won
        self.query_one("#verdict-close", FlatButton).label = "Esc  Back"
        self._show_mistake(tried=False)

    def _show_mistake(self, *, tried: bool) -> None:
        mistake = self.mistake
        if mistake is not None:
            text = mistake_text(mistake)
        else:
            text = "Which move let it slip? The search was stopped before it could tell." if tried else ""
        self.query_one("#verdict-status", Static).display = False
        self.query_one("#verdict-mistake", Static).update(text)
        self.query_one("#verdict-mistake").display = bool(text)
        self.query_one("#show-mistake").display = mistake is not None
        self.refresh_bindings()

    @property
    def winnable(self) -> bool:
        return self.result is not None and self.result.verdict is Verdict.WINNABLE

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "show_line":
            return self.winnable and not self.won
        if action == "show_mistake":
            return self.mistake is not None
        return True

    def action_close(self) -> None:
        """Esc: cancel a running search (its answer is then "unknown") or stop the slip search, else go
        back to the game over."""
        if self.searching:
            self.cancel()
        elif self.looking and not self._stop.is_set():
            self._stop.set()  # the slip search ends at its next poll and says it was stopped
            self._status("Stopping the search…")
        else:
            self.dismiss(self.answer)

    def cancel(self) -> None:
        if self.searching and not self.cancelled:
            self.cancelled = True
            self._stop.set()
            self.query_one("#verdict-status", Static).update("Cancelling…")

    def action_show_line(self) -> None:
        if self.result is not None and self.winnable and not self.won:
            self.app.push_screen(LineViewerScreen(self.start, self.result.line))

    def action_show_mistake(self) -> None:
        mistake = self.mistake
        if mistake is not None:
            title = f"Winning from turn {mistake.turn}"
            slots = None
            if self.played is not None:  # the hand as the table showed it at that turn
                positions, moves = self.played
                slots = hand_slots(positions[: mistake.turn], moves[: mistake.turn - 1])
            self.app.push_screen(LineViewerScreen(mistake.before, mistake.line, title=title, slots=slots))

    @on(FlatButton.Pressed, "#show-line")
    def _line_pressed(self) -> None:
        self.action_show_line()

    @on(FlatButton.Pressed, "#show-mistake")
    def _mistake_pressed(self) -> None:
        self.action_show_mistake()

    @on(FlatButton.Pressed, "#verdict-close")
    def _close_pressed(self) -> None:
        self.action_close()
