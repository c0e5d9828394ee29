"""The ``clubfight combat moves`` contract of docs/combat-notation.md, from outside the engine."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from typing import Any

import pytest

from clubfight.cli import main
from clubfight.combat.engine import Card, Round, format_position, parse_position
from combat_support import NOTATION_EXAMPLE
from support import ROOT

POINT_KEYS = ["base", "combo", "rush", "block", "punish", "total"]
WIN_NAMES = {"knock-out", "ring-out", "submission"}


def position(**changes: Any) -> str:
    data = {**NOTATION_EXAMPLE, **changes}
    return json.dumps({k: v for k, v in data.items() if v is not ...})


def moves(capsys: pytest.CaptureFixture[str], *args: str) -> list[dict[str, Any]]:
    assert main(["combat", "moves", *args, "--json"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    data = json.loads(captured.out)
    assert isinstance(data, list)
    return data


def check_shape(data: list[dict[str, Any]]) -> None:
    """Every documented key and type; the sort orders; counters exactly for the unsafe plays."""
    for item in data:
        keys = ["cards", "to", "safe", "points", "wins"] + ([] if item["safe"] else ["counters"])
        assert list(item) == keys
        assert all(isinstance(c, str) for c in item["cards"]) and item["cards"]
        assert isinstance(item["to"], int) and 1 <= item["to"] <= 9
        assert isinstance(item["safe"], bool)
        points = item["points"]
        assert list(points) == POINT_KEYS and all(type(v) is int for v in points.values())
        assert points["total"] == sum(points[k] for k in POINT_KEYS[:-1])
        assert item["wins"] == sorted(set(item["wins"])) and set(item["wins"]) <= WIN_NAMES
        for counter in item.get("counters", []):
            assert list(counter) == ["card", "points", "wins"]
            assert type(counter["points"]) is int
            assert counter["wins"] == sorted(set(counter["wins"])) and set(counter["wins"]) <= {
                "knock-out",
                "submission",
            }
        tokens = [c["card"] for c in item.get("counters", [])]
        assert tokens == sorted(set(tokens))
    keys = [(item["to"], item["cards"]) for item in data]
    assert keys == sorted(keys) and len({(t, tuple(c)) for t, c in keys}) == len(keys)


def test_the_documented_example(capsys: pytest.CaptureFixture[str]) -> None:
    data = moves(capsys, position())
    check_shape(data)
    assert {
        "cards": ["2H", "3D"],
        "to": 2,
        "safe": False,
        "points": {"base": 3, "combo": 0, "rush": 0, "block": 0, "punish": 0, "total": 3},
        "wins": [],
        "counters": [{"card": "JS", "points": 2, "wins": []}],
    } in data
    assert [(d["to"], d["cards"]) for d in data] == [
        (2, ["2H"]),
        (2, ["2H", "3D"]),
        (2, ["3D"]),
        (2, ["3D", "2H"]),
        (4, ["9D"]),
        (5, ["9D"]),
        (6, ["9D"]),
        (8, ["9D"]),
    ]
    safe = {d["to"]: d for d in data if d["cards"] == ["9D"]}
    assert "counters" not in safe[5] and safe[4]["counters"] == []  # unsafe onto BLACK's 9, nothing answers


NOTATION_DOC = ROOT / "docs" / "combat-notation.md"


def test_the_documented_contract_is_this_one(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/combat-notation.md shows exactly the example position and one of its plays."""
    blocks = re.findall(r"```json\n(.*?)```", NOTATION_DOC.read_text(encoding="utf-8"), re.DOTALL)
    assert json.loads(blocks[0]) == NOTATION_EXAMPLE
    assert json.loads(blocks[1]) in moves(capsys, position())
    text = NOTATION_DOC.read_text(encoding="utf-8")
    assert "2H-3D onto 2 (unsafe): Throw 3 = 3; JS counters for 2" in text


