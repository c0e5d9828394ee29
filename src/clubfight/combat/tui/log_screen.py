"""The whole log of the match (``l``), scrolled: every play with its points, every counter and turn end,
and each round's draw-off, who drew what and why that card won the centre."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from clubfight.combat.tui import COMBAT_CSS
from clubfight.shell.widgets.footer import KeyBar


def log_text(lines: list[str]) -> Text:
    """The log's lines, a round's first line, a counter and a win in bold."""
    text = Text()
    for line in lines:
        bold = line.startswith("Round ") or " counters " in line or " wins " in line
        text.append(line + "\n", style="bold" if bold else "")
    return text


class FullLogScreen(Screen[None]):
    """Esc, l or q closes it; the arrows, Page Up/Down, Home and End scroll (the scroller's own keys)."""

    GAME = "combat"
    CSS_PATH = COMBAT_CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close"),
        Binding("l", "close", "Close", show=False),
        Binding("q", "close", "Close", show=False),
    ]

    def __init__(self, title: str, lines: list[str]) -> None:
        super().__init__()
        self.title_text = title
        self.lines = list(lines)

    def compose(self) -> ComposeResult:
        yield Static(f"{self.title_text}   (↑ ↓ PgUp PgDn Home End scroll)", id="full-log-title")
        with VerticalScroll(id="full-log"):
            yield Static(log_text(self.lines), id="full-log-text")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#full-log", VerticalScroll).scroll_end(animate=False)

    def action_close(self) -> None:
        self.dismiss()
