"""Club Fight's cards on the shell's card widgets: a card's face, its look's states, and the spread
that draws the grid and the hand."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from textual.app import App

from clubfight.club_fight.engine import Card, Suit
from clubfight.shell.widgets.card_spread import CardSpread
from clubfight.shell.widgets.cards import JOKER_GLYPH, Face, suit_ink


def club_fight_suit_ink(app: App[Any], suit: Suit, four_colour: bool) -> str:
    """A suit's ink on the table: red or the default, or the four-colour deck's ink for the theme."""
    return suit_ink(app, suit.name.lower(), red=suit.is_red, four_colour=four_colour)


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
