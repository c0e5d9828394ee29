"""A one-line button that never takes focus, so every key goes to the screen's bindings."""

from __future__ import annotations

from rich.text import Text
from textual.content import Content
from textual.widgets import Button, Static


class FlatButton(Button, can_focus=False):
    """Compact and unfocusable: Enter always means "confirm the move", never "press the focused button"."""

    def __init__(self, label: str, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(label, id=id, classes=classes, compact=True)


def update_if_changed(widget: Static, content: str | Text) -> None:
    """Static.update re-lays out the screen even for the same text; skip it when nothing changed."""
    key = content.markup if isinstance(content, Text) else content
    if getattr(widget, "_last_shown", None) != key:
        widget._last_shown = key  # type: ignore[attr-defined]
        widget.update(Content.from_rich_text(content) if isinstance(content, Text) else Content(content))
