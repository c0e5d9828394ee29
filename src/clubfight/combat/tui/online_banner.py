"""The round-end banner of an online match: how the round was won (in the same block letters as a
local match's), the points and the match score, from the server's view. After a round, Enter says
this player is ready for the next; after the match, the record can be exported."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static

from clubfight.combat.engine import Colour, Win
from clubfight.shell.widgets.buttons import FlatButton

from .banners import BannerScreen, big, how_won


class OnlineRoundOverScreen(BannerScreen):
    """Dismisses with "next" (ready for the next round), "leave" (the match is over: back to the
    start screen), "quit" or "table" (look at the final grid)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "choose('next')", "Next round", show=False),
        Binding("n", "choose('next')", "Next round"),
        Binding("x", "export", "Export record"),
        Binding("q", "choose('quit')", "Quit"),
        Binding("escape", "choose('table')", "See the grid"),
    ]

    def __init__(self, view: dict[str, Any], you: Colour | None, *, export: Callable[[], str] | None = None) -> None:
        super().__init__(export=export)
        self.view = view
        self.you = you
        """The player's colour; None for a spectator."""

    @property
    def over(self) -> bool:
        return bool(self.view["phase"] == "match-over")

    def compose(self) -> ComposeResult:
        result = self.view.get("result") or {"winner": "red", "ways": ["time-out"], "judged": False, "claimed": False}
        winner = Colour(result["winner"])
        ways = [Win(w) for w in result["ways"]] or [Win.TIME_OUT]
        mine = self.you is None or winner is self.you
        with Vertical(id="round-over", classes="-won" if mine else "-lost"):
            yield Static(big(ways[0].title), id="banner-art")
            yield Static(self._headline(winner, ways, result), id="banner-result")
            scores = self.view.get("scores", {"red": 0, "black": 0})
            yield Static(
                f"Round {self.view['round']}: RED {scores['red']} - BLACK {scores['black']} points.", id="banner-detail"
            )
            yield Static(self._score(), id="banner-score")
            if not self.over:
                yield FlatButton("n  Ready for the next round (Enter)", id="next")
            else:
                yield from self.export_widgets()
                yield FlatButton("Enter  Back to the start screen", id="leave")
            yield FlatButton("q  Quit", id="quit")
            yield FlatButton("Esc  See the grid", id="table")

    def _headline(self, winner: Colour, ways: list[Win], result: dict[str, Any]) -> str:
        claimed = bool(result.get("claimed"))
        how = "claim: the other player left" if claimed else how_won(ways, bool(result.get("judged")))
        if self.you is not None and winner is self.you:
            return f"You win the round by {how}!"
        return f"{winner} wins the round by {how}."

    def _score(self) -> str:
        match = self.view["match"]
        wins = match["wins"]
        line = f"Match (best of {self.view['rules']['rounds']}): RED {wins['red']} - BLACK {wins['black']}"
        if match["winner"] is not None:
            winner = Colour(match["winner"])
            line += ".  You win the match!" if winner is self.you else f".  {winner} wins the match."
        return line

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "export":
            return self.over and self.export is not None
        if action == "choose" and parameters and parameters[0] == "next" and self.you is None and not self.over:
            return None  # a spectator has nothing to be ready for
        return True

    def action_choose(self, choice: str) -> None:
        if choice == "next" and self.over:
            choice = "leave"
        self.dismiss(choice)

    @on(FlatButton.Pressed, "#next, #leave, #quit, #table")
    def _choice_pressed(self, event: FlatButton.Pressed) -> None:
        self.dismiss(event.button.id or "table")
