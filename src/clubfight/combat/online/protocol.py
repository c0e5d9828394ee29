"""The wire format of Combat Club online play, protocol 1: every frame is one JSON object with
``"protocol": 1`` and a ``"type"``. This module reads what clients send, strictly, and writes what
the server sends. Pure: no sockets, no clock (docs/online.md is the contract, written from here).

Reading never raises anything but ``ProtocolError``, whose ``code`` is one of ``ERROR_CODES`` and
whose message says what was wrong in one line. A frame is refused when it is binary, too long, not
JSON (or JSON with a repeated key, ``NaN`` or nesting too deep), not an object, of another protocol,
of an unknown type, or when any field is missing, unknown or of the wrong type or range.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, TypeAlias

from clubfight.combat.engine import Style

from .codes import RoomCodeError, parse_room_code
from .options import OptionError, RoomOptions, parse_style

PROTOCOL = 1
MAX_CLIENT_FRAME = 16 * 1024
"""Bytes. A client's largest real message (create with every option) is under 400."""
MAX_ACTION_LENGTH = 200
MAX_TOKEN_LENGTH = 100
MAX_STEP = 10**9
VERSION_MESSAGE = f"this server speaks protocol {PROTOCOL}; update clubfight"

ERROR_CODES = {
    "bad-frame": "a binary frame, or one too long",
    "bad-json": "not a JSON object",
    "protocol-version": "another protocol version (the connection closes)",
    "unknown-type": "no such message type",
    "bad-field": "a field missing, unknown, or of the wrong type or value",
    "bad-action": "an action that isn't Combat Club notation",
    "no-such-room": "no room has that code",
    "room-full": "both seats are taken",
    "bad-token": "the token holds no seat in that room",
    "too-many-attempts": "too many wrong codes or tokens (the connection may close)",
    "rate-limited": "too many messages (the connection closes)",
    "server-full": "the server holds as many rooms as it may",
    "not-in-room": "join, create, resume or watch first",
    "already-in-room": "this connection already has a seat or watches a room",
    "spectator": "a spectator can't act",
    "waiting": "the match starts when the second player joins",
    "not-your-turn": "the other player is to act",
    "wrong-seat": "that action is the other player's",
    "illegal-action": "the rules don't allow it now (the reason names the ruling)",
    "stale": "the action answers an older state than the current one",
    "not-now": "ready or claim when it doesn't apply",
    "taken-over": "another connection resumed this seat (the connection closes)",
    "too-slow": "the connection didn't read its messages (it closes; resume to go on)",
    "room-closed": "the room was removed (the connection closes)",
    "server-stopping": "the server is shutting down (the connection closes)",
    "server-error": "the server failed on this message (a bug, logged; the room goes on)",
}


class ProtocolError(Exception):
    """A frame or request refused: ``code`` (of ERROR_CODES), a one-line ``message``; ``fatal`` closes
    the connection after the error is sent. ``ruling`` names the rule an illegal action breaks."""

    def __init__(
        self, code: str, message: str, *, fatal: bool = False, ruling: str | None = None, request: str | None = None
    ) -> None:
        assert code in ERROR_CODES, code
        super().__init__(message)
        self.code = code
        self.message = message
        self.fatal = fatal
        self.ruling = ruling
        self.request = request

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": "error", "code": self.code, "message": self.message}
        if self.ruling is not None:
            data["ruling"] = self.ruling
        if self.request is not None:
            data["request"] = self.request
        data["fatal"] = self.fatal
        return data


# --- what clients send ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Create:
    """Create a room and take the host's seat."""

    options: RoomOptions


@dataclass(frozen=True, slots=True)
class Join:
    """Take the free seat of room ``room``; ``style`` (if ``has_style``) is the guest's own choice (F1)."""

    room: str
    style: Style | None = None
    has_style: bool = False


@dataclass(frozen=True, slots=True)
class Resume:
    """Take back a seat with its token (after a dropped connection, or from another device)."""

    room: str
    token: str


@dataclass(frozen=True, slots=True)
class Watch:
    """Follow a room as a spectator: the public view only."""

    room: str


@dataclass(frozen=True, slots=True)
class Act:
    """One action in Combat Club notation; ``step``, when given, must be the current state's."""

    action: str
    step: int | None = None


@dataclass(frozen=True, slots=True)
class Ready:
    """Start the next round (both players send it once a round is over)."""


@dataclass(frozen=True, slots=True)
class Claim:
    """Win the round of an opponent who has been away longer than the grace period."""


@dataclass(frozen=True, slots=True)
class Leave:
    """Close the connection. A player keeps the seat (resume later with the token)."""


ClientMessage: TypeAlias = Create | Join | Resume | Watch | Act | Ready | Claim | Leave

FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    # type: (required fields, optional fields), besides "protocol" and "type"
    "create": ((), ("options",)),
    "join": (("room",), ("style",)),
    "resume": (("room", "token"), ()),
    "watch": (("room",), ()),
    "act": (("action",), ("step",)),
    "ready": ((), ()),
    "claim": ((), ()),
    "leave": ((), ()),
}


def parse_client_message(frame: str | bytes) -> ClientMessage:
    """Read one frame from a client; raises ProtocolError (never anything else)."""
    if not isinstance(frame, str):
        raise ProtocolError("bad-frame", "frames are JSON text, not binary")
    if len(frame) > MAX_CLIENT_FRAME:
        raise ProtocolError("bad-frame", f"a frame holds at most {MAX_CLIENT_FRAME} characters")
    data = _load(frame)
    if not isinstance(data, dict):
        raise ProtocolError("bad-json", 'a message is a JSON object such as {"protocol": 1, "type": "ready"}')
    if "protocol" not in data:
        raise ProtocolError("protocol-version", f'every message carries "protocol": {PROTOCOL} ({VERSION_MESSAGE})')
    protocol = data["protocol"]
    if type(protocol) is not int or protocol != PROTOCOL:
        raise ProtocolError("protocol-version", VERSION_MESSAGE, fatal=True)
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in FIELDS:
        raise ProtocolError("unknown-type", f"unknown message type {_shown(kind)}: the types are {', '.join(FIELDS)}")
    required, optional = FIELDS[kind]
    for key in data:
        if key not in ("protocol", "type", *required, *optional):
            raise ProtocolError("bad-field", f"{kind}: unknown field {_shown(key)}", request=kind)
    for key in required:
        if key not in data:
            raise ProtocolError("bad-field", f"{kind}: the field {key!r} is missing", request=kind)
    try:
        return _build(kind, data)
    except (OptionError, RoomCodeError) as error:
        raise ProtocolError("bad-field", f"{kind}: {error}", request=kind) from None


def _build(kind: str, data: dict[str, Any]) -> ClientMessage:
    if kind == "create":
        return Create(RoomOptions.from_json(data.get("options", {})))
    if kind == "join":
        room = parse_room_code(_string(data["room"], kind, "room", 20))
        if "style" in data:
            return Join(room, parse_style(data["style"], "style"), has_style=True)
        return Join(room)
    if kind == "resume":
        room = parse_room_code(_string(data["room"], kind, "room", 20))
        return Resume(room, _string(data["token"], kind, "token", MAX_TOKEN_LENGTH))
    if kind == "watch":
        return Watch(parse_room_code(_string(data["room"], kind, "room", 20)))
    if kind == "act":
        action = _string(data["action"], kind, "action", MAX_ACTION_LENGTH)
        step = data.get("step")
        if step is not None and (type(step) is not int or not 0 <= step <= MAX_STEP):
            raise ProtocolError("bad-field", f"act: 'step' must be a whole number or null, not {_shown(step)}")
        return Act(action, step)
    if kind == "ready":
        return Ready()
    if kind == "claim":
        return Claim()
    return Leave()


def _string(value: object, kind: str, name: str, longest: int) -> str:
    if not isinstance(value, str):
        raise ProtocolError("bad-field", f"{kind}: {name!r} must be a string, not {_shown(value)}", request=kind)
    if not value or len(value) > longest:
        raise ProtocolError("bad-field", f"{kind}: {name!r} must hold 1 to {longest} characters", request=kind)
    return value


def _load(frame: str) -> Any:
    def no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        found: dict[str, Any] = {}
        for key, value in pairs:
            if key in found:
                raise ProtocolError("bad-json", f"the key {_shown(key)} is given twice")
            found[key] = value
        return found

    def no_constant(name: str) -> Any:
        raise ProtocolError("bad-json", f"{name} is not a number JSON allows")

    try:
        return json.loads(frame, object_pairs_hook=no_duplicates, parse_constant=no_constant)
    except ProtocolError:
        raise
    except json.JSONDecodeError as error:
        raise ProtocolError("bad-json", f"not JSON: {error.msg} at line {error.lineno} column {error.colno}") from None
    except RecursionError:
        raise ProtocolError("bad-json", "nested too deeply") from None
    except ValueError as error:  # an integer with thousands of digits
        raise ProtocolError("bad-json", f"not JSON this server reads: {str(error).splitlines()[0]}") from None


def _shown(value: object) -> str:
    text = json.dumps(value) if isinstance(value, (str, int, float, bool, type(None))) else type(value).__name__
    return text if len(text) <= 40 else text[:40] + "..."


# --- what the server sends -----------------------------------------------------------------------


def encode(message: dict[str, Any]) -> str:
    """One frame: ``protocol`` first, then the message's own fields, compact."""
    return json.dumps({"protocol": PROTOCOL, **message}, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def client_frame(message: dict[str, Any]) -> str:
    """What a client sends (the same shape as the server's frames)."""
    return encode(message)
