"""Faithful move notation: every legal move, however it was built, is named so that it reads back
as itself. ``detail`` (the line name, up or down) is not part of a move's identity, so a ``Move``
built without it must still be named right; ``str(move)`` alone would guess, and guess wrong.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from clubfight.club_fight.engine import Action, Card, Level, Move, Position, Variant, deal, parse_move, parse_position

DEALS = 60


def positions(count: int, seed: int) -> Iterator[Position]:
    """Every position along random games of ``count`` deals (both levels, All Clear on some)."""
    rng = random.Random(seed)
    for n in range(count):
        variant = Variant.ALL_CLEAR if n % 3 == 0 else Variant.NONE
        position = deal(Level.HARD if n % 2 else Level.EASY, rng.randrange(2**64), variant=variant)
        while not position.is_over:
            yield position
            position = position.play(rng.choice(position.legal_moves()))


def without_detail(move: Move) -> Move:
    return Move(move.club, move.action, frozenset(move.cleared), clubs=move.clubs)


def test_every_legal_move_round_trips_however_it_was_built() -> None:
    checked = 0
    for position in positions(DEALS, 2024):
        for move in position.legal_moves():
            bare = without_detail(move)
            text = position.move_notation(move)
            assert position.move_notation(bare) == text == str(move)
            assert parse_move(position, text) == move, text
            assert position.move_notation(position.parse_move(text)) == text
            checked += 1
    assert checked > 30_000


def test_a_seven_going_down_is_named_down_without_its_detail() -> None:
    # 7C down clears places 3 and 7 (the 2 and the 5); up would clear the seven cards above 7.
    position = parse_position("KH 9S 2D 8S 8H 9H 5H 10D QD | 7C AC 3C 6C | JD | 9C")
    down = Move(Card.parse("7C"), Action.UPDOWN, frozenset({3, 7}))
    assert position.is_legal(down)
    assert str(down) == "7C up"  # str() has only the club's rank to go by
    assert position.move_notation(down) == "7C down"
    assert position.parse_move("7C down") == down


def test_a_line_built_without_its_name_is_named_by_the_line_that_clears_it() -> None:
    # The grid deck is empty: col1 holds only the 5 at place 1 and clears just that place,
    # which a name guessed from the cells (row1 contains place 1) would not.
    position = parse_position("5H 2S - - - - - 9D - | 5C | | ")
    col1 = Move(Card.parse("5C"), Action.LINE, frozenset({1}))
    assert position.is_legal(col1)
    assert position.move_notation(col1) == "5C line col1"
    assert position.parse_move("5C line col1") == col1
