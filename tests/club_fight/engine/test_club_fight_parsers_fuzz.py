"""Malformed text never gets past the parsers, and never crashes them.

Every bad string gets a NotationError (or, for a well-formed but illegal move, an IllegalMoveError)
with a one-line message, and the message names the bad token where there is one.
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from clubfight.club_fight.engine import (
    Card,
    DealCode,
    IllegalMoveError,
    Level,
    NotationError,
    Position,
    Variant,
    deal,
    parse_move,
    parse_position,
)

MOVE_ERRORS = (NotationError, IllegalMoveError)


def is_card(token: str) -> bool:
    try:
        Card.parse(token)
    except NotationError:
        return False
    return True


def check_message(error: BaseException) -> str:
    message = str(error)
    assert message.strip(), "an error must say what is wrong"
    assert "\n" not in message, "errors are one line"
    return message


@st.composite
def positions(draw: st.DrawFn) -> Position:
    """A deal, a few random turns in, either level, with or without All Clear."""
    position = deal(
        draw(st.sampled_from(list(Level))),
        draw(st.integers(0, 2**64 - 1)),
        variant=draw(st.sampled_from([Variant.NONE, Variant.ALL_CLEAR])),
    )
    for _ in range(draw(st.integers(0, 13))):
        if position.is_over:
            break
        position = position.play(draw(st.sampled_from(position.legal_moves())))
    return position


def parse_or_refuse(text: str) -> Position | None:
    try:
        return parse_position(text)
    except NotationError as error:
        check_message(error)
        return None


# --- position strings --------------------------------------------------------------------------


@given(st.text(max_size=300))
def test_random_text_is_refused_cleanly(text: str) -> None:
    parse_or_refuse(text)


@given(st.lists(st.sampled_from(["AH", "10S", "JK", "QC", "KC", "-", "|", "x", "1", " ", "  ", "2D"]), max_size=80))
def test_card_soup_is_refused_cleanly(tokens: list[str]) -> None:
    position = parse_or_refuse(" ".join(tokens))
    if position is not None:
        assert parse_position(position.notation()) == position


SHUFFLES = ("drop", "duplicate", "swap")
"""Mutations that fit any list of tokens, position or move."""


def shuffle_tokens(tokens: list[str], mutation: str, i: int, j: int) -> None:
    """Drop token i, duplicate it at j, or swap it with token j (in place)."""
    if mutation == "drop":
        del tokens[i]
    elif mutation == "duplicate":
        tokens.insert(j, tokens[i])
    else:
        tokens[i], tokens[j] = tokens[j], tokens[i]


@given(positions(), st.data())
def test_mutated_positions_are_refused_or_consistent(position: Position, data: st.DataObject) -> None:
    text = position.notation()
    tokens = text.split(" ")
    mutation = data.draw(st.sampled_from([*SHUFFLES, "bar", "char", "unicode", "repeat"]))
    i = data.draw(st.integers(0, len(tokens) - 1))
    j = data.draw(st.integers(0, len(tokens) - 1))
    if mutation in SHUFFLES:
        shuffle_tokens(tokens, mutation, i, j)
    elif mutation == "bar":
        tokens.insert(i, "|")
    elif mutation == "char":
        k = data.draw(st.integers(0, len(tokens[i])))
        tokens[i] = tokens[i][:k] + data.draw(st.characters()) + tokens[i][k:]
    elif mutation == "unicode":
        tokens[i] = tokens[i].translate(str.maketrans("0123456789", "０１２３４５６７８９"))
    else:
        tokens = tokens * data.draw(st.integers(2, 50))
    mutated = " ".join(tokens)
    result = parse_or_refuse(mutated)
    if result is not None:
        # Whatever was accepted is a position that writes and reads back as itself.
        assert parse_position(result.notation()) == result
        assert result.legal_moves() == parse_position(result.notation()).legal_moves()


@given(positions(), st.data(), st.text(alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcxyz0123456789", min_size=1, max_size=5))
def test_unknown_token_is_named(position: Position, data: st.DataObject, garbage: str) -> None:
    assume(not is_card(garbage) and garbage != "-")
    fields = position.notation().split(" | ")
    candidates = [(f, t) for f in range(4) for t in range(len(fields[f].split()))]
    assume(candidates)
    field, index = data.draw(st.sampled_from(candidates))
    tokens = fields[field].split()
    tokens[index] = garbage
    fields[field] = " ".join(tokens)
    with pytest.raises(NotationError) as error:
        parse_position(" | ".join(fields))
    assert garbage in check_message(error.value)


@given(positions(), st.data())
def test_duplicate_card_is_named(position: Position, data: st.DataObject) -> None:
    fields = position.notation().split(" | ")
    cards = [t for t in " ".join(fields[:4]).split() if t not in ("-", "JK")]
    card = data.draw(st.sampled_from(cards))
    fields[2] = f"{fields[2]} {card}".strip()  # one more copy at the bottom of the grid deck
    with pytest.raises(NotationError) as error:
        parse_position(" | ".join(fields))
    message = check_message(error.value)
    assert card in message or "club" in message


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("6H 6S 9S 2D AD 4H 5D JK 3C | 6C QC 8C KC | |", "3C"),
        ("6H 6S 9S 2D AD 4H 5D JK KD | 3C 6C QH 8C | |", "QH"),
        ("6H 6S 9S 2D AD 4H 5D JK KD | 3C 6C QC 8C | 2C | ", "2C"),
        ("6H 6S 9S 2D AD 4H 5D JK KD | 3C 6C QC 8C | | 2H", "2H"),
        ("6H 6S 9S 2D AD 4H 5D JK KD | 3C 6C QC 8C | 6H |", "6H"),
        ("6H 6S 9S 2D AD 4H 5D JK ZZ | 3C 6C QC 8C | |", "ZZ"),
        ("6H 6S 9S 2D AD 4H 5D JK １０D | 3C 6C QC 8C | |", "１０D"),
        ("6H 6S 9S 2D AD 4H 5D JK KD | 3C 6C QC 8C | | | sideways", "sideways"),
        ("6H 6S 9S 2D AD 4H 5D JK KD | 3C 6C QC 8C | | | hard easy", "hard"),
        ("JK JK JK 2D AD 4H 5D 6D KD | 3C 6C QC 8C | |", "JK"),
        ("6H 6S 9S 2D AD 4H 5D JK KD | 3C 6C QC 8C 9C | |", "5"),
        ("6H 6S 9S 2D AD 4H 5D JK KD - | 3C 6C QC 8C | |", "10"),
        ("6H 6S 9S 2D AD 4H 5D JK | 3C 6C QC 8C | |", "8"),
        ("6H 6S 9S 2D AD - 5D JK KD | 3C 6C QC 8C | 7H |", "place 6"),
        ("6H 6S 9S 2D AD 4H 5D JK KD | 3C 6C QC | | 8C", "3 clubs"),
        ("6H 6S 9S 2D AD 4H 5D JK KD | 3C 6C QC 8C | | | |", "6"),
        ("6H 6S 9S 2D AD 4H 5D JK KD | 3C 6C QC 8C", "2"),
        ("", "1"),
        ("x" * 100_000, "too long"),
        # 9 grid cards and 31 in the deck with 9 clubs used is fine; the same with no club used is not.
        ("6H 6S 9S 2D AD 4H 5D JK KD | 3C 6C QC 8C | | AC 2C 4C 5C 7C 9C 10C JC KC", "either level"),
    ],
)
def test_bad_positions_name_the_problem(text: str, named: str) -> None:
    with pytest.raises(NotationError) as error:
        parse_position(text)
    assert named in check_message(error.value)


def test_spaces_around_bars_and_ends_do_not_matter() -> None:
    tight = parse_position("6H 6S 9S 2D AD 4H 5D JK KD|3C 6C QC 8C||")
    loose = parse_position("   6H  6S 9S 2D AD 4H 5D JK KD   |  3C 6C QC 8C |   |   ")
    lower = parse_position("6h 6s 9s 2d ad 4h 5d jk kd | 3c 6c qc 8c | |")
    assert tight == loose == lower
    assert tight.notation() == "6H 6S 9S 2D AD 4H 5D JK KD | 3C 6C QC 8C |  | "


def test_hard_flag_survives_a_cleared_joker() -> None:
    position = parse_position("6H 6S 9S 2D AD 4H 5D - - | 3C 6C | | | hard")
    assert position.level is Level.HARD
    assert position.notation().endswith("| hard")
    assert parse_position(position.notation()) == position
    assert parse_position("6H 6S 9S 2D AD 4H 5D - - | 3C 6C | |").level is Level.EASY


def test_non_strings_are_refused() -> None:
    with pytest.raises(NotationError):
        parse_position(None)  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        parse_move(deal(Level.EASY, 1), 42)  # type: ignore[arg-type]


# --- move strings -------------------------------------------------------------------------------


def parse_or_refuse_move(position: Position, text: str) -> None:
    try:
        move = position.parse_move(text)
    except MOVE_ERRORS as error:
        check_message(error)
        return
    # Anything accepted is a legal move of this position.
    assert move in position.legal_moves(), f"{text!r} gave {move}, which is not legal"
    assert position.is_legal(move)


@given(positions(), st.text(max_size=60))
def test_random_move_text_is_refused_cleanly(position: Position, text: str) -> None:
    parse_or_refuse_move(position, text)


WORDS = ["match", "sum", "any", "line", "up", "down", "updown", "run", "allclear", "row1", "col3", "row4"]
CLUB_TOKENS = ["AC", "3C", "7C", "10C", "QC", "KC", "5H", "JK", "1C"]
PLACE_TOKENS = ["0", "1", "5", "9", "10", "-1", "٣", "５", "x"]


@given(positions(), st.lists(st.sampled_from(WORDS + CLUB_TOKENS + PLACE_TOKENS), max_size=8))
def test_move_word_soup_is_refused_cleanly(position: Position, tokens: list[str]) -> None:
    parse_or_refuse_move(position, " ".join(tokens))


@given(positions(), st.data())
def test_mutated_moves_are_refused_or_legal(position: Position, data: st.DataObject) -> None:
    assume(not position.is_over)
    tokens = str(data.draw(st.sampled_from(position.legal_moves()))).split()
    mutation = data.draw(st.sampled_from([*SHUFFLES, "place", "club", "case", "unicode"]))
    i = data.draw(st.integers(0, len(tokens) - 1))
    j = data.draw(st.integers(0, len(tokens) - 1))
    if mutation in SHUFFLES:
        shuffle_tokens(tokens, mutation, i, j)
    elif mutation == "place":
        tokens.insert(j, data.draw(st.sampled_from(PLACE_TOKENS)))
    elif mutation == "club":
        tokens[0] = data.draw(st.sampled_from(CLUB_TOKENS))
    elif mutation == "case":
        tokens = [t.swapcase() for t in tokens]
    else:
        tokens = [t.translate(str.maketrans("123456789", "１２３４５６７８９")) for t in tokens]
    parse_or_refuse_move(position, " ".join(tokens))


@pytest.mark.parametrize(
    ("text", "error", "named"),
    [
        ("", NotationError, "no action"),
        ("6C", NotationError, "no action"),
        ("match", NotationError, "club"),
        ("6C 8C match", NotationError, "club"),
        ("6H match", NotationError, "6H"),
        ("ZZ match", NotationError, "ZZ"),
        ("6C match 1", NotationError, "1"),
        ("QC sum", NotationError, "places"),
        ("QC sum 3 3 4 5", NotationError, "twice"),
        ("QC sum 3 4 ５", NotationError, "５"),
        ("QC sum 3 4 10", NotationError, "10"),
        ("QC any 1 2", NotationError, "one place"),
        ("6C line row4", NotationError, "row1"),
        ("6C line", NotationError, "row1"),
        ("2C match", IllegalMoveError, "2C is not in your hand"),
        ("QC sum 1 3", IllegalMoveError, "add up to 15, not 12 (S1)"),
        ("8C match", IllegalMoveError, "at least one card"),
        ("6C line row1", IllegalMoveError, "Line blocked by 4 ♦"),
        ("3C run 4 6 8", IllegalMoveError, "joker at place 8"),
        ("3C run 4 6 9", IllegalMoveError, "2-3-4-13"),
        ("3C 6C QC allclear", IllegalMoveError, "V1"),
        ("x" * 1000, NotationError, "short"),
    ],
)
def test_bad_moves_name_the_problem(text: str, error: type[Exception], named: str) -> None:
    position = parse_position("6H 6S 9S 2D AD 4H 5D JK KD | 3C 6C QC 8C | |")
    with pytest.raises(error) as raised:
        position.parse_move(text)
    assert named in check_message(raised.value)


# --- deal codes ----------------------------------------------------------------------------------


@given(st.text(max_size=40))
def test_random_deal_codes_are_refused_cleanly(text: str) -> None:
    try:
        code = DealCode.parse(text)
    except NotationError as error:
        assert repr(text) in check_message(error)
        return
    assert text.strip().isascii()
    assert DealCode.parse(str(code)) == code


@given(st.sampled_from(["easy", "hard"]), st.integers(0, 2**64 - 1), st.sampled_from(["", " ", "\t"]))
def test_deal_codes_round_trip(level: str, seed: int, pad: str) -> None:
    text = f"{level}-{seed}"
    code = DealCode.parse(pad + text.upper() + pad)
    assert str(code) == text and code.seed == seed and code.level is Level(level)


@given(st.text(max_size=8))
def test_random_card_text_is_refused_cleanly(text: str) -> None:
    try:
        card = Card.parse(text)
    except NotationError as error:
        check_message(error)
        return
    assert Card.parse(str(card)) == card


@pytest.mark.parametrize("text", ["aſ", "10ſ", "Aｓ", "１0H", "A\u0307H", "ＪＫ"])
def test_cards_are_ascii(text: str) -> None:
    """Case-insensitive means a-z and A-Z: Unicode case mapping must not sneak cards in."""
    with pytest.raises(NotationError) as error:
        Card.parse(text)
    assert repr(text) in check_message(error.value)
    with pytest.raises(NotationError):
        parse_position(f"6H 6S 9S 2D AD 4H 5D JK {text} | 3C 6C QC 8C | |")
