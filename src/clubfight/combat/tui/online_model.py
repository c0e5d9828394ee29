"""Combat Club online as the fight screen shows it: the fight model, driven by the match server.

The table is rebuilt from each ``state`` the server sends (``SeatState.to_round``): the seat's own
hand, the public table and, for the cards it can't see, stand-ins that no widget ever draws (the
other hand is shown as a count, the decks as sizes). There is no engine copy of the match here: an
action entered with the ordinary keys goes to ``outbox`` for the screen to send, and the table moves
on when the server's next state comes. The counter previews are the server's (a counter's wins may
depend on cards drawn afterwards, which only the server knows). The connection, the other seat's
presence, the counter window's countdown and the turn timer are worded here too. Plain Python: no
Textual, no network.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any, ClassVar, cast

from clubfight.combat.engine import (
    RED_DECK,
    Action,
    Arrange,
    Card,
    Colour,
    Phase,
    Points,
    Round,
    RoundResult,
    Win,
    parse_action,
)
from clubfight.combat.game import ONLINE, CombatResult, Match, RecordError, parse_record
from clubfight.combat.online.seat_view import Presence, SeatState, points_from_json

from .coach_hint import CoachRequest
from .fight_model import NOTHING, FightChange, FightModel, arrange_places
from .ring_out_watch import places_of

SEED_MASK = (1 << 64) - 1
PLAYING = ("setup", "draw", "attack", "counter")
"""The phases with a round in play (the others: waiting, round-over, match-over)."""
ENDED = ("round-over", "match-over")


def clock_text(seconds: float) -> str:
    """``0:41``: minutes and seconds, rounded down."""
    minutes, rest = divmod(max(0, int(seconds)), 60)
    return f"{minutes}:{rest:02d}"


def seen_round(state: SeatState) -> Round | None:
    """The round ``state`` shows, as its reader sees it (None while the room waits for its guest, or
    when a round claimed before its setup left nothing on the grid).

    A spectator's view has no hand: RED's hand is filled with stand-ins (RED's unseen cards, sorted)
    so that the engine can hold the round; the screen never draws a hand without a viewer. After a
    round, the final grid with its result."""
    phase = state.phase
    if phase not in PLAYING and phase not in ENDED:
        return None
    view = state.view
    seat = state.seat
    if seat is None:
        in_sight = {Card.parse(c) for stack in view["stacks"] for c in stack} | {
            Card.parse(c) for c in view["advantage"]
        }
        unseen = sorted(c for c in RED_DECK if c not in in_sight)
        view = {**view, "hand": [str(c) for c in unseen[: view["hands"]["red"]]]}
        seat = Colour.RED
    if phase in ENDED:
        result = view.get("result")
        if result is None or not all(view["stacks"]):
            return None
        playing = SeatState(state.room, state.step, seat, (), {**view, "phase": "attack", "pending": None})
        final = playing.to_round()
        ways = tuple(Win(w) for w in result["ways"]) or (Win.TIME_OUT,)
        outcome = RoundResult(Colour(result["winner"]), ways, bool(result["judged"]))
        return final.replace(phase=Phase.OVER, result=outcome)
    return SeatState(state.room, state.step, seat, state.events, view).to_round()


def online_result(state: SeatState, *, played_on: date, match_id: str | None) -> CombatResult | None:
    """What the statistics keep of a finished online match, from the seat's side: from the match's
    record when the server sent one, else (a round was claimed) from the view's round results."""
    seat = state.seat
    if seat is None or not state.match_over:
        return None
    record = state.record
    if record is not None:
        try:
            match = parse_record(record)
        except RecordError:
            match = None
        if match is not None:
            return CombatResult.from_match(match, seat, ONLINE, played_on=played_on, match_id=match_id)
    summary = state.view["match"]
    wins_by: list[Win] = []
    losses_by: list[Win] = []
    best = 0
    for result in summary["results"]:
        how = Win(result["ways"][0]) if result["ways"] else Win.TIME_OUT
        (wins_by if result["winner"] == seat.value else losses_by).append(how)
        best = max(best, int(result["scores"][seat.value]))
    return CombatResult(
        played_on=played_on,
        deal=f"combat-online-{state.room}",
        opponent=ONLINE,
        colour=seat,
        won=summary["winner"] == seat.value,
        rounds_won=len(wins_by),
        rounds_lost=len(losses_by),
        wins_by=tuple(wins_by),
        losses_by=tuple(losses_by),
        best_score=best,
        match_id=match_id,
    )


@dataclass(frozen=True, slots=True)
class Outgoing:
    """A message for the server: ``kind`` is act, ready or claim; an act carries its notation and the
    step it answers (None in setup, where both seats act at once)."""

    kind: str
    action: str = ""
    step: int | None = None


@dataclass(frozen=True, slots=True)
class StateChange:
    """What a new state means for the screen beyond redrawing."""

    round_over: bool = False
    """A round has just ended (show its banner once)."""
    started: bool = False
    """The match has just begun (the lobby gives way to the table)."""
    draw_off: tuple[tuple[Card, Card], ...] = ()
    """The centre draw-off just ran: its steps (RED's card first), to show one by one."""


@dataclass
class OnlineFightModel(FightModel):
    """The fight for one seat of an online room (``seat`` None: a spectator)."""

    seat: Colour | None = None
    room: str = ""
    coach: bool = False
    """The room allows hints (a practice room's option)."""
    state: SeatState | None = None
    shown: Round | None = None
    outbox: list[Outgoing] = field(default_factory=list)
    awaiting: int | None = None
    """The step of the state last answered: no second action until the server answers it."""
    answered: set[tuple[str, int]] = field(default_factory=set)
    """Setups and readies sent, by round: both seats act at once there, so a state may come that
    doesn't know ours yet."""
    received_at: float = 0.0
    presence: Presence | None = None
    presence_at: float = 0.0
    connected: bool = False
    down_since: float | None = None
    banner_shown: int = 0
    """The last round whose banner was shown."""
    opponent_role: ClassVar[str] = "online"

    def __post_init__(self) -> None:
        self.humans = frozenset() if self.seat is None else frozenset({self.seat})
        self.viewer = self.seat
        self.level = None

    @classmethod
    def for_seat(cls, seat: Colour | None, room: str, *, coach: bool = False) -> OnlineFightModel:
        # No match is held here: anything of FightModel's that would reach for one is overridden.
        return cls(cast(Match, None), seat=seat, room=room, coach=coach)

    def take_seat(self, seat: Colour, room: str) -> None:
        """The server has seated us (the colour is known only now when joining or hosting)."""
        self.seat, self.room = seat, room
        self.__post_init__()

    # --- the table, from the server ---------------------------------------------------------

    @property
    def round(self) -> Round:
        shown = self.shown
        if shown is None:
            raise LookupError("no round on the table yet")
        return shown

    @property
    def spectator(self) -> bool:
        return self.seat is None

    @property
    def has_table(self) -> bool:
        return self.shown is not None

    @property
    def phase(self) -> str:
        return self.state.phase if self.state is not None else "connecting"

    def receive(self, state: SeatState, now: float) -> StateChange:
        """A ``state`` from the server: the table, the log, the countdowns."""
        before = self.state
        self.state = state
        self.received_at = now
        self.awaiting = None
        shown = seen_round(state)
        started = shown is not None and self.shown is None
        if shown is not None:
            self.shown = shown
        if before is None or before.step != state.step or before.round_number != state.round_number:
            self._settle_plan(state)
        self._read_events(state)
        draw_off: tuple[tuple[Card, Card], ...] = ()
        if any(e.get("kind") == "draw-off" for e in state.events) and shown is not None:
            draw_off = shown.draw_off
        round_over = state.phase in ENDED and self.banner_shown < state.round_number
        if round_over:
            self.banner_shown = state.round_number
        return StateChange(round_over=round_over, started=started, draw_off=draw_off)

    def _settle_plan(self, state: SeatState) -> None:
        """The table moved on: drop a play half entered, but keep an arrangement being made, and
        show ours once the server has it."""
        arrangement = self.arrangement
        self._clear_plan()
        if state.phase != "setup" or self.seat is None:
            return
        sent = state.view.get("arrangement")
        if isinstance(sent, str):
            action = parse_action(sent)
            if isinstance(action, Arrange):
                by_place = places_of(action)
                self.arrangement = tuple(by_place[p] for p in arrange_places(self.seat))
        elif state.my_turn:
            self.arrangement = arrangement

    def _read_events(self, state: SeatState) -> None:
        for event in state.events:
            text = event.get("text")
            if isinstance(text, str) and text:
                self.log.append(text)
            kind = event.get("kind")
            seat = event.get("seat")
            if kind == "counter" and self.seat is not None and seat != self.seat.value:
                self.last_by_computer = f"{seat.upper() if isinstance(seat, str) else ''} COUNTERS: {text}"
            elif kind in ("play", "end-turn") and seat == (self.seat.value if self.seat else None):
                self.last_by_computer = ""
            elif kind == "stand" and self.seat is not None and seat == self.seat.value:
                self.message = f"Your play at {event.get('place')} stands."

    # --- whose move --------------------------------------------------------------------------

    @property
    def humans_turn(self) -> bool:
        state, shown = self.state, self.shown
        if state is None or shown is None or self.seat is None or self.awaiting is not None:
            return False
        if not state.my_turn or state.phase not in PLAYING or self._already_answered(state):
            return False
        return shown.to_act is self.seat

    def _already_answered(self, state: SeatState) -> bool:
        return state.phase == "setup" and ("setup", state.round_number) in self.answered

    @property
    def computer_to_act(self) -> bool:
        return False

    def arrangement_in(self, colour: Colour) -> bool:
        state = self.state
        arranged = state.view.get("arranged") if state is not None else None
        return bool(arranged.get(colour.value)) if isinstance(arranged, dict) else True

    def cards_in_hand(self, colour: Colour) -> int:
        """In setup BLACK's round has RED's stand-ins laid on the grid (``SeatState.to_round``), so the
        engine's RED hand is empty; until RED has arranged, its cards are in its hand, as the server
        counts them (face down on the grid once it has, as in a local match)."""
        state = self.state
        if (
            state is not None
            and self.round.phase is Phase.SETUP
            and colour is not self.viewer
            and not self.arrangement_in(colour)
        ):
            return int(state.view["hands"][colour.value])
        return super().cards_in_hand(colour)

    @property
    def waiting_for_ready(self) -> bool:
        """After a round: the next starts once both have said so; has this seat still to?"""
        state = self.state
        if state is None or self.seat is None or state.phase != "round-over":
            return False
        return not state.view.get("ready", {}).get(self.seat.value) and (
            ("ready", state.round_number) not in self.answered
        )

    def seat_label(self, colour: Colour) -> str:
        if self.seat is None:
            return ""
        return "you" if colour is self.seat else "online"

    def _wait_text(self) -> str:
        state = self.state
        if self.seat is None:
            return "You are watching: the players' cards stay hidden."
        if state is None:
            return "Connecting…"
        if state.phase in ENDED:
            return "The round is over: Enter shows the match score and what next."
        if state.phase == "setup":
            if self._already_answered(state) or state.view.get("arrangement"):
                return f"Arranged: waiting for {self.seat.other} to arrange."
            return "Arrange your four cards (z x c v), then Enter."
        if self.awaiting is not None:
            return "Sent: waiting for the server."
        who = self.shown.to_act if self.shown is not None else None
        if state.phase == "counter" and who is self.seat:
            return "You let it stand: the window closes by itself."
        return f"It is {who}'s move: wait." if who is not None else "Wait for the next round."

    # --- actions: sent, never played here -----------------------------------------------------

    def play(self, action: Action) -> FightChange:
        state = self.state
        text = str(action)
        if state is None or not self.humans_turn:
            return self.say(self._wait_text())
        if text not in state.legal:
            return self.say(f"{text} isn't one of your moves now.")
        setup = state.phase == "setup"
        self.outbox.append(Outgoing("act", text, None if setup else state.step))
        self.awaiting = state.step
        if setup:
            self.answered.add(("setup", state.round_number))
        else:
            self._clear_plan()
        self.message = ""
        return FightChange(played=action, by=self.seat)

    def preview(self) -> str:
        state = self.state
        if state is not None and self.humans_turn and state.phase == "draw" and state.legal:
            return f"Your counter draw (F1): Enter takes {state.legal[0]}."
        return super().preview()

    def refused(self, message: str) -> None:
        """The server refused our last message: say why, and let the player try again."""
        self.awaiting = None
        self.answered.clear()
        self.message = f"The server refused it: {message}"

    def ready_for_next(self) -> bool:
        """Say we're ready for the next round (once); False if there is nothing to say."""
        state = self.state
        if not self.waiting_for_ready or state is None:
            return False
        self.answered.add(("ready", state.round_number))
        self.outbox.append(Outgoing("ready"))
        return True

    def claim(self, now: float) -> bool:
        if not self.can_claim(now):
            return False
        self.outbox.append(Outgoing("claim"))
        return True

    def take_outbox(self) -> list[Outgoing]:
        sending, self.outbox = self.outbox, []
        return sending

    def arrange_seed(self) -> int:
        step = self.state.step if self.state is not None else 0
        return (step * 0x9E3779B97F4A7C15 + 0x2545F4914F6CDD1D) & SEED_MASK

    def counter_options(self) -> list[tuple[Card, Points, tuple[Win, ...]]]:
        """The server's previews of our counters (their wins may hang on cards drawn afterwards)."""
        state = self.state
        if state is None or self.shown is None or self.shown.phase is not Phase.COUNTER or not self.humans_turn:
            return []
        found = []
        for preview in state.previews:
            words = str(preview.get("action", "")).split()
            if len(words) == 2 and words[0] == "counter":
                wins = tuple(Win(w) for w in preview.get("wins", ()))
                found.append((Card.parse(words[1]), points_from_json(preview["points"]), wins))
        return found

    def undo(self) -> FightChange:
        return self.say("No undo online: the other player has seen the play.")

    def coach_request(self) -> CoachRequest | str:
        """No coach online: the other player is a person, and the room's server holds the hidden cards."""
        if not self.coach:
            return "No hints online: this room's options don't allow the coach."
        return "This room allows hints, but this version has no coach to give them."

    def next_round(self) -> FightChange:
        return NOTHING

    def rematch(self, seed: int) -> FightChange:
        return NOTHING

    def rebuild_log(self) -> None:
        """The server's events are the log; a resumed seat starts it afresh."""

    # --- the connection and the clocks -----------------------------------------------------------

    def went_online(self) -> None:
        self.connected = True
        self.down_since = None
        self.awaiting = None
        self.answered.clear()

    def went_offline(self, now: float) -> None:
        self.connected = False
        if self.down_since is None:
            self.down_since = now
        self.awaiting = None

    def saw_presence(self, presence: Presence, now: float) -> None:
        self.presence = presence
        self.presence_at = now

    def connection_text(self, now: float) -> str:
        """``BLACK online``, ``BLACK reconnecting… 0:41``, or a spectator's line."""
        who = f"{self.seat}" if self.seat is not None else f"Watching {self.room}"
        if not self.connected:
            since = self.down_since if self.down_since is not None else now
            return f"{who} reconnecting… {clock_text(now - since)}"
        return f"{who} online" if self.seat is not None else who

    def _other_away(self, now: float) -> tuple[float, float | None] | None:
        """How long the other seat has been away and how long until the round may be claimed."""
        presence = self.presence
        if presence is None or self.seat is None:
            return None
        other = presence.seats[self.seat.other.value]
        if not other.get("taken") or other.get("connected"):
            return None
        since = now - self.presence_at
        away = float(other.get("away_for") or 0.0) + since
        left = other.get("claimable_in")
        return away, None if left is None else max(0.0, float(left) - since)

    def presence_text(self, now: float) -> str:
        """``waiting for RED to reconnect (0:12)``, and when the round may be claimed."""
        away = self._other_away(now)
        if away is None or self.seat is None or self.phase == "match-over":
            return ""
        text = f"waiting for {self.seat.other} to reconnect ({clock_text(away[0])})"
        left = away[1]
        if left is not None:
            text += ": k claims the round" if left <= 0 else f"; the round may be claimed in {clock_text(left + 0.99)}"
        return text

    def can_claim(self, now: float) -> bool:
        away = self._other_away(now)
        return away is not None and away[1] is not None and away[1] <= 0 and self.phase != "match-over"

    def _left(self, key: str, now: float) -> float | None:
        state = self.state
        clock = state.view.get(key) if state is not None else None
        if not isinstance(clock, dict):
            return None
        return max(0.0, float(clock.get("left", 0.0)) - (now - self.received_at))

    def window_text(self, now: float) -> str:
        """The counter window's countdown, as each reader sees it."""
        left = self._left("window", now)
        if left is None or self.shown is None:
            return ""
        defender = self.shown.defender
        if self.seat is defender:
            window = self.state.view.get("window", {}) if self.state is not None else {}
            if window.get("declined") or not self.humans_turn:
                return f"You let it stand: the window closes in {left:.1f} s"
            return f"Counter or let it stand: {left:.1f} s"
        return f"{defender} may counter: {left:.1f} s"

    def window_left(self, now: float) -> float | None:
        return self._left("window", now)

    def timer_text(self, now: float) -> str:
        left = self._left("timer", now)
        if left is None or self.state is None:
            return ""
        who = "your" if self.seat is not None and self.seat in self.state.to_act else "the"
        return f"{who} turn timer {clock_text(left + 0.99)}"

    # --- after a round --------------------------------------------------------------------------

    def match_summary(self) -> dict[str, Any]:
        return dict(self.state.view["match"]) if self.state is not None else {}

    def rounds_text(self) -> str:
        """``Round 2 (best of 3)  Rounds RED 1-0 BLACK``."""
        state = self.state
        if state is None:
            return ""
        wins = state.view["match"]["wins"]
        rounds = state.view["rules"]["rounds"]
        return f"Round {state.round_number} (best of {rounds})  Rounds RED {wins['red']}-{wins['black']} BLACK"
