"""Combat Club's help (``?``): docs/combat-rules.md, which opens with how to read the screen and the keys."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Markdown

RULES_MISSING = "# Combat Club\n\nThe rules file is missing from this installation."
SOURCE_RULES = Path(__file__).resolve().parents[4] / "docs" / "combat-rules.md"
"""In a source checkout or an editable install, the rules are read where they are written."""


def combat_rules_markdown() -> str:
    """docs/combat-rules.md: the wheel carries a copy in clubfight/tui (pyproject's force-include)."""
    for source in (files("clubfight.tui").joinpath("combat-rules.md"), SOURCE_RULES):
        try:
            return source.read_text(encoding="utf-8")
        except OSError:
            continue
    return RULES_MISSING


class CombatHelpScreen(Screen[None]):
    DEFAULT_CSS = """
    CombatHelpScreen #help { padding: 0 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close"),
        Binding("q", "close", "Close", show=False),
        Binding("question_mark", "close", "Close", show=False),
        Binding("f1", "close", "Close", show=False),
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help"):
            yield Markdown(combat_rules_markdown(), id="combat-rules")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#help").focus()

    def action_close(self) -> None:
        self.dismiss()
