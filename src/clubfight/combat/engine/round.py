"""One round of Combat Club: an immutable state with ``legal_actions()`` and ``play(action)``.

The round moves through phases:

- SETUP: RED arranges, then BLACK (U2, U4); BLACK's ``Arrange`` also runs the centre draw-off (U3),
  kept step by step in ``draw_off``, and starts the first turn.
- ATTACK: the attacker plays ``Attack``s or ``EndTurn`` (T3). The turn ends by itself when no play
  is left (T3), so an ATTACK phase always has at least one ``Attack`` unless a Round was built by hand.
- COUNTER: after an UNSAFE play, the defender may ``Counter`` or ``Decline`` (C1). The window opens
  only when the defender holds a valid counter; otherwise the play stands at once.
- DRAW: a WUSHU defender chooses ``Draw(1)`` or ``Draw(2)``, a NINJUTSU defender ``Pick``s its counter
  card from its deck (F1; T2). Only these two styles ever see this phase, and only when the choice is
  real (two or more cards in the deck). NINJUTSU always picks (picking the top card is a plain draw
  but for the shuffle after it); the deck is then shuffled with the round's RNG.
- OVER: ``outcome`` says who won and how.

Each ``play`` may run several steps (a play stands, the turn ends, the next one starts with its
draws, and may end at once if that player has no play); ``events`` lists them all.

This module holds the immutable value; the work is done beside it: movegen.py lists the legal
actions, transitions.py (with drawoff.py for U3) runs a play's steps on a mutable Draft (draft.py),
scoring.py and wins.py price and judge plays, and explain.py says why an action is illegal.

Readings the rulings leave open, settled here:
- The counter window opens only when a counter exists (see COUNTER above).
- T1's TIME OUT: the attacker who can't draw to 4 wins with no cards drawn.
- W6's stalemate judge counts "cards left in deck and hand" as a player's cards not in the grid
  (deck, hand and ADVANTAGE alike), judged once the second turn without a play has ended (after T4).
- WUSHU "holding two cards" means the counterer's hand holds two cards when it counters.
- A round is checked for wins after each play that stands, each counter, and nothing else.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from . import movegen
from .actions import Action, Attack, Decline, EndTurn
from .cards import Card, Colour
from .draft import Draft, EventRecord
from .errors import IllegalActionError
from .events import Event
from .explain import why_not
from .grid import tops, tops_with
from .plays import is_safe
from .rules import DEFAULT_RULES, Rules, Style
from .scoring import Points, attack_points, counter_points
from .state import Phase, Stacks
from .transitions import apply
from .wins import RoundResult, Win, attack_wins, cards_left, counter_wins

_RED, _BLACK = Colour.RED, Colour.BLACK


class Round:
    """A moment in a round. Immutable: ``play`` returns the next one.

    ``stacks`` are the 9 places (K3), each bottom to top; decks are in draw order (top first); the
    ADVANTAGE is the opponent's cards the attacker may use this turn, in the order given (T4).
    ``punish_place`` is where the opponent last attacked in their previous turn (S5) and
    ``last_place`` where the attacker has last played this turn (None before the turn's first play);
    ``countered`` says the defender was countered in its last attacking turn and so drew no counter
    card (T2, C4); ``passes`` counts turns in a row that ended without a play (W6). ``rng_state`` is
    the SplitMix64 state for the round's later shuffles (U3, NINJUTSU).

    The constructor takes every field as given and checks only shapes, so another module (an AI, a
    test) can build any state, determinized copies included; ``replace`` copies with changes.
    """

    __slots__ = (
        "_actions",
        "_advantage",
        "_attacker",
        "_countered",
        "_decks",
        "_draw_off",
        "_event_records",
        "_events",
        "_first_defender",
        "_hands",
        "_last_place",
        "_last_points",
        "_legal",
        "_passes",
        "_pending",
        "_pending_points",
        "_phase",
        "_previewed",
        "_punish_place",
        "_result",
        "_rng_state",
        "_rules",
        "_scores",
        "_stacks",
        "_top_cards",
    )

    _stacks: Stacks
    _decks: tuple[tuple[Card, ...], tuple[Card, ...]]
    _hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    _advantage: tuple[Card, ...]
    _scores: tuple[int, int]
    _attacker: Colour
    _phase: Phase
    _pending: Attack | None
    _pending_points: Points | None
    _punish_place: int | None
    _last_place: int | None
    _countered: bool
    _passes: int
    _rules: Rules
    _rng_state: int
    _first_defender: Colour | None
    _draw_off: tuple[tuple[Card, Card], ...]
    _result: RoundResult | None
    _last_points: Points | None
    _events: tuple[Event, ...] | None
    _event_records: tuple[EventRecord, ...]
    _actions: list[Action] | None
    _legal: frozenset[Action] | None
    _top_cards: tuple[Card, ...] | None
    _previewed: tuple[Attack, Points] | None

    def __init__(
        self,
        stacks: Iterable[Iterable[Card]],
        red_deck: Iterable[Card],
        black_deck: Iterable[Card],
        red_hand: Iterable[Card] = (),
        black_hand: Iterable[Card] = (),
        *,
        advantage: Iterable[Card] = (),
        red_score: int = 0,
        black_score: int = 0,
        attacker: Colour = Colour.BLACK,
        phase: Phase = Phase.ATTACK,
        pending: Attack | None = None,
        pending_points: Points | None = None,
        punish_place: int | None = None,
        last_place: int | None = None,
        countered: bool = False,
        passes: int = 0,
        rules: Rules = DEFAULT_RULES,
        rng_state: int = 0,
        first_defender: Colour | None = None,
        draw_off: Iterable[tuple[Card, Card]] = (),
        result: RoundResult | None = None,
        last_points: Points | None = None,
        events: Iterable[Event] = (),
    ) -> None:
        self._stacks = tuple(map(tuple, stacks))
        if len(self._stacks) != 9:
            raise ValueError(f"a grid has 9 places, not {len(self._stacks)}")
        if phase is not Phase.SETUP and not all(self._stacks):
            raise ValueError("every place holds a stack once setup is done")
        if (phase is Phase.COUNTER) != (pending is not None):
            raise ValueError("a pending play goes with the COUNTER phase, and only with it")
        if phase is Phase.OVER and result is None:
            raise ValueError("an OVER round needs its result")
        self._decks = (tuple(red_deck), tuple(black_deck))
        self._hands = (tuple(red_hand), tuple(black_hand))
        self._advantage = tuple(advantage)
        self._scores = (red_score, black_score)
        self._attacker = attacker
        self._phase = phase
        self._pending = pending
        self._pending_points = pending_points
        self._punish_place = punish_place
        self._last_place = last_place
        self._countered = countered
        self._passes = passes
        self._rules = rules
        self._rng_state = rng_state
        self._first_defender = first_defender
        self._draw_off = tuple(draw_off)
        self._result = result
        self._last_points = last_points
        self._events = tuple(events)
        self._event_records = ()
        self._actions = None
        self._legal = None
        self._top_cards = None
        self._previewed = None

    def fields(self) -> dict[str, Any]:
        """The constructor's arguments that rebuild this round: ``Round(**r.fields()) == r``."""
        values = self._fields_but_events()
        values["events"] = self.events
        return values

    def _fields_but_events(self) -> dict[str, Any]:
        return {
            "stacks": self._stacks,
            "red_deck": self._decks[0],
            "black_deck": self._decks[1],
            "red_hand": self._hands[0],
            "black_hand": self._hands[1],
            "advantage": self._advantage,
            "red_score": self._scores[0],
            "black_score": self._scores[1],
            "attacker": self._attacker,
            "phase": self._phase,
            "pending": self._pending,
            "pending_points": self._pending_points,
            "punish_place": self._punish_place,
            "last_place": self._last_place,
            "countered": self._countered,
            "passes": self._passes,
            "rules": self._rules,
            "rng_state": self._rng_state,
            "first_defender": self._first_defender,
            "draw_off": self._draw_off,
            "result": self._result,
            "last_points": self._last_points,
        }

    def replace(self, **changes: Any) -> Round:
        """A copy with some constructor fields changed (``r.replace(black_hand=...)``)."""
        values = self._fields_but_events()
        unknown = changes.keys() - values.keys() - {"events"}
        if unknown:
            raise TypeError(f"Round has no field {sorted(unknown)[0]!r}")
        values.update(changes)
        copy = Round(**values)
        if "events" not in changes:  # the same events, left as records if nobody has read them yet
            copy._events, copy._event_records = self._events, self._event_records
        return copy

    # --- state ---------------------------------------------------------------------------

    @property
    def stacks(self) -> Stacks:
        return self._stacks

    def stack(self, place: int) -> tuple[Card, ...]:
        """The stack at place 1-9, bottom to top."""
        return self._stacks[place - 1]

    def top(self, place: int) -> Card | None:
        stack = self._stacks[place - 1]
        return stack[-1] if stack else None

    def owner(self, place: int) -> Colour | None:
        """K3: a stack belongs to the colour of its top card."""
        top = self.top(place)
        return None if top is None else top.colour

    def deck(self, colour: Colour) -> tuple[Card, ...]:
        return self._decks[colour.index]

    def hand(self, colour: Colour) -> tuple[Card, ...]:
        return self._hands[colour.index]

    def score(self, colour: Colour) -> int:
        return self._scores[colour.index]

    @property
    def scores(self) -> tuple[int, int]:
        """(RED's, BLACK's)."""
        return self._scores

    @property
    def advantage(self) -> tuple[Card, ...]:
        return self._advantage

    @property
    def attacker(self) -> Colour:
        return self._attacker

    @property
    def defender(self) -> Colour:
        return self._attacker.other

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def pending(self) -> Attack | None:
        """The unsafe play awaiting the defender's answer (COUNTER phase)."""
        return self._pending

    @property
    def pending_points(self) -> Points | None:
        return self._pending_points

    @property
    def punish_place(self) -> int | None:
        return self._punish_place

    @property
    def last_place(self) -> int | None:
        return self._last_place

    @property
    def countered(self) -> bool:
        return self._countered

    @property
    def passes(self) -> int:
        return self._passes

    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def rng_state(self) -> int:
        return self._rng_state

    @property
    def first_defender(self) -> Colour | None:
        return self._first_defender

    @property
    def draw_off(self) -> tuple[tuple[Card, Card], ...]:
        """U3, step by step: (RED's card, BLACK's card) as each comparison stood. A 10 or joker in a step
        went back and was redrawn; equal values sent both back; the last step decided."""
        return self._draw_off

    @property
    def last_points(self) -> Points | None:
        """The points scored by the last ``play`` (a play that stood, or a counter), if any."""
        return self._last_points

    @property
    def events(self) -> tuple[Event, ...]:
        """What the last ``play`` did, in order (its own step first)."""
        events = self._events
        if events is None:
            events = self._events = tuple(Event(kind, colour, **f) for kind, colour, f in self._event_records)
        return events

    @property
    def last_event(self) -> Event | None:
        events = self.events
        return events[0] if events else None

    @property
    def outcome(self) -> RoundResult | None:
        return self._result

    @property
    def is_over(self) -> bool:
        return self._phase is Phase.OVER

    @property
    def to_act(self) -> Colour | None:
        """Who must act now: RED arranges first in SETUP (U4); None once the round is over."""
        phase = self._phase
        if phase is Phase.ATTACK:
            return self._attacker
        if phase is Phase.COUNTER or phase is Phase.DRAW:
            return self._attacker.other
        if phase is Phase.SETUP:
            return movegen.setup_colour(self._stacks)
        return None

    def hidden_from(self, colour: Colour) -> tuple[Card, ...]:
        """T6: the cards ``colour`` can't see, sorted: the opponent's hand and deck together (only their
        number each is public). Stacks, scores, deck sizes and the ADVANTAGE are public; every deck's
        order is hidden from both players alike."""
        other = colour.other.index
        return tuple(sorted(self._hands[other] + self._decks[other]))

    def cards_left(self, colour: Colour) -> int:
        """W6: ``colour``'s cards not in the grid (deck, hand and ADVANTAGE)."""
        return cards_left(self._stacks, colour)

    # --- actions ---------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every legal action for ``to_act``, in a fixed order (places 1-9, singles before throws, cards in
        sort order; ``EndTurn`` and ``Decline`` last). Empty once the round is over."""
        return list(self._listed())

    def _listed(self) -> list[Action]:
        actions = self._actions
        if actions is None:
            actions = self._actions = movegen.legal_actions(self)
        return actions

    def is_legal(self, action: Action) -> bool:
        # Searches hand back the very objects legal_actions() listed: those are found by identity,
        # without hashing every action into a set; ending the turn and declining are legal exactly in
        # their own phase. Anything else is looked up by value.
        if isinstance(action, EndTurn):
            return self._phase is Phase.ATTACK
        if isinstance(action, Decline):
            return self._phase is Phase.COUNTER
        actions = self._listed()
        for listed in actions:
            if listed is action:
                return True
        legal = self._legal
        if legal is None:
            legal = self._legal = frozenset(actions)
        return action in legal

    def play(self, action: Action) -> Round:
        """Play ``action`` and return the next state; an illegal one raises IllegalActionError."""
        if not self.is_legal(action):
            raise why_not(self, action)
        draft = Draft(self)
        apply(draft, action)
        return Round._frozen(draft)

    def explain(self, action: Action) -> IllegalActionError | None:
        """None when ``action`` is legal; otherwise the error ``play`` would raise, naming the ruling."""
        if self.is_legal(action):
            return None
        return why_not(self, action)

    # --- previews --------------------------------------------------------------------------

    def _check_attack(self, attack: Attack) -> None:
        if self._phase is not Phase.ATTACK or not isinstance(attack, Attack) or not self.is_legal(attack):
            error = self.explain(attack)
            raise error if error is not None else IllegalActionError("T3", f"{attack} is not a play now")

    def is_safe(self, attack: Attack) -> bool:
        """P4: a play onto the attacker's own colour, or a single joker, can't be countered."""
        self._check_attack(attack)
        return is_safe(attack.cards, self._stacks[attack.to - 1][-1], self._attacker)

    def points_of(self, attack: Attack) -> Points:
        """What ``attack`` would score if it stands, without playing it."""
        self._check_attack(attack)
        return self._points(attack)

    def wins_of(self, attack: Attack) -> frozenset[Win]:
        """The wins ``attack`` would bring if it stands (before any counter)."""
        self._check_attack(attack)
        player = self._attacker
        place = attack.to
        return attack_wins(
            tops_with(self._tops(), place, attack.cards[-1]),
            place,
            self._stacks[place - 1][-1],
            player,
            sumo=self._rules.has(player, Style.SUMO),
            score_after=self._scores[player.index] + self._points(attack).total,
        )

    def counters_to(self, attack: Attack) -> list[tuple[Card, Points, frozenset[Win]]]:
        """The defender's answers to ``attack``, each with its points and wins; empty for a safe play."""
        self._check_attack(attack)
        if is_safe(attack.cards, self._stacks[attack.to - 1][-1], self._attacker):
            return []
        defender = self._attacker.other
        hand = self._hands[defender.index]
        place = attack.to
        top = attack.cards[-1]
        score = self._scores[defender.index]
        found = []
        for card in movegen.counter_cards(hand, top, defender):
            points = counter_points(card, top, self._attacker, self._rules, len(hand))
            tops = tops_with(self._tops(), place, card)
            found.append((card, points, counter_wins(tops, place, defender, score_after=score + points.total)))
        return found

    def _points(self, attack: Attack) -> Points:
        # The last attack previewed keeps its points: ``wins_of`` and ``points_of`` (``combat moves``
        # asks both of every play) then score it once.
        previewed = self._previewed
        if previewed is not None and previewed[0] is attack:
            return previewed[1]
        punish = self._last_place is None and self._punish_place == attack.to
        stack = self._stacks[attack.to - 1]
        points = attack_points(stack, self._tops(), attack, self._attacker, self._rules, punish=punish)
        self._previewed = (attack, points)
        return points

    def _tops(self) -> tuple[Card, ...]:
        """The top card of each place (once setup is done), kept for the previews that follow."""
        found = self._top_cards
        if found is None:
            found = self._top_cards = tops(self._stacks)
        return found

    # --- text and equality -------------------------------------------------------------------

    def __str__(self) -> str:
        def player(colour: Colour) -> str:
            hand = " ".join(c.symbol for c in self.hand(colour)) or "-"
            return f"{colour.name:<5}  score {self.score(colour):>2}  deck {len(self.deck(colour)):>2}  hand {hand}"

        lines = [player(_BLACK)]
        for row in range(3):
            cells = []
            for col in range(3):
                place = 3 * row + col + 1
                stack = self._stacks[place - 1]
                label = f"{stack[-1].symbol}x{len(stack)}" if stack else "--"
                cells.append(f"{place}:{label:<6}")
            lines.append("   " + " ".join(cells))
        lines.append(player(_RED))
        advantage = " ".join(c.symbol for c in self._advantage) or "-"
        if self._phase is Phase.OVER:
            status = f"over: {self._result}"
        elif self._phase is Phase.COUNTER and self._pending is not None:
            status = f"counter window: {self.to_act} may answer {self._pending}"
        else:
            status = f"{self._phase.value}, {self.to_act} to act"
        lines.append(f"attacker {self._attacker}, advantage {advantage}; {status}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<Round {self._phase.value} attacker={self._attacker} scores={self._scores}>"

    def _key(self) -> tuple[object, ...]:
        """``fields()``'s values in order, but for what the last play did (``last_points``, ``events``)."""
        return (
            self._stacks,
            self._decks[0],
            self._decks[1],
            self._hands[0],
            self._hands[1],
            self._advantage,
            self._scores[0],
            self._scores[1],
            self._attacker,
            self._phase,
            self._pending,
            self._pending_points,
            self._punish_place,
            self._last_place,
            self._countered,
            self._passes,
            self._rules,
            self._rng_state,
            self._first_defender,
            self._draw_off,
            self._result,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Round):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    @classmethod
    def _frozen(cls, d: Draft) -> Round:
        """The Round a Draft has become: its fields as they stand, with the play's events."""
        r = object.__new__(cls)
        r._stacks = tuple(d.stacks)
        r._decks = (d.decks[0], d.decks[1])
        r._hands = (d.hands[0], d.hands[1])
        r._advantage = d.advantage
        r._scores = (d.scores[0], d.scores[1])
        r._attacker = d.attacker
        r._phase = d.phase
        r._pending = d.pending
        r._pending_points = d.pending_points
        r._punish_place = d.punish_place
        r._last_place = d.last_place
        r._countered = d.countered
        r._passes = d.passes
        r._rules = d.rules
        r._rng_state = d.rng_state
        r._first_defender = d.first_defender
        r._draw_off = d.draw_off
        r._result = d.result
        r._last_points = d.last_points
        r._events = None
        r._event_records = tuple(d.events)
        r._actions = d.actions_cache
        r._legal = None
        r._top_cards = None
        r._previewed = None
        return r
