"""A room as a JSON document, and back: what the room store keeps after every change. Pure.

A snapshot holds the room's options, the match's deal and every action (as a record does), the
seats' token hashes, and what the table holds between actions: arrangements kept back in setup,
players ready for the next round, an open counter window. Reading one replays every action
through the engine, so a snapshot can only bring back a match the rules allow.

Time isn't kept: a room read back (after a restart) starts its open counter window and its turn
timer afresh, and counts both players as away from that moment, so nobody loses a decision or a
round to the time the server was down.
"""

from __future__ import annotations

from typing import Any

from clubfight.combat.engine import Action, Arrange, Attack, Colour, CombatCode, Phase, Round, parse_action

from .codes import parse_room_code
from .notes import action_text, is_safe_play
from .options import OptionError, RoomOptions
from .table import SEATS, Stage, Table, Window, pending_round

SNAPSHOT_KIND = "clubfight-online-room"
SNAPSHOT_VERSION = 1
_COLOURS = {c.value: c for c in SEATS}
_STAGES = {s.value: s for s in Stage}


class SnapshotError(ValueError):
    """A snapshot that can't be a room: the message says what is wrong."""


def table_snapshot(table: Table) -> dict[str, Any]:
    """The room as a JSON-ready dict (the body of a ``clubfight-online-room`` document)."""
    window = table.window
    return {
        "room": table.room,
        "options": table.options.to_json(),
        "deal": str(table.code),
        "host": table.host.value,
        "tokens": {c.value: table.tokens[c] for c in SEATS},
        "step": table.step,
        "stage": table.stage.value,
        "rounds": [
            {
                "actions": _texts(table.room, played.number, played.actions),
                "claimed_by": (c.value if (c := table.claims.get(played.number)) else None),
            }
            for played in table.match.rounds
        ],
        "arrangements": {c.value: str(a) for c, a in table.arrangements.items()},
        "ready": [c.value for c in SEATS if c in table.ready],
        "window": None if window is None else {"declined": window.declined},
    }


_WRITTEN_LIMIT = 50_000
_written: dict[tuple[str, int], tuple[tuple[Action, ...], list[str]]] = {}
"""Each room round's actions and their text as last written: a room is written after every action
and its rounds only grow, so each action is named once, not at every write (bounded: emptied when
full)."""


def _texts(room: str, number: int, actions: tuple[Action, ...]) -> list[str]:
    """The text of ``actions``, reusing what was written for the same actions before."""
    key = (room, number)
    known = _written.get(key)
    if known is not None and len(known[0]) <= len(actions) and actions[: len(known[0])] == known[0]:
        texts = known[1] + [action_text(a) for a in actions[len(known[0]) :]]
    else:
        texts = [action_text(a) for a in actions]
    if len(_written) >= _WRITTEN_LIMIT:
        _written.clear()
    _written[key] = (actions, texts)
    return list(texts)


def table_from_snapshot(data: dict[str, Any], now: float) -> Table:
    """The room a snapshot describes, its timers starting at ``now``; raises SnapshotError."""
    try:
        return _read(data, now)
    except SnapshotError:
        raise
    except (KeyError, TypeError, AttributeError, IndexError, ValueError) as error:
        # ValueError covers OptionError, NotationError and IllegalActionError: a hand-edited or
        # damaged file, never a crash.
        raise SnapshotError(f"not a room this server can read back ({type(error).__name__}: {error})") from None


