"""Card faces for any game's cards: a rank, a suit and pips drawn at whatever size a place has, and the
suits' inks off the card (by suit name, so every game's suits share them)."""

from __future__ import annotations

from typing import Any

from textual.app import App

from .card_look import theme_variables

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
    "hearts": ("#b0202a", "#ff8a8a"),
    "diamonds": ("#1a52a8", "#8ab4ff"),
    "spades": ("", ""),
    "clubs": ("#17692c", "#7ad68a"),
}
"""The four-colour deck's inks off the card (the suit counter), for a light and a dark theme: the
cards' own inks (card_look.py) read on a card face but not on a dark table."""


def red_ink(app: App[Any]) -> str:
    """Red text on the table, as the theme tints it to read on its own background (4.5:1); Rich's
    plain "red" is one fixed colour that some themes' backgrounds swallow."""
    ink = theme_variables(app.current_theme).get("text-error", "red")
    return ink.removeprefix("ansi_")  # an ansi theme's "ansi_red" is Rich's "red"


def suit_ink(app: App[Any], suit: str, *, red: bool, four_colour: bool) -> str:
    """The ink of ``suit`` (hearts, diamonds, spades, clubs) on the table: red or the default, or the
    four-colour deck's ink for the theme."""
    if four_colour:
        return FOUR_COLOUR_INKS[suit][app.current_theme.dark]
    return red_ink(app) if red else ""


class Face:
    """The lines of a card's face, ``width`` x ``height`` cells, written into by ``put``."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.lines = [" " * width for _ in range(height)]

    def put(self, row: int, col: int, text: str) -> None:
        """``text`` at (row, col), pushed left to fit the line; a row off the face is dropped."""
        if 0 <= row < self.height:
            line = self.lines[row]
            col = max(0, min(col, self.width - len(text)))
            self.lines[row] = (line[:col] + text + line[col + len(text) :])[: self.width]

    def corners(self, rank: str, suit: str = "") -> None:
        """A big card's index: the rank and suit top left, the suit and rank bottom right (a joker's
        index is its name alone)."""
        self.put(0, 0, rank + suit)
        self.put(self.height - 1, self.width - len(rank) - len(suit), suit + rank)

    def centre(self, value: int, rank: str, suit: str) -> None:
        """The middle of a big card: the rank's own pips (2 to 10), so a 7 reads as seven at a glance,
        one pip for an ace, and the rank large between two pips for a court card."""
        width, height = self.width, self.height
        top, bottom = 1, height - 2
        rows = PIP_ROWS.get(value)
        if rows is None or len(rows) > bottom - top + 1:
            self.put(height // 2, (width - len(rank) - 4) // 2, f"{suit} {rank} {suit}")
            return
        first = top + (bottom - top + 1 - len(rows)) // 2
        for offset, count in enumerate(rows):
            line = " ".join([suit] * count)
            self.put(first + offset, (width - len(line)) // 2, line)
