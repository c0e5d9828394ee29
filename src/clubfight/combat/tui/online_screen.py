"""The fight screen of an online match: the ordinary fight, driven by the match server.

An async worker follows the session (``OnlineSession.events()``, in the app's own event loop) and
hands each state to the model (online_model.py), which rebuilds the table from it; the keys build
actions as in a local match, and the model's outbox is sent. Until the match starts the lobby covers
the table: the room code and the command for the friend, or where it is connecting. The status bar
carries the connection ("BLACK online", "BLACK reconnecting… 0:41"), the other player's absence,
the counter window's countdown and the turn timer. The defender's counter question counts down and
closes when the server closes the window.
"""

from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.await_complete import AwaitComplete
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static

from clubfight.combat.engine import Card, Phase, parse_action
from clubfight.combat.online.client import ConnectionLost, Disconnected, OnlineSession, Stopped
from clubfight.combat.online.seat_view import Joined, Presence, SeatState, ServerError, Watching
from clubfight.shell.screens.question_screen import AskScreen
from clubfight.shell.widgets.buttons import update_if_changed

from .fight_model import FightChange
from .fight_screen import FightScreen
from .fight_text import variants_text
from .log_screen import FullLogScreen
from .online_banner import OnlineRoundOverScreen
from .online_model import ENDED, OnlineFightModel
from .prompts import CounterScreen

if TYPE_CHECKING:
    from textual.timer import Timer

TICK = 0.1
"""Seconds between redraws of the countdowns."""
ONLINE = "online"
"""The worker group that follows the session."""


class OnlineHost(Protocol):
    """What the online fight hands on (``online_side.OnlineSide`` does it)."""

    async def connect(self, screen: OnlineFightScreen) -> OnlineSession | None:
        """The session to follow (starting a server first when hosting); None: it failed, and said so."""

    def seated(self, screen: OnlineFightScreen, joined: Joined) -> None:
        """A seat is ours: keep its ticket."""

    def match_over(self, screen: OnlineFightScreen, state: SeatState) -> None:
        """Record the match, and let the seat go."""

    def export(self, screen: OnlineFightScreen) -> str:
        """Write the match's record; the line to show."""

    def failed(self, screen: OnlineFightScreen, reason: str, code: str | None = None) -> None:
        """The session couldn't start or ended for good (``code``: the server's error, if it said one):
        back to the start screen with one line."""

    def cancel(self, screen: OnlineFightScreen) -> None:
        """Esc before the match began: close the room (a host) or stop trying (a guest)."""

    def leave(self, screen: OnlineFightScreen) -> None:
        """The match is over and the player is done with it."""


class Lobby(Vertical):
    """What covers the table until the match starts."""

    def compose(self) -> ComposeResult:
        yield Static(id="c-lobby-text")


