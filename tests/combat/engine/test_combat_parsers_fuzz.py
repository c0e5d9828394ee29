"""Malformed input never gets past the Combat Club parsers, and never crashes them.

Position JSON gets a NotationError, a record a RecordError, and on the command line either is one
line on stderr with exit status 2. Well-formed positions from real rounds round-trip.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clubfight.cli import main
from clubfight.combat.engine import (
    MAX_SEED,
    Attack,
    CombatCode,
    NotationError,
    Phase,
    Round,
    Rules,
    analyse,
    deal,
    format_position,
    parse_position,
)
from clubfight.combat.game import Match, RecordError, format_record, parse_record
from clubfight.common.shuffle import SplitMix64
from combat_support import NOTATION_EXAMPLE, finish_round, rules_strategy


def check_message(error: BaseException) -> None:
    message = str(error)
    assert message.strip() and "\n" not in message


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**6), 10**6) | st.floats(allow_nan=False) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
tokens = st.sampled_from(["9D", "10S", "RJ", "BJ", "KH", "AC", "2h", "XX", "", "10", "1S", 9, None, [], "9D "])


@st.composite
def mutated_examples(draw: st.DrawFn) -> str:
    """The documented example with one key dropped, added, or given a random or near-miss value."""
    data: dict[str, Any] = json.loads(json.dumps(NOTATION_EXAMPLE))
    key = draw(st.sampled_from([*NOTATION_EXAMPLE, "styles", "juggle", "extra"]))
    how = draw(st.sampled_from(["drop", "value", "token", "stack"]))
    if how == "drop":
        data.pop(key, None)
    elif how == "value":
        data[key] = draw(json_values)
    elif how == "token" and key in ("hand", "advantage", "defender_hand"):
        data[key] = [*data[key], draw(tokens)]
    else:
        stacks = data["stacks"]
        place = draw(st.integers(0, 8))
        stacks[place] = draw(st.lists(tokens, max_size=3))
    return json.dumps(data)


@given(text=st.text(max_size=200))
def test_random_text_is_a_notation_error(text: str) -> None:
    try:
        parse_position(text)
    except NotationError as error:
        check_message(error)


@given(value=json_values)
def test_random_json_is_a_notation_error(value: object) -> None:
    try:
        parse_position(json.dumps(value))
    except NotationError as error:
        check_message(error)


@given(text=mutated_examples())
def test_near_misses_are_notation_errors_or_valid(text: str) -> None:
    try:
        r = parse_position(text)
    except NotationError as error:
        check_message(error)
    else:
        assert r.phase is Phase.ATTACK
        analyse(r)  # and a position that reads can be analysed


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=mutated_examples())
def test_near_misses_on_the_command_line(text: str, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["combat", "moves", text, "--json"])
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    if status == 2:
        assert captured.out == "" and captured.err.count("\n") == 1
    else:
        assert status == 0 and isinstance(json.loads(captured.out), list)


# --- position JSON round trips from real rounds --------------------------------------------------


def attack_positions(seed: int, rules: Rules, choices: int) -> list[Round]:
    rng = SplitMix64(choices)
    r = deal(seed, rules)
    found = []
    while not r.is_over:
        if r.phase is Phase.ATTACK:
            found.append(r)
        actions = r.legal_actions()
        r = r.play(actions[rng.below(len(actions))])
    return found


@settings(max_examples=25)
@given(seed=st.integers(0, MAX_SEED), rules=rules_strategy, choices=st.integers(0, 2**32))
def test_positions_of_real_rounds_round_trip(seed: int, rules: Rules, choices: int) -> None:
    for r in attack_positions(seed, rules, choices)[::3]:
        text = format_position(r)
        again = parse_position(text)
        assert format_position(again) == text
        assert again.legal_actions() == r.legal_actions()
        assert [p.to_json() for p in analyse(again)] == [p.to_json() for p in analyse(r)]
        for action in r.legal_actions()[:5]:
            if isinstance(action, Attack):
                assert again.points_of(action) == r.points_of(action)


def test_format_position_is_for_the_attack_phase_only() -> None:
    with pytest.raises(ValueError, match="setup"):
        format_position(deal(1))


# --- records ---------------------------------------------------------------------------------------


def record_text() -> str:
    return format_record(finish_round(Match.new(CombatCode(5)), SplitMix64(5)))


RECORD = record_text()
LINES = RECORD.splitlines()


@given(text=st.text(max_size=300))
def test_random_text_is_a_record_error(text: str) -> None:
    try:
        parse_record(text)
    except RecordError as error:
        check_message(error)
        assert error.line >= 1


@st.composite
def mutated_records(draw: st.DrawFn) -> str:
    lines = list(LINES)
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(lines)))
        how = draw(st.sampled_from(["drop", "insert", "replace", "swap"]))
        junk = draw(
            st.sampled_from(["round 2", "round 1", "end", "decline", "draw 2", "pick 7S", "deal: combat-1", ":"])
            | st.text(max_size=20)
            | st.sampled_from(LINES)
        )
        if how == "drop" and at < len(lines):
            del lines[at]
        elif how == "insert":
            lines.insert(at, junk)
        elif how == "replace" and at < len(lines):
            lines[at] = junk
        elif at + 1 < len(lines):
            lines[at], lines[at + 1] = lines[at + 1], lines[at]
    return "\n".join(lines) + "\n"


@given(text=mutated_records())
def test_mutated_records_are_refused_or_replayed(text: str) -> None:
    try:
        match = parse_record(text)
    except RecordError as error:
        check_message(error)
        assert 1 <= error.line <= len(text.splitlines()) + 1
    else:
        assert parse_record(format_record(match)) == match


@settings(max_examples=30, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=mutated_records())
def test_mutated_records_on_the_command_line(text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "record.txt"
    path.write_text(text, encoding="utf-8")
    status = main(["combat", "replay", "--text", str(path)])
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    assert status in (0, 2)
    if status == 2:
        assert captured.err.count("\n") == 1 and captured.err.startswith(f"clubfight: error: {path}:")
