"""Card faces: a card's rank, suit and pips drawn at whatever size its place has, and the suits' inks
off the card."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from textual.app import App

from ...engine import Card, Suit
from .card_look import theme_variables
from .card_spread import CardSpread

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
cards' own inks (card_look.py) read on a card face but not on a dark table."""


def red_ink(app: App[Any]) -> str:
    """Red text on the table, as the theme tints it to read on its own background (4.5:1); Rich's
    plain "red" is one fixed colour that some themes' backgrounds swallow."""
    ink = theme_variables(app.current_theme).get("text-error", "red")
    return ink.removeprefix("ansi_")  # an ansi theme's "ansi_red" is Rich's "red"


def suit_ink(app: App[Any], suit: Suit, four_colour: bool) -> str:
    """A suit's ink on the table: red or the default, or the four-colour deck's ink for the theme."""
    if four_colour:
        return FOUR_COLOUR_INKS[suit][app.current_theme.dark]
    return red_ink(app) if suit.is_red else ""


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


def club_fight_face(card: Card, width: int, height: int) -> list[str]:
    """A Club Fight card: the index in two corners and the pips between on a big card, fewer marks on
    a small one."""
    face = Face(width, height)
    if width < 2 or height < 1:
        return face.lines
    if card.is_joker:
        rank, suit = "JK", JOKER_GLYPH
    else:
        rank, suit = card.rank_name, card.suit.symbol if card.suit else ""
    if height >= 5 and width >= 8:
        middle = height // 2
        if card.is_joker:
            face.corners(rank)
            face.put(middle - 1, (width - 1) // 2, JOKER_GLYPH)
            face.put(middle, (width - 5) // 2, "JOKER")
            face.put(middle + 1, (width - 1) // 2, JOKER_GLYPH)
        else:
            face.corners(rank, suit)
            face.centre(card.rank, rank, suit)
    elif height >= 3:
        face.put(0, 0, rank)
        face.put(1, (width - 1) // 2, suit)
        face.put(2, width - len(rank), rank)
    elif height == 2:
        face.put(0, 0, rank + suit)
        face.put(1, width - len(rank), rank)
    else:
        face.put(0, 0, rank + suit)
    return face.lines


def club_fight_states(card: Card | None) -> frozenset[str]:
    """The look's states a Club Fight card has by itself: empty, joker, red, its suit."""
    if card is None:
        return frozenset({"-empty"})
    states = {f"-{card.suit.name.lower()}"} if card.suit is not None else set()
    if card.is_joker:
        states.add("-joker")
    elif card.suit is not None and card.suit.is_red:
        states.add("-red")
    return frozenset(states)


class ClubFightSpread(CardSpread):
    """Club Fight's cards, drawn by one widget (the grid's nine places, the hand's four clubs)."""

    def draw_face(self, card: Hashable, width: int, height: int) -> list[str]:
        assert isinstance(card, Card)
        return club_fight_face(card, width, height)
