"""A headless computer player: one match through the protocol, with the same client the app uses.

It decides as the computer opponent at its level would (``clubfight.combat.ai.choose``) on the
round its seat sees (``SeatState.to_round``) and, at expert, that round's earlier positions as its
seat saw them (``SeenRounds``), and nothing else: it has no other view of the match.
Each decision's seed comes from the bot's seed and the room's step, so a bot that reconnects, or
plays against a restarted server, makes the same decision at the same step: two runs with the same
seeds and the same deal end the same way.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from clubfight.combat.ai import Opponent, choose
from clubfight.combat.engine import ALL_CARDS, Card, Colour, Event, EventKind, Round

from .client import ConnectionLost, Disconnected, OnlineSession, Stopped, Ticket
from .options import RoomOptions
from .seat_view import Joined, Presence, SeatState, ServerError

MASK = (1 << 64) - 1
PLAYED_PHASES = frozenset({"setup", "draw", "attack", "counter"})
"""The phases whose state holds a round to play (``SeatState.to_round``)."""
SEEN_KINDS = {
    kind.value: kind
    for kind in (
        EventKind.DRAW,
        EventKind.COUNTER_DRAW,
        EventKind.EXTRA_DRAW,
        EventKind.PLAY,
        EventKind.COUNTER,
        EventKind.END_TURN,
        EventKind.DRAW_OFF,
    )
}
MOST_REFUSALS = 20
"""Refused actions before the bot stops (each is a bug: its actions come from the legal list)."""


def decision_seed(seed: int, step: int) -> int:
    """The AI's seed for the decision at ``step``: the same at the same step, whatever happened between."""
    return (seed * 0x9E3779B97F4A7C15 + step * 0xBF58476D1CE4E5B9 + 1) & MASK


class SeenRounds:
    """The positions of the round in play as this seat has seen them (``SeatState.to_round``), oldest
    first: the ``history`` expert reads its clues from, as a local match passes it the round's
    positions (``FightModel.computer_action``). Only what the seat saw is in them."""

    def __init__(self) -> None:
        self.round_number = 0
        self.positions: list[Round] = []

    def saw(self, state: SeatState) -> None:
        if state.phase not in PLAYED_PHASES or state.seat is None:
            return
        if state.round_number != self.round_number:
            self.round_number, self.positions = state.round_number, []
        self.positions.append(state.to_round().replace(events=seen_events(state)))

    def before(self, state: SeatState) -> tuple[Round, ...]:
        """The round's positions before ``state`` (the last one seen, when it is that state's)."""
        if state.round_number != self.round_number:
            return ()
        return tuple(self.positions[:-1])


def seen_events(state: SeatState) -> tuple[Event, ...]:
    """The engine's events behind ``state``'s notes, as far as clues need them (``read_clues`` reads
    draws by their count, plays, counters, turn ends and the draw-off). The other seat's draws name
    no card: stand-ins of the right count fill them, and ``public_events`` never reads them."""
    found = []
    for note in state.events:
        kind = SEEN_KINDS.get(str(note.get("kind")))
        if kind is None:
            continue
        colour = Colour(note["seat"]) if "seat" in note else Colour.RED
        if kind in (EventKind.DRAW, EventKind.COUNTER_DRAW, EventKind.EXTRA_DRAW):
            named = tuple(Card.parse(c) for c in note.get("cards", ()))
            found.append(Event(kind, colour, cards=named or ALL_CARDS[: int(note["count"])]))
        elif kind is EventKind.PLAY:
            cards = tuple(Card.parse(c) for c in note["cards"])
            found.append(Event(kind, colour, cards=cards, place=note["place"], covered=Card.parse(note["covered"])))
        elif kind is EventKind.COUNTER:
            found.append(Event(kind, colour, cards=(Card.parse(note["card"]),), place=note["place"]))
        elif kind is EventKind.END_TURN:
            found.append(Event(kind, colour, cards=tuple(Card.parse(c) for c in note["advantage"])))
        else:
            found.append(Event(kind, colour))
    return tuple(found)


@dataclass
class BotResult:
    """The line the bot prints at the end."""

    room: str
    colour: Colour | None
    winner: Colour | None
    rounds: list[dict[str, Any]] = field(default_factory=list)
    scores: dict[str, int] = field(default_factory=dict)
    reconnects: int = 0
    finished: bool = False
    reason: str = ""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "room": self.room,
            "colour": None if self.colour is None else self.colour.value,
            "winner": None if self.winner is None else self.winner.value,
            "rounds": self.rounds,
            "scores": self.scores,
            "reconnects": self.reconnects,
        }
        if not self.finished:
            data["error"] = self.reason
        return data


