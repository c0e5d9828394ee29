"""A one-line button that never takes focus, so every key goes to the screen's bindings."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.content import Content
from textual.message import Message
from textual.widgets import Static


class FlatButton(Static, can_focus=False):
    """Compact and unfocusable: Enter always means "confirm the move", never "press the focused button".

    A Static, not a Textual Button: a Button's stylesheet (every variant, flat and default, ANSI and
    not) is matched against each button whenever it is styled, and the table alone has seventeen of
    them (benchmarks/startup.py). These look like a compact default Button and say the same things.
    """

    DEFAULT_CSS = """
    FlatButton {
        width: auto;
        min-width: 16;
        height: 1;
        line-pad: 1;
        text-align: center;
        content-align: center middle;
        text-style: bold;
        color: $button-foreground;
        background: $surface;
        pointer: pointer;
        &:hover { background: $surface-darken-1; }
        &:disabled { text-opacity: 0.6; pointer: not-allowed; }
    }
    """

    class Pressed(Message):
        """The button was clicked (never while disabled)."""

        def __init__(self, button: FlatButton) -> None:
            super().__init__()
            self.button = button

        @property
        def control(self) -> FlatButton:
            """The button (so ``@on(FlatButton.Pressed, "#id")`` selects by the button's id)."""
            return self.button

    def __init__(self, label: str | Text, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(_content(label), id=id, classes=classes)
        self._last_shown = _key(label)
        """What ``update_if_changed`` last showed: the label given here, to begin with."""

    @property
    def label(self) -> str:
        """The words on the button, as plain text."""
        return str(self.content)

    @label.setter
    def label(self, label: str | Text) -> None:
        update_if_changed(self, label)  # an unchanged label costs nothing

    def on_click(self, event: events.Click) -> None:
        event.stop()  # (a disabled widget gets no clicks: Textual holds them back)
        self.post_message(self.Pressed(self))


def _key(content: str | Text) -> str:
    return content.markup if isinstance(content, Text) else content


def _content(content: str | Text) -> Content:
    return Content.from_rich_text(content) if isinstance(content, Text) else Content(content)


def update_if_changed(widget: Static, content: str | Text) -> None:
    """Static.update re-lays out the screen even for the same text; skip it when nothing changed."""
    key = _key(content)
    if getattr(widget, "_last_shown", None) != key:
        widget._last_shown = key  # type: ignore[attr-defined]
        widget.update(_content(content))
