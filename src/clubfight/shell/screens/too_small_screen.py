"""Shown instead of a broken layout when the terminal (or, served, the browser window) is below the
minimum size."""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Static

from clubfight.shell.layout import MIN_SIZE


class TooSmallScreen(Screen[None]):
    DEFAULT_CSS = """
    TooSmallScreen { align: center middle; }
    #too-small { width: auto; height: auto; text-align: center; text-style: bold; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("q", "app.quit", "Quit")]

    def compose(self) -> ComposeResult:
        yield Static(id="too-small")

    def on_mount(self) -> None:
        self._show(self.app.size.width, self.app.size.height)

    def on_resize(self, event: events.Resize) -> None:
        self._show(event.size.width, event.size.height)

    def _show(self, width: int, height: int) -> None:
        self.query_one("#too-small", Static).update(too_small_text(width, height, web=self.app.is_web))


def too_small_text(width: int, height: int, *, web: bool) -> str:
    """What to enlarge: in a browser (``clubfight serve``) the player has a window, not a terminal."""
    what = "window" if web else "terminal"
    return f"Please enlarge the {what} to {MIN_SIZE[0]}x{MIN_SIZE[1]}\n(it is {width}x{height} now).\n\nq quits."
