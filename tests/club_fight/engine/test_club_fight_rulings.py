"""One test (at least) per ruling of RULINGS.md, named after it, on hand-built positions.

Most positions are late-game ones (both decks empty) written as position strings, so that what a
move clears is exactly what the ruling says, with no refill in the way.
"""

from __future__ import annotations

import random
import re

import pytest

from clubfight.club_fight.engine import (
    CLUBS,
    JOKER,
    Action,
    Block,
    Card,
    IllegalMoveError,
    Level,
    Move,
    NotationError,
    Outcome,
    Position,
    Suit,
    Variant,
    deal,
    parse_position,
)
from reference import CLUB_CARDS, GRID_CARDS, spec_shuffles, words
from support import ROOT

RULING_IDS = words("C1 C2 C3 C4 T1 T2 T3 T4 M1 S1 S2 A1 L1 U1 R1 E1 E2 E3 V1 D1 D2")
TESTS_DIR = ROOT / "tests"
RULES_DOC = ROOT / "docs" / "rules.md"


def pos(grid: str, hand: str, deck: str = "", clubs: str = "", flags: str = "") -> Position:
    text = f"{grid} | {hand} | {deck} | {clubs}" + (f" | {flags}" if flags else "")
    return parse_position(text)


def card(text: str) -> Card:
    return Card.parse(text)


def cleared(position: Position, club: str, action: Action) -> list[frozenset[int]]:
    """What each legal move of ``club`` with ``action`` clears, sorted."""
    found = [m.cleared for m in position.legal_moves() if str(m.club) == club and m.action is action]
    return sorted(found, key=sorted)


def places(*numbers: int) -> frozenset[int]:
    return frozenset(numbers)


def refused(position: Position, move: Move, *fragments: str) -> None:
    """The move is illegal: not listed, refused by is_legal and by play, with a message naming the rule."""
    assert move not in position.legal_moves()
    assert not position.is_legal(move)
    with pytest.raises(IllegalMoveError) as error:
        position.play(move)
    for fragment in fragments:
        assert fragment in str(error.value)


# --- the rulings are all covered -----------------------------------------------------------


def test_every_ruling_has_a_named_test_and_is_in_the_rules_doc() -> None:
    names = " ".join(re.findall(r"def (test_ruling_\w+)", " ".join(p.read_text() for p in TESTS_DIR.rglob("*.py"))))
    for ruling in RULING_IDS:
        assert f"test_ruling_{ruling}_" in names, f"no test named after ruling {ruling}"
    rules = RULES_DOC.read_text(encoding="utf-8")
    for ruling in RULING_IDS:
        assert re.search(rf"\b{ruling}\b", rules), f"docs/rules.md does not state ruling {ruling}"


# --- cards and setup -------------------------------------------------------------------------


@pytest.mark.parametrize("level", list(Level))
def test_ruling_C1_decks(level: Level) -> None:
    position = deal(level, 99)
    grid_side = [*position.grid, *position.grid_deck]
    assert len(grid_side) == {Level.EASY: 40, Level.HARD: 41}[level]
    assert sorted(str(c) for c in grid_side if c != JOKER) == sorted(GRID_CARDS)
    assert grid_side.count(JOKER) == level.jokers
    assert sorted(str(c) for c in [*position.hand, *position.clubs_deck]) == sorted(CLUB_CARDS)
    assert all(c is not None and c.suit is not Suit.CLUBS for c in grid_side)


def test_ruling_C1_level_follows_the_jokers() -> None:
    one = pos("6H 6S 9S 2D AD 4H 5D JK KD", "3C 6C QC 8C")
    two = pos("6H 6S 9S 2D AD 4H JK JK KD", "3C 6C QC 8C")
    assert one.level is Level.EASY and two.level is Level.HARD
    with pytest.raises(NotationError):
        pos("6H 6S 9S 2D AD 4H JK JK JK", "3C 6C QC 8C")


def test_ruling_C2_values() -> None:
    names = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    for value, name in enumerate(names, start=1):
        for suit in "HSDC":
            assert card(name + suit).value == value
    assert JOKER.is_joker and JOKER.suit is None and card("JK") == JOKER
    assert not card("KD").is_joker


