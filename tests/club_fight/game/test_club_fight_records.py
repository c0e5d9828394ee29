"""Game records: export a game, read it back, replay it; refuse bad ones naming the line."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from clubfight.club_fight.engine import DealCode, Level, Move, Variant, parse_position
from clubfight.club_fight.game import RecordError, Start, format_record, parse_record
from support import deal_start, greedy_game


def test_export_parse_replay_reaches_the_same_final_position() -> None:
    start = deal_start("hard-12345")
    moves, positions = greedy_game(start)
    text = format_record(start, moves)
    record = parse_record(text)
    assert record.start == start
    assert list(record.moves) == moves
    assert list(record.positions) == positions
    assert record.final == positions[-1]


def test_the_record_format() -> None:
    start = deal_start("easy-7", variant=Variant.ALL_CLEAR)
    moves, positions = greedy_game(start, 2)
    lines = format_record(start, moves).splitlines()
    assert lines[:3] == ["clubfight record 1", "deal: easy-7", "variants: all-clear"]
    assert lines[3] == f"result: unfinished with {positions[-1].score} cards left"
    assert lines[4:] == [str(m) for m in moves]


def test_a_position_start_round_trips() -> None:
    start = Start.from_position(parse_position("6H 6S 9S 2D AD 4H 5D JK KD | 3C 6C QC 8C | 7H 3S | 2C"))
    moves, positions = greedy_game(start)
    text = format_record(start, moves)
    assert "position: 6H 6S 9S 2D AD 4H 5D JK KD | 3C 6C QC 8C | 7H 3S | 2C" in text
    assert parse_record(text).final == positions[-1]


def test_format_refuses_an_illegal_game() -> None:
    start = deal_start("easy-7")
    moves, _ = greedy_game(start, 2)
    with pytest.raises(ValueError):
        format_record(start, [moves[1], moves[0]])


VARIANT_CHOICES = st.sampled_from([Variant.NONE, Variant.ALL_CLEAR])


@st.composite
def random_games(draw: st.DrawFn) -> tuple[Start, list[Move]]:
    level = draw(st.sampled_from(list(Level)))
    start = Start.from_deal(
        DealCode(level, draw(st.integers(0, 2**64 - 1))),
        variant=draw(st.sampled_from([Variant.NONE, Variant.ALL_CLEAR])),
    )
    position = start.opening()
    moves: list[Move] = []
    while not position.is_over and draw(st.integers(0, 20)) > 0:
        options = sorted(position.legal_moves(), key=lambda m: m.sort_key())
        move = options[draw(st.integers(0, len(options) - 1))]
        moves.append(move)
        position = position.play(move)
    return start, moves


@given(random_games())
def test_random_legal_games_round_trip(game: tuple[Start, list[Move]]) -> None:
    start, moves = game
    final = start.opening()
    for move in moves:
        final = final.play(move)
    record = parse_record(format_record(start, moves))
    assert record.final == final
    assert [str(m) for m in record.moves] == [str(m) for m in moves]


def good_record() -> tuple[str, list[Move]]:
    start = deal_start("easy-7")
    moves, _ = greedy_game(start, 4)
    return format_record(start, moves), moves


def refused(text: str) -> RecordError:
    with pytest.raises(RecordError) as caught:
        parse_record(text)
    return caught.value


def test_an_illegal_move_is_refused_naming_its_line() -> None:
    text, moves = good_record()
    lines = text.splitlines()
    lines[6] = str(moves[0])  # the first move again: its club has been played
    error = refused("\n".join(lines))
    assert error.line == 7
    assert str(error).startswith("line 7: ")


def test_garbled_move_notation_names_its_line() -> None:
    text, _ = good_record()
    error = refused(text.replace("\nvariants: none\n", "\nvariants: none\n# a comment\n\n") + "QQ fly away\n")
    assert error.line == 11 and "no action" in str(error)


@pytest.mark.parametrize(
    ("change", "line", "words"),
    [
        (lambda t: "", 1, "empty"),
        (lambda t: t.replace("clubfight record 1", "hello world"), 1, "not a game record"),
        (lambda t: t.replace("clubfight record 1", "clubfight record 7"), 1, "newer"),
        (lambda t: t.replace("clubfight record 1", "clubfight record x"), 1, "unknown record version"),
        (lambda t: t.replace("deal: easy-7", "deal: medium-7"), 2, "bad deal code"),
        (lambda t: t.replace("deal: easy-7", "position: 1 2 3"), 2, "4 fields"),
        (lambda t: t.replace("deal: easy-7\n", ""), 2, "either"),
        (lambda t: t.replace("variants: none", "variants: gravity"), 3, "unknown variant"),
        (lambda t: t.replace("variants: none", "deal: easy-8"), 3, "twice"),
        (lambda t: t.replace("variants: none", "colour: red"), 3, "unknown field"),
        (lambda t: t.replace("unfinished", "won"), 4, "says"),
        (lambda t: t + "x" * 2000 + "\n", 9, "too long"),
        (lambda t: t + "6C match\n" * 300, 201, "too long"),
    ],
)
def test_corrupt_records_are_refused_naming_the_line(change: object, line: int, words: str) -> None:
    text, _ = good_record()
    error = refused(change(text))  # type: ignore[operator]
    assert error.line == line, str(error)
    assert words in str(error)


def test_moves_after_game_over_are_refused() -> None:
    start = deal_start("easy-3")
    moves, _ = greedy_game(start)
    text = format_record(start, moves) + str(moves[0]) + "\n"
    error = refused(text)
    assert error.line == 5 + len(moves) and "already over" in str(error)


@given(st.text(max_size=400))
def test_any_text_is_either_a_record_or_a_record_error(text: str) -> None:
    try:
        parse_record(text)
    except RecordError as error:
        assert error.line >= 1 and "\n" not in str(error)


@given(st.data())
def test_mutated_records_are_read_or_refused_with_a_line(data: st.DataObject) -> None:
    text, _ = good_record()
    chars = list(text)
    for _ in range(data.draw(st.integers(1, 3))):
        index = data.draw(st.integers(0, len(chars) - 1))
        chars[index] = data.draw(st.sampled_from(list("0123456789 CHSDJKQA|:-\nrunsmatch")))
    try:
        parse_record("".join(chars))
    except RecordError as error:
        assert 1 <= error.line <= len(text.splitlines()) + 3
