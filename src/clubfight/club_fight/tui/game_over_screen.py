"""The end of a game: result, score (E3), deal code, and what next."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from clubfight.club_fight.ai import Verdict
from clubfight.club_fight.engine import Move, Outcome, Position
from clubfight.shell.widgets.buttons import FlatButton

if TYPE_CHECKING:
    from .verdict_screen import Answer


class GameOverScreen(ModalScreen[str]):
    """Dismisses with "again", "new", "quit", or "table" (just look at the final table)."""

    DEFAULT_CSS = """
    /* Dialogs cover the table fully: a see-through modal lets its text show beside the box at 80x24. */
    GameOverScreen { align: center middle; background: $background; }
    #game-over { width: 60; height: auto; padding: 1 2; border: thick $primary; background: $surface; }
    #game-over.-lost { border: thick $error; }
    #result { text-style: bold; width: 100%; text-align: center; margin-bottom: 1; }
    #game-over FlatButton { width: 100%; height: 1; margin-top: 0; }
    #game-over Static { height: auto; }
    #deal-code { margin-bottom: 1; text-style: bold; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "choose('again')", "Play this deal again"),
        Binding("n", "choose('new')", "New deal"),
        Binding("q", "choose('quit')", "Quit"),
        Binding("escape", "choose('table')", "See the table"),
        Binding("x", "export", "Export record"),
        Binding("c", "copy_share", "Copy share line"),
        Binding("w", "winnable", "Was it winnable?"),
    ]

    def __init__(
        self,
        position: Position,
        deal_label: str,
        *,
        share: str | None = None,
        export: Callable[[], str] | None = None,
        played: tuple[Sequence[Position], Sequence[Move]] | None = None,
        hints: int | None = None,
        demo: bool = False,
        verdict: Answer | None = None,
    ) -> None:
        """``share``: the daily deal's spoiler-free share line; ``export`` writes the record, returns what to say."""
        super().__init__()
        self.position = position
        self.deal_label = deal_label
        self.share = share
        self.export = export
        self.played = played
        """The game's positions (the opening first) and moves, for "Was this deal winnable?" (None: no button)."""
        self.hints = hints
        self.demo = demo
        """The hint engine played this game (autoplay): the result is the engine's, not the player's."""
        self.verdict: Answer | None = verdict

    def compose(self) -> ComposeResult:
        position = self.position
        won = position.outcome is Outcome.WON
        with Vertical(id="game-over", classes="-won" if won else "-lost"):
            if self.demo:
                yield Static("♣ The engine won! ♣" if won else "The engine ran out of clubs", id="result")
            else:
                yield Static("♣ You won! ♣" if won else "Out of clubs: game lost", id="result")
            if won:
                detail = f"Grid and grid deck cleared in {position.turns_played} turns."
            else:
                left = "1 card was" if position.score == 1 else f"{position.score} cards were"
                detail = f"{left} left to clear (grid and grid deck)."
            yield Static(detail, id="result-detail")
            yield Static(f"Score: {position.score}   (cards left; 0 is a win, lower is better)", id="score")
            yield Static(f"Deal: {self.deal_label}", id="deal-code")
            if self.demo:
                yield Static("Played by the hint engine (a demo: not counted)", id="hints-used")
            elif self.hints is not None:
                yield Static(f"Hints used: {self.hints}", id="hints-used")
            if self.played is not None:
                yield FlatButton(self._winnable_label(), id="winnable")
            if self.share is not None:
                yield Static(self.share, id="share-line", markup=False)
                yield FlatButton("c  Copy the share line", id="copy-share")
            if self.export is not None:
                yield FlatButton("x  Export the game record", id="export")
                yield Static("", id="export-result", markup=False)
            yield FlatButton("a  Play this deal again", id="again")
            yield FlatButton("n  New deal", id="new")
            yield FlatButton("q  Quit", id="quit")
            yield FlatButton("Esc  See the final table (g brings this back)", id="table")

    def _winnable_label(self) -> str:
        answer = self.verdict
        if answer is None:
            return "w  Was this deal winnable?"
        said = "Yes" if answer.result.verdict is Verdict.WINNABLE else "No"
        return f"w  Was this deal winnable? {said}"

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "export":
            return self.export is not None
        if action == "copy_share":
            return self.share is not None
        if action == "winnable":
            return self.played is not None
        return True

    def action_export(self) -> None:
        if self.export is not None:
            self.query_one("#export-result", Static).update(self.export())

    def action_copy_share(self) -> None:
        if self.share is not None:
            self.app.copy_to_clipboard(self.share)
            self.notify("Share line copied to the clipboard (if your terminal allows it).", timeout=4)

    def action_winnable(self) -> None:
        """Solve the deal from its opening (in a worker, on its own screen); the answer is kept for next time."""
        from .verdict_screen import VerdictScreen  # it brings the solver: only when asked

        def answered(answer: Answer | None) -> None:
            if answer is not None and answer.result.verdict is not Verdict.UNKNOWN:
                self.verdict = answer  # decided for good; "unknown" may be asked again
                self.query_one("#winnable", FlatButton).label = self._winnable_label()

        if self.played is not None:
            start = self.played[0][0]
            screen = VerdictScreen(start, self.position, played=self.played, known=self.verdict)
            self.app.push_screen(screen, answered)

    @on(FlatButton.Pressed, "#winnable")
    def _winnable_pressed(self) -> None:
        self.action_winnable()

    @on(FlatButton.Pressed, "#export")
    def _export_pressed(self) -> None:
        self.action_export()

    @on(FlatButton.Pressed, "#copy-share")
    def _copy_pressed(self) -> None:
        self.action_copy_share()

    @on(FlatButton.Pressed, "#again, #new, #quit, #table")
    def _choice_pressed(self, event: FlatButton.Pressed) -> None:
        self.dismiss(event.button.id)
