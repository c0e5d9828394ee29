"""The tables' key bar: every key of the screen in one widget, wrapped so 80 columns show them all.

Textual's Footer draws each key as a widget of its own, and the tables have about twenty keys: at
start-up those widgets cost more than the whole table of cards (benchmarks/startup.py). This bar
draws the same keys, in the same order, grouped the same way (``Binding.Group``), from the screen's
``active_bindings``, and redraws itself when they change. A click on a key presses it.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import groupby
from typing import ClassVar, NamedTuple

from rich.style import Style
from rich.text import Text
from textual.screen import Screen

from .pointed import PointedParts

GAP = "  "
"""Between two entries on a line."""


class KeyEntry(NamedTuple):
    """One entry on the bar: a key and its words, or a group's keys and the group's one word.
    (A NamedTuple: a tenth of a frozen dataclass's cost at import, on the way to the first frame.)"""

    keys: tuple[tuple[str, str, bool], ...]
    """(key, what the bar shows for it, whether it can act now) for each key of the entry."""
    description: str

    @property
    def width(self) -> int:
        shown = "".join(display for _, display, _ in self.keys)
        return Text(shown + (f" {self.description}" if self.description else "")).cell_len

    @property
    def enabled(self) -> bool:
        return any(enabled for _, _, enabled in self.keys)


class KeyBar(PointedParts, can_focus=False):
    """The screen's shown bindings on as many lines as the width needs; unavailable keys are dimmed."""

    PART_META = "key"
    COMPONENT_CLASSES: ClassVar[set[str]] = {"key-bar--key", "key-bar--description", "key-bar--hover"}
    DEFAULT_CSS = """
    KeyBar {
        dock: bottom;
        height: auto;
        text-wrap: nowrap;  /* it breaks its own rows; Text.no_wrap doesn't reach Textual 8's renderer */
        text-overflow: clip;
        color: $footer-foreground;
        background: $footer-background;
        .key-bar--key { color: $footer-key-foreground; text-style: bold; }
        .key-bar--description { color: $footer-description-foreground; }
        .key-bar--hover { background: $block-hover-background; }
    }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._entries: list[KeyEntry] | None = None
        """``entries()`` until the screen's bindings next change: layout, drawing and a click all ask."""

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, screen: Screen[object]) -> None:
        if screen is self.screen:
            self._entries = None
            self.refresh(layout=True)  # the number of lines may change with the keys

    def entries(self) -> list[KeyEntry]:
        """The shown keys in binding order, one entry per action, a group's keys in one entry."""
        if self._entries is None:
            self._entries = self._read_entries()
        return self._entries

    def _read_entries(self) -> list[KeyEntry]:
        seen: set[str] = set()
        shown = []
        for active in self.screen.active_bindings.values():
            binding = active.binding
            if binding.show and binding.action not in seen:  # several keys for one action: the first
                seen.add(binding.action)
                shown.append((binding, active.enabled))
        entries = []
        for group, members in groupby(shown, lambda item: item[0].group):
            bindings = list(members)
            if group is not None and len(bindings) > 1:
                keys = tuple((b.key, self.app.get_key_display(b), enabled) for b, enabled in bindings)
                entries.append(KeyEntry(keys, group.description))
            else:
                for binding, enabled in bindings:
                    key = (binding.key, self.app.get_key_display(binding), enabled)
                    entries.append(KeyEntry((key,), binding.description))
        return entries

    def _lines(self, width: int) -> list[list[KeyEntry]]:
        lines: list[list[KeyEntry]] = [[]]
        used = 0
        for entry in self.entries():
            needed = entry.width + (len(GAP) if lines[-1] else 0)
            if lines[-1] and used + needed > width:
                lines.append([])
                used, needed = 0, entry.width
            lines[-1].append(entry)
            used += needed
        return lines

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return len(self._lines(width))

    def render(self) -> Text:
        key_style = self.get_component_rich_style("key-bar--key")
        description_style = self.get_component_rich_style("key-bar--description")
        hover_style = self.get_component_rich_style("key-bar--hover")
        text = Text()
        for row, line in enumerate(self._lines(self.content_size.width)):
            if row:
                text.append("\n")
            for index, entry in enumerate(line):
                if index:
                    text.append(GAP)
                for segment, style in self._entry_segments(entry, key_style, description_style, hover_style):
                    text.append(segment, style)
        return text

    def _entry_segments(
        self, entry: KeyEntry, key_style: Style, description_style: Style, hover_style: Style
    ) -> Iterator[tuple[str, Style]]:
        """Each key clickable on its own (a group's keys too); an entry of one key is clickable whole."""
        for key, display, enabled in entry.keys:
            lit = hover_style if key == self.hovered else Style()  # lit as a Footer key under the pointer
            action = Style.from_meta({"@click": f"press({key!r})", self.PART_META: key, "key_enabled": enabled})
            dim = Style() if enabled else Style(dim=True)
            yield display, key_style + dim + lit + action
            if len(entry.keys) == 1 and entry.description:
                yield f" {entry.description}", description_style + dim + lit + action
        if len(entry.keys) > 1 and entry.description:
            yield f" {entry.description}", description_style + (Style() if entry.enabled else Style(dim=True))

    def action_press(self, key: str) -> None:
        """A click on a key: the key itself, as the Footer does it (an unavailable key rings the bell)."""
        enabled = {key: enabled for entry in self.entries() for key, _, enabled in entry.keys}
        if enabled.get(key):
            self.app.simulate_key(key)
        else:
            self.app.bell()