def test_ruling_C2_joker_has_no_suit_and_no_value() -> None:
    # Two diamonds and two jokers: no block, because a joker counts for no suit.
    position = pos("2D JK 3D JK 5S 6H 7H 8S -", "AC 2C 5C 7C")
    assert position.suit_counts()[Suit.DIAMONDS] == 2
    assert Action.LINE not in position.blocked_actions()
    jokers = {2, 4}
    for move in position.legal_moves():
        if move.action in (Action.MATCH, Action.SUM, Action.RUN, Action.UPDOWN):
            assert not move.cleared & jokers, f"{move} used a joker as a value"
    # A joker is never counted as lower than 2 or higher than 7.
    assert cleared(position, "2C", Action.UPDOWN) == []
    assert cleared(position, "7C", Action.UPDOWN) == [places(1, 3, 5, 6), places(8)]
    refused(position, Move(card("2C"), Action.SUM, places(1, 2)), "joker")


def test_ruling_C3_places_in_reading_order() -> None:
    position = pos("AH 2H 3H 4S 5S 6S 7D 8D 9D", "AC 2C 4C 8C")
    assert [str(position.card_at(p)) for p in range(1, 10)] == words("AH 2H 3H 4S 5S 6S 7D 8D 9D")
    assert str(position.parse_move("4C any 4")) == "4C any 4" and position.parse_move("4C any 4").cleared == {4}
    # Refill fills empty places in position order: clearing 9 and 1 puts the deck's top card at 1.
    position = pos("AH 2H 3H 4S 5S 6S 7D 8D 9D", "10C 2C 4C 8C", deck="KH KS", clubs="3C")
    after = position.play(position.parse_move("10C sum 1 9"))
    assert (str(after.card_at(1)), str(after.card_at(9))) == ("KH", "KS")


def test_ruling_C3_dealing_fills_places_in_order() -> None:
    for level in Level:
        _, grid_deck = spec_shuffles(level.value, 5)
        position = deal(level, 5)
        assert [str(c) for c in position.grid] == grid_deck[:9], "place 1 gets the top card, and so on"
        assert [str(c) for c in position.grid_deck] == grid_deck[9:]


def test_ruling_C4_opening_hand_is_the_top_four_clubs() -> None:
    for level in Level:
        for seed in (0, 3, 2**63):
            clubs, _ = spec_shuffles(level.value, seed)
            position = deal(level, seed)
            assert [str(c) for c in position.hand] == clubs[:4]
            assert [str(c) for c in position.clubs_deck] == clubs[4:]
    # And after a turn the hand draws the next club from the top of the clubs deck.
    position = deal(Level.EASY, 0)
    after = position.play(position.legal_moves()[0])
    assert after.hand[-1] == position.clubs_deck[0] and after.clubs_deck == position.clubs_deck[1:]


# --- a turn ------------------------------------------------------------------------------------


def test_ruling_T1_every_move_clears_a_card() -> None:
    position = pos("2H - 5S - JK - - 9D -", "AC 6C 7C QC")
    for move in position.legal_moves():
        assert move.cleared
    # Nothing of value 6 anywhere: no Match for the 6, and a Match that clears nothing is refused.
    assert cleared(position, "6C", Action.MATCH) == []
    refused(position, Move(card("6C"), Action.MATCH, frozenset()), "at least one card")
    with pytest.raises(IllegalMoveError):
        position.parse_move("6C match")
    # A line through only empty places clears nothing: not a move.
    refused(position, Move(card("7C"), Action.LINE, frozenset(), "row3"))
    # Nothing above the Q: QC can't go up for nothing.
    with pytest.raises(IllegalMoveError):
        position.parse_move("QC up")


