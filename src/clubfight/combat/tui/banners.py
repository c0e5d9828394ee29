"""Round-end banners: how the round was won, drawn big in block letters (fighting-game style), within
80 columns, then the match score and what next."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from clubfight.combat.engine import Colour, RoundResult, Win
from clubfight.combat.game import Match
from clubfight.combat.tui import COMBAT_CSS
from clubfight.shell.widgets.buttons import FlatButton
from clubfight.shell.widgets.footer import KeyBar

from .fight_text import score_breakdown

FONT = {
    "B": ("████ ", "█   █", "████ ", "█   █", "████ "),
    "C": (" ████", "█    ", "█    ", "█    ", " ████"),
    "E": ("█████", "█    ", "████ ", "█    ", "█████"),
    "G": (" ████", "█    ", "█  ██", "█   █", " ████"),
    "I": ("█████", "  █  ", "  █  ", "  █  ", "█████"),
    "K": ("█   █", "█  █ ", "███  ", "█  █ ", "█   █"),
    "M": ("█   █", "██ ██", "█ █ █", "█   █", "█   █"),
    "N": ("█   █", "██  █", "█ █ █", "█  ██", "█   █"),
    "O": (" ███ ", "█   █", "█   █", "█   █", " ███ "),
    "R": ("████ ", "█   █", "████ ", "█  █ ", "█   █"),
    "S": (" ████", "█    ", " ███ ", "    █", "████ "),
    "T": ("█████", "  █  ", "  █  ", "  █  ", "  █  "),
    "U": ("█   █", "█   █", "█   █", "█   █", " ███ "),
    " ": ("  ", "  ", "  ", "  ", "  "),
}


def big(text: str) -> str:
    """``text`` in 5-row block letters, one column between letters (SUBMISSION is 59 columns wide)."""
    rows = []
    for row in range(5):
        rows.append(" ".join(FONT[ch][row] for ch in text.upper()))
    return "\n".join(rows)


def banner_title(result: RoundResult) -> str:
    return result.how.title


def how_won(ways: Sequence[Win], judged: bool) -> str:
    """ "knock out on the judges' decision (also ring out)": the first way named, then the others."""
    how = ways[0].value.replace("-", " ")
    judged_text = " on the judges' decision" if judged else ""
    also = f" (also {', '.join(w.value.replace('-', ' ') for w in ways[1:])})" if len(ways) > 1 else ""
    return f"{how}{judged_text}{also}"


class BannerScreen(ModalScreen[str]):
    """What a local and an online round's banner share: the look, and exporting the match record
    once the match is over (``export`` writes it and says where)."""

    CSS_PATH = COMBAT_CSS

    def __init__(self, *, export: Callable[[], str] | None) -> None:
        super().__init__()
        self.export = export

    def export_widgets(self) -> ComposeResult:
        """The export button and the line that says where the record went."""
        if self.export is not None:
            yield FlatButton("x  Export the match record", id="export")
            yield Static("", id="export-result", markup=False)

    def action_export(self) -> None:
        if self.export is not None:
            self.query_one("#export-result", Static).update(self.export())

    @on(FlatButton.Pressed, "#export")
    def _export_pressed(self) -> None:
        self.action_export()


class RoundOverScreen(BannerScreen):
    """Dismisses with "next", "rematch", "quit" or "table" (look at the final grid)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "choose('next')", "Next round", show=False),
        Binding("n", "choose('next')", "Next round"),
        Binding("r", "choose('rematch')", "Rematch"),
        Binding("x", "export", "Export record"),
        Binding("w", "turning", "Where did it turn?"),
        Binding("q", "choose('quit')", "Quit"),
        Binding("escape", "choose('table')", "See the grid"),
    ]

    def __init__(self, match: Match, you: Colour | None, *, export: Callable[[], str] | None = None) -> None:
        super().__init__(export=export)
        self.match = match
        self.you = you
        """The player's colour against the computer; None when two people play."""

    def compose(self) -> ComposeResult:
        match = self.match
        result = match.current.outcome
        assert result is not None
        over = match.is_over
        mine = self.you is None or result.winner is self.you
        with Vertical(id="round-over", classes="-won" if mine else "-lost"):
            yield Static(big(banner_title(result)), id="banner-art")
            yield Static(self._headline(result), id="banner-result")
            red, black = match.current.scores
            yield Static(f"Round {match.round_number}: RED {red} - BLACK {black} points.", id="banner-detail")
            yield Static(self._breakdown(), id="banner-breakdown")
            yield Static(self._score(), id="banner-score")
            if not over:
                yield FlatButton("n  Next round (Enter)", id="next")
            else:
                yield from self.export_widgets()
                yield FlatButton("r  Rematch", id="rematch")
            yield FlatButton("w  Where did it turn?", id="turning-open")
            yield FlatButton("q  Quit", id="quit")
            yield FlatButton("Esc  See the grid", id="table")
        yield KeyBar()  # the banner's own keys, w among them, where the fight's were

    def _headline(self, result: RoundResult) -> str:
        how = how_won(result.ways, result.judged)
        if self.you is None:
            return f"{result.winner} wins the round by {how}!"
        if result.winner is self.you:
            return f"You win the round by {how}!"
        return f"{result.winner} wins the round by {how}."

    def _breakdown(self) -> str:
        """Each player's points of the round, part by part (a countered play scored nothing, C5)."""
        played = self.match.rounds[-1]
        events = [e for position in played.positions()[1:] for e in position.events]
        rules = self.match.rules
        return "\n".join(
            score_breakdown(events, colour, rules, carried=played.start.score(colour)) for colour in Colour
        )

    def _score(self) -> str:
        match = self.match
        red, black = match.wins
        line = f"Match (best of {match.rules.rounds}): RED {red} - BLACK {black}"
        winner = match.winner
        if winner is not None:
            who = "You win" if self.you is winner else f"{winner} wins"
            line += f".  {who} the match!" if self.you in (None, winner) else f".  {who} the match."
        return line

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        over = self.match.is_over
        if action == "choose" and parameters and parameters[0] == "next":
            return not over
        if action == "choose" and parameters and parameters[0] == "rematch":
            return over
        if action == "export":
            return over and self.export is not None
        return True

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)

    def action_turning(self) -> None:
        """The round replayed by the coach: the chance by action and where it turned (turning_screen.py)."""
        from .turning_screen import TurningScreen  # the analysis loads when first asked for

        self.app.push_screen(TurningScreen(self.match, self.you))

    @on(FlatButton.Pressed, "#turning-open")
    def _turning_pressed(self) -> None:
        self.action_turning()

    @on(FlatButton.Pressed, "#next, #rematch, #quit, #table")
    def _choice_pressed(self, event: FlatButton.Pressed) -> None:
        self.dismiss(event.button.id)


WIN_NAMES = {w: w.title for w in Win}
