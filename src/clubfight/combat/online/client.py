"""The client: one connection (``OnlineClient``), and a seat kept across dropped connections
(``OnlineSession``). The app drives it from a Textual worker, the bot from a plain event loop.

From a Textual screen (an async worker runs in the app's own event loop)::

    session = OnlineSession(url, join="KX7-4PM")

    @work(exclusive=True, group="online")
    async def follow(self) -> None:
        async for event in session.events():       # reconnects and resumes by itself
            self.post_message(OnlineEvent(event))  # Joined, SeatState, Presence, ServerError, ...

    async def on_play(self, action: str) -> None:
        await session.act(action, step=self.last_state.step)

``events()`` yields the server's messages as typed values (seat_view.py) and the session's own
``Disconnected`` (with the delay before the next try) and, last, ``Stopped``. Nothing here touches
the screen or blocks the loop.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from typing import Any, TypeAlias

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidURI, WebSocketException

from clubfight.combat.engine import Action, Colour, Style

from .options import RoomOptions
from .protocol import client_frame
from .seat_view import (
    Joined,
    Presence,
    SeatState,
    ServerError,
    ServerMessage,
    ServerMessageError,
    Watching,
    parse_server_message,
)

MAX_SERVER_FRAME = 4 * 1024 * 1024
"""Bytes. A state with every preview is well under 100 KB."""
FINAL_ERRORS = frozenset({"protocol-version", "taken-over", "room-closed", "bad-token", "too-many-attempts"})
"""Errors after which reconnecting can't help: the session stops."""


class ConnectionLost(Exception):
    """The connection is gone (or never came): the message says why, in one line. ``lasting``: trying
    again can't help (the address is not a server address)."""

    def __init__(self, message: str, *, lasting: bool = False) -> None:
        super().__init__(message)
        self.lasting = lasting


class SeatRefused(Exception):
    """The server refused to seat us (no such room, room full, bad token, ...)."""

    def __init__(self, error: ServerError) -> None:
        super().__init__(str(error))
        self.error = error


