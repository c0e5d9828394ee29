"""The start screen's questions before an online match: the room code and the server to join, or the
server to host on (blank: a match server started on this machine). Each field is checked in one line
before anything connects. Dismisses with an ``OnlineLaunch``, or None (Esc)."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from clubfight.combat.tui import COMBAT_CSS
from clubfight.shell.widgets.buttons import FlatButton

from .launch import DEFAULT_SERVER, CombatLaunch, OnlineLaunch


def check_server(text: str) -> str | None:
    """Why ``text`` is no server address, or None."""
    if not text.startswith(("ws://", "wss://")) or len(text) > 300 or " " in text:
        return f"{text!r} is not a server address such as {DEFAULT_SERVER}"
    return None


def room_options(launch: CombatLaunch) -> object:
    """The room's options from the start screen's choices (the host's colour, rounds, styles, variants)."""
    from clubfight.combat.online.options import RoomOptions  # when a room is about to be made

    return RoomOptions(
        rounds=launch.rounds,
        host_style=launch.style,
        guest_style=launch.other_style,
        juggle=launch.juggle,
        survival=launch.survival,
        colour=launch.colour.value,
    )


class OnlineDialog(ModalScreen[OnlineLaunch | None]):
    """``mode`` host or join; ``launch`` holds the start screen's choices (a host's room options)."""

    CSS_PATH = COMBAT_CSS
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Back")]

    DEFAULT_CSS = """
    OnlineDialog { align: center middle; }
    OnlineDialog #online-dialog { width: 70; height: auto; padding: 0 2; border: thick $primary; background: $surface; }
    OnlineDialog .od-title { width: 100%; text-align: center; text-style: bold; }
    OnlineDialog .od-label { width: 100%; margin-top: 1; }
    OnlineDialog Input { width: 100%; }
    OnlineDialog #od-error { width: 100%; color: $text-error; height: auto; }
    OnlineDialog FlatButton { width: 100%; height: 1; }
    """

    def __init__(self, mode: str, launch: CombatLaunch, *, server: str = "") -> None:
        super().__init__()
        self.mode = mode
        self.launch = launch
        self.server = server

    def compose(self) -> ComposeResult:
        hosting = self.mode == "host"
        with Vertical(id="online-dialog"):
            yield Static("Host an online match" if hosting else "Join an online match", classes="od-title")
            if not hosting:
                yield Static("Room code (such as KX7-4PM):", classes="od-label")
                yield Input(placeholder="KX7-4PM", id="od-code", max_length=20)
                yield Static("Server address:", classes="od-label")
                yield Input(value=self.server or DEFAULT_SERVER, id="od-server", max_length=300)
            else:
                yield Static(
                    "Server address (leave it blank to start a match server on this machine, which only "
                    "this machine can reach):",
                    classes="od-label",
                )
                yield Input(value=self.server, placeholder="blank: this machine", id="od-server", max_length=300)
                yield Static(f"The room: {self.launch.describe_online()}.", classes="od-label")
            yield Static("", id="od-error")
            yield FlatButton("Enter  Host" if hosting else "Enter  Join", id="od-go")
            yield FlatButton("Esc  Back", id="od-back")

    def on_mount(self) -> None:
        self.query_one("#od-code" if self.mode == "join" else "#od-server", Input).focus()

    def _fail(self, message: str) -> None:
        self.query_one("#od-error", Static).update(message)

    def action_cancel(self) -> None:
        self.dismiss(None)

    @on(Input.Submitted)
    def _submitted(self) -> None:
        self.go()

    @on(FlatButton.Pressed, "#od-go")
    def _go_pressed(self) -> None:
        self.go()

    @on(FlatButton.Pressed, "#od-back")
    def _back_pressed(self) -> None:
        self.dismiss(None)

    def go(self) -> None:
        server = self.query_one("#od-server", Input).value.strip()
        if self.mode == "host":
            wrong = check_server(server) if server else None
            if wrong is not None:
                self._fail(wrong)
                return
            options = room_options(self.launch)
            self.dismiss(OnlineLaunch("host", server=server or None, options=options))  # type: ignore[arg-type]
            return
        from clubfight.combat.online.codes import RoomCodeError, parse_room_code

        try:
            room = parse_room_code(self.query_one("#od-code", Input).value)
        except RoomCodeError as error:
            self._fail(str(error))
            return
        server = server or DEFAULT_SERVER
        wrong = check_server(server)
        if wrong is not None:
            self._fail(wrong)
            return
        self.dismiss(OnlineLaunch("join", room=room, server=server))
