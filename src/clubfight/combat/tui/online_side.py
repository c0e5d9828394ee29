"""Combat Club online, as the app runs it: hosting (a match server started on this machine unless a
server is given), joining, watching and taking a seat back; the seats kept in ``combat-online.json``;
the statistics and the record once a match ends; and the way back to the start screen when
something goes wrong (in one line).

Loaded only when an online match is asked for (it imports the network client): neither the app's
start-up nor a local match loads websockets.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import socket
import time
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING

from clubfight.combat.engine import Colour
from clubfight.combat.online.client import OnlineSession, Ticket
from clubfight.combat.online.launcher import BackgroundServer, ServerStartError, start_background_server
from clubfight.combat.online.options import RoomOptions
from clubfight.combat.online.seat_view import Joined, SeatState
from clubfight.combat.storage.online_seats import (
    HeldSeat,
    forget_seat,
    keep_seat,
    load_online_seats,
    online_seats_path,
    seat_for_room,
)
from clubfight.combat.storage.stats import export_combat_record, record_match
from clubfight.common.storage import paths
from clubfight.common.storage.errors import why
from clubfight.common.storage.lock import hold
from clubfight.common.storage.results_file import new_game_id
from clubfight.shell.screens.question_screen import AskScreen

from .launch import DEFAULT_SERVER, OnlineLaunch
from .online_model import OnlineFightModel, online_result
from .online_screen import OnlineFightScreen

if TYPE_CHECKING:
    from clubfight.shell.app import CardGamesApp

HOSTED_FOLDER = "online-host"
"""Under the data folder: one folder per match server the app started (its rooms and its log)."""
LOOPBACK = ("127.0.0.1", "localhost", "::1")
WILDCARD = ("0.0.0.0", "::", "")
FORGET_ON = frozenset({"room-closed", "bad-token", "no-such-room"})
"""Errors after which a kept seat can never be taken back."""


def friend_url(url: str, listen: str) -> str:
    """The address a friend types: the server's own, or this machine's name when it listens everywhere."""
    if listen not in WILDCARD:
        return url
    port = url.rsplit(":", 1)[-1]
    return f"ws://{socket.gethostname()}:{port}"


def sweep_hosted(folder: Path) -> None:
    """Remove the folders of match servers that have stopped (a running server holds its folder)."""
    if not folder.is_dir():
        return
    for child in folder.iterdir():
        if not child.is_dir():
            continue
        claim = hold(child / "rooms")
        if claim is None:
            continue  # its server still runs
        claim.release()
        shutil.rmtree(child, ignore_errors=True)


class OnlineMatch:
    """One online match on screen: what it was launched with, the server started for it, and what
    the fight hands on (``online_screen.OnlineHost``)."""

    def __init__(self, side: OnlineSide, launch: OnlineLaunch, ticket: Ticket | None = None) -> None:
        self.side = side
        self.launch = launch
        self.ticket = ticket
        self.server: BackgroundServer | None = None
        self.server_folder: Path | None = None
        self.url = ""
        self.match_id = new_game_id()
        self.record: str | None = None

    async def connect(self, screen: OnlineFightScreen) -> OnlineSession | None:
        launch = self.launch
        url = launch.server
        if self.ticket is not None:
            url = self.ticket.url
        elif launch.mode == "host" and url is None:
            screen.lobby_lines = ["Starting a match server on this machine…"]
            screen.render_model()
            try:
                server, self.server_folder = await asyncio.to_thread(self.side.start_server, launch.listen)
            except (ServerStartError, OSError) as error:
                self.failed(screen, f"Couldn't start a match server: {error}")
                return None
            self.server = server
            url = server.url
            screen.friend_url = friend_url(url, launch.listen)
        url = url or DEFAULT_SERVER
        self.url = url
        screen.friend_url = screen.friend_url or url
        screen.lobby_lines = [f"Connecting to {url}…", "", "Esc stops."]
        screen.render_model()
        if self.ticket is not None:
            return OnlineSession(url, ticket=self.ticket)
        if launch.mode == "host":
            return OnlineSession(url, create=launch.options or RoomOptions())
        if launch.mode == "watch":
            return OnlineSession(url, watch=launch.room)
        return OnlineSession(url, join=launch.room, style=launch.style, choose_style=launch.choose_style)

    def seated(self, screen: OnlineFightScreen, joined: Joined) -> None:
        model = screen.model
        model.take_seat(joined.seat, joined.room)
        pid = self.server.pid if self.server is not None else 0
        if self.ticket is not None:
            pid = self.side.seat_pid(self.url, joined.room)
        self.side.warn(
            self.side.keep(HeldSeat(self.url, joined.room, joined.seat.value, joined.token, joined.host, pid))
        )
        if joined.host and not joined.resumed:
            screen.lobby_lines = self.host_lines(screen, joined)
        elif not joined.resumed:
            screen.lobby_lines = [f"Joined room {joined.room} as {joined.seat}: the match is starting…"]
        else:
            screen.lobby_lines = [f"Back in room {joined.room} as {joined.seat}: waiting for the table…"]
            model.log.append(f"(back in room {joined.room} as {joined.seat})")

    def host_lines(self, screen: OnlineFightScreen, joined: Joined) -> list[str]:
        lines = [
            f"Room {joined.room} is open: waiting for your friend to join.",
            "",
            "Your friend runs:",
            f"  clubfight combat join {joined.room} --server {screen.friend_url}",
            "",
        ]
        if self.server is not None and self.launch.listen in LOOPBACK:
            lines += [
                "This match server listens on 127.0.0.1: only this machine can reach it.",
                "For a friend on your network, host with --listen 0.0.0.0 (or run",
                "'clubfight combat server --host 0.0.0.0' and host with --server).",
            ]
        elif self.server is not None:
            port = screen.friend_url.rsplit(":", 1)[-1]
            lines += [f"This match server listens on {self.launch.listen}, port {port}."]
        lines += ["", f"You play {joined.seat}.  Esc cancels and closes the room."]
        return lines

    def match_over(self, screen: OnlineFightScreen, state: SeatState) -> None:
        self.record = state.record
        side = self.side
        if state.seat is not None:
            result = online_result(state, played_on=side.app.today(), match_id=self.match_id)
            if result is not None:
                try:
                    side.warn(record_match(result, side.stats_path()))
                except (OSError, ValueError) as error:
                    side.warn(f"Couldn't record the match in the statistics: {why(error)}.")
            side.forget(self.url, state.room)
        screen.close_session()

    def export(self, screen: OnlineFightScreen) -> str:
        record = self.record
        if record is None:
            return "This match has no record: a round was claimed."
        deal = next((line.split(":", 1)[1].strip() for line in record.splitlines() if line.startswith("deal:")), "")
        try:
            path = export_combat_record(record, deal or "combat-online", folder=self.side.records_dir())
        except (OSError, ValueError) as error:
            return f"Couldn't export the record: {why(error)}"
        app = self.side.app
        if app.is_web:
            app.deliver_text(path, save_filename=path.name, mime_type="text/plain")
            return f"Record downloaded by your browser:\n{path.name}"
        return f"Record written to\n{path.parent}{os.sep}\n{path.name}\n(clubfight combat replay FILE replays it)"

    def failed(self, screen: OnlineFightScreen, reason: str, code: str | None = None) -> None:
        side = self.side
        if self.ticket is not None and self._lost_for_good(reason, code):
            side.forget(self.ticket.url, self.ticket.room)
        self.stop_server()
        side.back_to_start(screen, reason)

    def _lost_for_good(self, reason: str, code: str | None) -> bool:
        """A kept seat that can't come back: the room is gone, or the server on this machine is."""
        url = self.ticket.url if self.ticket is not None else ""
        local = any(f"//{host}:" in url or f"//[{host}]:" in url for host in LOOPBACK)
        return code in FORGET_ON or (local and "can't reach" in reason)

    def cancel(self, screen: OnlineFightScreen) -> None:
        room = screen.model.room
        screen.close_session()
        side = self.side
        if room:
            side.forget(self.url, room)
        if self.launch.mode == "host" and self.server is not None:
            self.stop_server()
            message = f"Room {room} closed." if room else "Hosting cancelled."
        elif self.launch.mode == "host" and room:
            message = f"You left room {room}; its server removes it once nobody comes."
        else:
            message = "Stopped."
        side.back_to_start(screen, message, severity="information")

    def stop_server(self) -> None:
        """Stop the match server started for this match (only ours, by its pid)."""
        server = self.server
        if server is None:
            return
        self.server = None
        with suppress(OSError):
            os.kill(server.pid, signal.SIGTERM)

    def leave(self, screen: OnlineFightScreen) -> None:
        screen.close_session()
        self.side.back_to_start(screen, None)


