"""Pick a level, by key or by click; switch on the daily deal or the All Clear variant first if wanted."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from ...engine import Level, Variant
from ..widgets.buttons import FlatButton

TITLE_ART = """\
╭──────╮ ╭──────╮
│ A    │ │ K    │   C L U B   F I G H T
│  ♣   │ │  ♣   │
│    A │ │    K │   clear the grid with your 13 clubs
╰──────╯ ╰──────╯"""


@dataclass(frozen=True)
class StartChoice:
    level: Level
    daily: bool = False
    """Today's daily deal (the same for everyone on this UTC date) instead of a fresh one."""
    variant: Variant = Variant.NONE
    """The rules variants chosen (the All Clear variant, RULINGS V1)."""


COMBAT_CHOICE = "combat"
"""The start screen's third choice: Combat Club, the two-player game."""


class StartScreen(Screen[StartChoice | str | None]):
    DEFAULT_CSS = """
    StartScreen Center { height: auto; }
    #start { align: center middle; height: 1fr; }
    #title-art { width: auto; height: auto; margin: 1 2; color: $text-primary; text-style: bold; }
    #start-prompt { width: 100%; text-align: center; margin-bottom: 1; }
    /* the key letters in one column */
    #start .level { width: 30; margin: 0 0 1 0; text-align: left; content-align: left middle; padding: 0 1; }
    #start .option { width: 30; margin: 0; }
    #start .option.-on { text-style: bold reverse; }
    #start-hint { width: 100%; text-align: center; color: $foreground 60%; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        # d, a and c are in the menu with their state; in the Footer too they'd run past 80 columns.
        Binding("e", "level('easy')", "Easy"),
        Binding("h", "level('hard')", "Hard"),
        Binding("d", "toggle_daily", "Daily", show=False),
        Binding("a", "toggle_all_clear", "All Clear", show=False),
        Binding("c", "combat", "Combat Club", show=False),
        Binding("s", "app.stats", "Stats"),
        Binding("o", "app.settings", "Settings"),
        Binding("question_mark", "app.rules", "Help", key_display="?"),
        Binding("f1", "app.rules", "Help", show=False),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self, seed: int | None, *, daily: bool = False, variant: Variant = Variant.NONE) -> None:
        super().__init__()
        self.seed = seed
        self.daily = daily
        self.variant = variant

    def compose(self) -> ComposeResult:
        with Vertical(id="start"):
            with Center():  # the logo is centred like the menu under it
                yield Static(TITLE_ART, id="title-art")
            yield Static(self._prompt(), id="start-prompt")
            with Center():
                yield FlatButton("e  Easy: one joker", id="easy", classes="level")
            with Center():
                yield FlatButton("h  Hard: two jokers", id="hard", classes="level")
            with Center():
                yield FlatButton(self._daily_label(), id="daily", classes="level option")
            with Center():
                yield FlatButton(self._all_clear_label(), id="all-clear", classes="level option")
            with Center():
                yield FlatButton("c  Combat Club (2 players)", id="combat", classes="level")
            yield Static("? rules and keys    s statistics    o settings    q quit", id="start-hint")
        yield Footer(compact=True)

    def _prompt(self) -> str:
        if self.daily:
            return "Today's daily deal: choose its level."
        return f"Deal {self.seed}: choose its level." if self.seed is not None else "Choose your level."

    def _daily_label(self) -> str:
        return f"d  Daily deal: {'ON' if self.daily else 'off'}"

    def _all_clear_label(self) -> str:
        return f"a  All Clear variant: {'ON' if Variant.ALL_CLEAR in self.variant else 'off'}"

    def _refresh_options(self) -> None:
        self.query_one("#start-prompt", Static).update(self._prompt())
        self.query_one("#daily", FlatButton).label = self._daily_label()
        self.query_one("#all-clear", FlatButton).label = self._all_clear_label()
        self.query_one("#daily", FlatButton).set_class(self.daily, "-on")
        self.query_one("#all-clear", FlatButton).set_class(Variant.ALL_CLEAR in self.variant, "-on")

    def action_toggle_daily(self) -> None:
        self.daily = not self.daily
        self._refresh_options()

    def action_toggle_all_clear(self) -> None:
        self.variant ^= Variant.ALL_CLEAR
        self._refresh_options()

    def action_level(self, name: str) -> None:
        self.dismiss(StartChoice(Level(name), self.daily, self.variant))

    def action_combat(self) -> None:
        self.dismiss(COMBAT_CHOICE)

    @on(FlatButton.Pressed, "#combat")
    def _combat_pressed(self) -> None:
        self.action_combat()

    @on(FlatButton.Pressed, "#easy, #hard")
    def _level_pressed(self, event: FlatButton.Pressed) -> None:
        self.action_level(event.button.id or "easy")

    @on(FlatButton.Pressed, "#daily")
    def _daily_pressed(self) -> None:
        self.action_toggle_daily()

    @on(FlatButton.Pressed, "#all-clear")
    def _all_clear_pressed(self) -> None:
        self.action_toggle_all_clear()