def _read(data: dict[str, Any], now: float) -> Table:
    room = parse_room_code(_field(data, "room", str))
    try:
        options = RoomOptions.from_json(_field(data, "options", dict))
    except OptionError as error:
        raise SnapshotError(str(error)) from None
    code = CombatCode.parse(_field(data, "deal", str))
    host = _colour(_field(data, "host", str))
    table = Table(room, options, code, host)
    tokens = _field(data, "tokens", dict)
    for colour in SEATS:
        token = tokens.get(colour.value)
        if token is not None and not isinstance(token, str):
            raise SnapshotError("a token hash is a string")
        table.tokens[colour] = token
        table.away_since[colour] = now if token is not None else None
    rounds = _field(data, "rounds", list)
    if not rounds:
        raise SnapshotError("a match has at least one round")
    before = table.current
    for index, played in enumerate(rounds):
        if index:
            table.deal_next_round()
        for text in played["actions"]:
            before = table.current
            table.advance(parse_action(text))
        claimant = played["claimed_by"]
        if claimant is not None:
            table.claims[table.match.round_number] = _colour(claimant)
    table.stage = _STAGES[_field(data, "stage", str)]
    table.step = _field(data, "step", int)
    for name, text in _field(data, "arrangements", dict).items():
        colour = _colour(name)
        action = parse_action(text)
        if not isinstance(action, Arrange) or table.setup_round(colour).explain(action) is not None:
            raise SnapshotError(f"{text!r} is not an arrangement of {colour}'s hand")
        table.arrangements[colour] = action
    table.ready = {_colour(name) for name in _field(data, "ready", list)}
    window = data.get("window")
    if window is not None:
        table.window = _window(table, before, bool(window["declined"]), now)
    _check(table)
    timer = options.turn_timer
    if timer is not None and table.window is None and table.to_act():
        table.deadline = now + timer
    return table


def _window(table: Table, before: Round, declined: bool, now: float) -> Window:
    """The counter window over the round's last action, which must be an unsafe play."""
    played = table.match.rounds[-1]
    if not played.actions or not isinstance(played.actions[-1], Attack):
        raise SnapshotError("a counter window follows a play")
    attack = played.actions[-1]
    covered = before.stack(attack.to)[-1]
    if is_safe_play(attack.cards, covered, before.attacker):
        raise SnapshotError("a counter window follows an unsafe play only")
    after = table.current
    points = before.points_of(attack)
    held = () if after.phase is Phase.COUNTER else after.events[1:]
    shown = pending_round(before, attack, points)
    return Window(attack, before, shown, points, held, now + table.options.counter_window, declined)


def _check(table: Table) -> None:
    """The stage must agree with the match the actions lead to."""
    stage = table.stage
    over = table.match.round_number in table.claims or table.current.is_over
    started = all(table.tokens[c] is not None for c in SEATS)
    if stage is Stage.WAITING and (started or table.match.current.phase is not Phase.SETUP):
        raise SnapshotError("a room waiting for its guest has a free seat and no play yet")
    if stage in (Stage.SETUP, Stage.PLAY) and over and table.window is None:
        raise SnapshotError(f"the stage is {stage.value} but the round is over")
    if stage is Stage.SETUP and table.current.phase is not Phase.SETUP:
        raise SnapshotError("the stage is setup but the round has begun")
    if stage is Stage.PLAY and table.current.phase is Phase.SETUP:
        raise SnapshotError("the stage is play but the round is still in setup")
    if stage is not Stage.WAITING and not started:
        raise SnapshotError("a match under way has both seats taken")
    if stage in (Stage.ROUND_OVER, Stage.MATCH_OVER) and not over:
        raise SnapshotError(f"the stage is {stage.value} but the round goes on")
    if (stage is Stage.MATCH_OVER) != (table.winner is not None):
        raise SnapshotError("the stage and the match's winner disagree")
    if table.window is not None and stage is not Stage.PLAY:
        raise SnapshotError("a counter window is open only during play")
    if table.step < 0:
        raise SnapshotError("the step is a count")


def _field(data: dict[str, Any], name: str, kind: type) -> Any:
    value = data[name]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise SnapshotError(f"{name!r} has the wrong type")
    return value


def _colour(name: object) -> Colour:
    if not isinstance(name, str) or name not in _COLOURS:
        raise SnapshotError(f"{name!r} is not a colour")
    return _COLOURS[name]
