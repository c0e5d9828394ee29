"""The statistics screen (``s``): the same figures and score charts as ``clubfight stats``."""

from __future__ import annotations

from datetime import date, datetime, timezone
from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from ...combat.game import combat_figures
from ...game import StatsSummary, summarize
from ...storage.combat_stats import load_combat_stats
from ...storage.stats import load_stats
from ...views.combat_stats import combat_table
from ...views.stats import NO_GAMES, daily_line, figures_table, histogram_panel


class StatsScreen(Screen[None]):
    """Per level and variant: played, won, streaks, average score, clean wins, hints, best and worst
    deals, and a chart of the scores. Shows ``summary`` if given, else reads the stats file."""

    CSS_PATH = "stats_screen.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close"),
        Binding("s", "close", "Close", show=False),
    ]

    def __init__(
        self, summary: StatsSummary | None = None, *, path: Path | None = None, today: date | None = None
    ) -> None:
        super().__init__()
        self.warning: str | None = None
        if summary is None:
            loaded = load_stats(path)
            self.warning = loaded.warning
            summary = summarize(loaded.value, today or datetime.now(timezone.utc).date())
        self.summary = summary
        combat = load_combat_stats()
        self.warning = self.warning or combat.warning
        self.combat = combat_figures(combat.value)
        """Combat Club's figures per computer level (its own file, its own table)."""

    def compose(self) -> ComposeResult:
        yield Static("Statistics", id="stats-title")
        with VerticalScroll(id="stats-body"):
            if not self.summary.groups:
                yield Static(NO_GAMES, id="stats-empty")
            else:
                yield Static(figures_table(self.summary), id="stats-figures")
                yield Static(daily_line(self.summary), id="stats-daily")
                for group in self.summary.groups:
                    yield Static(histogram_panel(group), classes="stats-chart", name=group.name)
            yield Static(combat_table(self.combat), id="stats-combat")
        yield Footer()

    def on_mount(self) -> None:
        if self.warning:
            self.notify(self.warning, severity="warning", timeout=10)

    def action_close(self) -> None:
        self.dismiss()