def test_ruling_T1_any_is_always_legal_while_a_card_is_left() -> None:
    rng = random.Random(1)
    for seed in range(30):
        position = deal(Level.HARD, seed)
        while not position.is_over:
            occupied = {p for p in range(1, 10) if position.card_at(p) is not None}
            assert occupied, "a game that isn't over has a card in the grid"
            for club in position.hand:
                assert cleared(position, str(club), Action.ANY) == sorted((places(p) for p in occupied), key=sorted)
            position = position.play(rng.choice(position.legal_moves()))
        assert position.legal_moves() == []


def test_ruling_T2_blocks_are_counted_before_clearing() -> None:
    # Three hearts block Run, even the run that would clear all three of them.
    position = pos("4H 5H 6H 9S 10D JK 2S 3D KD", "7C 8C AC 2C")
    assert position.blocks() == (Block(Action.LINE, Suit.DIAMONDS, 3), Block(Action.RUN, Suit.HEARTS, 3))
    assert [str(b) for b in position.blocks()] == ["Line blocked by 3 ♦", "Run blocked by 3 ♥"]
    assert position.blocked_actions() == {Action.LINE, Action.RUN}
    assert cleared(position, "7C", Action.RUN) == []
    refused(position, Move(card("7C"), Action.RUN, places(1, 2, 3)), "Run blocked by 3 ♥", "T2")
    refused(position, Move(card("2C"), Action.LINE, places(7, 8, 9), "row3"), "Line blocked by 3 ♦")
    assert cleared(position, "7C", Action.UPDOWN) == [places(1, 2, 3, 7, 8), places(4, 5, 9)]
    # Once a heart is gone (the deck is empty, so nothing refills), the block lifts.
    after = position.play(position.parse_move("AC any 1"))
    assert Action.RUN not in after.blocked_actions()
    assert places(2, 3) in cleared(after, "7C", Action.RUN)


def test_ruling_T2_all_three_blocks_but_match_sum_any_stay() -> None:
    position = pos("AH 2H 3H AS 2S 3S AD 2D 3D", "4C 5C 6C 7C")
    assert position.blocked_actions() == {Action.LINE, Action.UPDOWN, Action.RUN}
    assert position.suit_counts() == {Suit.HEARTS: 3, Suit.SPADES: 3, Suit.DIAMONDS: 3}
    actions = {m.action for m in position.legal_moves()}
    assert actions == {Action.SUM, Action.ANY}
    matching = pos("AH 2H 3H AS 2S 3S AD 2D 3D", "AC 5C 6C 7C")
    assert cleared(matching, "AC", Action.MATCH) == [places(1, 4, 7)]


def test_ruling_T2_two_of_a_suit_block_nothing() -> None:
    position = pos("AH 2D 3S 4S 5D - JK KH -", "7C 8C")
    assert position.blocked_actions() == frozenset() and position.blocks() == ()
    assert pos("AH 2H 3S 4S 5D 6D JK KD -", "7C 8C").blocked_actions() == {Action.LINE}
    assert pos("AH 2H 3S 4S 5D - JK KH -", "7C 8C").blocked_actions() == {Action.RUN}
    assert pos("AS 2H 3S 4S 5D - JK KH -", "7C 8C").blocked_actions() == {Action.UPDOWN}


def test_ruling_T3_discard_refill_draw() -> None:
    position = pos("2H 3H 9S 4S 5D JK 7D 8D 10H", "3C 4C 5C 6C", deck="KH KS QD", clubs="9C")
    before = len(position.discard)
    after = position.play(position.parse_move("5C sum 1 2"))
    assert after.discard[:before] == position.discard
    assert [str(c) for c in after.discard[before:]] == ["5C", "2H", "3H"]
    assert [str(c) for c in after.grid] == words("KH KS 9S 4S 5D JK 7D 8D 10H")
    assert [str(c) for c in after.grid_deck] == ["QD"]
    assert [str(c) for c in after.hand] == ["3C", "4C", "6C", "9C"]
    assert after.clubs_deck == () and after.turns_played == position.turns_played + 1
    # Refill stops when the deck runs out; the draw stops when the clubs deck does.
    later = after.play(after.parse_move("9C sum 3"))
    assert [str(c) if c else "-" for c in later.grid] == words("KH KS QD 4S 5D JK 7D 8D 10H")
    last = later.play(later.parse_move("4C sum 4"))
    assert [str(c) if c else "-" for c in last.grid] == words("KH KS QD - 5D JK 7D 8D 10H")
    assert [str(c) for c in last.hand] == ["3C", "6C"]


