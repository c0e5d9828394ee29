"""Buttons drawn by one widget: a column of full-width lines (the actions) or one row (Confirm, Back...).

Textual styles, lays out and renders every widget on its own, and at start-up the table paid that
for each of its seventeen buttons (benchmarks/startup.py). A strip draws its buttons as the lines of
one widget instead. Each button is clickable on its own and lit under the pointer; one that can't act
now is set in italics and ignores a click. A press posts ``ButtonStrip.Pressed`` with the button's
name.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import ClassVar, NamedTuple

from rich.style import Style
from rich.text import Text
from textual.geometry import Region
from textual.message import Message

from .pointed import PointedParts

PAD = 1
"""Blank cells each side of a button's words, as a compact Button has."""
MIN_WIDTH = 6
"""The narrowest button in a row."""
GAP = 1
"""Cells between two buttons in a row."""


class StripButton(NamedTuple):
    """One button of a strip: its name (what ``Pressed`` carries) and its words."""

    name: str
    label: str | Text
    enabled: bool = True
    chosen: bool = False
    """Stands for what is chosen now (the action) or ready to go (Confirm with a move)."""
    width: int = 0
    """In a row: the button's width in cells (0: its words and their padding)."""


class ButtonStrip(PointedParts, can_focus=False):
    """A title line (optional) over buttons: one per line, or all on one line with ``row``."""

    PART_META = "button"
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "button-strip--title",
        "button-strip--button",
        "button-strip--disabled",
        "button-strip--chosen",
        "button-strip--hover",
    }
    DEFAULT_CSS = """
    ButtonStrip {
        height: auto;
        text-wrap: nowrap;  /* a line per button, each cut to its width: never wrapped */
        text-overflow: clip;
        .button-strip--title { text-style: bold; }
        .button-strip--button { background: $surface; color: $button-foreground; text-style: bold; }
        .button-strip--disabled { text-style: italic not bold; }
        .button-strip--chosen { background: $primary 40%; }
        .button-strip--hover { background: $surface-darken-1; }
    }
    """

    class Pressed(Message):
        """A button that can act now was clicked."""

        def __init__(self, strip: ButtonStrip, name: str) -> None:
            super().__init__()
            self.strip = strip
            self.name = name

        @property
        def control(self) -> ButtonStrip:
            """The strip (so ``@on(ButtonStrip.Pressed, "#id")`` selects by the strip's id)."""
            return self.strip

    def __init__(
        self,
        buttons: Sequence[StripButton] = (),
        *,
        title: str | Text | None = None,
        row: bool = False,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.row = row
        self._title = title
        self._buttons = tuple(buttons)

    @property
    def buttons(self) -> tuple[StripButton, ...]:
        return self._buttons

    @property
    def title(self) -> str | Text | None:
        return self._title

    def show(self, buttons: Sequence[StripButton], title: str | Text | None = None) -> None:
        """Draw these buttons (and title); nothing is redrawn when nothing changed."""
        buttons = tuple(buttons)
        if (buttons, title) == (self._buttons, self._title):
            return
        relayout = len(buttons) != len(self._buttons) or (title is None) != (self._title is None)
        self._buttons, self._title = buttons, title
        self.refresh(layout=relayout)

    def button(self, name: str) -> StripButton:
        for button in self._buttons:
            if button.name == name:
                return button
        raise KeyError(name)

    # --- layout ---------------------------------------------------------------------------

    def places(self, width: int) -> Iterator[tuple[StripButton, Region]]:
        """Each button and the cells it takes in a content ``width`` cells wide (title line excluded)."""
        top = 0 if self._title is None else 1
        x = 0
        for index, button in enumerate(self._buttons):
            if self.row:
                size = button.width or max(MIN_WIDTH, _text(button.label).cell_len + 2 * PAD)
                yield button, Region(x, top, size, 1)
                x += size + GAP
            else:
                yield button, Region(0, top + index, width, 1)

    def button_region(self, name: str) -> Region:
        """Where button ``name`` is on screen (for a click at it, or a look at what it shows)."""
        content = self.content_region
        for button, region in self.places(content.width):
            if button.name == name:
                return region.translate(content.offset)
        raise KeyError(name)

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        lines = 1 if self.row else len(self._buttons)
        return lines + (self._title is not None)

    # --- drawing --------------------------------------------------------------------------

    def render(self) -> Text:
        width = self.content_size.width
        text = Text()
        if self._title is not None:
            text.append_text(self._line(self._title, width, self.get_component_rich_style("button-strip--title")))
            text.append("\n")
        x = 0
        for index, (button, region) in enumerate(self.places(width)):
            if self.row:
                text.append(" " * (region.x - x))  # the gap since the last button
            elif index:
                text.append("\n")  # a column: a line per button
            text.append_text(self._face(button, region.width))
            x = region.right
        return text

    def _face(self, button: StripButton, width: int) -> Text:
        """The button's words in its cells: centred in a row, from the left in a column."""
        label = _text(button.label)
        room = width - 2 * PAD
        left = PAD if not self.row or label.cell_len > room else PAD + (room - label.cell_len) // 2
        face = self._line(label, width, self._style(button), left)
        face.apply_meta({self.PART_META: button.name, "@click": f"press({button.name!r})"} if button.enabled else {})
        return face

    @staticmethod
    def _line(words: str | Text, width: int, style: Style, left: int = 0) -> Text:
        """``words`` in a line exactly ``width`` cells wide, ``style`` under the words' own styles."""
        line = Text(" " * left, style=style)
        line.append_text(_text(words))
        line.truncate(width, pad=True)
        return line

    def _style(self, button: StripButton) -> Style:
        style = self.get_component_rich_style("button-strip--button")
        layers = []
        if not button.enabled:
            layers.append("button-strip--disabled")
        if button.chosen:
            layers.append("button-strip--chosen")
        if button.enabled and button.name == self.hovered:
            layers.append("button-strip--hover")
        for name in layers:
            style += self._layer(name)
        return style

    def _layer(self, name: str) -> Style:
        """Only what a component's own rule sets (its colours blended over the strip, as Textual
        blends a widget's background), so a layer doesn't reset the button's other colours."""
        styles = self.get_component_styles(name)
        full = self.get_component_rich_style(name)
        sets_colour = styles.has_rule("color") or styles.has_rule("auto_color")
        return (
            Style(
                color=full.color if sets_colour else None,
                bgcolor=full.bgcolor if styles.has_rule("background") else None,
            )
            + styles.text_style
        )

    # --- mouse ----------------------------------------------------------------------------

    def action_press(self, name: str) -> None:
        if any(button.name == name and button.enabled for button in self._buttons):
            self.post_message(self.Pressed(self, name))


def _text(words: str | Text) -> Text:
    return Text(words) if isinstance(words, str) else words
