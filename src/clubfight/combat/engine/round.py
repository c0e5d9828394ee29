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
from enum import Enum
from itertools import permutations
from typing import Any

from clubfight.common.shuffle import SplitMix64, shuffled

from .actions import Action, Arrange, Attack, Counter, Decline, Draw, EndTurn, Pick
from .cards import TEN, Card, Colour
from .errors import IllegalActionError
from .events import Event, EventKind, TurnEnd
from .grid import CENTRE, front_row, neutral_place
from .plays import card_fits, fit_mask, is_locked, sequence_values, sequences
from .rules import DEFAULT_RULES, Rules, Style
from .scoring import Points, score_attack, score_counter
from .wins import RoundResult, Win, attack_wins, counter_wins, ordered

HAND_SIZE = 4
DECK_SIZE = 27
MAX_STALL = 2
"""W6: this many turns in a row without a play end the round."""


class Phase(Enum):
    __hash__ = object.__hash__

    SETUP = "setup"
    DRAW = "draw"
    ATTACK = "attack"
    COUNTER = "counter"
    OVER = "over"


_RED, _BLACK = Colour.RED, Colour.BLACK
Stacks = tuple[tuple[Card, ...], ...]


def _pair(red: Iterable[Any], black: Iterable[Any]) -> tuple[Any, Any]:
    return (tuple(red), tuple(black))


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
        "_punish_place",
        "_result",
        "_rng_state",
        "_rules",
        "_scores",
        "_stacks",
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
    _events: tuple[Event, ...]
    _actions: list[Action] | None
    _legal: frozenset[Action] | None

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
        self._stacks = tuple(tuple(s) for s in stacks)
        if len(self._stacks) != 9:
            raise ValueError(f"a grid has 9 places, not {len(self._stacks)}")
        if phase is not Phase.SETUP and not all(self._stacks):
            raise ValueError("every place holds a stack once setup is done")
        if (phase is Phase.COUNTER) != (pending is not None):
            raise ValueError("a pending play goes with the COUNTER phase, and only with it")
        if phase is Phase.OVER and result is None:
            raise ValueError("an OVER round needs its result")
        self._decks = _pair(red_deck, black_deck)
        self._hands = _pair(red_hand, black_hand)
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
        self._actions = None
        self._legal = None

    def fields(self) -> dict[str, Any]:
        """The constructor's arguments that rebuild this round: ``Round(**r.fields()) == r``."""
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
            "events": self._events,
        }

    def replace(self, **changes: Any) -> Round:
        """A copy with some constructor fields changed (``r.replace(black_hand=...)``)."""
        values = self.fields()
        unknown = set(changes) - set(values)
        if unknown:
            raise TypeError(f"Round has no field {sorted(unknown)[0]!r}")
        values.update(changes)
        return Round(**values)

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
        return self._events

    @property
    def last_event(self) -> Event | None:
        return self._events[0] if self._events else None

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
            return _BLACK if self._stacks[front_row(_RED)[0] - 1] else _RED
        return None

    def hidden_from(self, colour: Colour) -> tuple[Card, ...]:
        """T6: the cards ``colour`` can't see, sorted: the opponent's hand and deck together (only their
        number each is public). Stacks, scores, deck sizes and the ADVANTAGE are public; every deck's
        order is hidden from both players alike."""
        other = colour.other.index
        return tuple(sorted(self._hands[other] + self._decks[other]))

    def cards_left(self, colour: Colour) -> int:
        """W6: ``colour``'s cards not in the grid (deck, hand and ADVANTAGE)."""
        return DECK_SIZE - sum(1 for s in self._stacks for c in s if c.colour is colour)

    # --- actions ---------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every legal action for ``to_act``, in a fixed order (places 1-9, singles before throws, cards in
        sort order; ``EndTurn`` and ``Decline`` last). Empty once the round is over."""
        actions = self._actions
        if actions is None:
            actions = self._actions = _Work(self).actions()
        return list(actions)

    def _legal_set(self) -> frozenset[Action]:
        legal = self._legal
        if legal is None:
            if self._actions is None:
                self._actions = _Work(self).actions()
            legal = self._legal = frozenset(self._actions)
        return legal

    def is_legal(self, action: Action) -> bool:
        return action in self._legal_set()

    def play(self, action: Action) -> Round:
        """Play ``action`` and return the next state; an illegal one raises IllegalActionError."""
        if action not in self._legal_set():
            error = self.explain(action)
            assert error is not None
            raise error
        work = _Work(self)
        work.apply(action)
        return work.freeze()

    def explain(self, action: Action) -> IllegalActionError | None:
        """None when ``action`` is legal; otherwise the error ``play`` would raise, naming the ruling."""
        if action in self._legal_set():
            return None
        return _Work(self).why_not(action)

    # --- previews --------------------------------------------------------------------------

    def _check_attack(self, attack: Attack) -> None:
        if self._phase is not Phase.ATTACK or not isinstance(attack, Attack) or not self.is_legal(attack):
            error = self.explain(attack)
            raise error if error is not None else IllegalActionError("T3", f"{attack} is not a play now")

    def is_safe(self, attack: Attack) -> bool:
        """P4: a play onto the attacker's own colour, or a single joker, can't be countered."""
        self._check_attack(attack)
        return _is_safe(attack.cards, self._stacks[attack.to - 1][-1], self._attacker)

    def points_of(self, attack: Attack) -> Points:
        """What ``attack`` would score if it stands, without playing it."""
        self._check_attack(attack)
        return _Work(self).attack_points(attack)

    def wins_of(self, attack: Attack) -> frozenset[Win]:
        """The wins ``attack`` would bring if it stands (before any counter)."""
        self._check_attack(attack)
        work = _Work(self)
        points = work.attack_points(attack)
        covered = work.stacks[attack.to - 1][-1]
        work.stacks[attack.to - 1] += attack.cards
        return work.attack_wins(attack, covered, self._scores[self._attacker.index] + points.total)

    def counters_to(self, attack: Attack) -> list[tuple[Card, Points, frozenset[Win]]]:
        """The defender's answers to ``attack``, each with its points and wins; empty for a safe play."""
        self._check_attack(attack)
        if self.is_safe(attack):
            return []
        work = _Work(self)
        work.stacks[attack.to - 1] += attack.cards
        return [
            (card, work.counter_points(card, attack.to), work.counter_wins(card, attack.to))
            for card in work.counter_cards(attack)
        ]

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
        f = self.fields()
        del f["events"], f["last_points"]
        return tuple(f.values())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Round):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())


