"""A client's reading of what the server sends (protocol 1), and the round a seat sees. Pure.

``parse_server_message`` turns a frame into one of ``Joined``, ``Watching``, ``SeatState``,
``Presence`` or ``ServerError``, checking what a client relies on, and raises ServerMessageError
(never anything else) for a frame it can't use. ``SeatState.to_round()`` rebuilds the round as the
seat sees it, the form ``clubfight.combat.ai.choose`` takes: the hidden cards (the other hand and
both decks) are the colours' cards not in sight, in sorted order, as ``ai.observe`` leaves them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, TypeAlias

from clubfight.combat.engine import (
    BLACK_DECK,
    RED_DECK,
    Attack,
    Card,
    Colour,
    Juggle,
    Phase,
    PlayKind,
    Points,
    Round,
    Rules,
    Style,
    front_row,
    neutral_place,
)

from .protocol import PROTOCOL

_COLOURS = {c.value: c for c in Colour}
_PHASES = {"setup": Phase.SETUP, "draw": Phase.DRAW, "attack": Phase.ATTACK, "counter": Phase.COUNTER}


class ServerMessageError(ValueError):
    """A frame from the server this client can't use."""


@dataclass(frozen=True, slots=True)
class Joined:
    """A seat is ours: keep ``token`` to resume it."""

    room: str
    seat: Colour
    token: str
    host: bool
    resumed: bool
    options: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Watching:
    room: str
    options: dict[str, Any]


@dataclass(frozen=True, slots=True)
class ServerError:
    """The server refused a message (``code``: docs/online.md); ``fatal`` means it closes the connection."""

    code: str
    message: str
    ruling: str | None = None
    request: str | None = None
    fatal: bool = False

    def __str__(self) -> str:
        ruling = f" ({self.ruling})" if self.ruling else ""
        return f"{self.message}{ruling}"


@dataclass(frozen=True, slots=True)
class Presence:
    """Who holds each seat and who is connected; ``away_for`` and ``claimable_in`` in seconds."""

    room: str
    seats: dict[str, dict[str, Any]]
    grace: float

    def connected(self, colour: Colour) -> bool:
        return bool(self.seats[colour.value]["connected"])

    def away_for(self, colour: Colour) -> float | None:
        value = self.seats[colour.value]["away_for"]
        return None if value is None else float(value)

    def claimable(self, colour: Colour) -> bool:
        """May ``colour``'s opponent claim the round now?"""
        return bool(self.seats[colour.value]["claimable_in"] == 0)

    def waiting_text(self, colour: Colour) -> str | None:
        """ "waiting for RED to reconnect (0:42)", or None while ``colour`` is here."""
        away = self.away_for(colour)
        if away is None:
            return None
        minutes, seconds = divmod(int(away), 60)
        return f"waiting for {colour} to reconnect ({minutes}:{seconds:02d})"


@dataclass(frozen=True, slots=True)
class SeatState:
    """A ``state`` message: the room's ``step``, what happened since the last one, and the view."""

    room: str
    step: int
    seat: Colour | None
    events: tuple[dict[str, Any], ...]
    view: dict[str, Any]

    @property
    def phase(self) -> str:
        return str(self.view["phase"])

    @property
    def to_act(self) -> tuple[Colour, ...]:
        return tuple(_COLOURS[c] for c in self.view["to_act"])

    @property
    def my_turn(self) -> bool:
        """Has this seat a decision to make: an action from ``legal``, or ``ready`` after a round? (A
        defender who let the play stand is still shown to act until the window closes, with nothing
        left to choose.)"""
        if self.seat is None or self.seat not in self.to_act:
            return False
        return bool(self.legal) or self.phase == "round-over"

    @property
    def legal(self) -> tuple[str, ...]:
        return tuple(self.view.get("legal", ()))

    @property
    def previews(self) -> tuple[dict[str, Any], ...]:
        return tuple(self.view.get("previews", ()))

    @property
    def round_number(self) -> int:
        return int(self.view["round"])

    @property
    def match_over(self) -> bool:
        return self.phase == "match-over"

    @property
    def record(self) -> str | None:
        """The match's record text (combat club record 1), once the match is over."""
        record = self.view.get("record")
        return record if isinstance(record, str) else None

    def to_round(self) -> Round:
        """The round as this seat sees it (SETUP, DRAW, ATTACK or COUNTER), for the AI or previews.

        In SETUP, BLACK's round has RED's cards laid out by a stand-in arrangement (RED arranges
        first in the engine, U4; RED's real arrangement stays hidden until both are in, U2)."""
        seat = self.seat
        if seat is None:
            raise ValueError("a spectator has no seat to see the round from")
        view = self.view
        phase = _PHASES.get(self.phase)
        if phase is None:
            raise ValueError(f"there is no round to play in the {self.phase} phase")
        stacks = [_cards(s) for s in view["stacks"]]
        hand = _cards(view["hand"])
        advantage = _cards(view["advantage"])
        in_sight = {c for s in stacks for c in s} | set(advantage)
        other = seat.other
        hidden = sorted(c for c in _deck(other) if c not in in_sight)
        hands: dict[Colour, tuple[Card, ...]] = {seat: hand, other: tuple(hidden[: view["hands"][other.value]])}
        decks: dict[Colour, tuple[Card, ...]] = {
            seat: tuple(sorted(c for c in _deck(seat) if c not in in_sight and c not in hand)),
            other: tuple(hidden[view["hands"][other.value] :]),
        }
        for colour in Colour:
            if len(decks[colour]) != view["decks"][colour.value]:
                raise ServerMessageError(f"the view's {colour} deck size doesn't add up")
        if phase is Phase.SETUP and seat is Colour.BLACK:
            red = hands[Colour.RED]
            for place, card in zip((*front_row(Colour.RED), neutral_place(Colour.RED)), red, strict=True):
                stacks[place - 1] = (card,)
            hands[Colour.RED] = ()
        pending = view["pending"]
        rules = _rules(view["rules"])
        attacker = _COLOURS[view["attacker"]] if view["attacker"] else Colour.BLACK
        first = view["first_defender"]
        return Round(
            stacks,
            decks[Colour.RED],
            decks[Colour.BLACK],
            hands[Colour.RED],
            hands[Colour.BLACK],
            advantage=advantage,
            red_score=view["scores"]["red"],
            black_score=view["scores"]["black"],
            attacker=attacker,
            phase=phase,
            pending=None if pending is None else Attack(_cards(pending["cards"]), pending["to"]),
            pending_points=None if pending is None else points_from_json(pending["points"]),
            punish_place=view["punish_place"],
            last_place=view["last_place"],
            countered=view["countered"],
            passes=view["passes"],
            rules=rules,
            first_defender=None if first is None else _COLOURS[first],
            draw_off=[(Card.parse(r), Card.parse(b)) for r, b in view["draw_off"]],
        )