class OnlineSide:
    """Combat Club's online matches in one app. ``home``: the data folder (tests give each app its own)."""

    def __init__(self, app: CardGamesApp, show_start: Callable[[], None]) -> None:
        self.app = app
        self.show_start = show_start
        self.home: Path | None = None

    # --- files -------------------------------------------------------------------------------

    def data(self) -> Path:
        return self.home if self.home is not None else paths.data_dir()

    def seats_path(self) -> Path:
        return online_seats_path(self.data())

    def stats_path(self) -> Path:
        return self.data() / "combat-stats.json"

    def records_dir(self) -> Path:
        return self.data() / paths.RECORDS_FOLDER

    def keep(self, seat: HeldSeat) -> str | None:
        try:
            return keep_seat(seat, self.seats_path())
        except (OSError, ValueError) as error:
            return f"Couldn't keep the seat's ticket: {why(error)}. Closing this window would lose the seat."

    def forget(self, url: str, room: str) -> None:
        with suppress(OSError, ValueError):
            forget_seat(url, room, self.seats_path())

    def seat_pid(self, url: str, room: str) -> int:
        for seat in load_online_seats(self.seats_path()).value:
            if (seat.url, seat.room) == (url, room):
                return seat.server_pid
        return 0

    def warn(self, warning: str | None) -> None:
        if warning:
            self.app.notify(warning, severity="warning", timeout=10)

    def start_server(self, listen: str) -> tuple[BackgroundServer, Path]:
        """A match server for one match, in a folder of its own (runs on a thread: it waits for the
        server to listen)."""
        hosted = self.data() / HOSTED_FOLDER
        sweep_hosted(hosted)
        folder = hosted / f"{time.strftime('%Y%m%dT%H%M%S')}-{os.getpid()}-{time.monotonic_ns() % 1_000_000}"
        return start_background_server(folder, host=listen), folder

    # --- opening ---------------------------------------------------------------------------------

    def open(self, launch: OnlineLaunch) -> None:
        """Host, join or watch; joining a room this player holds a seat in takes that seat back."""
        ticket = None
        if launch.mode == "join" and launch.room is not None:
            held = seat_for_room(launch.room, self.seats_path())
            if held is not None and (launch.server is None or launch.server == held.url):
                ticket = Ticket(held.url, held.room, Colour(held.seat), held.token)
        self.show(launch, ticket)

    def resume(self, seat: HeldSeat) -> None:
        launch = OnlineLaunch("join", room=seat.room, server=seat.url)
        self.show(launch, Ticket(seat.url, seat.room, Colour(seat.seat), seat.token))

    def show(self, launch: OnlineLaunch, ticket: Ticket | None) -> None:
        seat = ticket.seat if ticket is not None else None
        room = ticket.room if ticket is not None else (launch.room or "")
        model = OnlineFightModel.for_seat(seat, room)
        if launch.mode == "watch":
            model.log.append(f"Watching room {room}: the players' cards stay hidden.")
        screen = OnlineFightScreen(model, online=OnlineMatch(self, launch, ticket))
        self.app.push_screen(screen)

    def newest_seat(self) -> HeldSeat | None:
        loaded = load_online_seats(self.seats_path())
        self.warn(loaded.warning)
        return loaded.value[-1] if loaded.value else None

    def offer_rejoin(self, otherwise: Callable[[], None]) -> bool:
        """If a seat is held, ask whether to take it back (``otherwise`` goes on as if none were)."""
        seat = self.newest_seat()
        if seat is None:
            return False
        role = "you host" if seat.host else "you joined"
        question = AskScreen(
            "Rejoin your online match?",
            f"You hold the {seat.seat.upper()} seat in room {seat.room} ({role}) on {seat.url}.",
            f"Rejoin room {seat.room}",
            "Not now (it stays offered)",
            id="online-rejoin",
        )

        def answered(yes: bool | None) -> None:
            if yes:
                self.resume(seat)
            else:
                otherwise()

        self.app.push_screen(question, answered)
        return True

    def back_to_start(self, screen: OnlineFightScreen, message: str | None, *, severity: str = "error") -> None:
        """Close the online fight (and anything over it), then Combat Club's start screen, with one line."""
        app = self.app
        if screen in app.screen_stack:
            while app.screen is not screen:
                app.pop_screen()
            app.pop_screen()
        if message:
            app.notify(message, severity=severity, timeout=12)  # type: ignore[arg-type]
        self.show_start()