def _is_safe(cards: tuple[Card, ...], covered: Card, player: Colour) -> bool:
    return covered.colour is player or (len(cards) == 1 and cards[0].suit is None)


class _Work:
    """A mutable copy of a Round for one ``play``: the steps run on it, then ``freeze`` makes the Round."""

    __slots__ = (
        "actions_cache",
        "advantage",
        "attacker",
        "countered",
        "decks",
        "draw_off",
        "events",
        "first_defender",
        "hands",
        "last_place",
        "last_points",
        "passes",
        "pending",
        "pending_points",
        "phase",
        "punish_place",
        "result",
        "rng_state",
        "rules",
        "scores",
        "stacks",
    )

    def __init__(self, r: Round) -> None:
        self.stacks = list(r._stacks)
        self.decks = list(r._decks)
        self.hands = list(r._hands)
        self.advantage = r._advantage
        self.scores = list(r._scores)
        self.attacker = r._attacker
        self.phase = r._phase
        self.pending = r._pending
        self.pending_points = r._pending_points
        self.punish_place = r._punish_place
        self.last_place = r._last_place
        self.countered = r._countered
        self.passes = r._passes
        self.rules = r._rules
        self.rng_state = r._rng_state
        self.first_defender = r._first_defender
        self.draw_off = r._draw_off
        self.result = r._result
        self.last_points: Points | None = None
        self.events: list[Event] = []
        self.actions_cache: list[Action] | None = None

    def freeze(self) -> Round:
        r = object.__new__(Round)
        r._stacks = tuple(self.stacks)
        r._decks = (self.decks[0], self.decks[1])
        r._hands = (self.hands[0], self.hands[1])
        r._advantage = self.advantage
        r._scores = (self.scores[0], self.scores[1])
        r._attacker = self.attacker
        r._phase = self.phase
        r._pending = self.pending
        r._pending_points = self.pending_points
        r._punish_place = self.punish_place
        r._last_place = self.last_place
        r._countered = self.countered
        r._passes = self.passes
        r._rules = self.rules
        r._rng_state = self.rng_state
        r._first_defender = self.first_defender
        r._draw_off = self.draw_off
        r._result = self.result
        r._last_points = self.last_points
        r._events = tuple(self.events)
        r._actions = self.actions_cache
        r._legal = None
        return r

    # --- legal actions ---------------------------------------------------------------------

    def setup_colour(self) -> Colour:
        return _BLACK if self.stacks[front_row(_RED)[0] - 1] else _RED

    def actions(self) -> list[Action]:
        phase = self.phase
        if phase is Phase.ATTACK:
            return [*self.attacks(), EndTurn()]
        if phase is Phase.COUNTER:
            assert self.pending is not None
            return [*(Counter(c) for c in self.counter_cards(self.pending)), Decline()]
        if phase is Phase.DRAW:
            defender = self.attacker.other
            if self.rules.has(defender, Style.NINJUTSU):
                return [Pick(c) for c in sorted(self.decks[defender.index])]
            return [Draw(1), Draw(2)]
        if phase is Phase.SETUP:
            colour = self.setup_colour()
            hand = sorted(self.hands[colour.index])
            found: list[Action] = []
            for i, neutral in enumerate(hand):
                rest = hand[:i] + hand[i + 1 :]
                for a, b, c in permutations(rest):
                    found.append(Arrange(colour, (a, b, c), neutral))
            return found
        return []

    def attacks(self) -> list[Attack]:
        player = self.attacker
        seqs = sequences(self.hands[player.index] + self.advantage)
        found: list[Attack] = []
        if not seqs:
            return found
        for place in range(1, 10):
            top = self.stacks[place - 1][-1]
            if top.rank == TEN and top.colour is not player:
                continue  # P2: the 10 lock
            fit = fit_mask(top, player)
            found.extend([Attack(cards, place) for cards, mask in seqs if mask & fit])
        return found

    def counter_cards(self, attack: Attack) -> list[Card]:
        """C1: the defender's cards that may go onto the stack ``attack`` has topped (no lock, C3)."""
        defender = self.attacker.other
        top = attack.cards[-1]
        return sorted(c for c in self.hands[defender.index] if card_fits(c, top, defender))

    # --- scoring helpers (the attack's cards already on the stack, unless said) ---------------

    def attack_points(self, attack: Attack) -> Points:
        """Points of ``attack`` played onto the current stacks (not yet placed)."""
        place = attack.to
        stack = self.stacks[place - 1]
        player = self.attacker
        tops = tuple(attack.cards[-1] if p == place else s[-1] for p, s in enumerate(self.stacks, 1))
        return score_attack(
            stack,
            tops,
            attack.cards,
            place,
            self.rules.style(player),
            self.rules.juggle,
            safe=_is_safe(attack.cards, stack[-1], player),
            punish=self.last_place is None and self.punish_place == place,
        )

    def tops(self) -> tuple[Card, ...]:
        return tuple(s[-1] for s in self.stacks)

    def attack_wins(self, attack: Attack, covered: Card, score_after: int) -> frozenset[Win]:
        player = self.attacker
        return attack_wins(
            self.tops(),
            attack.to,
            covered,
            player,
            sumo=self.rules.has(player, Style.SUMO),
            score_after=score_after,
        )

    def counter_points(self, card: Card, place: int) -> Points:
        """Points of ``card`` countering the play that now tops ``place``."""
        defender = self.attacker.other
        covered = self.stacks[place - 1][-1]
        return score_counter(
            card,
            covered,
            self.rules.style(self.attacker),
            self.rules.style(defender),
            len(self.hands[defender.index]),
        )

    def counter_wins(self, card: Card, place: int) -> frozenset[Win]:
        defender = self.attacker.other
        tops = tuple(card if p == place else s[-1] for p, s in enumerate(self.stacks, 1))
        score_after = self.scores[defender.index] + self.counter_points(card, place).total
        return counter_wins(tops, place, defender, score_after=score_after)

    # --- the steps -------------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        if isinstance(action, Attack):
            self.attack(action)
        elif isinstance(action, Counter):
            self.counter(action.card)
        elif isinstance(action, Decline):
            assert self.pending is not None and self.pending_points is not None
            attack, points = self.pending, self.pending_points
            self.pending = self.pending_points = None
            self.stand(attack, points, announce=True)
        elif isinstance(action, EndTurn):
            self.end_turn(TurnEnd.CHOSEN)
        elif isinstance(action, Arrange):
            self.arrange(action)
        elif isinstance(action, Draw):
            self.counter_draw(action.count)
        else:
            self.pick(action.card)

    def event(self, kind: EventKind, colour: Colour, **fields: Any) -> None:
        self.events.append(Event(kind, colour, **fields))

    def arrange(self, action: Arrange) -> None:
        colour = action.colour
        for place, card in zip(front_row(colour), action.front, strict=True):
            self.stacks[place - 1] = (card,)
        self.stacks[neutral_place(colour) - 1] = (action.neutral,)
        self.hands[colour.index] = ()
        self.event(EventKind.ARRANGE, colour, cards=(*action.front, action.neutral))
        if colour is _BLACK:
            self.centre_draw_off()

    def centre_draw_off(self) -> None:
        """U3, with U4's order: RED draws first and RED's card goes back first."""
        rng = SplitMix64(self.rng_state)
        steps: list[tuple[Card, Card]] = []
        drawn: list[Card | None] = [None, None]
        while True:
            for i in (0, 1):
                if drawn[i] is None:
                    drawn[i] = self.decks[i][0]
                    self.decks[i] = self.decks[i][1:]
            red, black = drawn
            assert red is not None and black is not None
            steps.append((red, black))
            notes = []
            for i, card in enumerate((red, black)):
                if card.suit is None or card.rank == TEN:
                    self.decks[i] = shuffled((*self.decks[i], card), rng)
                    drawn[i] = None
                    notes.append(f"{card.colour}'s {card.symbol} goes back")
            if notes:
                self.draw_off_step(red, black, "; ".join(notes) + ", draw again")
                continue
            if red.is_face != black.is_face:
                winner = _RED if red.is_face else _BLACK
            elif red.rank != black.rank:
                winner = _RED if red.rank > black.rank else _BLACK
            else:
                for i, card in enumerate((red, black)):
                    self.decks[i] = shuffled((*self.decks[i], card), rng)
                drawn = [None, None]
                self.draw_off_step(red, black, "equal, both go back and both draw again")
                continue
            break
        won, lost = (red, black) if winner is _RED else (black, red)
        self.stacks[CENTRE - 1] = (won,)
        loser = winner.other
        self.decks[loser.index] = shuffled((*self.decks[loser.index], lost), rng)
        self.draw_off_step(red, black, f"{winner} wins the centre and defends first")
        self.rng_state = rng.state
        self.draw_off = tuple(steps)
        self.first_defender = winner
        self.attacker = loser
        self.countered = False
        self.passes = 0
        self.punish_place = self.last_place = None
        self.start_turn()

    def draw_off_step(self, red: Card, black: Card, note: str) -> None:
        self.event(EventKind.DRAW_OFF, _RED, cards=(red, black), note=note)

    def start_turn(self) -> None:
        """T1 (the attacker draws to 4, or wins by TIME OUT) and T2 (the defender's counter card)."""
        attacker = self.attacker
        a = attacker.index
        need = HAND_SIZE - len(self.hands[a])
        deck = self.decks[a]
        if need > len(deck):
            self.finish(RoundResult(attacker, (Win.TIME_OUT,)), attacker)
            return
        if need > 0:
            self.hands[a] += deck[:need]
            self.decks[a] = deck[need:]
            self.event(EventKind.DRAW, attacker, cards=deck[:need])
        defender = attacker.other
        d = defender.index
        deck = self.decks[d]
        if not self.countered and deck:
            style = self.rules.style(defender)
            if (style is Style.WUSHU or style is Style.NINJUTSU) and len(deck) >= 2:
                self.phase = Phase.DRAW
                return
            self.hands[d] += deck[:1]
            self.decks[d] = deck[1:]
            self.event(EventKind.COUNTER_DRAW, defender, cards=deck[:1])
        self.open_attack()

    def counter_draw(self, count: int) -> None:
        defender = self.attacker.other
        d = defender.index
        deck = self.decks[d]
        self.hands[d] += deck[:count]
        self.decks[d] = deck[count:]
        self.event(EventKind.COUNTER_DRAW, defender, cards=deck[:count])
        self.open_attack()

    def pick(self, card: Card) -> None:
        defender = self.attacker.other
        d = defender.index
        rng = SplitMix64(self.rng_state)
        self.decks[d] = shuffled(tuple(c for c in self.decks[d] if c != card), rng)
        self.rng_state = rng.state
        self.hands[d] += (card,)
        self.event(EventKind.COUNTER_DRAW, defender, cards=(card,))
        self.open_attack()

    def open_attack(self) -> None:
        """The attacker's turn goes on, or ends by itself when no play is left (T3)."""
        attacks = self.attacks()
        if attacks:
            self.phase = Phase.ATTACK
            self.actions_cache = [*attacks, EndTurn()]
        else:
            self.end_turn(TurnEnd.NO_PLAY)

    def attack(self, attack: Attack) -> None:
        player = self.attacker
        p = player.index
        place = attack.to
        stack = self.stacks[place - 1]
        covered = stack[-1]
        points = self.attack_points(attack)
        cards = attack.cards
        hand = self.hands[p]
        self.hands[p] = tuple(c for c in hand if c not in cards)
        if len(self.hands[p]) + len(cards) != len(hand):
            self.advantage = tuple(c for c in self.advantage if c not in cards)
        self.stacks[place - 1] = stack + cards
        self.last_place = place
        if not _is_safe(cards, covered, player):
            counters = self.counter_cards(attack)
            if counters:
                self.event(
                    EventKind.PLAY, player, cards=cards, place=place, covered=covered, points=points, pending=True
                )
                self.phase = Phase.COUNTER
                self.pending = attack
                self.pending_points = points
                self.actions_cache = [*(Counter(c) for c in counters), Decline()]
                return
        self.event(EventKind.PLAY, player, cards=cards, place=place, covered=covered, points=points)
        self.stand(attack, points, announce=False)

    def stand(self, attack: Attack, points: Points, *, announce: bool) -> None:
        """The play stands: it scores (C5), may win (W1-W3), may draw an extra card (MMA, KUNG FU)."""
        player = self.attacker
        p = player.index
        self.phase = Phase.ATTACK
        self.scores[p] += points.total
        self.last_points = points
        if announce:
            self.event(EventKind.STAND, player, cards=attack.cards, place=attack.to, points=points)
        covered = self.stacks[attack.to - 1][-len(attack.cards) - 1]
        wins = self.attack_wins(attack, covered, self.scores[p])
        if wins:
            self.finish(RoundResult(player, ordered(wins)), player)
            return
        style = self.rules.style(player)
        if (style is Style.MMA and attack.is_throw) or (style is Style.KUNG_FU and (points.combo or points.rush)):
            deck = self.decks[p]
            if deck:
                self.hands[p] += deck[:1]
                self.decks[p] = deck[1:]
                self.event(EventKind.EXTRA_DRAW, player, cards=deck[:1])
        self.open_attack()

    def counter(self, card: Card) -> None:
        defender = self.attacker.other
        d = defender.index
        assert self.pending is not None
        place = self.pending.to
        covered = self.stacks[place - 1][-1]
        points = self.counter_points(card, place)
        wins = self.counter_wins(card, place)
        self.hands[d] = tuple(c for c in self.hands[d] if c != card)
        self.stacks[place - 1] += (card,)
        self.scores[d] += points.total
        self.last_points = points
        self.pending = self.pending_points = None
        self.phase = Phase.ATTACK
        self.event(EventKind.COUNTER, defender, cards=(card,), place=place, covered=covered, points=points)
        if wins:
            self.finish(RoundResult(defender, ordered(wins)), defender)
            return
        self.end_turn(TurnEnd.COUNTERED)

    def end_turn(self, end: TurnEnd) -> None:
        """T4: the hand becomes the opponent's ADVANTAGE, unused ADVANTAGE goes under its owner's deck
        (the first given deepest), roles swap; W6 ends the round after two turns without a play."""
        attacker = self.attacker
        a = attacker.index
        defender = attacker.other
        d = defender.index
        self.passes = 0 if self.last_place is not None else self.passes + 1
        if self.advantage:
            self.decks[d] = self.decks[d] + tuple(reversed(self.advantage))
        given = self.hands[a]
        self.hands[a] = ()
        self.event(EventKind.END_TURN, attacker, cards=given, end=end)
        self.punish_place = self.last_place
        self.last_place = None
        self.advantage = given
        self.attacker = defender
        self.countered = end is TurnEnd.COUNTERED
        if self.passes >= MAX_STALL:
            self.finish(self.judge(), None)
            return
        self.start_turn()

    def judge(self) -> RoundResult:
        """W6: higher score; then fewer cards left; then the first DEFENDER."""
        red, black = self.scores
        if red != black:
            winner = _RED if red > black else _BLACK
        else:
            left = [
                DECK_SIZE - sum(1 for s in self.stacks for c in s if c.colour is colour) for colour in (_RED, _BLACK)
            ]
            winner = self.first_defender or _RED
            if left[0] != left[1]:
                winner = _RED if left[0] < left[1] else _BLACK
        return RoundResult(winner, (Win.TIME_OUT,), judged=True)

    def finish(self, result: RoundResult, colour: Colour | None) -> None:
        self.phase = Phase.OVER
        self.result = result
        self.pending = self.pending_points = None
        self.actions_cache = []
        self.event(EventKind.WIN, result.winner, result=result)

    # --- why an action is illegal ------------------------------------------------------------

    def why_not(self, action: Action) -> IllegalActionError:
        phase = self.phase
        if phase is Phase.OVER:
            return IllegalActionError("W7", f"the round is over: {self.result}")
        if phase is Phase.SETUP:
            if not isinstance(action, Arrange):
                return IllegalActionError("U2", "setup: each player arranges first")
            return self.why_not_arrange(action)
        if phase is Phase.DRAW:
            return self.why_not_draw(action)
        if phase is Phase.COUNTER:
            if not isinstance(action, Counter):
                return IllegalActionError("C1", f"{self.attacker.other} must counter or decline first")
            return self.why_not_counter(action.card)
        if isinstance(action, Attack):
            return self.why_not_attack(action)
        if isinstance(action, (Counter, Decline)):
            return IllegalActionError("C1", "there is no unsafe play to counter now")
        if isinstance(action, (Draw, Pick)):
            return IllegalActionError("T2", "the counter card is drawn at the start of a turn only")
        return IllegalActionError("T3", f"{action} is not an action of the ATTACK phase")

    def why_not_arrange(self, action: Arrange) -> IllegalActionError:
        colour = self.setup_colour()
        if action.colour is not colour:
            return IllegalActionError("U4", f"{colour} arranges now (RED first, then BLACK)")
        cards = [*action.front, action.neutral]
        if sorted(cards) != sorted(self.hands[colour.index]) or len(set(cards)) != 4:
            return IllegalActionError("U2", f"{colour} arranges exactly the 4 cards of its hand")
        return IllegalActionError("U2", f"{action} is not an arrangement of {colour}'s hand")

    def why_not_draw(self, action: Action) -> IllegalActionError:
        defender = self.attacker.other
        ninjutsu = self.rules.has(defender, Style.NINJUTSU)
        if isinstance(action, Pick):
            if not ninjutsu:
                return IllegalActionError("F1", f"only a NINJUTSU defender picks its counter card; {defender} draws")
            return IllegalActionError("F1", f"{action.card} is not in {defender}'s deck")
        if isinstance(action, Draw):
            if ninjutsu:
                return IllegalActionError("F1", f"{defender} (NINJUTSU) picks its counter card from its deck")
            return IllegalActionError("F1", "a WUSHU defender draws 1 or 2 counter cards")
        return IllegalActionError("T2", f"{defender} draws its counter card first")

    def why_not_counter(self, card: Card) -> IllegalActionError:
        defender = self.attacker.other
        if card not in self.hands[defender.index]:
            return IllegalActionError("C1", f"{card} is not in {defender}'s hand")
        assert self.pending is not None
        top = self.pending.cards[-1]
        return IllegalActionError("C1", f"{card.symbol} is not a valid play onto {top.symbol} (P1)")

    def why_not_attack(self, attack: Attack) -> IllegalActionError:
        player = self.attacker
        place = attack.to
        if not isinstance(place, int) or not 1 <= place <= 9:
            return IllegalActionError("K3", f"there is no place {place!r}; places are 1-9")
        cards = attack.cards
        if not cards:
            return IllegalActionError("P5", "a play has at least one card")
        for card in cards:
            if card not in self.hands[player.index] and card not in self.advantage:
                return IllegalActionError("T3", f"{card} is not in {player}'s hand or ADVANTAGE")
        values = sequence_values(cards)
        if isinstance(values, str):
            ruling = "P3" if "joker" in values else "P5"
            return IllegalActionError(ruling, values)
        top = self.stacks[place - 1][-1]
        if is_locked(top, player):
            return IllegalActionError(
                "P2", f"the {top.symbol} at {place} is {top.colour}'s 10: only {top.colour} plays on it"
            )
        if not values & fit_mask(top, player):
            first = cards[0]
            wrap = ""
            if {first.rank, top.rank} in ({1, 10}, {11, 13}):
                wrap = f": a wrap goes only onto {player}'s own colour"
            return IllegalActionError("P1", f"{first.symbol} is not a valid play onto {top.symbol}{wrap}")
        return IllegalActionError("T3", f"{attack} is not a play now")
