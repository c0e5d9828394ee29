"""A widget drawn as several clickable parts (keys, buttons), the part under the mouse pointer lit.

Each part carries its name in its text's style meta, under the widget's ``PART_META``; ``hovered``
follows the pointer from part to part, and a change of it redraws the widget.
"""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.reactive import reactive
from textual.widget import Widget


class PointedParts(Widget):
    """The base of the key bar and the button strips."""

    ALLOW_SELECT = False
    PART_META: ClassVar[str]
    """The style meta key whose value names the part under it."""

    hovered: reactive[str | None] = reactive(None)
    """The name of the part under the mouse pointer, or None."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.auto_links = False  # its clickable words are keys and buttons, not links: no underline or link colour

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self.hovered = event.style.meta.get(self.PART_META)

    def on_leave(self, event: events.Leave) -> None:
        self.hovered = None
