"""The ``clubfight moves`` contract of docs/notation.md: how anyone checks the engine from outside."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from clubfight.cli import main
from clubfight.club_fight.engine import Level, Position, Variant, deal, parse_position
from reference import reference_moves

ACTIONS = ["match", "sum", "any", "line", "updown", "run", "allclear"]
VALUES = {r: v for v, r in enumerate(["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"], start=1)}


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "clubfight", "moves", *args], capture_output=True, text=True, timeout=60, check=False
    )


def check_contract(data: object, position: Position) -> None:
    """Shape, order, uniqueness, and agreement with the brute-force reference."""
    assert isinstance(data, list)
    seen = set()
    keys = []
    for item in data:
        assert isinstance(item, dict)
        action = item["action"]
        assert action in ACTIONS
        expected_keys = {"club", "action", "cleared"} | ({"clubs"} if action == "allclear" else set())
        expected_keys |= {"direction"} if action == "updown" else set()  # issue 10.22: a documented addition
        assert set(item) == expected_keys
        if action == "updown":
            assert item["direction"] in ("up", "down")
            value = VALUES[item["club"][:-1]]
            assert value in range(2, 8) if item["direction"] == "down" else value in range(7, 13)
        cleared = item["cleared"]
        assert cleared == sorted(set(cleared)) and all(isinstance(p, int) and 1 <= p <= 9 for p in cleared)
        assert cleared, "every move clears a card (T1)"
        clubs = tuple(item.get("clubs", [item["club"]]))
        if action == "allclear":
            assert len(clubs) == 3 and item["club"] == min(clubs, key=lambda c: VALUES[c[:-1]])
        key = (clubs, action, frozenset(cleared))
        assert key not in seen, f"duplicate {item}"
        seen.add(key)
        keys.append((VALUES[item["club"][:-1]], ACTIONS.index(action), cleared))
    assert keys == sorted(keys), "sorted by club value, then action, then cleared"
    grid = [None if c is None else str(c) for c in position.grid]
    expected = reference_moves(grid, [str(c) for c in position.hand], Variant.ALL_CLEAR in position.variant)
    assert seen == {(tuple(sorted(k[0], key=lambda c: VALUES[c[:-1]])), k[1], k[2]) for k in expected}


EXAMPLE = "6H 6S 9S 2D AD 4H 5D JK KD | 3C 6C QC 8C | |"
ALL_CLEAR = "AH 2S 3D - - - - - - | AC 2C 3C | | | allclear"


@pytest.mark.parametrize("text", [EXAMPLE, ALL_CLEAR, "- 5H - - - - - JK - | KC 2C | |"])
def test_moves_json_in_a_subprocess(text: str) -> None:
    result = run_cli(text, "--json")
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    check_contract(json.loads(result.stdout), parse_position(text))


def test_worked_example_json_holds_the_named_moves() -> None:
    data = json.loads(run_cli(EXAMPLE, "--json").stdout)
    for named in [
        {"club": "6C", "action": "match", "cleared": [1, 2]},
        {"club": "QC", "action": "sum", "cleared": [3, 4, 5]},
        {"club": "3C", "action": "updown", "cleared": [4, 5], "direction": "down"},
        {"club": "3C", "action": "run", "cleared": [4, 5, 6]},
    ]:
        assert named in data
    assert not [m for m in data if m["action"] == "line"]


def test_all_clear_json_lists_the_three_clubs() -> None:
    data = json.loads(run_cli(ALL_CLEAR, "--json").stdout)
    assert {"club": "AC", "action": "allclear", "cleared": [1, 2, 3], "clubs": ["AC", "2C", "3C"]} in data


@pytest.mark.parametrize(
    "text",
    [
        "6H 6S 9S 2D AD 4H 5D JK | 3C 6C QC 8C | |",
        "6H 6S 9S 2D AD 4H 5D JK ZZ | 3C 6C QC 8C | |",
        "6H 6H 9S 2D AD 4H 5D JK KD | 3C 6C QC 8C | |",
        "not a position | at all",
        "easy-x",
        "medium-5",
        "",
    ],
)
def test_bad_position_exits_2_with_one_line(text: str) -> None:
    result = run_cli(text, "--json")
    assert result.returncode == 2
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].strip(), result.stderr


def test_text_output_is_move_notation() -> None:
    result = run_cli(EXAMPLE)
    assert result.returncode == 0
    position = parse_position(EXAMPLE)
    lines = result.stdout.splitlines()
    parsed = [position.parse_move(line) for line in lines]
    assert sorted(parsed, key=lambda m: m.sort_key()) == parsed
    assert set(parsed) == set(position.legal_moves()) and len(parsed) == len(lines)


def test_deal_code_and_variant(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["moves", "hard-7", "--json"]) == 0
    plain = json.loads(capsys.readouterr().out)
    check_contract(plain, deal(Level.HARD, 7))
    assert main(["moves", "hard-7", "--json", "--variant", "all-clear"]) == 0
    variant = json.loads(capsys.readouterr().out)
    check_contract(variant, deal(Level.HARD, 7, variant=Variant.ALL_CLEAR))
    assert {m["action"] for m in variant} - {m["action"] for m in plain} <= {"allclear"}


def test_finished_game_has_no_moves(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["moves", "- - - - - - - - - | | |", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == []


def test_many_positions_in_process(capsys: pytest.CaptureFixture[str]) -> None:
    """The same contract over whole random games, in process so that it stays quick."""
    rng = random.Random(5)
    checked = 0
    for seed in range(6):
        position = deal(
            Level.HARD if seed % 2 else Level.EASY, seed, variant=Variant.ALL_CLEAR if seed % 3 == 0 else Variant.NONE
        )
        while True:
            assert main(["moves", position.notation(), "--json"]) == 0
            check_contract(json.loads(capsys.readouterr().out), position)
            checked += 1
            if position.is_over:
                break
            position = position.play(rng.choice(position.legal_moves()))
    assert checked > 30
