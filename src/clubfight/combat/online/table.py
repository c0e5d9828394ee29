"""One room's match as the server runs it: seats, setup, the counter window, timers and claims.

Pure: the time is passed in (seconds on a steady clock) and the server does every I/O. Each call
returns a ``Change``: the notes to tell, and whether the game moved on (``step`` + 1: every audience
gets a new state) or only one seat's own view changed (a defender's "let it stand").

Every action is checked by the engine (``Round.explain``/``legal_actions``) before it is played, and
every refusal is a ``Refusal`` whose reason uses only what the sender may see. The table adds three
things the engine leaves to the table top:

- **Setup at once (U2).** Both players arrange in any order; the engine takes RED's arrangement
  first (U4), so the table keeps the first one back until both are in. BLACK's arrangement is
  checked against the engine after a stand-in arrangement of RED's hand: RED's choice changes
  nothing BLACK may do.
- **The counter window.** After every UNSAFE play a window of ``options.counter_window`` seconds
  opens, whether or not the defender holds a card that fits. The engine skips its COUNTER phase
  when nothing fits and plays on at once; the table then holds what followed (``Window.held``)
  until the window closes, and shows everyone the play pending meanwhile (``Window.shown``, the
  state the engine would be in if a counter existed). Only a counter ends a window early; "let it
  stand" is noted for the defender alone. So the attacker sees the same thing, at the same
  moments, whatever the defender holds.
- **Timers and claims.** With a turn timer, a decision not made in time is made as the rules'
  "do nothing": the turn ends (T3), the counter draw takes one card, setup takes the first
  arrangement, a finished round counts as ready. A player away longer than the grace period may
  have the round claimed by the other.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from clubfight.combat.engine import (
    Action,
    Arrange,
    Attack,
    Colour,
    CombatCode,
    Counter,
    Decline,
    Draw,
    EndTurn,
    Event,
    EventKind,
    NotationError,
    Phase,
    Pick,
    Points,
    Round,
    RoundResult,
    Style,
    Win,
    parse_action,
)
from clubfight.combat.game import Match, PlayedRound

from .notes import Note, event_notes, play_note, result_json, table_note
from .options import RoomOptions

RED, BLACK = Colour.RED, Colour.BLACK
SEATS = (RED, BLACK)


class Stage(Enum):
    __hash__ = object.__hash__

    WAITING = "waiting"
    SETUP = "setup"
    PLAY = "play"
    ROUND_OVER = "round-over"
    MATCH_OVER = "match-over"


class Refusal(Exception):
    """An action or request the table won't take: ``code`` (protocol.ERROR_CODES), ``message``, and
    the ``ruling`` an illegal action breaks. The table is unchanged."""

    def __init__(self, code: str, message: str, ruling: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.ruling = ruling


@dataclass(slots=True)
class Window:
    """An open counter window: the unsafe ``attack`` made from ``before``, the state everyone is
    shown meanwhile, the engine's events held back until it closes, and when it closes."""

    attack: Attack
    before: Round
    shown: Round
    points: Points
    held: tuple[Event, ...]
    closes_at: float
    declined: bool = False

    @property
    def attacker(self) -> Colour:
        return self.before.attacker


@dataclass(slots=True)
class Change:
    """What a call did: ``notes`` to tell; ``game`` when the step moved on (everyone gets the new
    state); ``private_to`` when only that seat's view changed; ``presence`` when a seat came, went or
    may now be claimed."""

    notes: list[Note] = field(default_factory=list)
    game: bool = False
    private_to: Colour | None = None
    presence: bool = False

    @property
    def changed(self) -> bool:
        return self.game or self.private_to is not None or self.presence


def pending_round(before: Round, attack: Attack, points: Points) -> Round:
    """The round as the engine leaves it when an unsafe ``attack`` opens its COUNTER phase: the cards
    on the stack, out of the hand and ADVANTAGE, the play pending. Built here for the window that the
    engine skips when no counter exists (the same steps as its own)."""
    player = before.attacker
    hands = {c: before.hand(c) for c in SEATS}
    hands[player] = tuple(c for c in hands[player] if c not in attack.cards)
    stacks = list(before.stacks)
    stacks[attack.to - 1] = stacks[attack.to - 1] + attack.cards
    return before.replace(
        stacks=tuple(stacks),
        red_hand=hands[RED],
        black_hand=hands[BLACK],
        advantage=tuple(c for c in before.advantage if c not in attack.cards),
        last_place=attack.to,
        phase=Phase.COUNTER,
        pending=attack,
        pending_points=points,
        events=(),
        last_points=None,
    )