async def play_bot(
    session: OnlineSession,
    level: Opponent,
    *,
    seed: int = 0,
    pace: float = 0.0,
    on_room: Callable[[str], None] = lambda room: None,
    on_ticket: Callable[[Ticket], None] = lambda ticket: None,
    log: Callable[[str], None] = lambda line: None,
) -> BotResult:
    """Play the session's seat to the end of the match (or until the session stops)."""
    result = BotResult(room="", colour=None, winner=None)
    acted: int | None = None  # the step last answered on this connection
    sent: set[tuple[str, int]] = set()  # setups and readies answered (both seats act at once there)
    announced = False
    refusals = 0
    last: SeatState | None = None
    seen = SeenRounds()
    async for event in session.events():
        if isinstance(event, Joined):
            result.room, result.colour = event.room, event.seat
            if session.ticket is not None:
                on_ticket(session.ticket)
            if not announced and not event.resumed:
                on_room(event.room)
            announced = True
            acted = None
        elif isinstance(event, SeatState):
            last = event
            seen.saw(event)
            if event.match_over:
                _finish(result, event)
                await session.close()
                break
            if event.my_turn and event.step != acted and not _answered(event, sent):
                acted = event.step
                if event.phase in ("setup", "round-over"):
                    sent.add((event.phase, event.round_number))
                try:
                    history = seen.before(event) if level is Opponent.EXPERT else ()
                    await _decide(session, event, level, seed, pace, history)
                except ConnectionLost:
                    acted = None
        elif isinstance(event, Presence):
            if result.colour is not None and event.claimable(result.colour.other):
                with contextlib.suppress(ConnectionLost):
                    await session.claim()
        elif isinstance(event, ServerError):
            log(f"the server refused: {event.code}: {event}")
            if event.request == "act":
                refusals += 1
                if refusals >= MOST_REFUSALS:
                    result.reason = "too many refused actions"
                    await session.close()
                    break
                acted = None
        elif isinstance(event, Disconnected):
            log(f"connection lost ({event.reason}); trying again in {event.retry_in:g} s")
            acted = None
            sent.clear()  # the server may have lost them: the next state says
        elif isinstance(event, Stopped):
            result.reason = event.reason
            break
    result.reconnects = session.reconnects
    if not result.finished and last is not None and not result.reason:
        result.reason = "the session ended before the match"
    return result


def _answered(state: SeatState, sent: set[tuple[str, int]]) -> bool:
    """Has this seat already arranged (setup) or said ready (after a round)? In those two phases both
    seats act at once, so the other's answer brings a new state while ours is still on its way."""
    phase = state.phase
    if phase not in ("setup", "round-over"):
        return False
    if (phase, state.round_number) in sent:
        return True
    seat = state.seat
    assert seat is not None
    if phase == "setup":
        return state.view.get("arrangement") is not None
    return bool(state.view.get("ready", {}).get(seat.value))


async def _decide(
    session: OnlineSession, state: SeatState, level: Opponent, seed: int, pace: float, history: Sequence[Round]
) -> None:
    if state.phase == "round-over":
        await session.ready()
        return
    view = state.to_round()
    action = await asyncio.to_thread(choose, view, level, seed=decision_seed(seed, state.step), history=history)
    if pace > 0:
        await asyncio.sleep(pace)
    # Setup is the one time both seats act at once: the other's arrangement moves the step on, so
    # only a play carries the step it answers.
    await session.act(action, step=None if state.phase == "setup" else state.step)


def _finish(result: BotResult, state: SeatState) -> None:
    match = state.view["match"]
    result.finished = True
    winner = match["winner"]
    result.winner = None if winner is None else Colour(winner)
    result.scores = dict(match["wins"])
    result.rounds = [
        {
            "round": r["round"],
            "winner": r["winner"],
            "ways": r["ways"],
            "claimed": r["claimed"],
            "points": r["scores"],
        }
        for r in match["results"]
    ]


def bot_session(
    url: str,
    *,
    create: RoomOptions | None = None,
    join: str | None = None,
    ticket: Ticket | None = None,
    give_up_after: float = 300.0,
    ping_interval: float | None = 20.0,
) -> OnlineSession:
    return OnlineSession(
        url, create=create, join=join, ticket=ticket, give_up_after=give_up_after, ping_interval=ping_interval
    )
