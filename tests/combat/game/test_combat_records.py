"""Combat Club records and matches: round trips, refusals naming their line, and ``combat replay``."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clubfight.cli import main
from clubfight.combat.engine import MAX_SEED, CombatCode, Round, Rules, Style, parse_action
from clubfight.combat.game import Match, RecordError, format_record, parse_record
from clubfight.combat.game.records import MAX_LINE_LENGTH, MAX_RECORD_LINES
from clubfight.common.shuffle import SplitMix64
from combat_support import finish_match, finish_round, rules_strategy


def random_match(seed: int, rules: Rules, choices: int, *, actions: int | None = None) -> Match:
    rng = SplitMix64(choices)
    match = Match.new(CombatCode(seed), rules)
    if actions is None:
        return finish_match(match, rng)
    for _ in range(actions):
        if match.current.is_over:
            if match.is_over:
                break
            match = match.next_round()
            continue
        legal = match.current.legal_actions()
        match = match.play(legal[rng.below(len(legal))])
    return match


@settings(max_examples=40)
@given(seed=st.integers(0, MAX_SEED), rules=rules_strategy, choices=st.integers(0, 2**32))
def test_a_whole_match_round_trips_through_its_record(seed: int, rules: Rules, choices: int) -> None:
    match = random_match(seed, rules, choices)
    text = format_record(match)
    again = parse_record(text)
    assert again == match and format_record(again) == text
    assert again.winner is match.winner and again.summary() == match.summary()
    for played in again.rounds:
        assert all(parse_action(str(a)) == a for a in played.actions)


@given(
    seed=st.integers(0, MAX_SEED),
    rules=rules_strategy,
    choices=st.integers(0, 2**32),
    actions=st.integers(0, 120),
)
def test_an_unfinished_match_round_trips_too(seed: int, rules: Rules, choices: int, actions: int) -> None:
    match = random_match(seed, rules, choices, actions=actions)
    assert parse_record(format_record(match)) == match


def example() -> tuple[Match, str]:
    match = finish_round(Match.new(CombatCode(12345), Rules(black_style=Style.KARATE)), SplitMix64(9))
    return match, format_record(match)


def test_the_record_format() -> None:
    match, text = example()
    lines = text.splitlines()
    assert lines[:9] == [
        "combat club record 1",
        "deal: combat-12345",
        "rounds: 3",
        "survival: no",
        "juggle: none",
        "red-style: none",
        "black-style: karate",
        f"result: {match.summary()}",
        "round 1",
    ]
    assert lines[9].startswith("red arrange ") and lines[10].startswith("black arrange ")
    assert lines[9:] == [str(a) for a in match.rounds[0].actions]
    # fields other than the deal may be left out; comments, blank lines, case and spaces don't matter
    short = "\n".join(
        ["# a comment", "Combat Club Record 1", "", "deal:  COMBAT-12345 ", "black-style: KARATE", *lines[8:]]
    )
    assert parse_record(short) == match
    # a match at its very start
    start = Match.new(CombatCode(3))
    assert parse_record("combat club record 1\ndeal: combat-3\n") == start
    assert parse_record(format_record(start)) == start


def corrupt(text: str, line: int, replacement: str | None) -> str:
    lines = text.splitlines()
    if replacement is None:
        del lines[line - 1]
    else:
        lines[line - 1] = replacement
    return "\n".join(lines) + "\n"


def refusal(text: str) -> RecordError:
    with pytest.raises(RecordError) as error:
        parse_record(text)
    assert "\n" not in str(error.value) and error.value.reason
    return error.value


def test_corrupt_records_are_refused_naming_the_line() -> None:
    _, text = example()
    last = len(text.splitlines())
    cases = [
        (corrupt(text, 1, "club fight record 1"), 1, "not a Combat Club record"),
        (corrupt(text, 1, "combat club record 2"), 1, "newer"),
        (corrupt(text, 1, "combat club record x"), 1, "unknown record version"),
        (corrupt(text, 2, "deal: combat-x"), 2, "bad combat code"),
        (corrupt(text, 2, None), 2, "names its 'deal:'"),
        (corrupt(text, 3, "rounds: 4"), 3, "rounds: '4' is not one of 1, 3, 5"),
        (corrupt(text, 4, "survival: maybe"), 4, "survival"),
        (corrupt(text, 5, "juggle: always"), 5, "juggle"),
        (corrupt(text, 6, "red-style: boxing"), 6, "red-style"),
        (corrupt(text, 7, "colour: red"), 7, "unknown field 'colour'"),
        (corrupt(text, 7, "deal: combat-1"), 7, "given twice"),
        (corrupt(text, 8, "result: BLACK wins the match 9-0"), 8, "the record says"),
        (corrupt(text, 9, None), 9, "expected 'round 1'"),
        (corrupt(text, 9, "round 2"), 9, "the next round is round 1"),
        (corrupt(text, 10, "red arrange AH AH AH | AH"), 10, "U2"),
        (corrupt(text, 10, "fly to the moon"), 10, "bad action"),
        (corrupt(text, 11, "decline"), 11, "U2"),
        (text + "end\n", last + 1, "already over"),
        (text + "round 1\n", last + 1, "the next round is round 2"),
        (corrupt(text, last, None) + "round 2\n", last, "not over yet"),
    ]
    for bad, line, words in cases:
        error = refusal(bad)
        assert error.line == line, (line, str(error))
        assert words in error.reason, (words, error.reason)


def test_a_won_match_takes_no_more_rounds() -> None:
    match = finish_match(Match.new(CombatCode(4), Rules(rounds=1)), SplitMix64(4))
    text = format_record(match)
    error = refusal(text + "round 2\n")
    assert "the match was already over" in error.reason


def test_caps_on_lines_and_line_length() -> None:
    _, text = example()
    error = refusal(text + "# x\n" * MAX_RECORD_LINES)
    assert error.line == MAX_RECORD_LINES + 1 and "too long" in error.reason
    error = refusal(text + "#" + "x" * MAX_LINE_LENGTH + "\n")
    assert "too long" in error.reason
    assert refusal("").line == 1 and refusal("\n# only a comment\n").line == 1
    with pytest.raises(RecordError):
        parse_record(
            b"combat club record 1"  # type: ignore[arg-type]
        )


# --- clubfight combat replay ---------------------------------------------------------------------


def one_error_line(capsys: pytest.CaptureFixture[str]) -> str:
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err + captured.out
    assert captured.err.count("\n") == 1, captured.err
    return captured.err


def test_replay_prints_every_position(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    match, text = example()
    path = tmp_path / "match.txt"
    path.write_text(text, encoding="utf-8")
    assert main(["combat", "replay", "--text", str(path)]) == 0
    out = capsys.readouterr().out
    actions = match.rounds[0].actions
    for number, action in enumerate(actions, start=1):
        assert f"\n{number}. {action}\n" in out
    positions = match.rounds[0].positions()
    assert all(str(p) in out for p in positions)
    assert out.rstrip().endswith(f"Result: {match.summary()}")
    assert str(match.current.outcome) in out


def test_replay_refuses_bad_files_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, text = example()
    bad = tmp_path / "bad.txt"
    bad.write_text(corrupt(text, 10, "fly to the moon"), encoding="utf-8")
    assert main(["combat", "replay", "--text", str(bad)]) == 2
    assert f"{bad}:10: " in one_error_line(capsys)
    assert main(["combat", "replay", str(tmp_path / "missing.txt")]) == 2
    assert "can't read" in one_error_line(capsys)
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"combat club record 1\n\xff\xfe")
    assert main(["combat", "replay", "--text", str(binary)]) == 2
    assert ":2: not text" in one_error_line(capsys)
    huge = tmp_path / "huge.txt"
    huge.write_bytes(b"#" * (MAX_RECORD_LINES * (MAX_LINE_LENGTH + 2) + 10))
    assert main(["combat", "replay", "--text", str(huge)]) == 2
    assert "too large" in one_error_line(capsys)
    assert main(["combat", "replay", "--text", str(tmp_path)]) == 2
    one_error_line(capsys)


def test_rounds_of_a_match_replay_to_their_final(tmp_path: Path) -> None:
    match = random_match(77, Rules(rounds=5, survival=True), 5)
    for played in match.rounds:
        assert isinstance(played.start, Round) and played.positions()[-1] == played.final
    assert Match.replay(match.code, match.rules, [p.actions for p in match.rounds]) == match
