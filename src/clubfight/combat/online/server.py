"""The match server: many rooms in one asyncio process, over WebSockets (``websockets``).

Everything a room does happens in the event loop, one message at a time, through its ``Table``
(pure); this module does the rest: connections and their send queues, seats and tokens, rate
limits, timers, the room store, the log (one line per room event, never a card) and shutdown.

Nothing a seat may not see is ever sent to it: every state is ``views.state_view`` for that seat
and every note passes ``Note.seen_by``. A slow reader gets its own queue; when the queue overflows
the connection is closed (the seat stays; the client resumes), so one stalled client never holds up
a room or the server.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import hashlib
import hmac
import secrets
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from clubfight.combat.engine import MAX_SEED, Colour, CombatCode

from .codes import new_room_code
from .limits import Bucket, GuessLimiter
from .protocol import (
    MAX_CLIENT_FRAME,
    Act,
    Claim,
    ClientMessage,
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
from .snapshot import SnapshotError, table_from_snapshot, table_snapshot
from .store import RoomStore
from .table import SEATS, Change, Refusal, Stage, Table
from .views import presence_view, state_view

GC_THRESHOLDS = (20_000, 20, 100)
"""The collector's thresholds: the rooms' objects are long-lived and nearly all freed by reference
counting, so young passes can wait for 20,000 allocations, and full passes (the longest pauses of a
server holding many rooms, ~40 ms a thousand rooms) come about a tenth as often."""

CLOSE_NORMAL = 1000
CLOSE_GOING_AWAY = 1001
CLOSE_POLICY = 1008
CLOSE_PROTOCOL_VERSION = 4001
CLOSE_TAKEN_OVER = 4002
CLOSE_TOO_MANY_ATTEMPTS = 4003
CLOSE_TOO_SLOW = 4004
CLOSE_ROOM_CLOSED = 4005


@dataclass(frozen=True, slots=True)
class ServerSettings:
    """How the server runs. Times are seconds."""

    host: str = "127.0.0.1"
    port: int = 8765
    max_frame: int = MAX_CLIENT_FRAME
    ping_interval: float = 20.0
    ping_timeout: float = 20.0
    fixed_deals: bool = False
    """Let a room's creator fix its deal (tests and benchmarks only: the creator then knows every card)."""
    max_rooms: int = 10_000
    send_queue: int = 256
    """Messages waiting for a client that doesn't read; one more closes the connection."""
    message_burst: int = 60
    messages_per_second: float = 20.0
    guesses_per_connection: int = 5
    guesses_per_address: int = 20
    guess_refill_seconds: float = 30.0
    finished_ttl: float = 600.0
    """A finished match's room is removed this long after its end."""
    idle_ttl: float = 6 * 3600.0
    """A room nobody has been connected to for this long is removed."""
    sweep_interval: float = 5.0
    exit_when_done: bool = False
    """Stop once every room has finished and nobody is connected (a server started for one match)."""
    idle_exit: float | None = None
    """Stop after this long with nobody connected."""
    stats_interval: float | None = None
    """Log a line of figures (rooms, actions a second, handling time, event-loop lag) this often."""