class OnlineClient:
    """One WebSocket connection to a match server, speaking protocol 1."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws

    @classmethod
    async def open(cls, url: str, *, timeout: float = 10.0, ping_interval: float | None = 20.0) -> OnlineClient:
        try:
            ws = await connect(
                url,
                open_timeout=timeout,
                ping_interval=ping_interval,
                ping_timeout=ping_interval,
                max_size=MAX_SERVER_FRAME,
                compression=None,
                proxy=None,
            )
        except InvalidURI:
            raise ConnectionLost(f"{url!r} is not a server address such as ws://127.0.0.1:8765", lasting=True) from None
        except (OSError, TimeoutError, asyncio.TimeoutError, WebSocketException) as error:
            raise ConnectionLost(f"can't reach {url}: {_why(error)}") from None
        return cls(ws)

    async def send(self, message: dict[str, Any]) -> None:
        try:
            await self.ws.send(client_frame(message))
        except ConnectionClosed as error:
            raise ConnectionLost(f"the connection closed ({_why(error)})") from None

    async def create(self, options: RoomOptions | None = None) -> None:
        await self.send({"type": "create", "options": (options or RoomOptions()).to_json()})

    async def join(self, room: str, *, style: Style | None = None, choose_style: bool = False) -> None:
        """Join room ``room``; with ``choose_style``, ``style`` (None: none) is the guest's own choice
        in place of the one the host proposed (F1)."""
        message: dict[str, Any] = {"type": "join", "room": room}
        if choose_style:
            message["style"] = None if style is None else style.value
        await self.send(message)

    async def resume(self, room: str, token: str) -> None:
        await self.send({"type": "resume", "room": room, "token": token})

    async def watch(self, room: str) -> None:
        await self.send({"type": "watch", "room": room})

    async def act(self, action: str | Action, step: int | None = None) -> None:
        """One action in Combat Club notation; ``step`` guards against answering an old state."""
        message: dict[str, Any] = {"type": "act", "action": str(action)}
        if step is not None:
            message["step"] = step
        await self.send(message)

    async def ready(self) -> None:
        await self.send({"type": "ready"})

    async def claim(self) -> None:
        await self.send({"type": "claim"})

    async def receive(self) -> ServerMessage:
        try:
            frame = await self.ws.recv()
        except ConnectionClosed as error:
            raise ConnectionLost(f"the connection closed ({_why(error)})") from None
        try:
            return parse_server_message(frame)
        except ServerMessageError as error:
            raise ConnectionLost(str(error)) from None

    async def seated(self) -> Joined | Watching:
        """The answer to create, join, resume or watch: the seat, or SeatRefused."""
        while True:
            message = await self.receive()
            if isinstance(message, (Joined, Watching)):
                return message
            if isinstance(message, ServerError):
                raise SeatRefused(message)

    async def close(self) -> None:
        await self.ws.close()


@dataclass(frozen=True, slots=True)
class Ticket:
    """What resumes a seat: keep it (the bot writes it to its ``--session`` file)."""

    url: str
    room: str
    seat: Colour
    token: str

    def to_json(self) -> str:
        return json.dumps({"url": self.url, "room": self.room, "seat": self.seat.value, "token": self.token})

    @staticmethod
    def from_json(text: str) -> Ticket:
        data = json.loads(text)
        return Ticket(str(data["url"]), str(data["room"]), Colour(data["seat"]), str(data["token"]))


@dataclass(frozen=True, slots=True)
class Disconnected:
    """The connection dropped (or couldn't be made); the session tries again in ``retry_in`` seconds."""

    reason: str
    retry_in: float


@dataclass(frozen=True, slots=True)
class Stopped:
    """The session is over: the caller closed it, the server refused for good, or it gave up."""

    reason: str
    error: ServerError | None = None


SessionEvent: TypeAlias = Joined | Watching | SeatState | Presence | ServerError | Disconnected | Stopped


class OnlineSession:
    """A seat (or a spectator's place) kept across dropped connections: it reconnects with backoff
    (``first_delay`` doubling to ``longest_delay``) and resumes with its token, and gives up after
    ``give_up_after`` seconds without a connection.

    Start it with exactly one of ``create`` (room options), ``join`` (a room code), ``watch`` (a
    room code) or ``ticket`` (a seat to resume)."""

    def __init__(
        self,
        url: str,
        *,
        create: RoomOptions | None = None,
        join: str | None = None,
        style: Style | None = None,
        choose_style: bool = False,
        watch: str | None = None,
        ticket: Ticket | None = None,
        first_delay: float = 0.25,
        longest_delay: float = 5.0,
        give_up_after: float = 300.0,
        ping_interval: float | None = 20.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if sum(x is not None for x in (create, join, watch, ticket)) != 1:
            raise ValueError("start a session with one of create, join, watch or ticket")
        self.url = url
        self.create_options = create
        self.join_code = join
        self.style = style
        self.choose_style = choose_style
        self.watch_code = watch
        self.ticket = ticket
        self.first_delay = first_delay
        self.longest_delay = longest_delay
        self.give_up_after = give_up_after
        self.ping_interval = ping_interval
        self.clock = clock
        self.reconnects = 0
        self.client: OnlineClient | None = None
        self._closed = False

    async def events(self) -> AsyncIterator[SessionEvent]:
        delay = self.first_delay
        down_since: float | None = None
        seated_once = False
        while not self._closed:
            reason = ""
            try:
                client = await OnlineClient.open(self.url, ping_interval=self.ping_interval)
                self.client = client
                try:
                    seated = await self._sit(client)
                except SeatRefused as refused:
                    yield refused.error
                    yield Stopped(str(refused.error), refused.error)
                    return
                if seated_once:
                    self.reconnects += 1
                seated_once = True
                delay, down_since = self.first_delay, None
                yield seated
                while True:
                    message = await client.receive()
                    yield message
                    if isinstance(message, ServerError) and message.fatal:
                        if message.code in FINAL_ERRORS:
                            yield Stopped(str(message), message)
                            return
                        reason = str(message)
                        break
            except ConnectionLost as lost:
                if lost.lasting:
                    yield Stopped(str(lost))
                    return
                reason = str(lost)
            finally:
                if self.client is not None:
                    client, self.client = self.client, None
                    await client.close()
            if self._closed:
                break
            now = self.clock()
            down_since = now if down_since is None else down_since
            if now - down_since >= self.give_up_after:
                yield Stopped(f"gave up after {self.give_up_after:g} s without a connection: {reason}")
                return
            yield Disconnected(reason, delay)
            await asyncio.sleep(delay)
            delay = min(delay * 2, self.longest_delay)
        yield Stopped("closed")

    async def _sit(self, client: OnlineClient) -> Joined | Watching:
        if self.ticket is not None:
            await client.resume(self.ticket.room, self.ticket.token)
        elif self.watch_code is not None:
            await client.watch(self.watch_code)
        elif self.join_code is not None:
            await client.join(self.join_code, style=self.style, choose_style=self.choose_style)
        else:
            await client.create(self.create_options)
        seated = await client.seated()
        if isinstance(seated, Joined) and self.ticket is None:
            self.ticket = Ticket(self.url, seated.room, seated.seat, seated.token)
        return seated

    def _connected(self) -> OnlineClient:
        if self.client is None:
            raise ConnectionLost("not connected (reconnecting)")
        return self.client

    async def act(self, action: str | Action, step: int | None = None) -> None:
        await self._connected().act(action, step)

    async def ready(self) -> None:
        await self._connected().ready()

    async def claim(self) -> None:
        await self._connected().claim()

    async def close(self) -> None:
        """End the session: the seat stays the player's (resume later with ``ticket``)."""
        self._closed = True
        if self.client is not None:
            await self.client.close()


def _why(error: BaseException) -> str:
    if isinstance(error, ConnectionClosed):
        frame = error.rcvd or error.sent
        if frame is None:
            return "no close frame"
        return f"{frame.code} {frame.reason}".strip()
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__
