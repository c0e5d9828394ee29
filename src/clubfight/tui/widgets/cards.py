"""One playing card, drawn at whatever size the layout gives it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual.app import App
from textual.events import Click
from textual.message import Message
from textual.widget import Widget

from ...engine import Card, Suit

JOKER_GLYPH = "★"
PIP_ROWS: dict[int, tuple[int, ...]] = {
    1: (1,),
    2: (1, 1),
    3: (1, 1, 1),
    4: (2, 2),
    5: (2, 1, 2),
    6: (3, 3),
    7: (3, 1, 3),
    8: (3, 2, 3),
    9: (3, 3, 3),
    10: (3, 2, 2, 3),
}
"""Pips per row in the middle of a big card; court cards show their rank instead."""

FOUR_COLOUR_INKS = {
    Suit.HEARTS: ("#b0202a", "#ff8a8a"),
    Suit.DIAMONDS: ("#1a52a8", "#8ab4ff"),
    Suit.SPADES: ("", ""),
    Suit.CLUBS: ("#17692c", "#7ad68a"),
}
"""The four-colour deck's inks off the card (the suit counter), for a light and a dark theme: the
cards' own inks (table.tcss) read on a card face but not on a dark table."""


def red_ink(app: App[Any]) -> str:
    """Red text on the table, as the theme tints it to read on its own background (4.5:1); Rich's
    plain "red" is one fixed colour that some themes' backgrounds swallow."""
    theme = app.current_theme
    if theme.name not in _RED_INKS:  # from the theme itself: a theme watcher runs before app.theme_variables follow
        ink = {**theme.to_color_system().generate(), **theme.variables}.get("text-error", "red")
        _RED_INKS[theme.name] = ink.removeprefix("ansi_")  # an ansi theme's "ansi_red" is Rich's "red"
    return _RED_INKS[theme.name]


_RED_INKS: dict[str, str] = {}


def suit_ink(app: App[Any], suit: Suit, four_colour: bool) -> str:
    """A suit's ink on the table: red or the default, or the four-colour deck's ink for the theme."""
    if four_colour:
        return FOUR_COLOUR_INKS[suit][app.current_theme.dark]
    return red_ink(app) if suit.is_red else ""


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
        classes = {
            "-empty": card is None,
            "-joker": card is not None and card.is_joker,
            "-red": card is not None and card.suit is not None and card.suit.is_red,
        }
        for suit in Suit:  # the four-colour deck (settings) inks each suit by these classes
            classes[f"-{suit.name.lower()}"] = card is not None and card.suit is suit
        for state in ("-clear", "-picked", "-fresh", "-selected", "-dim"):
            classes[state] = state in states
        # One restyle for the lot, not one per class that changed; none before the card is mounted,
        # where mounting styles it with these classes.
        self.update_classes(classes, update=self.is_mounted)
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
            else:  # the index (rank and suit) in two corners, the rank's pips in between
                put(0, 0, rank + suit)
                put(height - 1, width - len(rank) - 1, suit + rank)
                self._centre(put, card.rank, rank, suit, width, height)
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

    @staticmethod
    def _centre(
        put: Callable[[int, int, str], None], value: int, rank: str, suit: str, width: int, height: int
    ) -> None:
        """The middle of a big card: the rank's own pips (2 to 10), so a 7 reads as seven at a glance,
        one pip for an ace, and the rank large between two pips for a court card."""
        top, bottom = 1, height - 2
        rows = PIP_ROWS.get(value)
        if rows is None or len(rows) > bottom - top + 1:
            put(height // 2, (width - len(rank) - 4) // 2, f"{suit} {rank} {suit}")
            return
        first = top + (bottom - top + 1 - len(rows)) // 2
        for offset, count in enumerate(rows):
            line = " ".join([suit] * count)
            put(first + offset, (width - len(line)) // 2, line)

    def on_click(self, event: Click) -> None:
        event.stop()
        self.post_message(self.Clicked(self))
