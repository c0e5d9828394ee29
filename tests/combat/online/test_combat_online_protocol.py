"""The wire format, room codes and room options: strict reading, one-line errors, never a crash."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from clubfight.combat.engine import Colour, CombatCode, Juggle, Style
from clubfight.combat.online.codes import ALPHABET, CODE_SPACE, RoomCodeError, new_room_code, parse_room_code
from clubfight.combat.online.options import OptionError, RoomOptions
from clubfight.combat.online.protocol import (
    ERROR_CODES,
    FIELDS,
    MAX_CLIENT_FRAME,
    PROTOCOL,
    VERSION_MESSAGE,
    Act,
    Claim,
    Create,
    Join,
    Leave,
    ProtocolError,
    Ready,
    Resume,
    Watch,
    encode,
    parse_client_message,
)


def frame(**fields: Any) -> str:
    return json.dumps({"protocol": PROTOCOL, **fields})


def refused(text: str | bytes) -> ProtocolError:
    with pytest.raises(ProtocolError) as caught:
        parse_client_message(text)
    error = caught.value
    assert error.code in ERROR_CODES
    assert "\n" not in error.message and error.message
    return error


# --- room codes ------------------------------------------------------------------------------------


def test_room_codes_are_two_groups_of_three_unambiguous_symbols() -> None:
    assert len(ALPHABET) == len(set(ALPHABET)) == 21
    assert not set(ALPHABET) & set("0O1IL2Z5S8BGQUV")
    assert CODE_SPACE == 21**6
    code = new_room_code(lambda n: bytes(range(n)))
    assert len(code) == 7 and code[3] == "-"
    assert parse_room_code(code) == code


@given(st.binary(min_size=64, max_size=64))
def test_new_room_codes_read_back_from_any_random_bytes(data: bytes) -> None:
    stream = iter(data * 50)
    code = new_room_code(lambda n: bytes(next(stream) for _ in range(n)))
    assert parse_room_code(code) == code
    assert all(s in ALPHABET for s in code.replace("-", ""))


def test_room_codes_read_in_any_case_with_or_without_the_dash() -> None:
    assert parse_room_code(" kx7-4pm ") == "KX7-4PM"
    assert parse_room_code("KX74PM") == "KX7-4PM"
    assert parse_room_code("kx7 4pm") == "KX7-4PM"


@pytest.mark.parametrize("text", ["", "KX7-4P", "KX7-4PMM", "KX7-4P0", "ÄX7-4PM", "KX7-4PS", "x" * 100])
def test_what_is_not_a_room_code_is_refused_in_one_line(text: str) -> None:
    with pytest.raises(RoomCodeError) as caught:
        parse_room_code(text)
    assert "\n" not in str(caught.value)


# --- options ---------------------------------------------------------------------------------------


def test_options_default_to_the_plain_game_with_a_three_second_window() -> None:
    options = RoomOptions.from_json({})
    assert options == RoomOptions()
    assert (options.rounds, options.counter_window, options.turn_timer, options.grace) == (3, 3.0, None, 120.0)
    assert options.colour == "draw" and not options.coach and options.deal is None


def test_options_read_back_from_their_json() -> None:
    options = RoomOptions(
        rounds=5,
        host_style=Style.KARATE,
        guest_style=Style.SUMO,
        juggle=Juggle.BOTH,
        survival=True,
        colour="black",
        counter_window=0.5,
        turn_timer=30.0,
        grace=60.0,
        coach=True,
        deal=CombatCode(7),
    )
    assert RoomOptions.from_json(json.loads(json.dumps(options.to_json()))) == options


def test_styles_go_to_the_host_and_guest_colours() -> None:
    options = RoomOptions(host_style=Style.WUSHU, guest_style=Style.MMA)
    rules = options.rules(Colour.BLACK)
    assert (rules.red_style, rules.black_style) == (Style.MMA, Style.WUSHU)
    assert options.rules(Colour.RED).red_style is Style.WUSHU


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ([], "options must be an object"),
        ({"round": 3}, "options.'round' is not an option"),
        ({"rounds": 2}, "options.rounds"),
        ({"rounds": True}, "options.rounds"),
        ({"rounds": 3.0}, "options.rounds"),
        ({"styles": {"host": "judo"}}, "options.styles.host"),
        ({"styles": {"red": "karate"}}, "options.styles.'red'"),
        ({"styles": "karate"}, "options.styles"),
        ({"juggle": "yes"}, "options.juggle"),
        ({"survival": 1}, "options.survival"),
        ({"coach": "no"}, "options.coach"),
        ({"colour": "blue"}, "options.colour"),
        ({"counter_window": 0}, "options.counter_window"),
        ({"counter_window": 61}, "options.counter_window"),
        ({"counter_window": True}, "options.counter_window"),
        ({"turn_timer": 0.5}, "options.turn_timer"),
        ({"grace": "120"}, "options.grace"),
        ({"deal": 12345}, "options.deal"),
        ({"deal": "easy-7"}, "options.deal"),
    ],
)
def test_a_wrong_option_is_named(options: object, named: str) -> None:
    with pytest.raises(OptionError) as caught:
        RoomOptions.from_json(options)
    assert named in str(caught.value) and "\n" not in str(caught.value)


# --- client messages -------------------------------------------------------------------------------


def test_every_message_type_reads() -> None:
    assert parse_client_message(frame(type="create")) == Create(RoomOptions())
    assert parse_client_message(frame(type="create", options={"rounds": 1})) == Create(RoomOptions(rounds=1))
    assert parse_client_message(frame(type="join", room="kx7-4pm")) == Join("KX7-4PM")
    assert parse_client_message(frame(type="join", room="KX7-4PM", style="sumo")) == Join(
        "KX7-4PM", Style.SUMO, has_style=True
    )
    assert parse_client_message(frame(type="join", room="KX7-4PM", style=None)) == Join("KX7-4PM", None, True)
    assert parse_client_message(frame(type="resume", room="KX7-4PM", token="t")) == Resume("KX7-4PM", "t")
    assert parse_client_message(frame(type="watch", room="KX7-4PM")) == Watch("KX7-4PM")
    assert parse_client_message(frame(type="act", action="7C@8")) == Act("7C@8")
    assert parse_client_message(frame(type="act", action="end", step=12)) == Act("end", 12)
    assert parse_client_message(frame(type="ready")) == Ready()
    assert parse_client_message(frame(type="claim")) == Claim()
    assert parse_client_message(frame(type="leave")) == Leave()
    assert set(FIELDS) == {"create", "join", "resume", "watch", "act", "ready", "claim", "leave"}


def test_another_protocol_is_told_so_in_one_line_and_closes() -> None:
    error = refused(json.dumps({"protocol": 2, "type": "ready"}))
    assert (error.code, error.message, error.fatal) == ("protocol-version", VERSION_MESSAGE, True)
    assert error.message == "this server speaks protocol 1; update clubfight"
    assert refused(json.dumps({"protocol": "1", "type": "ready"})).code == "protocol-version"
    missing = refused(json.dumps({"type": "ready"}))
    assert missing.code == "protocol-version" and VERSION_MESSAGE in missing.message and not missing.fatal


@pytest.mark.parametrize(
    ("text", "code"),
    [
        (b"\x00\x01binary", "bad-frame"),
        ("x" * (MAX_CLIENT_FRAME + 1), "bad-frame"),
        ('{"protocol": 1, "type": "ready"', "bad-json"),
        ("[1, 2]", "bad-json"),
        ('"ready"', "bad-json"),
        ('{"protocol": 1, "type": "ready", "type": "claim"}', "bad-json"),
        ('{"protocol": 1, "type": "act", "action": "end", "step": NaN}', "bad-json"),
        ("[" * 100_00, "bad-json"),
        ('{"protocol": 1, "type": "act", "action": "end", "step": 1' + "0" * 5000 + "}", "bad-json"),
        (frame(type="hello"), "unknown-type"),
        (frame(type=None), "unknown-type"),
        (frame(), "unknown-type"),
        (frame(type="ready", extra=1), "bad-field"),
        (frame(type="join"), "bad-field"),
        (frame(type="join", room=7), "bad-field"),
        (frame(type="join", room="KX7-4P0"), "bad-field"),
        (frame(type="join", room="KX7-4PM", style="judo"), "bad-field"),
        (frame(type="resume", room="KX7-4PM"), "bad-field"),
        (frame(type="resume", room="KX7-4PM", token=""), "bad-field"),
        (frame(type="resume", room="KX7-4PM", token="t" * 101), "bad-field"),
        (frame(type="act"), "bad-field"),
        (frame(type="act", action=["7C@8"]), "bad-field"),
        (frame(type="act", action="x" * 201), "bad-field"),
        (frame(type="act", action="end", step=-1), "bad-field"),
        (frame(type="act", action="end", step=True), "bad-field"),
        (frame(type="act", action="end", step=1.5), "bad-field"),
        (frame(type="create", options={"rounds": 4}), "bad-field"),
        (frame(type="create", options=None), "bad-field"),
    ],
)
def test_bad_frames_are_refused_with_a_code_and_one_line(text: str | bytes, code: str) -> None:
    assert refused(text).code == code


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)


@given(
    st.sampled_from(sorted(FIELDS)),
    st.dictionaries(st.sampled_from(["room", "token", "action", "step", "style", "options", "x"]), JSON),
)
def test_any_fields_on_any_type_read_or_are_refused(kind: str, fields: dict[str, Any]) -> None:
    try:
        parse_client_message(frame(type=kind, **fields))
    except ProtocolError as error:
        assert error.code in ERROR_CODES and "\n" not in error.message


@given(st.text(max_size=300) | st.binary(max_size=300))
def test_any_frame_at_all_reads_or_is_refused(text: str | bytes) -> None:
    try:
        parse_client_message(text)
    except ProtocolError as error:
        assert error.code in ERROR_CODES


def test_the_server_writes_protocol_first() -> None:
    assert encode({"type": "ready"}) == '{"protocol":1,"type":"ready"}'
    error = ProtocolError("illegal-action", "no", ruling="P1", request="act").to_json()
    assert error == {
        "type": "error",
        "code": "illegal-action",
        "message": "no",
        "ruling": "P1",
        "request": "act",
        "fatal": False,
    }
