"""The statistics screen (``s``): each game's pane in turn, the same figures as ``clubfight stats``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from clubfight.shell.games import StatsPane


class StatsScreen(Screen[None]):
    """Every game's statistics (``Game.stats_pane``), one pane after another, with their warnings."""

    CSS_PATH = "stats_screen.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close"),
        Binding("s", "close", "Close", show=False),
    ]

    def __init__(self, panes: Sequence[StatsPane]) -> None:
        super().__init__()
        self.panes = tuple(panes)

    def compose(self) -> ComposeResult:
        yield Static("Statistics", id="stats-title")
        with VerticalScroll(id="stats-body"):
            for pane in self.panes:
                for part in pane.parts:
                    yield Static(part.renderable, id=part.id, classes=part.classes, name=part.name)
        yield Footer()

    def on_mount(self) -> None:
        for pane in self.panes:
            if pane.warning:
                self.notify(pane.warning, severity="warning", timeout=10)

    def action_close(self) -> None:
        self.dismiss()
