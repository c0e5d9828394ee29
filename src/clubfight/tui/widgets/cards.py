"""One playing card, drawn at whatever size the layout gives it."""

from __future__ import annotations

from rich.text import Text
from textual.events import Click
from textual.message import Message
from textual.widget import Widget

from ...engine import Card, Suit

JOKER_GLYPH = "★"


class CardWidget(Widget):
    """A face-up card (or an empty place) with its key in the top border.

    State shows as CSS classes, and also as a mark in the bottom border so it reads without
    colour: ``✕`` will be cleared, ``•`` picked, ``+`` just dealt, ``▲`` the selected club.
    """

    class Clicked(Message):
        def __init__(self, card_widget: CardWidget) -> None:
            super().__init__()
            self.card_widget = card_widget

    def __init__(self, key: str, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.key = key
        self.card: Card | None = None
        self.border_title = key
        self._shown: tuple[object, ...] | None = None

    def show(self, card: Card | None, mark: str = "", states: frozenset[str] = frozenset()) -> None:
        """Show ``card`` (None: an empty place) with state classes such as ``-clear`` or ``-picked``."""
        if self._shown == (card, mark, states):
            return  # restyling is the costly part of a frame: skip it when nothing changed
        self._shown = (card, mark, states)
        self.card = card
        self.border_subtitle = mark
        self.set_class(card is None, "-empty")
        self.set_class(card is not None and card.is_joker, "-joker")
        self.set_class(card is not None and card.suit is not None and card.suit.is_red, "-red")
        for suit in Suit:  # the four-colour deck (settings) inks each suit by these classes
            self.set_class(card is not None and card.suit is suit, f"-{suit.name.lower()}")
        for state in ("-clear", "-picked", "-fresh", "-selected", "-dim"):
            self.set_class(state in states, state)
        self.refresh()

    def render(self) -> Text:
        card = self.card
        width, height = self.content_size.width, self.content_size.height
        if card is None or width < 2 or height < 1:
            return Text("")
        if card.is_joker:
            rank, suit = "JK", JOKER_GLYPH
        else:
            rank, suit = card.rank_name, card.suit.symbol if card.suit else ""
        lines = [" " * width for _ in range(height)]

        def put(row: int, col: int, text: str) -> None:
            if 0 <= row < height:
                line = lines[row]
                col = max(0, min(col, width - len(text)))
                lines[row] = (line[:col] + text + line[col + len(text) :])[:width]

        if height >= 5 and width >= 8:
            middle = height // 2
            put(0, 0, rank)
            put(height - 1, width - len(rank), rank)
            if card.is_joker:
                put(middle - 1, (width - 1) // 2, JOKER_GLYPH)
                put(middle, (width - 5) // 2, "JOKER")
                put(middle + 1, (width - 1) // 2, JOKER_GLYPH)
            else:
                put(1, 0, suit)
                put(height - 2, width - 1, suit)
                put(middle, (width - 3) // 2, f"{suit} {suit}" if card.rank >= 2 else suit)
        elif height >= 3:
            put(0, 0, rank)
            put(1, (width - 1) // 2, suit)
            put(2, width - len(rank), rank)
        elif height == 2:
            put(0, 0, rank + suit)
            put(1, width - len(rank), rank)
        else:
            put(0, 0, rank + suit)
        return Text("\n".join(lines), no_wrap=True, overflow="crop")

    def on_click(self, event: Click) -> None:
        event.stop()
        self.post_message(self.Clicked(self))
