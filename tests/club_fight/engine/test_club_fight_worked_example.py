"""The worked example of the rules ("Look at the picture..."), rebuilt from its text.

The picture's grid: 6♥ 6♠ 9♠ / 2♦ A♦ 4♥ / 5♦ JK K♦, with 3♣ 6♣ Q♣ 8♣ in hand. Four diamonds
(2♦ A♦ 5♦ K♦) block Line; hearts and spades have two cards each. It is played here as an opening
position (both decks full) and as a late one (both decks empty), where what happens next is
certain.
"""

from __future__ import annotations

import pytest

from clubfight.club_fight.engine import Action, Block, Card, IllegalMoveError, Move, Position, Suit, parse_position
from reference import CLUB_CARDS, GRID_CARDS, words

GRID = words("6H 6S 9S 2D AD 4H 5D JK KD")
HAND = words("3C 6C QC 8C")


def opening() -> Position:
    deck = [c for c in GRID_CARDS if c not in GRID]
    clubs = [c for c in CLUB_CARDS if c not in HAND]
    return parse_position(f"{' '.join(GRID)} | {' '.join(HAND)} | {' '.join(deck)} | {' '.join(clubs)}")


def late() -> Position:
    return parse_position(f"{' '.join(GRID)} | {' '.join(HAND)} | |")


@pytest.fixture(params=[opening, late], ids=["opening", "late"])
def position(request: pytest.FixtureRequest) -> Position:
    made: Position = request.param()
    return made


def moves(position: Position, club: str, action: Action) -> list[Move]:
    return [m for m in position.legal_moves() if str(m.club) == club and m.action is action]


def test_the_grid_is_the_picture(position: Position) -> None:
    assert [str(position.card_at(p)) for p in range(1, 10)] == GRID
    assert [str(c) for c in position.hand] == HAND
    assert position.suit_counts() == {Suit.HEARTS: 2, Suit.SPADES: 2, Suit.DIAMONDS: 4}


def test_line_is_blocked_by_four_diamonds_and_nothing_else(position: Position) -> None:
    assert position.blocks() == (Block(Action.LINE, Suit.DIAMONDS, 4),)
    assert [str(b) for b in position.blocks()] == ["Line blocked by 4 ♦"]
    assert position.blocked_actions() == {Action.LINE}
    assert not [m for m in position.legal_moves() if m.action is Action.LINE]
    # The 6 would otherwise have row1 (6H 6S 9S) and col1/col2.
    with pytest.raises(IllegalMoveError, match="Line blocked by 4 ♦"):
        position.parse_move("6C line row1")
    # Up/Down and Run are allowed: two spades, two hearts.
    assert moves(position, "3C", Action.UPDOWN) and moves(position, "3C", Action.RUN)


def test_match_with_the_6_clears_6h_and_6s(position: Position) -> None:
    [match] = moves(position, "6C", Action.MATCH)
    assert match.cleared == {1, 2}
    assert position.parse_move("6C match") == match


def test_sum_with_the_queen_9_2_1(position: Position) -> None:
    sums = [m.cleared for m in moves(position, "QC", Action.SUM)]
    assert frozenset({3, 4, 5}) in sums  # 9♠ + 2♦ + A♦ = 12
    move = position.parse_move("QC sum 3 4 5")
    assert sorted(position.card_at(p).value for p in move.cleared) == [1, 2, 9]  # type: ignore[union-attr]
    # Every listed Sum really adds up to 12 and leaves the joker alone.
    for cleared in sums:
        assert sum(position.card_at(p).value for p in cleared) == 12  # type: ignore[union-attr]
        assert 8 not in cleared


def test_down_with_the_3_clears_2d_and_ad(position: Position) -> None:
    [down] = moves(position, "3C", Action.UPDOWN)
    assert down.cleared == {4, 5} and str(down) == "3C down"
    assert position.parse_move("3C down") == down == position.parse_move("3C updown")


def test_run_with_the_3_clears_ad_2d_4h(position: Position) -> None:
    runs = [m.cleared for m in moves(position, "3C", Action.RUN)]
    assert frozenset({4, 5, 6}) in runs  # A-2-3-4: A♦ 2♦ 4♥
    assert position.parse_move("3C run 5 4 6").cleared == {4, 5, 6}
    # Below the 3: nothing, the 2♦ (4), or 2♦ A♦ (4 5). Above: nothing, 4♥ (6), 4♥ 5♦ (6 7), or on to
    # either 6 (6 7 1 or 6 7 2): each 6 gives its own move (R1).
    downs = [[], [4], [4, 5]]
    ups = [[], [6], [6, 7], [6, 7, 1], [6, 7, 2]]
    expected = [sorted(d + u) for d in downs for u in ups if d or u]
    assert sorted(map(sorted, runs)) == sorted(expected) and len(runs) == 14


def test_the_run_takes_two_diamonds_and_lifts_the_line_block() -> None:
    position = late()
    after = position.play(position.parse_move("3C run 4 5 6"))
    assert after.suit_counts()[Suit.DIAMONDS] == 2
    assert Action.LINE not in after.blocked_actions()
    # Now the 6 may clear a whole line, joker and all: col2 is 6S, -, JK.
    assert frozenset({2, 8}) in [m.cleared for m in moves(after, "6C", Action.LINE)]


def test_the_joker_goes_only_with_any_while_line_is_blocked(position: Position) -> None:
    with_joker = [m for m in position.legal_moves() if 8 in m.cleared]
    assert {m.action for m in with_joker} == {Action.ANY}
    assert len(with_joker) == len(position.hand)


def test_what_the_example_names_is_all_legal(position: Position) -> None:
    named = ["6C match", "QC sum 3 4 5", "3C down", "3C run 4 5 6"]
    legal = position.legal_moves()
    for text in named:
        move = position.parse_move(text)
        assert move in legal and position.is_legal(move)
        after = position.play(move)
        assert after.turns_played == position.turns_played + 1
        club = Card.parse(text.split()[0])
        assert club not in after.hand and club in after.discard