def test_the_text_form(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["combat", "moves", position()]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "2H-3D onto 2 (unsafe): Throw 3 = 3; JS counters for 2" in lines
    assert "9D onto 4 (unsafe): Attack 1 + Combo 1 + Rush 1 = 3; no counter" in lines
    assert "9D onto 6 (safe): Attack 1 + Combo 2 = 3" in lines
    assert len(lines) == 8


def test_sorting_is_by_place_then_card_strings(capsys: pytest.CaptureFixture[str]) -> None:
    # "10H" < "9H" < "AH" as strings; a joker and a counter list sorted as plain strings too
    text = position(
        stacks=[["9S"], ["9C"], ["QS"], ["8S"], ["KH"], ["KD"], ["6H"], ["6D"], ["7H"]],
        hand=["10H", "9H", "AH", "RJ"],
        defender_hand=["10S"],
    )
    data = moves(capsys, text)
    check_shape(data)
    at_one = [d["cards"] for d in data if d["to"] == 1]
    assert at_one == sorted(at_one) and ["10H"] in at_one and ["9H"] in at_one and ["RJ"] in at_one
    assert at_one.index(["10H"]) < at_one.index(["9H"]) < at_one.index(["RJ"])
    # the joker alone is safe (P4) and listed once, however many values it could take
    jokers = [d for d in data if d["cards"] == ["RJ"]]
    assert len(jokers) == len({d["to"] for d in jokers}) and all(d["safe"] for d in jokers)


def test_counters_sorted_by_token_and_their_wins(capsys: pytest.CaptureFixture[str]) -> None:
    # WUSHU holds two counter cards: "10S" < "9C" as strings; 10S onto a 9 in the neutral row beside
    # BLACK's 10 is a SUBMISSION for BLACK
    text = position(
        stacks=[["5S"], ["AS"], ["QS"], ["10C"], ["KH"], ["9S"], ["6H"], ["6D"], ["7H"]],
        hand=["9H"],
        defender_hand=["9C", "10S"],
        styles={"black": "wushu"},
        first_play=True,
    )
    data = moves(capsys, text)
    check_shape(data)
    play = next(d for d in data if d["to"] == 6 and d["cards"] == ["9H"])
    assert play["counters"] == [
        {"card": "10S", "points": 2, "wins": ["submission"]},  # WUSHU holding two: 1, and BLOCK 1
        {"card": "9C", "points": 2, "wins": []},  # a perfect counter, halved by WUSHU
    ]


def test_wins_are_listed_before_any_counter(capsys: pytest.CaptureFixture[str]) -> None:
    # an unsafe submission with its answer; a safe ring out; a knock out
    text = position(
        stacks=[["5S", "9H"], ["AS"], ["QS"], ["10H"], ["KH"], ["9S"], ["6H"], ["6D"], ["7H"]],
        hand=["10D"],
        defender_hand=["9C"],
        scores={"red": 28, "black": 0},
    )
    data = {d["to"]: d for d in moves(capsys, text)}
    assert data[1]["wins"] == ["knock-out", "ring-out"] and data[1]["safe"]
    assert data[6]["wins"] == ["knock-out", "submission"] and not data[6]["safe"]
    assert data[6]["counters"] == [{"card": "9C", "points": 2, "wins": []}]


def test_styles_put_their_bonus_into_the_part_they_change(capsys: pytest.CaptureFixture[str]) -> None:
    grid = [["5S"], ["AS"], ["QS"], ["9S"], ["KH", "9C", "9H"], ["KD"], ["6H"], ["6D"], ["7H"]]
    base = {"stacks": grid, "hand": ["9D", "2H", "3H"], "first_play": True, "punish_place": None}

    def points(style: str, to: int, cards: list[str]) -> dict[str, int]:
        data = moves(capsys, position(**base, styles={"red": style}))
        return next(d["points"] for d in data if d["to"] == to and d["cards"] == cards)

    assert points("karate", 5, ["9D"]) == {"base": 1, "combo": 2, "rush": 2, "block": 0, "punish": 0, "total": 5}
    assert points("krav-maga", 4, ["9D"]) == {"base": 2, "combo": 1, "rush": 1, "block": 0, "punish": 0, "total": 4}
    assert points("wrestling", 2, ["2H", "3H"]) == {
        "base": 5,
        "combo": 0,
        "rush": 0,
        "block": 0,
        "punish": 0,
        "total": 5,
    }
    jkd = points("jeet-kune-do", 5, ["9D"])  # a rush of three: 1 + 2 + 3, and the 9 beside it
    assert jkd == {"base": 1, "combo": 1, "rush": 5, "block": 0, "punish": 0, "total": 7}


def test_punish_and_first_play(capsys: pytest.CaptureFixture[str]) -> None:
    first = {(d["to"], tuple(d["cards"])): d["points"]["punish"] for d in moves(capsys, position(first_play=True))}
    assert first[(8, ("9D",))] == 1 and first[(6, ("9D",))] == 0
    later = {(d["to"], tuple(d["cards"])): d["points"]["punish"] for d in moves(capsys, position())}
    assert later[(8, ("9D",))] == 0


def test_dash_reads_standard_input(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(position()))
    from_stdin = moves(capsys, "-")
    assert from_stdin == moves(capsys, position())


def test_in_a_subprocess_with_stdin() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "clubfight", "combat", "moves", "-", "--json"],
        input=position(),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    check_shape(json.loads(result.stdout))


def test_no_play_lists_nothing_and_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    text = position(hand=[])
    assert moves(capsys, text) == []
    assert main(["combat", "moves", text]) == 0
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and "no legal plays" in captured.err


