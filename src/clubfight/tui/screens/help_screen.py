"""Help: the keys, then the full rules (docs/rules.md, bundled with the package).

The rules are long: as Textual ``Markdown`` widgets (one per block) the help took 0.7-1.5 s to
open. They are parsed once as Rich ``Markdown`` and drawn to lines ahead of time (``prepare``,
which the app runs on a thread after its first frame); opening the help draws only the lines on
screen.
"""

from __future__ import annotations

import re
from functools import lru_cache
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

from ...engine import Action
from ..clubfight.action_panel import ACTION_KEYS
from ..clubfight.hand_view import HAND_KEYS

if TYPE_CHECKING:
    from rich.console import Console
    from rich.markdown import Markdown

KEYS_MARKDOWN = f"""\
# Club Fight: keys

A turn is: pick a club, pick an action, pick its cards if it asks for them, then confirm.
Nothing is played before you confirm, and Esc always steps back.

- **{" ".join(HAND_KEYS)}**: pick the club in hand slot 1 to 4 (press it again to put it back)
- **{"  ".join(f"{key} {action.title}" for action, key in ACTION_KEYS.items() if action is not Action.ALLCLEAR)}**
  (and **{ACTION_KEYS[Action.ALLCLEAR]}** All Clear with `--variant all-clear`)
- **1-9**: pick or unpick the card at that place for Sum, Run or Any; for Line, a place in the line
  (press it again for the other line through it)
- **↑ ↓**: Up/Down with the 7: clear upwards or downwards; **← →** step through the choices
- **Enter**: confirm the move; **Esc**: one step back (cards, then action, then club)
- **u**: undo, back to the start of the deal (the game is then no longer a clean win); **r**: redo
- **h**: a hint: the hint engine's move is shown on the table (Enter plays it) with its reason;
  hints are counted, and a game with one is no longer a clean win. At game over, **w** asks whether
  the deal was winnable and lets you step through a winning line. `clubfight --autoplay` is a demo.
- **s**: statistics; **o**: settings (theme, hint strength, four-colour deck, animations, asking
  before a move that leaves a suit blocking an action)
- **d**: the discard pile; **? or F1**: this help; **n**: new deal; **q**: quit;
  **Ctrl+P**: command palette (themes and more)

The mouse works everywhere: click a club, an action, the cards, then Confirm.
Places are numbered in reading order: 1 2 3 on top, 4 5 6 in the middle, 7 8 9 at the bottom.
Marks on the cards read without colour: **✕** will be cleared, **•** picked, **+** just dealt,
**▲** the club you play.
"""

RULES_MISSING = "# Rules\n\nThe rules file is missing from this installation."


SOURCE_RULES = Path(__file__).resolve().parents[4] / "docs" / "rules.md"
"""In a source checkout or an editable install, the rules are read where they are written."""


def rules_markdown() -> str:
    """docs/rules.md: the wheel carries a copy in clubfight/tui (pyproject's force-include)."""
    for source in (files("clubfight.tui").joinpath("rules.md"), SOURCE_RULES):
        try:
            return source.read_text(encoding="utf-8")
        except OSError:
            continue
    return RULES_MISSING


DOC_LINK = re.compile(r"\[([^\]]+)\]\(([\w-]+\.md)(#[^)]*)?\)")


def readable_links(markdown: str) -> str:
    """A link to another doc (``[the notation](notation.md)``) can't be followed from a terminal: it
    names the file instead, which ships with the package in ``clubfight/docs/``."""
    return DOC_LINK.sub(lambda m: f"{m[1]} (docs/{m[2]}, installed as clubfight/docs/{m[2]})", markdown)


@lru_cache(maxsize=1)
def documents() -> tuple[Markdown, Markdown]:
    """The keys and the rules, parsed once per process."""
    from rich.markdown import Markdown

    return Markdown(KEYS_MARKDOWN), Markdown(readable_links(rules_markdown()), hyperlinks=False)


_drawn: dict[tuple[int, str], list[Strip]] = {}


def prepare(console: Console, width: int, theme: str = "") -> list[Strip]:
    """The help drawn as lines ``width`` cells wide, kept per width and theme: drawn ahead of time
    (the app calls this on a thread after its first frame), the help opens with nothing to draw."""
    key = (width, theme)
    if key not in _drawn:
        from rich.console import Group
        from rich.segment import Segment

        options = console.options.update_width(max(width, 20))
        lines = console.render_lines(Group(*documents()), options, pad=True)
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

    def on_resize(self) -> None:
        self._lines = prepare(self.app.console, self.scrollable_content_region.width, self.app.theme)
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

    def compose(self) -> ComposeResult:
        yield HelpText(id="help")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#help").focus()

    def action_close(self) -> None:
        self.dismiss()