def token_hash(token: str) -> str:
    """What the store keeps of a token: a leaked room file gives no seat away."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class Conn:
    """One client connection: its send queue and writer, its room and seat, its limits."""

    def __init__(self, ws: ServerConnection, settings: ServerSettings, now: float) -> None:
        self.ws = ws
        address = ws.remote_address
        self.address = str(address[0]) if isinstance(address, tuple) and address else "?"
        self.queue: asyncio.Queue[str] = asyncio.Queue(maxsize=settings.send_queue)
        self.messages = Bucket(settings.message_burst, settings.messages_per_second, now)
        self.wrong_guesses = 0
        self.room: Room | None = None
        self.seat: Colour | None = None
        self.closing = False

    def send(self, message: dict[str, Any]) -> None:
        if not self.closing:
            self.send_frame(encode(message))

    def send_frame(self, text: str) -> None:
        """Queue a frame already encoded (one message to a whole room is encoded once)."""
        if self.closing:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.close(CLOSE_TOO_SLOW, "too slow: resume to go on")

    async def write(self) -> None:
        """Send the queue in order, as fast as the client reads."""
        try:
            while True:
                text = await self.queue.get()
                await self.ws.send(text)
        except ConnectionClosed:
            return

    def fail(self, error: ProtocolError) -> None:
        self.send(error.to_json())

    def close(self, code: int, reason: str) -> None:
        """Close once what is queued has gone (at most 2 s: a client that doesn't read isn't waited for)."""
        if self.closing:
            return
        self.closing = True
        asyncio.get_running_loop().create_task(self._close(code, reason))

    async def _close(self, code: int, reason: str) -> None:
        with contextlib.suppress(asyncio.TimeoutError):
            await asyncio.wait_for(self._drained(), 2.0)
        await self.ws.close(code, reason)

    async def _drained(self) -> None:
        while not self.queue.empty():
            await asyncio.sleep(0.01)


@dataclass(eq=False)
class Room:
    """A table and who is connected to it."""

    table: Table
    seats: dict[Colour, Conn | None] = field(default_factory=lambda: {Colour.RED: None, Colour.BLACK: None})
    watchers: set[Conn] = field(default_factory=set)
    timer: asyncio.TimerHandle | None = None
    last_seen: float = 0.0
    finished_at: float | None = None

    @property
    def code(self) -> str:
        return self.table.room

    def audience(self) -> list[tuple[Conn, Colour | None]]:
        found: list[tuple[Conn, Colour | None]] = [(c, s) for s, c in self.seats.items() if c is not None]
        found.extend((w, None) for w in self.watchers)
        return found


class MatchServer:
    """Rooms, connections and their messages. ``run(stop)`` serves until ``stop`` is set."""

    def __init__(
        self,
        settings: ServerSettings,
        store: RoomStore,
        log: Callable[[str], None],
        *,
        clock: Callable[[], float] = time.monotonic,
        random_bytes: Callable[[int], bytes] = secrets.token_bytes,
        new_token: Callable[[], str] = lambda: secrets.token_urlsafe(24),
    ) -> None:
        self.settings = settings
        self.store = store
        self.log = log
        self.clock = clock
        self.random_bytes = random_bytes
        self.new_token = new_token
        self.rooms: dict[str, Room] = {}
        self.conns: set[Conn] = set()
        self.guesses = GuessLimiter(settings.guesses_per_address, 1 / settings.guess_refill_seconds)
        self.port: int | None = None
        self.had_rooms = False
        self.last_activity = clock()
        self.actions = 0
        self.handling: list[float] = []
        self.lags: list[float] = []
        self.full_collections: list[float] = []
        self._gc_started = 0.0
        self._stop: asyncio.Event | None = None

    # --- running -------------------------------------------------------------------------------

    def load(self) -> None:
        """Bring back every room the store keeps."""
        stored, warnings = self.store.load()
        for line in warnings:
            self.log(line)
        now = self.clock()
        for item in stored:
            try:
                table = table_from_snapshot(item.body, now)
            except SnapshotError as error:
                self.log(self.store.set_aside(item.room, str(error)))
                continue
            room = Room(table, last_seen=now)
            if table.stage is Stage.MATCH_OVER:
                room.finished_at = now
            self.rooms[table.room] = room
            self._schedule(room)
        if self.rooms:
            self.had_rooms = True
            self.log(f"{len(self.rooms)} room{'s' if len(self.rooms) != 1 else ''} back from the store")

    async def run(self, stop: asyncio.Event, on_listening: Callable[[str], None] | None = None) -> None:
        self._stop = stop
        self.load()
        # What is loaded now (modules, the rooms brought back) lives as long as the server: leave it
        # out of the collector's full passes, the longest pauses of a server holding many rooms.
        gc.freeze()
        gc.set_threshold(*GC_THRESHOLDS)
        settings = self.settings
        async with serve(
            self._handle,
            settings.host,
            settings.port,
            max_size=settings.max_frame,
            ping_interval=settings.ping_interval,
            ping_timeout=settings.ping_timeout,
            compression=None,
            close_timeout=2.0,
        ) as server:
            sockets = list(server.sockets)
            self.port = sockets[0].getsockname()[1] if sockets else settings.port
            url = f"ws://{_url_host(settings.host)}:{self.port}"
            self.log(f"listening on {url}")
            if on_listening is not None:
                on_listening(url)
            loop = asyncio.get_running_loop()
            helpers = [loop.create_task(self._sweep_forever())]
            if settings.stats_interval is not None:
                helpers += [loop.create_task(self._watch_lag()), loop.create_task(self._stats_forever())]
            try:
                await stop.wait()
            finally:
                for helper in helpers:
                    helper.cancel()
                for conn in list(self.conns):
                    conn.fail(ProtocolError("server-stopping", "the server is shutting down", fatal=True))
                    conn.close(CLOSE_GOING_AWAY, "server shutting down")
                await asyncio.sleep(0.1)
        for room in self.rooms.values():
            if room.timer is not None:
                room.timer.cancel()
        self.store.close()
        self.log("stopped")

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.settings.sweep_interval)
            self.sweep()

    async def _watch_lag(self) -> None:
        """How late the event loop runs a callback: every other delay adds to it."""
        while True:
            start = time.perf_counter()
            await asyncio.sleep(0.05)
            self.lags.append(time.perf_counter() - start - 0.05)

    async def _stats_forever(self) -> None:
        interval = self.settings.stats_interval
        assert interval is not None
        gc.callbacks.append(self._gc_timer)
        while True:
            actions = self.actions
            await asyncio.sleep(interval)
            self.log(self.stats_line((self.actions - actions) / interval))

    def _gc_timer(self, phase: str, info: dict[str, int]) -> None:
        """Time the full collections: with many rooms in memory they are the loop's longest pauses."""
        if info.get("generation") != 2:
            return
        if phase == "start":
            self._gc_started = time.perf_counter()
        else:
            self.full_collections.append(time.perf_counter() - self._gc_started)

    def stats_line(self, rate: float) -> str:
        """The figures since the last line, then forgets them."""
        handling, lags, collections = sorted(self.handling), sorted(self.lags), self.full_collections
        self.handling, self.lags, self.full_collections = [], [], []
        playing = sum(1 for r in self.rooms.values() if r.table.stage is not Stage.MATCH_OVER)
        pending = getattr(self.store, "pending", None)
        return (
            f"stats: {len(self.rooms)} rooms ({playing} playing), {len(self.conns)} connections, "
            f"{rate:.1f} actions/s, handling p50 {_ms(handling, 0.5)} p99 {_ms(handling, 0.99)} ms, "
            f"loop lag p99 {_ms(lags, 0.99)} max {_ms(lags, 1.0)} ms, "
            f"{len(collections)} full collections, longest {_ms(sorted(collections), 1.0)} ms"
            + (f", store writes pending {pending()}" if callable(pending) else "")
        )

    def sweep(self) -> None:
        """Remove finished and long-idle rooms; stop when a one-match server is done or idle."""
        now = self.clock()
        settings = self.settings
        for room in list(self.rooms.values()):
            connected = bool(room.audience())
            if connected:
                room.last_seen = now
            finished = room.finished_at is not None and now - room.finished_at >= settings.finished_ttl
            idle = not connected and now - room.last_seen >= settings.idle_ttl
            if finished or idle:
                self._remove(room, "its match ended" if finished else "nobody came back")
        self.guesses.prune(now)
        if self._stop is None:
            return
        unfinished = any(r.table.stage is not Stage.MATCH_OVER for r in self.rooms.values())
        if settings.exit_when_done and self.had_rooms and not unfinished and not self.conns:
            self.log("every match has ended: stopping")
            self._stop.set()
        idle_for = now - self.last_activity
        if settings.idle_exit is not None and not self.conns and idle_for >= settings.idle_exit:
            self.log(f"nobody here for {idle_for:.0f} s: stopping")
            self._stop.set()

    def _remove(self, room: Room, why: str) -> None:
        for conn, _ in room.audience():
            conn.fail(ProtocolError("room-closed", f"room {room.code} was closed: {why}", fatal=True))
            conn.close(CLOSE_ROOM_CLOSED, "room closed")
            conn.room = None
        if room.timer is not None:
            room.timer.cancel()
        del self.rooms[room.code]
        self.store.delete(room.code)
        self.log(f"room {room.code}: removed ({why})")

    # --- connections ---------------------------------------------------------------------------

    async def _handle(self, ws: ServerConnection) -> None:
        conn = Conn(ws, self.settings, self.clock())
        self.conns.add(conn)
        writer = asyncio.get_running_loop().create_task(conn.write())
        try:
            async for frame in ws:
                self.on_frame(conn, frame)
                if conn.closing:
                    break
            if conn.closing:
                await ws.wait_closed()
        except ConnectionClosed:
            pass
        finally:
            self.conns.discard(conn)
            self._detach(conn)
            writer.cancel()
            self.last_activity = self.clock()

    def on_frame(self, conn: Conn, frame: str | bytes) -> None:
        """One frame from a client: answered, refused with an error, or (a flood) the end of it."""
        now = self.clock()
        started = time.perf_counter()
        self.last_activity = now
        request: str | None = None
        try:
            if not conn.messages.take(now):
                raise ProtocolError("rate-limited", "too many messages: slow down", fatal=True)
            message = parse_client_message(frame)
            request = type(message).__name__.lower()
            self.dispatch(conn, message, now)
            if isinstance(message, Act) and self.settings.stats_interval is not None:
                self.handling.append(time.perf_counter() - started)
        except ProtocolError as error:
            conn.fail(error)
            if error.fatal:
                conn.close(_close_code(error.code), error.message[:100])
        except Refusal as refusal:
            conn.fail(ProtocolError(refusal.code, refusal.message, ruling=refusal.ruling, request=request))
        except Exception:  # a bug: logged, answered, and the connection and its room go on
            self.log("internal error: " + " | ".join(traceback.format_exc().strip().splitlines()[-3:]))
            conn.fail(ProtocolError("server-error", "the server failed on this message (it is logged)"))

    def dispatch(self, conn: Conn, message: ClientMessage, now: float) -> None:
        if isinstance(message, Create):
            self._create(conn, message, now)
        elif isinstance(message, Join):
            self._join(conn, message, now)
        elif isinstance(message, Resume):
            self._resume(conn, message, now)
        elif isinstance(message, Watch):
            self._watch(conn, message, now)
        elif isinstance(message, Leave):
            conn.close(CLOSE_NORMAL, "bye")
        else:
            room, seat = self._seated(conn)
            table = room.table
            if isinstance(message, Act):
                if message.step is not None and message.step != table.step:
                    raise ProtocolError(
                        "stale", f"your action answers step {message.step}; the room is at step {table.step}"
                    )
                change = table.act(seat, message.action, now)
                self.actions += 1
            elif isinstance(message, Ready):
                change = table.ready_for_next(seat, now)
            else:
                assert isinstance(message, Claim)
                change = table.claim(seat, now)
            self._changed(room, change, now)

    def _seated(self, conn: Conn) -> tuple[Room, Colour]:
        room = conn.room
        if room is None:
            raise ProtocolError("not-in-room", "create, join or resume a room first")
        if conn.seat is None:
            raise ProtocolError("spectator", "spectators watch: they can't act")
        return room, conn.seat

    def _free(self, conn: Conn) -> None:
        if conn.room is not None:
            raise ProtocolError("already-in-room", f"this connection is already in room {conn.room.code}")

    def _guess_allowed(self, conn: Conn, now: float) -> None:
        if conn.wrong_guesses >= self.settings.guesses_per_connection:
            raise ProtocolError("too-many-attempts", "too many wrong codes or tokens on this connection", fatal=True)
        if not self.guesses.allowed(conn.address, now):
            raise ProtocolError(
                "too-many-attempts",
                f"too many wrong codes or tokens from your address: wait {self.settings.guess_refill_seconds:g} s",
            )

    def _wrong_guess(self, conn: Conn, now: float, error: ProtocolError) -> ProtocolError:
        conn.wrong_guesses += 1
        self.guesses.wrong(conn.address, now)
        if conn.wrong_guesses >= self.settings.guesses_per_connection:
            error.fatal = True
        return error

    def _find(self, conn: Conn, code: str, now: float) -> Room:
        self._guess_allowed(conn, now)
        room = self.rooms.get(code)
        if room is None:
            raise self._wrong_guess(conn, now, ProtocolError("no-such-room", f"there is no room {code}"))
        return room

    def _create(self, conn: Conn, message: Create, now: float) -> None:
        self._free(conn)
        options = message.options
        if len(self.rooms) >= self.settings.max_rooms:
            raise ProtocolError("server-full", "this server holds as many rooms as it may: try later")
        if options.deal is not None and not self.settings.fixed_deals:
            raise ProtocolError("bad-field", "create: options.deal: this server deals every room itself")
        code = new_room_code(self.random_bytes)
        while code in self.rooms:
            code = new_room_code(self.random_bytes)
        if options.colour == "draw":
            host = Colour.RED if self.random_bytes(1)[0] & 1 else Colour.BLACK
        else:
            host = Colour(options.colour)
        deal = options.deal or CombatCode(int.from_bytes(self.random_bytes(8), "big") % (MAX_SEED + 1))
        table = Table(code, options, deal, host)
        room = Room(table, last_seen=now)
        self.rooms[code] = room
        self.had_rooms = True
        self.log(f"room {code}: created ({table.rules}; host {host}; counter window {options.counter_window:g} s)")
        self._seat(conn, room, host, now, resumed=False)

    def _join(self, conn: Conn, message: Join, now: float) -> None:
        self._free(conn)
        room = self._find(conn, message.room, now)
        table = room.table
        seat = table.free_seat()
        if seat is None:
            raise ProtocolError("room-full", f"both seats of room {room.code} are taken")
        if message.has_style:
            table.choose_guest_style(message.style)
        self._seat(conn, room, seat, now, resumed=False)

    def _seat(self, conn: Conn, room: Room, seat: Colour, now: float, *, resumed: bool) -> None:
        token = self.new_token()
        conn.room, conn.seat = room, seat
        room.seats[seat] = conn
        change = room.table.take_seat(seat, token_hash(token), now)
        conn.send(self._joined(room, seat, token, resumed=resumed))
        self._changed(room, change, now, newcomer=conn)

    def _joined(self, room: Room, seat: Colour, token: str, *, resumed: bool) -> dict[str, Any]:
        table = room.table
        return {
            "type": "joined",
            "room": room.code,
            "seat": seat.value,
            "token": token,
            "host": seat is table.host,
            "resumed": resumed,
            "options": table.options.to_json(),
        }

    def _resume(self, conn: Conn, message: Resume, now: float) -> None:
        self._free(conn)
        room = self._find(conn, message.room, now)
        table = room.table
        wanted = token_hash(message.token)
        seat = next((c for c in SEATS if (h := table.tokens[c]) is not None and hmac.compare_digest(h, wanted)), None)
        if seat is None:
            raise self._wrong_guess(conn, now, ProtocolError("bad-token", f"that token holds no seat in {room.code}"))
        old = room.seats[seat]
        if old is not None:
            old.fail(ProtocolError("taken-over", "another connection resumed this seat", fatal=True))
            old.close(CLOSE_TAKEN_OVER, "taken over")
            old.room = old.seat = None
            self.log(f"room {room.code}: {seat} taken over by a new connection")
        conn.room, conn.seat = room, seat
        room.seats[seat] = conn
        conn.send(self._joined(room, seat, message.token, resumed=True))
        conn.send(self._state(room, seat, [], now))
        self.log(f"room {room.code}: {seat} resumes its seat")
        if old is None:
            self._changed(room, table.attach(seat, now), now)
        else:
            conn.send(self._presence(room, now))

    def _watch(self, conn: Conn, message: Watch, now: float) -> None:
        self._free(conn)
        room = self._find(conn, message.room, now)
        conn.room = room
        room.watchers.add(conn)
        table = room.table
        conn.send({"type": "watching", "room": room.code, "options": table.options.to_json()})
        conn.send(self._presence(room, now))
        conn.send(self._state(room, None, [], now))

    def _detach(self, conn: Conn) -> None:
        room = conn.room
        if room is None:
            return
        conn.room = None
        room.watchers.discard(conn)
        seat = conn.seat
        if seat is not None and room.seats.get(seat) is conn:
            room.seats[seat] = None
            now = self.clock()
            room.last_seen = now
            self._changed(room, room.table.detach(seat, now), now)

    # --- telling ---------------------------------------------------------------------------------

    def _state(self, room: Room, audience: Colour | None, notes: list[dict[str, Any]], now: float) -> dict[str, Any]:
        table = room.table
        return {
            "type": "state",
            "room": room.code,
            "step": table.step,
            "seat": None if audience is None else audience.value,
            "events": notes,
            "view": state_view(table, audience, now),
        }

    def _presence(self, room: Room, now: float) -> dict[str, Any]:
        return {"type": "presence", "room": room.code, **presence_view(room.table, now)}

    def _changed(self, room: Room, change: Change, now: float, *, newcomer: Conn | None = None) -> None:
        """Tell everyone in the room what ``change`` lets them see, keep the room, log, and set its timer."""
        table = room.table
        if change.game or newcomer is not None:
            public: str | None = None
            for conn, seat in room.audience():
                notes = [n for note in change.notes if (n := note.seen_by(seat)) is not None]
                if seat is None:  # every spectator sees the same: one view, encoded once
                    if public is None:
                        public = encode(self._state(room, None, notes, now))
                    conn.send_frame(public)
                else:
                    conn.send(self._state(room, seat, notes, now))
        elif change.private_to is not None:
            conn_of = room.seats.get(change.private_to)
            if conn_of is not None:
                notes = [n for note in change.notes if (n := note.seen_by(change.private_to)) is not None]
                conn_of.send(self._state(room, change.private_to, notes, now))
        if change.presence or newcomer is not None:
            presence = encode(self._presence(room, now))
            for conn, _ in room.audience():
                conn.send_frame(presence)
        if change.game or change.private_to is not None or newcomer is not None:
            self.store.save(room.code, table_snapshot(table))
        for note in change.notes:
            if note.owner_only:
                continue
            kind = note.public.get("kind")
            if kind in _LOGGED:
                self.log(f"room {room.code}: {note.public.get('text')}")
        if table.stage is Stage.MATCH_OVER and room.finished_at is None:
            room.finished_at = now
        self._schedule(room)

    def _schedule(self, room: Room) -> None:
        if room.timer is not None:
            room.timer.cancel()
            room.timer = None
        deadline = room.table.next_deadline()
        if deadline is None:
            return
        delay = max(0.0, deadline - self.clock())
        room.timer = asyncio.get_running_loop().call_later(delay, self._due, room)

    def _due(self, room: Room) -> None:
        room.timer = None
        if self.rooms.get(room.code) is not room:
            return
        now = self.clock()
        try:
            changes = room.table.tick(now)
        except Exception:
            self.log("internal error: " + " | ".join(traceback.format_exc().strip().splitlines()[-3:]))
            return
        for change in changes:
            self._changed(room, change, now)
        if not changes:
            self._schedule(room)


_LOGGED = {"seated", "away", "back", "claimable", "match-start", "round-start", "round-over", "match-over", "timer"}


def _close_code(code: str) -> int:
    return {
        "protocol-version": CLOSE_PROTOCOL_VERSION,
        "too-many-attempts": CLOSE_TOO_MANY_ATTEMPTS,
        "no-such-room": CLOSE_TOO_MANY_ATTEMPTS,  # fatal only as the last wrong guess a connection may make
        "bad-token": CLOSE_TOO_MANY_ATTEMPTS,
        "taken-over": CLOSE_TAKEN_OVER,
        "too-slow": CLOSE_TOO_SLOW,
        "room-closed": CLOSE_ROOM_CLOSED,
    }.get(code, CLOSE_POLICY)


def _ms(ordered: list[float], fraction: float) -> str:
    if not ordered:
        return "-"
    return f"{1000 * ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]:.1f}"


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host
