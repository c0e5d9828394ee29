"""The start screen: every game's entries (``Game.start_section``), by key or by click, then the
app's own (rules, statistics, settings, quit). A switch (the daily deal, a variant) changes its
entry's label; any other entry opens its game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingsMap, BindingType
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from clubfight.shell.games import StartEntry, StartSection
from clubfight.shell.widgets.buttons import FlatButton


def entry_label(entry: StartEntry) -> str:
    """The key, the label, and a switch's state in words."""
    state = f": {'ON' if entry.on else 'off'}" if entry.switch else ""
    return f"{entry.key}  {entry.label}{state}"


class StartScreen(Screen[object | None]):
    """Dismisses with the launch an entry asked for, or None to quit."""

    DEFAULT_CSS = """
    StartScreen Center { height: auto; }
    #start { align: center middle; height: 1fr; }
    #title-art { width: auto; height: auto; margin: 1 2; color: $text-primary; text-style: bold; }
    #start-prompt { width: 100%; text-align: center; margin-bottom: 1; }
    /* the key letters in one column */
    #start .entry { width: 30; margin: 0 0 1 0; text-align: left; content-align: left middle; padding: 0 1; }
    #start .switch { width: 30; margin: 0; }
    #start .switch.-on { text-style: bold reverse; }
    #start-hint { width: 100%; text-align: center; color: $foreground 60%; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "app.stats", "Stats"),
        Binding("o", "app.settings", "Settings"),
        Binding("question_mark", "app.rules", "Help", key_display="?"),
        Binding("f1", "app.rules", "Help", show=False),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self, sections: Sequence[StartSection], *, title_art: str = "") -> None:
        super().__init__()
        self.sections = tuple(sections)
        self.title_art = title_art
        self._owner: dict[str, StartSection] = {}
        entry_bindings: list[BindingType] = []
        for number, section in enumerate(self.sections):
            for entry in section.entries():
                self._owner[entry.name] = section
                # The first game's plain entries show in the footer; the rest are in the menu with
                # their state (in the footer too they'd run past 80 columns).
                shown = number == 0 and not entry.switch
                entry_bindings.append(
                    Binding(entry.key, f"entry({entry.name!r})", entry.label.split(":")[0], show=shown)
                )
        # Textual has no public way to give one screen its own bindings: the entries' come first,
        # then the class's (statistics, settings, help, quit), as the footer lists them.
        self._bindings = BindingsMap([*entry_bindings, *(binding for _, binding in self._bindings)])

    def compose(self) -> ComposeResult:
        with Vertical(id="start"):
            if self.title_art:
                with Center():  # the logo is centred like the menu under it
                    yield Static(self.title_art, id="title-art")
            prompt = next((section.prompt for section in self.sections if section.prompt), None)
            if prompt:
                yield Static(prompt, id="start-prompt")
            for section in self.sections:
                for entry in section.entries():
                    with Center():
                        classes = "entry switch" if entry.switch else "entry"
                        yield FlatButton(entry_label(entry), id=entry.name, classes=classes)
            yield Static("? rules and keys    s statistics    o settings    q quit", id="start-hint")
        yield Footer(compact=True)

    def _refresh(self) -> None:
        prompt = next((section.prompt for section in self.sections if section.prompt), None)
        if prompt:
            self.query_one("#start-prompt", Static).update(prompt)
        for section in self.sections:
            for entry in section.entries():
                button = self.query_one(f"#{entry.name}", FlatButton)
                button.label = entry_label(entry)
                button.set_class(entry.switch and entry.on, "-on")

    def action_entry(self, name: str) -> None:
        section = self._owner[name]
        entry = next(entry for entry in section.entries() if entry.name == name)
        if entry.asks:
            self._ask(section, entry)
            return
        launch = section.choose(name)
        if launch is None:
            self._refresh()
        else:
            self.dismiss(launch)

    def _ask(self, section: StartSection, entry: StartEntry) -> None:
        """An entry that takes a line of text: its box, then its launch (or a redraw)."""
        from .text_prompt import Answered, TextPrompt  # only when such an entry is chosen

        def answered(answer: Answered | None) -> None:
            if answer is None:
                return
            if answer.value is None:
                self._refresh()
            else:
                self.dismiss(answer.value)

        prompt = TextPrompt(entry.label.rstrip("…"), entry.asks, lambda text: section.answer(entry.name, text))
        self.app.push_screen(prompt, answered)

    @on(FlatButton.Pressed, ".entry")
    def _pressed(self, event: FlatButton.Pressed) -> None:
        if event.button.id in self._owner:
            self.action_entry(event.button.id)