def test_ruling_T4_empty_places_stay_and_line_runs_through_them() -> None:
    position = pos("5H - 5S - JK - 9D - -", "5C 9C 2C")
    # row1 and col1 run through empty places; col3 holds the 5S alone.
    assert cleared(position, "5C", Action.LINE) == [places(1, 3), places(1, 7), places(3)]
    assert cleared(position, "9C", Action.LINE) == [places(1, 7), places(7)]
    after = position.play(position.parse_move("5C line row1"))
    assert [str(c) if c else "-" for c in after.grid] == words("- - - - JK - 9D - -")
    # row3 and col1 now clear the same single card: one move. Column 2 holds only the joker.
    assert cleared(after, "9C", Action.LINE) == [places(7)]
    assert [str(m) for m in after.legal_moves() if m.action is Action.LINE] == ["9C line row3"]


# --- the six actions ---------------------------------------------------------------------------


def test_ruling_M1_match_clears_every_card_of_the_value() -> None:
    position = pos("6H 6S 9S 2D AD 4H 6D JK KD", "3C 6C QC 8C")
    assert cleared(position, "6C", Action.MATCH) == [places(1, 2, 7)]
    refused(position, Move(card("6C"), Action.MATCH, places(1, 2)), "M1")
    refused(position, Move(card("6C"), Action.MATCH, places(1, 2, 7, 8)), "M1")
    assert cleared(position, "8C", Action.MATCH) == []
    with pytest.raises(IllegalMoveError):
        position.parse_move("8C match")
    move = position.parse_move("6c MATCH")
    assert move.cleared == {1, 2, 7} and str(move) == "6C match"


def test_ruling_S1_sum_of_picked_cards() -> None:
    position = pos("AH 2S JK 4D 9H - - - -", "7C 5C")
    assert cleared(position, "7C", Action.SUM) == [places(1, 2, 4)]
    assert cleared(position, "5C", Action.SUM) == [places(1, 4)]
    refused(position, Move(card("7C"), Action.SUM, places(1, 2)), "add up to 3, not 7", "S1")
    refused(position, Move(card("7C"), Action.SUM, places(1, 2, 3, 4)), "joker")
    assert position.parse_move("7C sum 4 2 1").cleared == {1, 2, 4}


def test_ruling_S2_single_card_sum_and_different_picks() -> None:
    position = pos("QH 9S 2D AD 3H 9H JK - -", "QC 3C")
    sums = cleared(position, "QC", Action.SUM)
    assert places(1) in sums, "a single card of the club's value is a Sum"
    assert places(2, 3, 4) in sums and places(2, 5) in sums and places(5, 6) in sums and places(3, 4, 6) in sums
    assert len(sums) == len(set(sums))
    assert sorted(sums, key=sorted) == sorted(
        [places(1), places(2, 5), places(5, 6), places(2, 3, 4), places(3, 4, 6)], key=sorted
    )
    # Each pick clears exactly what was picked.
    for pick in sums:
        text = "QC sum " + " ".join(map(str, sorted(pick)))
        after = position.play(position.parse_move(text))
        assert {p for p in range(1, 10) if after.card_at(p) is None} == pick | {8, 9}
    assert cleared(position, "3C", Action.SUM) == [places(3, 4), places(5)]


def test_ruling_A1_any_clears_one_card_even_a_joker() -> None:
    position = pos("JK 2S - - 5D - - - JK", "KC")
    assert cleared(position, "KC", Action.ANY) == [places(1), places(2), places(5), places(9)]
    after = position.play(position.parse_move("KC any 9"))
    assert after.card_at(9) is None and after.card_at(1) == JOKER
    refused(position, Move(card("KC"), Action.ANY, places(1, 2)), "A1")
    with pytest.raises(NotationError):
        position.parse_move("KC any 1 2")
    refused(position, Move(card("KC"), Action.ANY, places(3)), "empty")