BAD_POSITIONS = [
    (position(hand=["9D", "2H", "3D", "9D"]), "9D appears twice"),
    (position(defender_hand=["7S"]), "7S appears twice"),
    (position(hand=["9S"]), "'hand' holds 9S"),
    (position(advantage=["4H"]), "'advantage' holds 4H"),
    (position(defender_hand=["4D"]), "'defender_hand' holds 4D"),
    (position(stacks=NOTATION_EXAMPLE["stacks"][:8]), "8 stacks"),
    (position(stacks=[*NOTATION_EXAMPLE["stacks"], ["4H"]]), "10 stacks"),
    (position(stacks=[[], *NOTATION_EXAMPLE["stacks"][1:]]), "place 1 is empty"),
    (position(stacks="5S"), "'stacks' should be a list"),
    (position(stacks=[["5S"], *NOTATION_EXAMPLE["stacks"][1:8], "7H"]), "place 9 should be a list"),
    (position(hand=["XX"]), "unknown card 'XX'"),
    (position(hand=[9]), "'hand'[0] should be a card"),
    (position(attacker="green"), "'attacker' should be one of red, black"),
    (position(scores={"red": 4}), "no 'black'"),
    (position(scores={"red": 4, "black": 30}), "scores 'black' is 30"),
    (position(scores={"red": True, "black": 1}), "scores 'red' should be a whole number"),
    (position(scores={"red": 1.5, "black": 1}), "scores 'red' should be a whole number"),
    (position(first_play=1), "'first_play' should be true or false"),
    (position(punish_place=0), "'punish_place' should be a place 1-9 or null, not 0"),
    (position(punish_place="8"), "'punish_place' should be a place"),
    (position(hand=["9D", "2H", "3D", "4H", "5H"]), "'hand' holds 5 cards"),
    (position(defender_hand=["JS", "9C"]), "'defender_hand' holds 2 cards"),
    (position(styles={"red": "boxing"}), "styles 'red' should be one of"),
    (position(styles={"green": "karate"}), "unknown key 'green'"),
    (position(juggle="always"), "'juggle' should be one of"),
    (position(punish=3), "unknown key 'punish'"),
    (position(attacker=...), "no 'attacker'"),
    ("[1, 2]", "should be an object"),
    ("", "not JSON"),
    ("{", "not JSON"),
    ('{"stacks": NaN}', "NaN"),
    ('{"hand": [], "hand": []}', "given twice"),
    ("[" * 5000 + "]" * 5000, "nested too deeply"),
    ("1" * 5000, "not JSON this reader takes"),
    (" " * 30_000, "too long"),
]


@pytest.mark.parametrize(("text", "words"), BAD_POSITIONS)
def test_every_bad_position_is_one_line_and_status_2(text: str, words: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["combat", "moves", text, "--json"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "Traceback" not in captured.err
    assert captured.err.count("\n") == 1 and captured.err.startswith("clubfight: error: bad position: ")
    assert words in captured.err, captured.err
    assert len(captured.err) < 300


def test_a_bad_position_from_stdin_in_a_subprocess_has_no_traceback() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "clubfight", "combat", "moves", "-"],
        input=position(hand=["9S"]),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr


def test_undecodable_stdin_is_one_line_too() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "clubfight", "combat", "moves", "-"],
        input=b'{"stacks": "\xff\xfe"}',
        capture_output=True,
        timeout=60,
        check=False,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )
    assert result.returncode == 2 and result.stdout == b""
    assert result.stderr.count(b"\n") == 1 and b"not text" in result.stderr


def test_an_unknown_combat_command_is_a_usage_error() -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["combat", "nonsense"])
    assert exit_.value.code == 2


def round_trip(r: Round) -> Round:
    again = parse_position(format_position(r))
    assert format_position(again) == format_position(r)
    return again


def test_position_json_round_trips_the_example() -> None:
    r = parse_position(position())
    assert json.loads(format_position(r)) == NOTATION_EXAMPLE
    assert round_trip(r) == r
    styled = parse_position(position(styles={"black": "sumo", "red": "karate"}, juggle="both"))
    assert json.loads(format_position(styled))["styles"] == {"red": "karate", "black": "sumo"}
    assert round_trip(styled) == styled
    assert parse_position(position(hand=["9d", " 2h", "3D"])).hand(r.attacker) == tuple(
        Card.parse(t) for t in ("9D", "2H", "3D")
    )


def test_an_mma_attacker_may_hold_more_than_four_cards() -> None:
    """MMA's extra draw after a throw takes the hand past 4 (F1): such a position is real, not refused."""
    from clubfight.combat.engine import NotationError, parse_position

    position: dict[str, Any] = {
        "stacks": [["5S"], ["AS"], ["QS"], ["9S"], ["KH"], ["KD"], ["6H"], ["7S"], ["7H"]],
        "attacker": "red",
        "hand": ["9D", "2H", "3D", "4H", "5H"],
        "advantage": [],
        "defender_hand": [],
        "scores": {"red": 4, "black": 6},
        "first_play": False,
        "punish_place": None,
        "styles": {"red": "mma"},
    }
    parsed = parse_position(json.dumps(position))
    assert len(parsed.hand(parsed.attacker)) == 5
    position["styles"] = {}
    with pytest.raises(NotationError, match="at most 4"):
        parse_position(json.dumps(position))