class OnlineCounterScreen(CounterScreen):
    """The counter question with the window's countdown; the fight closes it when the window does."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.closed_by_server = False
        self.dismissed = False

    def compose(self) -> ComposeResult:
        yield from super().compose()
        yield Static(id="counter-countdown")

    def countdown(self, text: str) -> None:
        if self.is_mounted:
            update_if_changed(self.query_one("#counter-countdown", Static), text)

    def dismiss(self, result: Card | None = None) -> AwaitComplete:
        """Once only, and only while on top: the server closing the window and the player's key can
        both dismiss it, and Textual's dismiss pops whatever screen is on top (the second one popped
        the fight itself)."""
        if self.dismissed or self.app.screen is not self:
            return AwaitComplete()
        self.dismissed = True
        return super().dismiss(result)


def protocol_line(reason: str) -> str:
    """A server of another protocol, in the words a player can act on."""
    found = re.search(r"speaks protocol (\S+?);", reason)
    if found and "this clubfight speaks" in reason:
        return f"this server speaks protocol {found.group(1)}; update clubfight"
    return reason


class OnlineFightScreen(FightScreen):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("k", "claim", "Claim", show=False)]

    def __init__(self, model: OnlineFightModel, *, online: OnlineHost, title: str = "") -> None:
        super().__init__(model, host=None, pace=0.0, title=title)
        self.model: OnlineFightModel = model
        self.online = online
        self.session: OnlineSession | None = None
        self.seated_once = False
        self.recorded = False
        self.lobby_lines: list[str] = ["Connecting…"]
        """What the lobby says (the side sets the host's room code and the friend's command)."""
        self.friend_url = ""
        self.listen_note = ""
        self._counter: OnlineCounterScreen | None = None
        self._ticker: Timer | None = None
        self._unfollowed = False
        """Following the session has stopped. (Not ``_closing``: that name is Textual's own, and setting it
        made the screen drop its Prune message, so popping it never finished and the app hung.)"""

    # --- layout ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield from super().compose()
        yield Lobby(id="c-lobby")

    def on_mount(self) -> None:
        self.render_model()
        self._ticker = self.set_interval(TICK, self._tick)
        self.watch(self.app, "theme", lambda _: self.render_model(), init=False)  # red_ink follows the theme
        self.follow()

    def render_model(self) -> None:
        model = self.model
        lobby = not model.has_table
        self.query_one("#c-lobby").display = lobby
        if lobby:
            self.query_one("#c-main").display = False
            self.query_one("#c-curtain").display = False
            update_if_changed(self.query_one("#c-status", Static), self._status())
            update_if_changed(self.query_one("#c-lobby-text", Static), "\n".join(self.lobby_lines))
            self.refresh_bindings()
            return
        super().render_model()

    def _status(self) -> Text:
        model = self.model
        now = time.monotonic()
        text = Text()
        text.append(" ⚔ Combat Club ", style="bold reverse")
        text.append(f"  Room {model.room or '…'}", style="bold")
        if model.state is not None and model.state.phase != "waiting":
            text.append(f"  {model.rounds_text()}")
        second = [model.connection_text(now)]
        for part in (model.presence_text(now), model.window_text(now), model.timer_text(now)):
            if part:
                second.append(part)
        if model.state is not None and model.has_table:
            variants = variants_text(model.round.rules)
            if variants:
                second.append(variants)
        text.append("\n " + "  ·  ".join(second), style="bold")
        return text

    def _tick(self) -> None:
        if not self.is_mounted:
            return
        update_if_changed(self.query_one("#c-status", Static), self._status())
        counter = self._counter
        if counter is not None:
            counter.countdown(self.model.window_text(time.monotonic()))

    # --- following the server ---------------------------------------------------------------

    @work(exclusive=True, group=ONLINE, exit_on_error=False)
    async def follow(self) -> None:
        session = await self.online.connect(self)
        if session is None:
            return
        self.session = session
        async for event in session.events():
            if self._unfollowed:
                break
            if not await self.handle(event):
                break

    async def handle(self, event: object) -> bool:
        """One event of the session; False: stop following."""
        model = self.model
        now = time.monotonic()
        if isinstance(event, (Joined, Watching)):
            model.went_online()
            if isinstance(event, Joined):
                model.coach = bool(event.options.get("coach"))
                if not self.seated_once:
                    self.online.seated(self, event)
            self.seated_once = True
        elif isinstance(event, SeatState):
            self._on_state(event, now)
        elif isinstance(event, Presence):
            model.saw_presence(event, now)
        elif isinstance(event, ServerError):
            if event.request in ("act", "ready", "claim"):
                model.refused(str(event))
        elif isinstance(event, Disconnected):
            if model.phase == "match-over":
                return False  # nothing more to come: the final table stays
            if not self.seated_once:
                await self._stop_session()
                self.online.failed(self, protocol_line(event.reason))
                return False
            model.went_offline(now)
        elif isinstance(event, Stopped):
            if model.phase == "match-over":
                return False
            code = event.error.code if event.error is not None else None
            if not self.seated_once or code in ("room-closed", "bad-token"):
                self.online.failed(self, protocol_line(event.reason), code)
                return False
            model.went_offline(now)
            model.message = f"The connection ended: {event.reason}"
            return False
        if self.is_mounted:
            self.render_model()
        return True

    def _on_state(self, state: SeatState, now: float) -> None:
        model = self.model
        change = model.receive(state, now)
        if state.match_over and not self.recorded:
            self.recorded = True
            self.online.match_over(self, state)
        self._close_counter_if_done()
        if not self.is_mounted:
            return
        self.render_model()
        if change.round_over:
            self._show_banner()
        else:
            self.call_after_refresh(self.resume_flow)

    async def _stop_session(self) -> None:
        self._unfollowed = True
        if self.session is not None:
            await self.session.close()

    def close_session(self) -> None:
        """Stop following (the seat stays ours: its ticket resumes it)."""
        self._unfollowed = True
        self.workers.cancel_group(self, ONLINE)
        session = self.session
        if session is not None:
            self.app.run_worker(session.close(), exit_on_error=False)

    def on_unmount(self) -> None:
        self._unfollowed = True

    # --- sending ------------------------------------------------------------------------------

    def apply(self, change: FightChange) -> None:
        super().apply(change)
        self.flush()

    def flush(self) -> None:
        outgoing = self.model.take_outbox()
        if outgoing:
            self._send(outgoing)

    @work(group="send", exit_on_error=False)
    async def _send(self, outgoing: list[Any]) -> None:
        session = self.session
        for message in outgoing:
            try:
                if session is None:
                    raise ConnectionLost("not connected")
                if message.kind == "act":
                    await session.act(message.action, message.step)
                elif message.kind == "ready":
                    await session.ready()
                elif message.kind == "claim":
                    await session.claim()
            except ConnectionLost:
                self.model.refused("not connected: it will be asked again once the connection is back")
                if self.is_mounted:
                    self.render_model()
                return

    # --- the flow -------------------------------------------------------------------------------

    def resume_flow(self) -> None:
        if self.app.screen is not self or self._asking or not self.model.has_table:
            return
        model = self.model
        if model.humans_turn and model.round.phase is Phase.COUNTER and self._counter is None:
            self._ask_counter()

    def _ask_counter(self) -> None:
        model = self.model
        question = OnlineCounterScreen.asking(model)
        assert isinstance(question, OnlineCounterScreen)
        self._counter = question
        self._asking = True

        def answered(card: Card | None) -> None:
            self._asking = False
            self._counter = None
            if question.closed_by_server:
                self.render_model()
                return
            self.apply(model.answer_counter(card))

        self.app.push_screen(question, answered)

    def _close_counter_if_done(self) -> None:
        counter = self._counter
        if counter is None:
            return
        model = self.model
        if model.humans_turn and model.has_table and model.round.phase is Phase.COUNTER:
            return
        counter.closed_by_server = True
        counter.dismiss(None)

    def _show_banner(self) -> None:
        state = self.model.state
        if state is None or state.phase not in ENDED:
            return
        if self._counter is not None:
            self._close_counter_if_done()
        screen = OnlineRoundOverScreen(
            state.view, self.model.seat, export=(lambda: self.online.export(self)) if state.record else None
        )
        self._asking = True

        def chosen(choice: str | None) -> None:
            self._asking = False
            if choice == "quit":
                self.app.exit()
            elif choice == "next":
                if self.model.ready_for_next():
                    self.model.message = "Ready: the next round starts once both players are."
                self.flush()
                self.render_model()
            elif choice == "leave":
                self.online.leave(self)
            else:
                self.render_model()

        self.app.call_after_refresh(self.app.push_screen, screen, chosen)

    # --- keys -------------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        model = self.model
        if not model.has_table:
            return action in ("back", "quit", "rules", "settings", "stats")
        if action == "claim":
            return True if model.can_claim(time.monotonic()) else None
        if action in ("undo", "skip"):
            return False  # no undo online, and no computer to skip ahead of
        return model.can(action)

    def action_confirm(self) -> None:
        model = self.model
        if not model.has_table:
            return
        if model.phase in ENDED:
            self._show_banner()
            return
        if model.humans_turn and model.round.phase is Phase.DRAW and model.state is not None:
            self.apply(model.play(parse_action(model.state.legal[0])))
            return
        super().action_confirm()

    def action_back(self) -> None:
        if not self.model.has_table:
            self.online.cancel(self)
            return
        super().action_back()

    def action_full_log(self) -> None:
        self.app.push_screen(FullLogScreen(f"The log of room {self.model.room}", self.model.log))

    def action_claim(self) -> None:
        model = self.model
        if not model.can_claim(time.monotonic()):
            self.apply(model.say("Nothing to claim: the other player is here, or not away long enough yet."))
            return
        other = model.seat.other if model.seat is not None else None
        question = AskScreen(
            "Claim the round?",
            f"{other} has been away longer than the room's grace period. Claiming wins the round; the "
            "match goes on if it isn't over.",
            "Claim the round",
            "Keep waiting",
            id="claim-round",
        )

        def answered(yes: bool | None) -> None:
            if yes and model.claim(time.monotonic()):
                self.flush()
            self.render_model()

        self.app.push_screen(question, answered)