def test_ruling_L1_line_clears_rows_and_columns_with_jokers() -> None:
    position = pos("5H JK 9S 2D 5S KD JK 8H 3S", "5C 9C QC")
    lines = cleared(position, "5C", Action.LINE)
    # The 5s sit at 1 and 5: row1, row2, col1, col2. The row1 Line takes the joker at 2 with it.
    assert lines == sorted([places(1, 2, 3), places(4, 5, 6), places(1, 4, 7), places(2, 5, 8)], key=sorted)
    assert str(position.parse_move("5C line row1")) == "5C line row1"
    after = position.play(position.parse_move("5C line col1"))
    assert after.card_at(7) is None and after.card_at(2) == JOKER
    # No diagonals, even with 5s on one.
    refused(position, Move(card("5C"), Action.LINE, places(1, 5, 9)), "L1")
    # A line with no card of the club's value (only a joker, say) is not a Line.
    assert cleared(position, "QC", Action.LINE) == []
    refused(position, Move(card("QC"), Action.LINE, places(7, 8, 9), "row3"), "L1")


def test_ruling_L1_row_and_column_clearing_the_same_cards_are_one_move() -> None:
    position = pos("- - - - 5H - - - -", "5C")
    moves = [m for m in position.legal_moves() if m.action is Action.LINE]
    assert len(moves) == 1 and str(moves[0]) == "5C line row2"
    assert position.parse_move("5C line col2") == moves[0]


def test_ruling_L1_blocked_by_three_diamonds() -> None:
    position = pos("5H 2D 3D 4D 5S - - - -", "5C")
    assert cleared(position, "5C", Action.LINE) == []
    refused(position, Move(card("5C"), Action.LINE, places(1, 2, 3), "row1"), "Line blocked by 3 ♦")


def test_ruling_U1_seven_goes_both_ways() -> None:
    position = pos("AH 6S 7D 8H KS JK 2D QH 9D", "7C 2C QC AC")
    downs_ups = cleared(position, "7C", Action.UPDOWN)
    assert downs_ups == [places(1, 2, 7), places(4, 5, 8, 9)]
    assert position.parse_move("7C down").cleared == {1, 2, 7}
    assert position.parse_move("7C up").cleared == {4, 5, 8, 9}
    assert {str(m) for m in position.legal_moves() if m.action is Action.UPDOWN and m.club == card("7C")} == {
        "7C down",
        "7C up",
    }
    with pytest.raises(NotationError, match="ambiguous"):
        position.parse_move("7C updown")
    # Neither direction touches the 7 itself nor the joker.
    for move in position.legal_moves():
        if move.action is Action.UPDOWN:
            assert 3 not in move.cleared and 6 not in move.cleared


def test_ruling_U1_two_goes_down_queen_goes_up_ace_and_king_never() -> None:
    position = pos("AH 6S 7D 8H KS JK 2D QH 9D", "2C QC AC KC")
    assert cleared(position, "2C", Action.UPDOWN) == [places(1)]
    assert cleared(position, "QC", Action.UPDOWN) == [places(5)]
    assert position.parse_move("2C updown").cleared == {1}
    refused(position, Move(card("2C"), Action.UPDOWN, places(2, 3, 4, 5, 8, 9), "up"), "U1")
    refused(position, Move(card("QC"), Action.UPDOWN, places(1, 2, 3, 4, 7, 8, 9), "down"), "U1")
    assert cleared(position, "AC", Action.UPDOWN) == []
    assert cleared(position, "KC", Action.UPDOWN) == []
    for text in ("AC down", "AC up", "KC up", "KC down", "2C up", "QC down"):
        with pytest.raises(IllegalMoveError):
            position.parse_move(text)
    refused(position, Move(card("KC"), Action.UPDOWN, places(1, 2, 3, 4, 7, 8, 9), "down"), "U1")
    refused(position, Move(card("AC"), Action.UPDOWN, places(2, 3, 4, 5, 7, 8, 9), "up"), "U1")