ServerMessage: TypeAlias = Joined | Watching | SeatState | Presence | ServerError


def parse_server_message(frame: str | bytes) -> ServerMessage:
    """Read one frame from the server; raises ServerMessageError."""
    if not isinstance(frame, str):
        raise ServerMessageError("the server sent a binary frame")
    try:
        data = json.loads(frame)
    except ValueError:
        raise ServerMessageError("the server sent something that isn't JSON") from None
    if not isinstance(data, dict):
        raise ServerMessageError("the server sent JSON that isn't an object")
    if data.get("protocol") != PROTOCOL:
        raise ServerMessageError(
            f"the server speaks protocol {data.get('protocol')!r}; this clubfight speaks {PROTOCOL}: update one of them"
        )
    try:
        return _message(data)
    except (KeyError, TypeError, ValueError) as error:
        raise ServerMessageError(
            f"the server sent a {data.get('type')!r} message this client can't read ({error})"
        ) from None


def _message(data: dict[str, Any]) -> ServerMessage:
    kind = data["type"]
    if kind == "state":
        seat = data["seat"]
        view = data["view"]
        if not isinstance(view, dict) or not isinstance(data["events"], list):
            raise TypeError("view and events")
        step = data["step"]
        if type(step) is not int:
            raise TypeError("step")
        return SeatState(str(data["room"]), step, None if seat is None else _COLOURS[seat], tuple(data["events"]), view)
    if kind == "presence":
        return Presence(str(data["room"]), dict(data["seats"]), float(data["grace"]))
    if kind == "joined":
        return Joined(
            str(data["room"]),
            _COLOURS[data["seat"]],
            str(data["token"]),
            bool(data["host"]),
            bool(data["resumed"]),
            dict(data["options"]),
        )
    if kind == "watching":
        return Watching(str(data["room"]), dict(data["options"]))
    if kind == "error":
        return ServerError(
            str(data["code"]), str(data["message"]), data.get("ruling"), data.get("request"), bool(data.get("fatal"))
        )
    raise ValueError(f"unknown type {kind!r}")


def points_from_json(data: dict[str, Any]) -> Points:
    return Points(
        PlayKind(data["kind"]),
        base=data["base"],
        combo=data["combo"],
        rush=data["rush"],
        block=data["block"],
        punish=data["punish"],
        counter=data["counter"],
    )


def _rules(data: dict[str, Any]) -> Rules:
    styles = {c: (None if (s := data["styles"][c.value]) is None else Style(s)) for c in Colour}
    return Rules(
        red_style=styles[Colour.RED],
        black_style=styles[Colour.BLACK],
        juggle=Juggle(data["juggle"]),
        rounds=data["rounds"],
        survival=data["survival"],
    )


def _cards(tokens: list[str]) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in tokens)


def _deck(colour: Colour) -> tuple[Card, ...]:
    return RED_DECK if colour is Colour.RED else BLACK_DECK
