"""The spoken log (F2): every line the games said, newest last, as plain text with no decoration, so a
screen reader or braille display reads it line by line. Esc, F2 or q closes it."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.geometry import Offset
from textual.screen import Screen
from textual.widgets import Static

from clubfight.shell.app import place_cursor

EMPTY = "Nothing said yet: each key's result, each move and the computer's plays are written here."


class SpokenLogScreen(Screen[None]):
    PLACES_CURSOR = True
    """It puts the terminal cursor on what is being chosen itself (else the app puts it: app.py)."""

    DEFAULT_CSS = """
    #spoken-title { height: 1; text-style: bold; }
    #spoken-log { height: 1fr; }
    #spoken-lines { width: 100%; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close"),
        Binding("f2", "close", "Close", show=False),
        Binding("q", "close", "Close", show=False),
    ]

    def __init__(self, lines: list[str]) -> None:
        super().__init__()
        self.lines = list(lines)

    def compose(self) -> ComposeResult:
        yield Static("Spoken log, newest last. Esc closes; arrows and Page Up/Down scroll.", id="spoken-title")
        with VerticalScroll(id="spoken-log"):
            yield Static("\n".join(self.lines) or EMPTY, id="spoken-lines", markup=False)

    def on_mount(self) -> None:
        scroller = self.query_one("#spoken-log", VerticalScroll)
        scroller.focus()
        scroller.scroll_end(animate=False)
        # the cursor on the newest line, where a screen reader starts reading
        self.call_after_refresh(self._cursor_on_last)

    def _cursor_on_last(self) -> None:
        region = self.query_one("#spoken-log", VerticalScroll).content_region
        shown = min(len(self.lines), region.height)
        place_cursor(self.app, Offset(region.x, region.y + max(0, shown - 1)))

    def action_close(self) -> None:
        self.dismiss()