def test_ruling_U1_clears_all_with_no_picking_and_is_blocked_by_spades() -> None:
    position = pos("AH 6H 7D 8H KH JK 2D QH 9D", "5C")
    assert cleared(position, "5C", Action.UPDOWN) == [places(1, 7)]
    refused(position, Move(card("5C"), Action.UPDOWN, places(1), "down"), "U1")
    spades = pos("AS 6S 7D 8S KH JK 2D QH 9D", "5C")
    assert cleared(spades, "5C", Action.UPDOWN) == []
    refused(spades, Move(card("5C"), Action.UPDOWN, places(1, 7), "down"), "Up/Down blocked by 3 ♠")


def test_ruling_R1_run_with_duplicates_gives_separate_moves() -> None:
    position = pos("4H 4S 5D 7S 6D JK 9H - -", "6C 3C")
    runs = cleared(position, "6C", Action.RUN)
    # 5-6 (the 5D), 4-5-6 (either 4), 5-6-7, 4-5-6-7 (either 4), 6-7. The 6D in the grid is never used.
    expected = [
        places(3),
        places(1, 3),
        places(2, 3),
        places(3, 4),
        places(1, 3, 4),
        places(2, 3, 4),
        places(4),
    ]
    assert runs == sorted(expected, key=sorted)
    for run in runs:
        assert 5 not in run, "no grid card of the club's own value goes in the run"
    refused(position, Move(card("6C"), Action.RUN, places(3, 5)), "R1")
    refused(position, Move(card("6C"), Action.RUN, places(1, 2, 3)), "R1")
    # With the 3 (the run need not end at the club): 3-4, 3-4-5, 3-4-5-6 (now the 6D may go),
    # 3-4-5-6-7, each with either 4.
    assert cleared(position, "3C", Action.RUN) == sorted(
        [places(1, *more) for more in [(), (3,), (3, 5), (3, 4, 5)]]
        + [places(2, *more) for more in [(), (3,), (3, 5), (3, 4, 5)]],
        key=sorted,
    )


def test_ruling_R1_unbroken_and_no_wrap() -> None:
    position = pos("AH 2S KD QS 5D JK 9H - -", "KC 3C AC")
    assert cleared(position, "KC", Action.RUN) == [places(4)]
    assert cleared(position, "AC", Action.RUN) == [places(2)]
    refused(position, Move(card("KC"), Action.RUN, places(1, 4)), "R1")
    refused(position, Move(card("AC"), Action.RUN, places(3)), "R1")
    assert sorted(cleared(position, "3C", Action.RUN), key=sorted) == [places(1, 2), places(2)]
    refused(position, Move(card("3C"), Action.RUN, places(1)), "not an unbroken sequence")
    refused(position, Move(card("3C"), Action.RUN, places(5)), "R1")
    refused(position, Move(card("3C"), Action.RUN, places(2, 6)), "joker")


def test_ruling_R1_blocked_by_three_hearts() -> None:
    position = pos("4H 5H 9H 2S - - - - -", "3C")
    assert cleared(position, "3C", Action.RUN) == []
    refused(position, Move(card("3C"), Action.RUN, places(4)), "Run blocked by 3 ♥")


# --- end of the game ---------------------------------------------------------------------------


def test_ruling_E1_win_when_grid_and_deck_are_empty() -> None:
    position = pos("- - - - 5H - - - 5D", "5C 9C")
    assert position.outcome is None and not position.is_over
    won = position.play(position.parse_move("5C match"))
    assert won.outcome is Outcome.WON and won.is_over and won.score == 0
    assert won.legal_moves() == []
    assert won.hand == (card("9C"),), "the clubs left over don't matter"
    with pytest.raises(IllegalMoveError, match="over"):
        won.play(Move(card("9C"), Action.ANY, places(1)))


def test_ruling_E1_win_with_the_last_club() -> None:
    position = pos("- - - - 5H - - - -", "KC")
    won = position.play(position.parse_move("KC any 5"))
    assert won.outcome is Outcome.WON and won.clubs_left == 0


