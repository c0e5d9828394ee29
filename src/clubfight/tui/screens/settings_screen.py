"""The settings screen: theme, hint strength, four-colour deck, animations, and asking before a
blocking move.

Every change is saved at once (``clubfight.storage.settings``) and the theme applies at once.
The screen posts ``SettingsScreen.Changed`` after each change and dismisses with the final
``Settings`` on escape, so the app can apply the rest (deck colours, animations, confirmations).
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Label, Select, Static, Switch

from ...storage.settings import HINT_STRENGTHS, Settings, load_settings, update_settings
from ..themes import register_themes

STRENGTH_CHOICES = {
    "fast": "fast: answers at once",
    "strong": "strong: slower, wins more deals",
    "expert": "expert: a second or more a move",
}
"""The hint engine's strengths as Settings offers them (HINT_STRENGTHS, in order)."""

SWITCHES = (
    ("four_colour_deck", "Four-colour deck", "each suit in its own colour: blocks are easier to count"),
    ("animations", "Animations", "new cards glow for a moment after each refill, then fade"),
    ("confirm_blocking_move", "Ask before a blocking move", "confirm a move that leaves a suit blocking an action"),
)


class SettingsScreen(Screen[Settings]):
    CSS_PATH = "settings_screen.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close", "Close")]

    class Changed(Message):
        """A setting changed and was saved (``saved`` is False if the file couldn't be written)."""

        def __init__(self, settings: Settings, saved: bool) -> None:
            super().__init__()
            self.settings = settings
            self.saved = saved

    def __init__(self, settings: Settings | None = None, *, path: Path | None = None) -> None:
        super().__init__()
        self.path = path
        self._shown_theme = ""
        self.warning: str | None = None
        if settings is None:
            loaded = load_settings(path)
            settings, self.warning = loaded.value, loaded.warning
        self.settings = settings

    def compose(self) -> ComposeResult:
        register_themes(self.app)
        themes = sorted(self.app.available_themes)
        theme = self.settings.theme if self.settings.theme in themes else self.app.theme
        self._shown_theme = theme  # the Select announces its first value too: that's no change
        yield Static("Settings", id="settings-title")
        with Vertical(id="settings-body"):
            with Horizontal(classes="setting"):
                yield Label("Theme", classes="setting-name")
                yield Select([(name, name) for name in themes], value=theme, allow_blank=False, id="theme")
            with Horizontal(classes="setting"):
                yield Label("Hint strength (h, demo)", classes="setting-name")
                choices = [(STRENGTH_CHOICES[name], name) for name in HINT_STRENGTHS]
                yield Select(choices, value=self.settings.hint_strength, allow_blank=False, id="hint_strength")
            for field, title, explanation in SWITCHES:
                with Horizontal(classes="setting"):
                    yield Label(title, classes="setting-name")
                    yield Switch(value=getattr(self.settings, field), id=field)
                    yield Label(explanation, classes="setting-help")
        yield Footer()

    def on_mount(self) -> None:
        if self.warning:
            self.notify(self.warning, severity="warning", timeout=10)

    @on(Select.Changed, "#theme")
    def _theme_chosen(self, event: Select.Changed) -> None:
        if isinstance(event.value, str) and event.value not in (self._shown_theme, self.settings.theme):
            self._shown_theme = event.value
            self.app.theme = event.value
            self._change(theme=event.value)

    @on(Select.Changed, "#hint_strength")
    def _strength_chosen(self, event: Select.Changed) -> None:
        if isinstance(event.value, str) and event.value != self.settings.hint_strength:
            self._change(hint_strength=event.value)

    def on_switch_changed(self, event: Switch.Changed) -> None:
        field = event.switch.id
        if field is not None and getattr(self.settings, field, None) != event.value:
            self._change(**{field: event.value})

    def _change(self, **changes: object) -> None:
        try:
            self.settings = self.settings.with_changes(**changes)
        except ValueError as error:
            self.notify(f"Setting not changed: {error}", severity="error")
            return
        try:  # only what changed, under the file's lock: another window's changes are kept
            update_settings(self.path, **changes)
            saved = True
        except OSError as error:
            saved = False
            self.notify(f"Couldn't save the settings: {error.strerror or error}", severity="error")
        self.post_message(self.Changed(self.settings, saved))

    def action_close(self) -> None:
        self.dismiss(self.settings)
