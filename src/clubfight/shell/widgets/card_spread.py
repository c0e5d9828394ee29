"""Cards drawn by one widget: a grid of places (Club Fight's nine), a row (the hand) or a single card.

Textual styles, lays out and renders every widget on its own, and at start-up the table paid that
for each of its thirteen cards (benchmarks/startup.py). A spread draws its cards as parts of one
widget instead, in the rows and columns of its ``grid-size``, ``grid-gutter`` cells apart, each card
as big as that leaves. Each card has its key in the top border and its mark in the bottom one, its
look (card_look.py) from its states, and can be clicked on its own; the key of the card under the
pointer lights up. A click posts ``CardSpread.Clicked`` with the card's index.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import ClassVar, NamedTuple

from rich.cells import cell_len, set_cell_size
from rich.style import Style
from rich.text import Text
from textual.geometry import Region
from textual.message import Message

from .card_look import CARD_LAYERS, FOUR_COLOUR, HOVER, Ink, Layer, ink_for, look_for
from .pointed import PointedParts

BOXES = {
    "round": ("╭─╮", "│ │", "╰─╯"),
    "heavy": ("┏━┓", "┃ ┃", "┗━┛"),
    "double": ("╔═╗", "║ ║", "╚═╝"),
    "dashed": ("┏╍┓", "╏ ╏", "┗╍┛"),
}
"""Each border's corners, edges and sides (as Textual draws the same border names)."""
PLAIN_BOX = ("   ", "   ", "   ")
"""Every card's border under the Screen reader setting: blank, so a screen reader or braille display
doesn't spell out box drawing around every card; the key and the mark stay in it, the size too."""
SCREEN_READER = "-screen-reader"
"""The app's class while the Screen reader setting is on."""


class CardSlot(NamedTuple):
    """One card of a spread."""

    key: str
    """Written in the top border (a place's number, a club's key, a player's colour)."""
    card: Hashable | None = None
    """What ``draw_face`` draws (None: an empty place, with a blank face)."""
    mark: str = ""
    """Written in the bottom border, so a state reads without colour."""
    states: frozenset[str] = frozenset()
    """The look's states (card_look.py): ``-empty``, ``-picked``, ``-red``..."""


