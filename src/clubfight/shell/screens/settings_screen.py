"""The settings screen: the app's look, then each game's part of the settings, drawn from the
sections' fields (a switch for each on/off field, a list for each choice).

Every change is saved at once (``clubfight.common.storage.settings``, under the file's lock, so another
window's changes are kept) and the theme applies at once. The screen posts ``SettingsScreen.Changed``
after each change and dismisses with the final settings on escape, so the app can apply the rest.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields
from pathlib import Path
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Label, Select, Static, Switch

from clubfight.common.storage.settings import AppSettings, SettingsBook, SettingsSection, update_settings
from clubfight.shell.themes import register_themes

Sections = Sequence[tuple[str | None, type[SettingsSection]]]
"""The sections shown, each under its game's title (None: the app's own, first)."""


def on_off(value: bool) -> str:
    """A switch's state in words: colour is never the only cue."""
    return "on" if value else "off"


class SettingsScreen(Screen[SettingsBook]):
    CSS_PATH = "settings_screen.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close", "Close")]

    class Changed(Message):
        """A setting changed and was saved (``saved`` is False if the file couldn't be written)."""

        def __init__(self, settings: SettingsBook, saved: bool) -> None:
            super().__init__()
            self.settings = settings
            self.saved = saved

    def __init__(
        self, settings: SettingsBook, sections: Sections = ((None, AppSettings),), *, path: Path | None = None
    ) -> None:
        super().__init__()
        self.path = path
        self.settings = settings
        self.sections = tuple(sections)
        self._shown_theme = ""
        self._owner: dict[str, type[SettingsSection]] = {}
        """Each field's section, by the field's (widget's) id."""

    def compose(self) -> ComposeResult:
        register_themes(self.app)
        yield Static("Settings", id="settings-title")
        with VerticalScroll(id="settings-body"):
            for title, kind in self.sections:
                if title is not None:
                    yield Static(title, classes="settings-heading")
                section = self.settings.get(kind)
                for name in kind.TITLES or {f.name: (f.name, "") for f in fields(kind)}:
                    self._owner[name] = kind
                    yield from self._row(kind, section, name)
        yield Footer()

    def _row(self, kind: type[SettingsSection], section: SettingsSection, name: str) -> ComposeResult:
        title, explanation = kind.TITLES.get(name, (name, ""))
        value = getattr(section, name)
        with Horizontal(classes="setting"):
            yield Label(title, classes="setting-name")
            if name == "theme":
                themes = sorted(self.app.available_themes)
                theme = value if value in themes else self.app.theme
                self._shown_theme = theme  # the Select announces its first value too: that's no change
                yield Select([(n, n) for n in themes], value=theme, allow_blank=False, id=name)
            elif isinstance(value, bool):
                yield Switch(value=value, id=name)
                yield Label(on_off(value), id=f"{name}-state", classes="setting-state")
            else:
                labels = kind.CHOICE_LABELS.get(name, {})
                choices = [(labels.get(choice, choice), choice) for choice in kind.CHOICES.get(name, (value,))]
                yield Select(choices, value=value, allow_blank=False, id=name, classes="setting-choice")
            if explanation:
                yield Label(explanation, classes="setting-help")

    @on(Select.Changed)
    def _chosen(self, event: Select.Changed) -> None:
        name = event.select.id
        if name is None or not isinstance(event.value, str):
            return
        if name == "theme":
            if event.value in (self._shown_theme, self.settings.get(AppSettings).theme):
                return
            self._shown_theme = event.value
            self.app.theme = event.value
        elif getattr(self.settings.get(self._owner[name]), name) == event.value:
            return
        self._change(name, event.value)

    def on_switch_changed(self, event: Switch.Changed) -> None:
        name = event.switch.id
        if name is None or name not in self._owner:
            return
        self.query_one(f"#{name}-state", Label).update(on_off(event.value))
        if getattr(self.settings.get(self._owner[name]), name) != event.value:
            self._change(name, event.value)

    def _change(self, name: str, value: object) -> None:
        kind = self._owner[name]
        try:
            section = self.settings.get(kind).with_changes(**{name: value})
        except ValueError as error:
            self.notify(f"Setting not changed: {error}", severity="error")
            return
        self.settings = self.settings.with_section(section)
        try:  # only what changed, under the file's lock: another window's changes are kept
            update_settings(kind, self.path, **{name: value})
            saved = True
        except OSError as error:
            saved = False
            self.notify(f"Couldn't save the settings: {error.strerror or error}", severity="error")
        self.post_message(self.Changed(self.settings, saved))

    def action_close(self) -> None:
        self.dismiss(self.settings)
