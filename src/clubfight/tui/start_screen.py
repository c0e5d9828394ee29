"""Pick a level, by key or by click."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Static

from ..engine import Level
from .widgets.buttons import FlatButton

TITLE_ART = """\
╭──────╮ ╭──────╮
│ A    │ │ K    │   C L U B   F I G H T
│  ♣   │ │  ♣   │
│    A │ │    K │   clear the grid with your 13 clubs
╰──────╯ ╰──────╯"""


class StartScreen(Screen[Level | None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("e", "level('easy')", "Easy"),
        Binding("h", "level('hard')", "Hard"),
        Binding("question_mark", "help", "Help", key_display="?"),
        Binding("f1", "help", "Help", show=False),
        Binding("q", "quit", "Quit"),
    ]

    def __init__(self, seed: int | None) -> None:
        super().__init__()
        self.seed = seed

    def compose(self) -> ComposeResult:
        with Vertical(id="start"):
            yield Static(TITLE_ART, id="title-art")
            deal = f"Deal {self.seed}: choose its level." if self.seed is not None else "Choose your level."
            yield Static(deal, id="start-prompt")
            with Center():
                yield FlatButton("e  Easy: one joker", id="easy", classes="level")
            with Center():
                yield FlatButton("h  Hard: two jokers", id="hard", classes="level")
            yield Static("? rules and keys    q quit", id="start-hint")
        yield Footer(compact=True)

    def action_level(self, name: str) -> None:
        self.dismiss(Level(name))

    def action_help(self) -> None:
        from .help_screen import HelpScreen

        self.app.push_screen(HelpScreen())

    def action_quit(self) -> None:
        self.app.exit()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id in ("easy", "hard"):
            self.dismiss(Level(event.button.id))