class CardSpread(PointedParts, can_focus=False):
    """Cards in a grid; a subclass says how a card's face is drawn (``draw_face``)."""

    PART_META = "card"
    LAYERS: ClassVar[tuple[Layer, ...]] = CARD_LAYERS
    DEFAULT_CSS = """
    CardSpread { grid-size: 1 1; grid-gutter: 0 1; text-wrap: nowrap; text-overflow: clip; }
    """

    class Clicked(Message):
        """A card was clicked."""

        def __init__(self, spread: CardSpread, index: int) -> None:
            super().__init__()
            self.spread = spread
            self.index = index

        @property
        def control(self) -> CardSpread:
            return self.spread

        @property
        def slot(self) -> CardSlot:
            return self.spread.slots[self.index]

    def __init__(self, slots: Sequence[CardSlot], *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._slots = tuple(slots)

    @property
    def slots(self) -> tuple[CardSlot, ...]:
        return self._slots

    def show_slots(self, slots: Sequence[CardSlot]) -> None:
        """Draw these cards; nothing is redrawn when nothing changed (before mounting, too)."""
        slots = tuple(slots)
        if slots != self._slots:
            self._slots = slots
            self.refresh()

    def draw_face(self, card: Hashable, width: int, height: int) -> list[str]:
        """The ``height`` lines of ``card``'s face, each ``width`` cells."""
        raise NotImplementedError

    # --- layout ---------------------------------------------------------------------------

    def places(self, width: int, height: int) -> list[Region]:
        """Each card's cells in content ``width`` x ``height``, in reading order."""
        styles = self.styles
        columns = max(1, styles.grid_size_columns)
        rows = max(styles.grid_size_rows, -(-len(self._slots) // columns))  # more cards than cells: more rows
        across, down = styles.grid_gutter_vertical, styles.grid_gutter_horizontal  # gutters between columns, rows
        card_width = max(0, (width - (columns - 1) * across) // columns)
        card_height = max(0, (height - (rows - 1) * down) // max(1, rows))
        return [
            Region(column * (card_width + across), row * (card_height + down), card_width, card_height)
            for row, column in (divmod(index, columns) for index in range(len(self._slots)))
        ]

    def card_region(self, index: int) -> Region:
        """Where card ``index`` is on screen (for a click at it)."""
        content = self.content_region
        return self.places(content.width, content.height)[index].translate(content.offset)

    # --- drawing --------------------------------------------------------------------------

    def render(self) -> Text:
        width, height = self.content_size
        lines = [Text() for _ in range(height)]
        table = self.background_colors[1]
        theme = self.app.current_theme
        context = frozenset({FOUR_COLOUR}) if any(n.has_class("-four-colour") for n in self.ancestors) else frozenset()
        plain = self.app.has_class(SCREEN_READER)
        for index, (slot, region) in enumerate(zip(self._slots, self.places(width, height), strict=True)):
            states = slot.states | context
            if str(index) == self.hovered:
                states |= {HOVER}
            ink = ink_for(look_for(states, self.LAYERS), theme, table)
            meta = Style.from_meta({self.PART_META: str(index), "@click": f"press({index})"})
            for row, (text, style) in enumerate(self._card_lines(slot, ink, region.width, region.height, plain)):
                line = lines[region.y + row]
                line.append(" " * (region.x - line.cell_len))  # the gutter since the last card
                for words, look in zip(text, style, strict=True):
                    line.append(words, look + meta)
        return Text("\n").join(lines)

    def _card_lines(
        self, slot: CardSlot, ink: Ink, width: int, height: int, plain: bool = False
    ) -> list[tuple[tuple[str, ...], tuple[Style, ...]]]:
        """Each line of one card as its pieces and their styles (``plain``: a blank border)."""
        face = Style(color=ink.ink.rich_color, bgcolor=ink.face.rich_color, bold=True)
        box = BOXES.get(ink.border) if width >= 2 and height >= 2 else None  # no room for a border
        if box is not None and plain:
            box = PLAIN_BOX
        inner_width, inner_height = (width - 2, height - 2) if box else (width, height)
        words = (
            self.draw_face(slot.card, inner_width, inner_height)
            if slot.card is not None and inner_width > 0 and inner_height > 0
            else [" " * max(0, inner_width)] * max(0, inner_height)
        )
        if box is None:
            return [((line,), (face,)) for line in words]
        edge = Style(color=ink.edge.rich_color, bgcolor=ink.face.rich_color)
        key = Style(color=ink.key.rich_color, bgcolor=ink.face.rich_color) + Style.parse(ink.key_style)
        mark = Style(color=ink.mark.rich_color, bgcolor=ink.face.rich_color, bold=True)
        top, middle, bottom = box
        side = middle[0]
        lines = [_edge_line(top, slot.key, width, edge, key, left=True)]
        lines += [((side, line, side), (edge, face, edge)) for line in words]
        lines.append(_edge_line(bottom, slot.mark, width, edge, mark, left=False))
        return lines

    # --- mouse ----------------------------------------------------------------------------

    def action_press(self, index: int) -> None:
        if 0 <= index < len(self._slots):
            self.post_message(self.Clicked(self, index))


def _edge_line(
    box: str, label: str, width: int, edge: Style, label_style: Style, *, left: bool
) -> tuple[tuple[str, ...], tuple[Style, ...]]:
    """A top or bottom border ``width`` cells wide with ``label`` in it, as Textual draws a border
    title (after one edge cell, padded by a space each side) or subtitle (before the last edge cell),
    cut to fit with an ellipsis, or left out on a card too narrow for it."""
    corner_left, line, corner_right = box[0], box[1], box[2]
    room = width - 6
    if not label or room < 1:
        return (corner_left + line * max(0, width - 2) + corner_right,), (edge,)
    if cell_len(label) > room:
        label = set_cell_size(label, room - 1) + "…"
    label = f" {label} "
    rest = line * (width - 3 - cell_len(label))
    if left:
        return (corner_left + line, label, rest + corner_right), (edge, label_style, edge)
    return (corner_left + rest, label, line + corner_right), (edge, label_style, edge)