class Table:
    """A room: its options, the host's colour, the match, the seats' tokens (hashes) and presence."""

    def __init__(
        self, room: str, options: RoomOptions, code: CombatCode, host: Colour, *, match: Match | None = None
    ) -> None:
        self.room = room
        self.options = options
        self.code = code
        self.host = host
        self.rules = options.rules(host)
        self.match = match if match is not None else Match.new(code, self.rules)
        self.tokens: dict[Colour, str | None] = {RED: None, BLACK: None}
        self.present: dict[Colour, bool] = {RED: False, BLACK: False}
        self.away_since: dict[Colour, float | None] = {RED: None, BLACK: None}
        self.claim_told: set[Colour] = set()
        self.arrangements: dict[Colour, Arrange] = {}
        self.ready: set[Colour] = set()
        self.claims: dict[int, Colour] = {}
        self.window: Window | None = None
        self.deadline: float | None = None
        self.stage = Stage.WAITING
        self.step = 0

    # --- state ---------------------------------------------------------------------------------

    @property
    def current(self) -> Round:
        return self.match.current

    @property
    def shown(self) -> Round:
        """The round everyone is shown: the pending play while a window is open."""
        return self.window.shown if self.window is not None else self.match.current

    def round_result(self, number: int) -> tuple[RoundResult, bool] | None:
        """Round ``number``'s result and whether it was claimed; None while it lasts."""
        claimant = self.claims.get(number)
        if claimant is not None:
            return RoundResult(claimant, (Win.TIME_OUT,)), True
        if self.window is not None and number == self.match.round_number:
            return None  # the engine may have settled it already: that stays held with the window
        result = self.match.rounds[number - 1].result
        return None if result is None else (result, False)

    def round_wins(self, colour: Colour) -> int:
        return sum(
            1
            for n in range(1, self.match.round_number + 1)
            if (found := self.round_result(n)) is not None and found[0].winner is colour
        )

    @property
    def winner(self) -> Colour | None:
        for colour in SEATS:
            if self.round_wins(colour) >= self.rules.wins_needed:
                return colour
        return None

    def to_act(self) -> list[Colour]:
        """Whose decision the table waits for."""
        stage = self.stage
        if stage is Stage.SETUP:
            return [c for c in SEATS if c not in self.arrangements]
        if stage is Stage.ROUND_OVER:
            return [c for c in SEATS if c not in self.ready]
        if stage is not Stage.PLAY:
            return []
        if self.window is not None:
            # The defender stays "to act" until the window closes, even after letting the play stand:
            # what the attacker sees mustn't change with what the defender holds or does (docs/online.md).
            return [self.window.attacker.other]
        actor = self.current.to_act
        return [] if actor is None else [actor]

    def seat_of(self, token_hash: str) -> Colour | None:
        for colour in SEATS:
            if self.tokens[colour] == token_hash:
                return colour
        return None

    def free_seat(self) -> Colour | None:
        for colour in (self.host, self.host.other):
            if self.tokens[colour] is None:
                return colour
        return None

    def claimable_in(self, colour: Colour, now: float) -> float | None:
        """Seconds until ``colour``'s opponent may claim the round (0: now); None while ``colour`` is here."""
        since = self.away_since[colour]
        if self.present[colour] or since is None or self.tokens[colour] is None:
            return None
        return max(0.0, since + self.options.grace - now)

    def next_deadline(self) -> float | None:
        """When ``tick`` next has something to do."""
        times = [t for t in (self.deadline, self.window.closes_at if self.window else None) if t is not None]
        for colour in SEATS:
            since = self.away_since[colour]
            if since is not None and not self.present[colour] and colour not in self.claim_told:
                times.append(since + self.options.grace)
        return min(times, default=None)

    # --- seats ---------------------------------------------------------------------------------

    def choose_guest_style(self, style: Style | None) -> None:
        """F1: the guest takes its own style as it joins (before the match starts)."""
        assert self.stage is Stage.WAITING
        self.options = self.options.with_guest_style(style)
        self.rules = self.options.rules(self.host)
        self.match = Match.new(self.code, self.rules)

    def take_seat(self, colour: Colour, token_hash: str, now: float) -> Change:
        """A player takes the free seat ``colour``; the match starts once both are taken."""
        assert self.tokens[colour] is None
        self.tokens[colour] = token_hash
        self.present[colour] = True
        self.away_since[colour] = None
        role = "host" if colour is self.host else "guest"
        note = table_note("seated", f"{colour} ({role}) takes its seat", seat=colour.value)
        if all(self.tokens[c] is not None for c in SEATS) and self.stage is Stage.WAITING:
            self.stage = Stage.SETUP
            start = table_note("match-start", f"The match begins: {self.rules}", round=1)
            return self._moved([note, start], now)
        return Change([note], presence=True)

    def attach(self, colour: Colour, now: float) -> Change:
        """A seat's player is connected again."""
        self.present[colour] = True
        self.away_since[colour] = None
        self.claim_told.discard(colour)
        return Change([table_note("back", f"{colour} is back", seat=colour.value)], presence=True)

    def detach(self, colour: Colour, now: float) -> Change:
        """A seat's player dropped: the seat stays theirs."""
        self.present[colour] = False
        self.away_since[colour] = now
        text = f"waiting for {colour} to reconnect"
        return Change([table_note("away", text, seat=colour.value, grace=self.options.grace)], presence=True)

    # --- actions -------------------------------------------------------------------------------

    def act(self, colour: Colour, text: str, now: float) -> Change:
        """``colour`` plays the action written ``text`` (docs/combat-notation.md)."""
        try:
            action = parse_action(text)
        except NotationError as error:
            raise Refusal("bad-action", str(error)) from None
        return self.do(colour, action, now)

    def do(self, colour: Colour, action: Action, now: float) -> Change:
        stage = self.stage
        if stage is Stage.WAITING:
            raise Refusal("waiting", "the match starts when the second player joins")
        if stage is Stage.ROUND_OVER:
            raise Refusal("not-now", f"round {self.match.round_number} is over: send ready for the next one")
        if stage is Stage.MATCH_OVER:
            raise Refusal("not-now", "the match is over")
        if stage is Stage.SETUP:
            return self._arrange(colour, action, now)
        if self.window is not None:
            return self._in_window(colour, action, now)
        return self._play(colour, action, now)

    def ready_for_next(self, colour: Colour, now: float) -> Change:
        if self.stage is not Stage.ROUND_OVER:
            raise Refusal("not-now", "ready starts the next round, once a round is over and the match isn't")
        if colour in self.ready:
            raise Refusal("not-now", f"you are ready: waiting for {colour.other}")
        self.ready.add(colour)
        if len(self.ready) < 2:
            return self._moved([table_note("ready", f"{colour} is ready for the next round", seat=colour.value)], now)
        return self._moved(self.deal_next_round(), now)

    def claim(self, colour: Colour, now: float) -> Change:
        """Win the round of an opponent away longer than the grace period."""
        other = colour.other
        if self.stage in (Stage.WAITING, Stage.MATCH_OVER):
            raise Refusal("not-now", "there is no round to claim")
        left = self.claimable_in(other, now)
        if left is None:
            raise Refusal("not-now", f"{other} is here: only a player who has left can lose a round by claim")
        if left > 0:
            raise Refusal("not-now", f"you may claim the round once {other} has been away {self.options.grace:g} s")
        notes: list[Note] = []
        if self.window is not None:
            # The window closes as it would have (the play stands); if that decides the round, the
            # round is won on the table and there is nothing left to claim.
            closed = self._close_window(now)
            if self.stage is not Stage.PLAY:
                return closed
            notes.extend(closed.notes)
        if self.stage is Stage.ROUND_OVER:
            notes.extend(self.deal_next_round())
        self.claims[self.match.round_number] = colour
        result = RoundResult(colour, (Win.TIME_OUT,))
        notes.append(Note({"kind": "round-over", **result_json(result, claimed=True)}))
        return self._moved(notes, now)

    def tick(self, now: float) -> list[Change]:
        """Whatever is due by ``now``: a window closing, a timer running out, a claim becoming possible."""
        changes: list[Change] = []
        for _ in range(8):  # each pass clears one deadline; a few can fall due together
            if self.window is not None and now >= self.window.closes_at:
                changes.append(self._close_window(now))
            elif self.deadline is not None and now >= self.deadline:
                changes.append(self._time_out(now))
            else:
                break
        for colour in SEATS:
            left = self.claimable_in(colour, now)
            if left == 0 and colour not in self.claim_told:
                self.claim_told.add(colour)
                text = f"{colour} has been away {self.options.grace:g} s: {colour.other} may claim the round"
                changes.append(Change([table_note("claimable", text, seat=colour.value)], presence=True))
        return changes

    # --- the steps -----------------------------------------------------------------------------

    def _moved(self, notes: list[Note], now: float, *, restart_timer: bool = True) -> Change:
        """The game moved on: a new step, the round's end noticed, the turn timer restarted."""
        self.step += 1
        if self.stage in (Stage.SETUP, Stage.PLAY) and self._round_over():
            self.window = None
            self.arrangements.clear()
            self.ready.clear()
            winner = self.winner
            self.stage = Stage.ROUND_OVER if winner is None else Stage.MATCH_OVER
            if winner is not None:
                mine, theirs = self.round_wins(winner), self.round_wins(winner.other)
                text = f"{winner} wins the match {mine}-{theirs}"
                notes.append(table_note("match-over", text, winner=winner.value))
        if restart_timer:
            timer = self.options.turn_timer
            waiting = self.window is None and self.stage in (Stage.SETUP, Stage.PLAY, Stage.ROUND_OVER)
            self.deadline = now + timer if timer is not None and waiting else None
        return Change(notes, game=True)

    def _round_over(self) -> bool:
        return self.match.round_number in self.claims or self.current.is_over

    def advance(self, action: Action, after: Round | None = None) -> Round:
        """Play ``action`` in the match's current round (``after``: its result, already computed)."""
        played = self.match.rounds[-1]
        after = after if after is not None else played.final.play(action)
        last = PlayedRound(played.number, played.start, (*played.actions, action), after)
        self.match = Match(self.match.code, self.match.rules, (*self.match.rounds[:-1], last))
        return after

    def setup_round(self, colour: Colour) -> Round:
        """The SETUP round in which ``colour`` arranges: RED's now; BLACK's after a stand-in for RED's."""
        current = self.current
        if colour is RED:
            return current
        return current.play(current.legal_actions()[0])

    def _arrange(self, colour: Colour, action: Action, now: float) -> Change:
        if not isinstance(action, Arrange):
            raise Refusal("illegal-action", "setup: each player arranges its four cards first", "U2")
        if action.colour is not colour:
            raise Refusal("wrong-seat", f"that arrangement is {action.colour}'s; you play {colour}")
        if colour in self.arrangements:
            raise Refusal("not-now", f"you have arranged: waiting for {colour.other}")
        error = self.setup_round(colour).explain(action)
        if error is not None:
            raise Refusal("illegal-action", error.reason, error.ruling)
        self.arrangements[colour] = action
        if len(self.arrangements) < 2:
            note = table_note("arranged", f"{colour} has arranged its cards", seat=colour.value)
            return self._moved([note], now, restart_timer=False)
        notes: list[Note] = []
        for seat in SEATS:
            self.advance(self.arrangements[seat])
            notes.extend(event_notes(self.current.events))
        self.arrangements.clear()
        self.stage = Stage.PLAY
        return self._moved(notes, now)

    def _play(self, colour: Colour, action: Action, now: float) -> Change:
        r = self.current
        actor = r.to_act
        assert actor is not None
        if colour is not actor:
            kinds = {type(a) for a in r.legal_actions()}
            doing = _doing(r)
            if type(action) in kinds or (isinstance(action, Arrange) and action.colour is not colour):
                raise Refusal("wrong-seat", f"'{action}' is {actor}'s to make: {doing}")
            raise Refusal("not-your-turn", f"it is not your turn: {doing}")
        error = r.explain(action)
        if error is not None:
            raise Refusal("illegal-action", error.reason, error.ruling)
        if isinstance(action, Attack) and not r.is_safe(action):
            return self._open_window(r, action, now)
        self.advance(action)
        return self._moved(event_notes(self.current.events), now)

    def _open_window(self, before: Round, attack: Attack, now: float) -> Change:
        points = before.points_of(attack)
        covered = before.stack(attack.to)[-1]
        after = self.advance(attack)
        held = () if after.phase is Phase.COUNTER else after.events[1:]
        shown = pending_round(before, attack, points)
        self.window = Window(attack, before, shown, points, held, now + self.options.counter_window)
        self.deadline = None
        self.step += 1
        return Change([play_note(before.attacker, attack, covered, points)], game=True)

    def _in_window(self, colour: Colour, action: Action, now: float) -> Change:
        window = self.window
        assert window is not None
        defender = window.attacker.other
        if colour is not defender:
            if isinstance(action, (Counter, Decline)):
                raise Refusal("wrong-seat", f"'{action}' is {defender}'s to make: it defends")
            raise Refusal("not-your-turn", f"{defender} may counter your play until the counter window closes")
        if window.declined:
            raise Refusal("not-now", "you let the play stand: it stands when the counter window closes")
        if isinstance(action, Decline):
            window.declined = True
            text = "You let the play stand; it stands when the counter window closes"
            note = Note({"kind": "declined", "seat": defender.value, "text": text}, defender, owner_only=True)
            return Change([note], private_to=defender)
        if isinstance(action, Counter):
            current = self.current
            if current.phase is Phase.COUNTER and current.is_legal(action):
                self.advance(action)
                self.window = None
                return self._moved(event_notes(self.current.events), now)
            error = window.shown.explain(action)
            assert error is not None, "the window shows the same counters as the engine"
            raise Refusal("illegal-action", error.reason, error.ruling)
        raise Refusal(
            "illegal-action", "the counter window is open: counter with a card of your hand, or decline", "C1"
        )

    def _close_window(self, now: float) -> Change:
        window = self.window
        assert window is not None
        self.window = None
        if self.current.phase is Phase.COUNTER:
            self.advance(Decline())
            events: tuple[Event, ...] = self.current.events
        else:
            attack = window.attack
            stand = Event(EventKind.STAND, window.attacker, cards=attack.cards, place=attack.to, points=window.points)
            events = (stand, *window.held)
        return self._moved(event_notes(events), now)

    def _time_out(self, now: float) -> Change:
        """The turn timer ran out: each waiting decision is made as "do nothing"."""
        self.deadline = None
        stage = self.stage
        notes: list[Note] = []
        game = False
        for colour in self.to_act():
            if stage is Stage.SETUP:
                action: Action | None = self.setup_round(colour).legal_actions()[0]
                did, what = "arrange", "its cards are arranged for it"
            elif stage is Stage.ROUND_OVER:
                action, did, what = None, "ready", "it is ready for the next round"
            else:
                action, did, what = _nothing(self.current, colour)
            notes.append(table_note("timer", f"{colour}'s time ran out: {what}", seat=colour.value, did=did))
            done = self.ready_for_next(colour, now) if action is None else self.do(colour, action, now)
            notes.extend(done.notes)
            game = game or done.game
        return Change(notes, game=game)

    def deal_next_round(self) -> list[Note]:
        """Deal the next round (U4); after a claimed round as ``Match.next_round`` would (M1, M2)."""
        number = self.match.round_number
        claimant = self.claims.get(number)
        if claimant is None:
            self.match = self.match.next_round()
        else:
            scores = [0, 0]
            if self.rules.survival:
                loser = claimant.other
                scores[loser.index] = self.current.score(loser)
            start = self.code.deal(self.rules, number + 1, red_score=scores[0], black_score=scores[1])
            self.match = Match(self.code, self.rules, (*self.match.rounds, PlayedRound(number + 1, start, (), start)))
        self.stage = Stage.SETUP
        self.ready.clear()
        self.arrangements.clear()
        return [table_note("round-start", f"Round {number + 1} begins", round=number + 1)]


def _doing(r: Round) -> str:
    actor = r.to_act
    if r.phase is Phase.DRAW:
        return f"{actor} draws its counter card"
    if r.phase is Phase.COUNTER:
        return f"{actor} may counter"
    return f"{actor} attacks"


def _nothing(r: Round, colour: Colour) -> tuple[Action, str, str]:
    """The decision a timer makes: end the turn (T3), or draw one counter card as the rules' plain
    draw (a NINJUTSU defender gets its deck's top card)."""
    if r.phase is Phase.DRAW:
        if r.rules.has(colour, Style.NINJUTSU):
            return Pick(r.deck(colour)[0]), "draw", "it draws one counter card"
        return Draw(1), "draw", "it draws one counter card"
    return EndTurn(), "end", "its turn ends"
