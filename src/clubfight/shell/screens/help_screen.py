"""Help: a game's Markdown documents (its keys, its rules from docs/, ...) in one scroller.

The rules are long: as Textual ``Markdown`` widgets (one per block) a help took 0.7-1.5 s to open.
Each document is parsed once as Rich ``Markdown`` and drawn to lines ahead of time (``prepare``, which
the app runs on a thread after its first frame); opening the help draws only the lines on screen.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.screen import Screen
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import Footer

if TYPE_CHECKING:
    from rich.console import Console
    from rich.markdown import Markdown  # the Markdown parser loads with the first help

SOURCE_DOCS = Path(__file__).resolve().parents[4] / "docs"
"""In a source checkout or an editable install, the docs are read where they are written."""

DOC_LINK = re.compile(r"\[([^\]]+)\]\(([\w-]+\.md)(#[^)]*)?\)")


def read_doc(name: str) -> str | None:
    """docs/NAME: the wheel carries the docs in clubfight/docs (pyproject's force-include)."""
    for source in (files("clubfight").joinpath("docs").joinpath(name), SOURCE_DOCS / name):
        try:
            return source.read_text(encoding="utf-8")
        except OSError:
            continue
    return None


def readable_links(markdown: str) -> str:
    """A link to another doc (``[the notation](notation.md)``) can't be followed from a terminal: it
    names the file instead, which ships with the package in ``clubfight/docs/``."""

    def named(link: re.Match[str]) -> str:
        text, name = link[1], link[2]
        if text.strip("`") in (name, f"docs/{name}"):  # the link names the file already
            return f"docs/{name} (installed as clubfight/docs/{name})"
        return f"{text} (docs/{name}, installed as clubfight/docs/{name})"

    return DOC_LINK.sub(named, markdown)


@dataclass(frozen=True)
class HelpDocument:
    """A help: its Markdown parts in order, made when first drawn. ``name`` keeps each apart in the cache."""

    name: str
    parts: Callable[[], tuple[str, ...]] = field(compare=False)


@cache
def parsed(document: HelpDocument) -> tuple[Markdown, ...]:
    """The document's parts as Rich Markdown, parsed once per process."""
    from rich.markdown import Markdown  # the Markdown parser loads with the first help

    return tuple(Markdown(readable_links(part), hyperlinks=False) for part in document.parts())


_drawn: dict[tuple[str, int, str], list[Strip]] = {}


def prepare(document: HelpDocument, console: Console, width: int, theme: str = "") -> list[Strip]:
    """The help drawn as lines ``width`` cells wide, kept per document, width and theme: drawn ahead
    of time (the app calls this on a thread after its first frame), the help opens with nothing to draw."""
    key = (document.name, width, theme)
    if key not in _drawn:
        from rich.console import Group
        from rich.segment import Segment

        options = console.options.update_width(max(width, 20))
        lines = console.render_lines(Group(*parsed(document)), options, pad=True)
        _drawn[key] = [Strip(Segment.adjust_line_length(line, width), width) for line in lines]
    return _drawn[key]


def help_width(screen_width: int) -> int:
    """The help's text width on a screen this wide: less its padding (0 1) and its scroll bar (1)."""
    return screen_width - 3


class HelpText(ScrollView, can_focus=True):
    """The help's lines, scrolled: only the lines on screen are drawn each frame (Textual's line API)."""

    DEFAULT_CSS = """
    HelpText { overflow-y: scroll; scrollbar-size-vertical: 1; padding: 0 1; }
    """

    def __init__(self, document: HelpDocument, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.document = document

    def on_resize(self) -> None:
        self._lines = prepare(self.document, self.app.console, self.scrollable_content_region.width, self.app.theme)
        self.virtual_size = Size(self.scrollable_content_region.width, len(self._lines))

    def render_line(self, y: int) -> Strip:
        index = self.scroll_offset.y + y
        lines = getattr(self, "_lines", [])
        return lines[index] if index < len(lines) else Strip.blank(self.size.width)


class HelpScreen(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close"),
        Binding("q", "close", "Close", show=False),
        Binding("question_mark", "close", "Close", show=False),
        Binding("f1", "close", "Close", show=False),
    ]

    def __init__(self, document: HelpDocument) -> None:
        super().__init__()
        self.document = document

    def compose(self) -> ComposeResult:
        yield HelpText(self.document, id="help")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#help").focus()

    def action_close(self) -> None:
        self.dismiss()
