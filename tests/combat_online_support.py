"""Helpers for the online tests: tables played at random, a server in this process on 127.0.0.1,
raw connections, and a scan for hidden cards in anything sent."""

from __future__ import annotations

import asyncio
import json
import random
import re
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from clubfight.combat.engine import ALL_CARDS, Card, Colour, CombatCode
from clubfight.combat.online.options import RoomOptions
from clubfight.combat.online.server import MatchServer, ServerSettings
from clubfight.combat.online.store import MemoryStore, RoomStore
from clubfight.combat.online.table import Change, Stage, Table
from clubfight.combat.online.views import state_view

RED, BLACK = Colour.RED, Colour.BLACK
LOCAL = "127.0.0.1"
TIMEOUT = 10.0
"""Seconds any single wait in a network test may take before the test fails."""


def new_table(seed: int, options: RoomOptions | None = None, host: Colour = RED) -> Table:
    """A table with both seats taken: the match is in setup."""
    table = Table("KX7-4PM", options or RoomOptions(), CombatCode(seed), host)
    table.take_seat(host, "host-token", 0.0)
    table.take_seat(host.other, "guest-token", 0.0)
    return table


def sent_to(table: Table, change: Change, seat: Colour | None, now: float) -> dict[str, Any]:
    """What the server sends ``seat`` for ``change``: its notes and its view (as a state message)."""
    notes = [n for note in change.notes if (n := note.seen_by(seat)) is not None]
    return {"step": table.step, "events": notes, "view": state_view(table, seat, now)}


def random_game(
    seed: int, options: RoomOptions | None = None, *, most_steps: int = 4000
) -> Iterator[tuple[Table, Change, float]]:
    """Play a whole match at random (every choice from the views' legal lists), yielding each change
    with the table after it and the time. Defenders sometimes decline at once, sometimes wait."""
    rng = random.Random(seed)
    options = options or RoomOptions(counter_window=1.0)
    table = new_table(seed, options, RED if seed % 2 else BLACK)
    now = 0.0
    for _ in range(most_steps):
        if table.stage is Stage.MATCH_OVER:
            return
        now += 0.25
        for change in table.tick(now):
            yield table, change, now
        acting = table.to_act()
        if not acting:
            continue
        seat = rng.choice(acting)
        if table.stage is Stage.ROUND_OVER:
            yield table, table.ready_for_next(seat, now), now
            continue
        legal = state_view(table, seat, now)["legal"]
        if not legal or (table.window is not None and rng.random() < 0.5):
            continue  # let the window run out instead of answering
        yield table, table.act(seat, rng.choice(legal), now), now
    raise AssertionError(f"match {seed} didn't end in {most_steps} steps")


_BY_NAME = {**{str(c): c for c in ALL_CARDS}, **{c.symbol: c for c in ALL_CARDS}}
_NAMES = re.compile(
    r"(?<![A-Za-z0-9])(?:10|[2-9AJQK])[HDSC](?![A-Za-z0-9])|(?<![A-Za-z0-9])[RB]J(?![A-Za-z0-9])"
    r"|(?:10|[2-9AJQK])[♥♦♠♣]"
)


def strings_in(value: Any, skip: frozenset[str] = frozenset({"room", "token"})) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key not in skip:
                yield from strings_in(item, skip)
    elif isinstance(value, list):
        for item in value:
            yield from strings_in(item, skip)


def cards_named(message: Any, cards: set[Card] | frozenset[Card]) -> set[Card]:
    """The cards of ``cards`` that ``message`` names anywhere, as a token (``7H``) or a symbol (``7♥``)."""
    text = "\n".join(strings_in(message))
    return {_BY_NAME[name] for name in _NAMES.findall(text)} & set(cards)


@asynccontextmanager
async def running_server(
    settings: ServerSettings | None = None, store: RoomStore | None = None
) -> AsyncIterator[tuple[MatchServer, str, list[str]]]:
    """A match server in this process on 127.0.0.1 and any free port: (server, url, log lines)."""
    lines: list[str] = []
    settings = settings or ServerSettings(host=LOCAL, port=0)
    server = MatchServer(settings, store or MemoryStore(), lines.append)
    stop = asyncio.Event()
    ready = asyncio.Event()
    task = asyncio.create_task(server.run(stop, lambda url: ready.set()))
    await asyncio.wait_for(ready.wait(), TIMEOUT)
    try:
        yield server, f"ws://{LOCAL}:{server.port}", lines
    finally:
        stop.set()
        await asyncio.wait_for(task, TIMEOUT)


class Raw:
    """A bare connection: send anything, read JSON frames. Messages passed over while looking for
    another kind are kept, and come first later."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.backlog: list[dict[str, Any]] = []

    @classmethod
    async def open(cls, url: str) -> Raw:
        return cls(await connect(url, open_timeout=TIMEOUT, compression=None, proxy=None, max_size=None))

    async def send(self, message: dict[str, Any] | str | bytes) -> None:
        if isinstance(message, dict):
            message = json.dumps({"protocol": 1, **message})
        await self.ws.send(message)

    async def _read(self, timeout: float) -> dict[str, Any]:
        frame = await asyncio.wait_for(self.ws.recv(), timeout)
        data = json.loads(frame)
        assert isinstance(data, dict)
        return data

    async def recv(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        if self.backlog:
            return self.backlog.pop(0)
        return await self._read(timeout)

    async def until(self, kind: str, timeout: float = TIMEOUT, **fields: Any) -> dict[str, Any]:
        """The first message not yet read of type ``kind`` (with these fields)."""

        def wanted(message: dict[str, Any]) -> bool:
            return message.get("type") == kind and all(message.get(k) == v for k, v in fields.items())

        for index, message in enumerate(self.backlog):
            if wanted(message):
                return self.backlog.pop(index)
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            message = await self._read(max(0.01, end - loop.time()))
            if wanted(message):
                return message
            self.backlog.append(message)

    async def state(self, timeout: float = TIMEOUT, **view: Any) -> dict[str, Any]:
        """The first state not yet read whose view has these values (earlier ones are dropped)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            message = await self.until("state", max(0.01, end - loop.time()))
            if all(message["view"].get(k) == v for k, v in view.items()):
                return message

    async def closed(self) -> int | None:
        """Read until the server closes the connection; its close code."""
        self.backlog.clear()
        for _ in range(10_000):
            try:
                await self._read(TIMEOUT)
            except ConnectionClosed:
                return self.ws.close_code
        raise AssertionError("the connection stayed open")

    async def close(self) -> None:
        await self.ws.close()


async def seated_pair(
    url: str, options: dict[str, Any] | None = None
) -> tuple[Raw, Raw, str, dict[str, Any], dict[str, Any]]:
    """A host and a guest in a new room: (host, guest, room code, host's joined, guest's joined)."""
    host = await Raw.open(url)
    await host.send({"type": "create", "options": options or {}})
    host_joined = await host.until("joined")
    guest = await Raw.open(url)
    await guest.send({"type": "join", "room": host_joined["room"]})
    guest_joined = await guest.until("joined")
    return host, guest, host_joined["room"], host_joined, guest_joined