def test_ruling_E1_not_a_win_while_the_deck_has_cards() -> None:
    position = pos("5H 5S 5D KH KS KD QH QS QD", "5C 2C 3C 4C", deck="2H", clubs="")
    after = position.play(position.parse_move("5C match"))
    assert after.outcome is None and after.score == 7


def test_ruling_E2_loss_ends_the_game_at_once() -> None:
    position = pos("- - - - 5H - - JK -", "KC")
    lost = position.play(position.parse_move("KC any 5"))
    assert lost.outcome is Outcome.LOST and lost.is_over
    assert lost.score == 1 and lost.legal_moves() == []
    assert lost.clubs_left == 0
    with pytest.raises(IllegalMoveError, match="over"):
        lost.play(Move(card("KC"), Action.ANY, places(8)))


def test_ruling_E2_thirteen_clubs_at_most() -> None:
    rng = random.Random(13)
    for seed in range(40):
        position = deal(Level.HARD if seed % 2 else Level.EASY, seed)
        turns = 0
        while not position.is_over:
            position = position.play(rng.choice(position.legal_moves()))
            turns += 1
        assert turns <= 13 and position.turns_played == turns
        assert (position.outcome is Outcome.WON) == (position.score == 0)
        if position.outcome is Outcome.LOST:
            assert turns == 13 and position.clubs_left == 0


def test_ruling_E3_score_counts_grid_and_deck() -> None:
    assert deal(Level.EASY, 1).score == 40
    assert deal(Level.HARD, 1).score == 41
    position = pos("2H 3H 9S 4S 5D JK 7D 8D 10H", "3C 4C 5C 6C", deck="KH KS QD", clubs="9C")
    assert position.score == 12
    after = position.play(position.parse_move("5C sum 1 2"))
    assert after.score == 10
    assert pos("- 5H - - - - - JK -", "KC").score == 2


# --- variants ----------------------------------------------------------------------------------


def test_ruling_V1_all_clear_only_with_the_variant() -> None:
    grid = "AH 2S 3D 4H 5S 6D JK 8H 9S"
    off = pos(grid, "9C 10C JC 2C")
    assert Variant.ALL_CLEAR not in off.variant
    assert all(m.action is not Action.ALLCLEAR for m in off.legal_moves())
    assert Action.ALLCLEAR not in off.moves_for(card("9C"))
    with pytest.raises(IllegalMoveError, match="V1"):
        off.parse_move("9C 10C JC allclear")
    trio = Move(card("9C"), Action.ALLCLEAR, frozenset(range(1, 10)), clubs=(card("9C"), card("10C"), card("JC")))
    refused(off, trio, "V1")

    on = pos(grid, "9C 10C JC 2C", flags="allclear")
    assert Variant.ALL_CLEAR in on.variant
    clears = [m for m in on.legal_moves() if m.action is Action.ALLCLEAR]
    assert clears == [trio] and str(trio) == "9C 10C JC allclear"
    assert on.parse_move("9C 10C JC allclear") == trio
    assert on.parse_move("JC 9C 10C allclear") == trio
    assert trio.to_json() == {
        "club": "9C",
        "action": "allclear",
        "cleared": list(range(1, 10)),
        "clubs": ["9C", "10C", "JC"],
    }
    assert on.moves_for(card("10C"))[Action.ALLCLEAR] == [trio]


def test_ruling_V1_three_in_sequence_no_wrap_not_blocked() -> None:
    # Three of every blocking suit: Line, Up/Down and Run are blocked, All Clear isn't.
    grid = "AH 2H 3H AS 2S 3S AD 2D JK"
    for hand, trios in [
        ("QC KC AC 2C", []),  # Q-K-A and K-A-2 would wrap
        ("JC QC KC AC", [("JC", "QC", "KC")]),
        ("AC 2C 3C 5C", [("AC", "2C", "3C")]),
        ("4C 2C 6C 8C", []),
        ("5C 3C 4C 6C", [("3C", "4C", "5C"), ("4C", "5C", "6C")]),
    ]:
        position = pos(grid, hand, flags="allclear")
        assert position.blocked_actions() == {Action.RUN, Action.UPDOWN}
        found = sorted(tuple(map(str, m.clubs)) for m in position.legal_moves() if m.action is Action.ALLCLEAR)
        assert found == trios, hand
        for move in position.legal_moves():
            if move.action is Action.ALLCLEAR:
                assert move.cleared == frozenset(range(1, 10)), "the whole grid, joker included"
    refused(
        pos(grid, "QC KC AC 2C", flags="allclear"),
        Move(card("QC"), Action.ALLCLEAR, frozenset(range(1, 10)), clubs=(card("QC"), card("KC"), card("AC"))),
        "V1",
    )


def test_ruling_V1_all_clear_uses_three_clubs_and_draws_back_to_four() -> None:
    position = pos("AH 2S 3D 4H 5S 6D JK 8H 9S", "9C 10C JC 2C", deck="KH KS", clubs="3C 4C 5C", flags="allclear")
    after = position.play(position.parse_move("9C 10C JC allclear"))
    assert [str(c) for c in after.hand] == ["2C", "3C", "4C", "5C"]
    assert after.clubs_deck == ()
    assert [str(c) if c else "-" for c in after.grid] == words("KH KS - - - - - - -")
    assert [str(c) for c in after.discard[-12:]] == words("9C 10C JC AH 2S 3D 4H 5S 6D JK 8H 9S")
    assert after.turns_played == position.turns_played + 1
    assert Variant.ALL_CLEAR in after.variant


def test_ruling_V1_all_clear_ends_a_game_in_fewer_turns() -> None:
    position = pos("AH 2S 3D - - - - - -", "AC 2C 3C", flags="allclear")
    won = position.play(position.parse_move("AC allclear"))
    assert won.outcome is Outcome.WON


# --- seeded deals ------------------------------------------------------------------------------


def test_ruling_D1_deals_ignore_the_random_module() -> None:
    random.seed(1)
    first = deal(Level.HARD, 424242)
    random.seed(2)
    random.random()
    assert deal(Level.HARD, 424242) == first
    assert deal(Level.EASY, 424242) != first
    assert deal(Level.HARD, 424243) != first


def test_ruling_D2_code_and_explicit_position_agree() -> None:
    from clubfight.club_fight.engine import DealCode

    code = DealCode.parse("hard-424242")
    assert str(code) == "hard-424242" and code.level is Level.HARD and code.seed == 424242
    position = code.deal()
    assert parse_position(position.notation()) == position
    assert sorted(CLUBS) == sorted([*position.hand, *position.clubs_deck])


def test_ruling_V1_only_all_clear_plays_more_than_one_club() -> None:
    """A Match that smuggles in extra clubs must not take them out of the hand."""
    position = pos("6H 6S 9S 2D AD 4H 5D JK KD", "3C 6C QC 8C", flags="allclear")
    sneaky = Move(card("6C"), Action.MATCH, places(1, 2), clubs=(card("6C"), card("QC"), card("8C")))
    refused(position, sneaky, "only All Clear")
    refused(position, Move(card("6C"), Action.MATCH, places(1, 2), clubs=(card("6C"),)), "only All Clear")


def test_ruling_L1_and_U1_names_only_shape_the_notation() -> None:
    """Moves are equal when club, action and cleared places are: so is their legality (docs/notation.md)."""
    position = pos("AH 6S 5D 8H KS JK 5H QH 9D", "7C 5C")
    for move in position.legal_moves():
        for detail in (None, "up", "down", "row1", "col3"):
            twin = Move(move.club, move.action, move.cleared, detail, move.clubs)
            assert twin == move and position.is_legal(twin)
            position.play(twin)
    assert position.is_legal(Move(card("5C"), Action.LINE, places(3, 6, 9), "row1"))
    assert position.is_legal(Move(card("7C"), Action.UPDOWN, places(1, 2, 3, 7), "up"))
    refused(position, Move(card("5C"), Action.UPDOWN, places(4, 5, 8, 9), "up"), "5C can't go up (U1)")
