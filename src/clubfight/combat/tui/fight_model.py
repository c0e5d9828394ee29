"""Combat Club's fight as plain Python: arranging, picking cards and a stack, confirming, ending the
turn, countering, the computer's moves and the hot-seat curtain.

The fight screen maps keys and clicks to these transitions and draws what the model holds; Combat
Club's side of the app saves and records on what the screen hands on for each ``FightChange``. The
words for plays and points are ``fight_text``'s. No Textual here, so a whole
match can be tested without a terminal. Every rule comes from the engine: the lit stacks, the
previews and the reasons are ``Round.legal_actions``, ``points_of``, ``is_safe``, ``wins_of`` and
``explain``, never a rule rebuilt here.

Hot-seat: ``viewer`` is the player whose hidden cards may be drawn (None: nobody's). Whenever the
keyboard must pass (the other player arranges, attacks, or may counter), ``curtain`` names who takes
it and ``viewer`` is None until they say they have it (``reveal``), so no hidden card is ever on
screen for the wrong player.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from clubfight.combat.ai import Opponent, choose
from clubfight.combat.engine import (
    Action,
    Arrange,
    Attack,
    Card,
    Colour,
    CombatCode,
    Counter,
    Decline,
    Draw,
    EndTurn,
    EventKind,
    Phase,
    Pick,
    Points,
    Round,
    Style,
    Win,
    front_row,
    is_locked,
    neutral_place,
)
from clubfight.combat.game import Match

from .coach_hint import CoachHint, CoachRequest, action_words
from .counter_window import standing_window, stood_at_once
from .fight_text import OTHER_GAME_KEYS, fits_text, log_lines, play_text, points_text
from .ring_out_watch import arrangement_openings, guarded, open_stacks, places_of

SEED_MASK = (1 << 64) - 1
CARD_SLOTS = 8
"""At most this many cards in the card row (hand, then ADVANTAGE): z x c v b n m and the comma."""
CURTAIN_ACTIONS = frozenset({"confirm", "quit", "rules", "settings", "stats", "full_log"})
"""The keys that still answer behind the hot-seat curtain."""
SEAT_ACTIONS = frozenset({"pick", "place", "confirm", "back", "end_turn", "arrange", "cycle"})
"""The keys that play for a seat: hidden from a spectator, who has none."""


@dataclass(frozen=True, slots=True)
class FightChange:
    """What a transition did, beyond the model's own state, for the screen to pass on to the app."""

    played: Action | None = None
    """An action was played (by ``by``): autosave."""
    by: Colour | None = None
    ask_end: bool = False
    """Ask before ending the turn: playable cards are left."""
    draw_off: bool = False
    """Setup just ended: show the centre draw-off (U3) step by step."""
    round_over: bool = False
    match_over: bool = False
    curtain: bool = False
    """Hot-seat: the keyboard passes to ``FightModel.curtain``."""
    new_round: bool = False
    undone: bool = False
    """The player's last action was taken back: autosave, and forget what the computer was deciding."""
    hinted: bool = False
    """The coach's hint was shown: autosave at once, so quitting can't hide that the match was assisted."""


NOTHING = FightChange()


@dataclass(frozen=True, slots=True)
class Undo:
    """What taking back one of the player's actions restores."""

    match: Match
    shadow: Round | None
    log_size: int
    row: tuple[Card | None, ...]


def ai_seed(match: Match) -> int:
    """The computer's seed for its next decision: fixed by the match seed, the round and the action
    number, so the same match with the same choices plays the same way again (and after a resume)."""
    played = match.rounds[-1]
    return (match.code.seed * 0x9E3779B97F4A7C15 + played.number * 1_000_003 + len(played.actions) + 1) & SEED_MASK


def arrange_places(colour: Colour) -> tuple[int, int, int, int]:
    """U2's places in the order they are filled, left to right as ``colour`` sees its front row, then
    the neutral card (RED: 7 8 9, then 6; BLACK, whose view is turned round: 3 2 1, then 4)."""
    front = front_row(colour)
    ordered = front if colour is Colour.RED else tuple(reversed(front))
    return (ordered[0], ordered[1], ordered[2], neutral_place(colour))


@dataclass
class FightModel:
    """The match, who plays which seat, the play being entered and what the table says."""

    match: Match
    humans: frozenset[Colour] = frozenset({Colour.RED})
    level: Opponent | None = Opponent.NORMAL
    """The computer's level; None when both seats are people (hot-seat)."""
    picked: tuple[Card, ...] = ()
    target: int | None = None
    choice: int = 0
    """Which of the plays of ``picked`` onto ``target`` (a throw may go on in two orders)."""
    arrangement: tuple[Card, ...] = ()
    message: str = ""
    log: list[str] = field(default_factory=list)
    asking_end: bool = False
    counter_index: int = 0
    viewer: Colour | None = None
    curtain: Colour | None = None
    last_by_computer: str = ""
    """The last announcement of the computer's counter, shown big until the next action."""
    row: tuple[Card | None, ...] = ()
    """The card row as last laid out (``slots``): a card keeps its slot, and key, all turn."""
    shadow: Round | None = None
    """The counter window shown after an unsafe play that nothing in the defender's hand fits, which
    the engine doesn't open (counter_window.py): the table looks the same either way."""
    auto_placed: bool = False
    """Setup: the fourth card went to the neutral row by itself."""
    undos: list[Undo] = field(default_factory=list)
    """The player's actions that may still be taken back (against the computer, until it answers)."""
    no_undo: str = ""
    """Why there is nothing to take back, when something was played."""
    assisted: bool = False
    """An action was taken back, or the coach gave a hint, in this match: the statistics count it as assisted."""
    hinted: CoachHint | None = None
    """The coach's hint on show: Enter plays its action while the table is still the one it was for."""
    ring_out_marks: bool = False
    """Mark the player's front-row stacks the opponent could ring out within two plays (a setting)."""
    opponent_role: ClassVar[str] = "computer"
    """Who the other seat is, as the side panel says while it attacks."""

    def __post_init__(self) -> None:
        if not self.humans:
            raise ValueError("at least one seat is a person's")
        if len(self.humans) == 1:
            self.viewer = next(iter(self.humans))
        elif self.viewer is None and self.curtain is None:
            self.curtain = self.round.to_act or Colour.RED

    # --- state ---------------------------------------------------------------------------

    @property
    def round(self) -> Round:
        """The round as the table shows it: the engine's, or the counter window it skipped (``shadow``)."""
        return self.shadow if self.shadow is not None else self.match.current

    @property
    def has_table(self) -> bool:
        """A round is on the table (an online match has none until the server sends one)."""
        return True

    @property
    def hot_seat(self) -> bool:
        return len(self.humans) == 2

    @property
    def to_act(self) -> Colour | None:
        return self.round.to_act

    @property
    def perspective(self) -> Colour:
        """Whose side is at the bottom of the grid: the viewer's (RED's while the keyboard passes)."""
        if self.viewer is not None:
            return self.viewer
        return self.curtain or Colour.RED

    @property
    def humans_turn(self) -> bool:
        """The player at the keyboard may act now (not the computer, no curtain down)."""
        actor = self.to_act
        return actor is not None and actor in self.humans and self.curtain is None and actor is self.viewer

    def seat_label(self, colour: Colour) -> str:
        """Who plays ``colour``, as the side panel names it: "you", the computer's level, or nothing in
        hot-seat (both are people at this keyboard)."""
        if self.hot_seat:
            return ""
        if colour in self.humans:
            return "you"
        return self.level.value if self.level is not None else "computer"

    @property
    def computer_to_act(self) -> bool:
        actor = self.to_act
        return actor is not None and actor not in self.humans and self.level is not None

    def slots(self) -> tuple[Card | None, ...]:
        """The card row: the viewer's hand, then the ADVANTAGE (the attacker's to use, everyone's to see).

        A card keeps its slot, and so its key, while it stays: a card played leaves its slot empty
        (None) instead of the cards after it moving left under the player's fingers. The row is laid
        out afresh when a card arrives (a new turn's draw, a counter card)."""
        r = self.round
        hand = r.hand(self.viewer) if self.viewer is not None else ()
        advantage = r.advantage if r.phase is not Phase.SETUP else ()
        current = (hand + advantage)[:CARD_SLOTS]
        kept = {card for card in self.row if card is not None}
        if current and kept.issuperset(current):
            self.row = tuple(card if card in current else None for card in self.row)
        else:
            self.row = current
        return self.row

    def is_advantage(self, card: Card) -> bool:
        """Whether ``card`` in the card row is the ADVANTAGE (the other colour's), not the viewer's hand."""
        return self.round.phase is not Phase.SETUP and card in self.round.advantage

    def hand_size(self) -> int:
        return len(self.round.hand(self.viewer)) if self.viewer is not None else 0

    def cards_in_hand(self, colour: Colour) -> int:
        """How many cards ``colour`` holds, as the table shows it (hand sizes are public, T6)."""
        return len(self.round.hand(colour))

    def playable(self) -> frozenset[Card]:
        """The attacker's cards that are part of some legal play now (the rest are greyed out)."""
        r = self.round
        if r.phase is not Phase.ATTACK:
            return frozenset()
        return frozenset(c for a in r.legal_actions() if isinstance(a, Attack) for c in a.cards)

    def options(self) -> list[Attack]:
        """The legal plays made of exactly the picked cards, in the engine's order."""
        if not self.picked or self.round.phase is not Phase.ATTACK:
            return []
        wanted = sorted(self.picked)
        return [a for a in self.round.legal_actions() if isinstance(a, Attack) and sorted(a.cards) == wanted]

    def targets(self) -> dict[int, bool]:
        """The stacks the picked cards may go onto, each True when that play is SAFE (P4)."""
        r = self.round
        found: dict[int, bool] = {}
        for attack in self.options():
            found[attack.to] = found.get(attack.to, False) or r.is_safe(attack)
        return found

    def _at(self, place: int) -> list[Attack]:
        return [a for a in self.options() if a.to == place]

    @property
    def attack(self) -> Attack | None:
        """The play the picked cards and stack name right now, if they name one."""
        if self.target is None:
            return None
        plays = self._at(self.target)
        return plays[self.choice % len(plays)] if plays else None

    def preview(self) -> str:
        """What the play would score and win: ``8♥-9♥ onto the K♠ at 3: Throw 3 + Combo 3 = 6 (safe)``."""
        r = self.round
        if r.phase is Phase.SETUP and self.humans_turn:
            return self._arrangement_text()
        if r.phase is Phase.DRAW and self.humans_turn:
            return self._draw_text()
        attack = self.attack
        if attack is None:
            return (
                "Now a lit stack (1-9): each says safe or unsafe."
                if self.picked and self.humans_turn and self.targets()
                else ""
            )
        return play_text(r, attack, other_order=len(self._at(attack.to)) > 1)

    # --- setup -----------------------------------------------------------------------------

    def arranged(self) -> dict[int, Card]:
        """The viewer's arrangement so far, by place (drawn on the grid before it is confirmed)."""
        if self.viewer is None:
            return {}
        return dict(zip(arrange_places(self.viewer), self.arrangement, strict=False))

    def _arrangement_text(self) -> str:
        if self.viewer is None:
            return ""
        places = arrange_places(self.viewer)
        done = len(self.arrangement)
        if done >= 4:
            return "Arranged: Enter to confirm, Esc to change, a to let the computer arrange."
        row = "front row" if done < 3 else "neutral row"
        return f"Pick the card for place {places[done if done < 3 else 3]} ({row}); a arranges for you."

    def _arrange_action(self) -> Arrange | None:
        if self.viewer is None or len(self.arrangement) != 4:
            return None
        by_place = self.arranged()
        front = tuple(by_place[p] for p in front_row(self.viewer))
        return Arrange(self.viewer, (front[0], front[1], front[2]), by_place[neutral_place(self.viewer)])

    def auto_arrange(self) -> FightChange:
        """The computer arranges the viewer's four cards: its own choice, unless another arrangement of
        the same cards leaves fewer front-row stacks open to a two-play ring out (ring_out_watch.py)."""
        r = self.round
        if r.phase is not Phase.SETUP or not self.humans_turn or self.viewer is None:
            return NOTHING
        preferred = choose(r, Opponent.HARD, seed=self.arrange_seed())
        assert isinstance(preferred, Arrange)
        action = guarded(preferred, sumo=r.rules.has(self.viewer.other, Style.SUMO))
        by_place = places_of(action)
        self.arrangement = tuple(by_place[p] for p in arrange_places(self.viewer))
        self.auto_placed = False
        return self.say("The computer's arrangement for you: Enter to confirm, Esc to change it.")

    def arrangement_in(self, colour: Colour) -> bool:
        """Setup: whether ``colour`` has arranged (its cards lie face down until both have, U2)."""
        return colour is Colour.RED or self.round.phase is not Phase.SETUP  # the engine has RED arrange first

    def arrange_seed(self) -> int:
        """The seed of the arrangement ``a`` proposes: fixed by the match, so it proposes the same again."""
        return ai_seed(self.match)

    def open_to_ring_out(self) -> frozenset[int]:
        """The viewer's front-row stacks the opponent could ring out within two plays (when marked)."""
        viewer = self.viewer
        if not self.ring_out_marks or viewer is None:
            return frozenset()
        r = self.round
        if r.phase is Phase.SETUP:
            action = self._arrange_action()
            if action is None:
                return frozenset()
            return arrangement_openings(action, sumo=r.rules.has(viewer.other, Style.SUMO))
        if r.is_over:
            return frozenset()
        return open_stacks(r, viewer)

    # --- building a play -------------------------------------------------------------------

    def say(self, message: str) -> FightChange:
        self.message = message
        return NOTHING

    def _clear_plan(self) -> None:
        self.picked = ()
        self.target = None
        self.choice = 0
        self.arrangement = ()
        self.auto_placed = False
        self.asking_end = False
        self.counter_index = 0
        self.hinted = None

    def pick(self, slot: int) -> FightChange:
        """A card of the card row: picked (for a throw, in order), or put back when picked already."""
        r = self.round
        if self.curtain is not None:
            return NOTHING
        if not self.humans_turn:
            return self.say(self._wait_text())
        slots = self.slots()
        card = slots[slot] if 0 <= slot < len(slots) else None
        if card is None:
            return self.say("No card under that key now.")
        if r.phase is Phase.SETUP:
            return self._pick_arrangement(card)
        if r.phase is not Phase.ATTACK:
            return self.say("You may only counter or let it go now.")
        if self.is_advantage(card) and r.attacker is not self.viewer:
            return NOTHING
        self.message = ""
        if card in self.picked:
            self.picked = tuple(c for c in self.picked if c != card)
        else:
            if card not in self.playable():
                return self.say(f"No stack takes the {card.symbol} now: {fits_text(card)}{self._locks()}.")
            self.picked = (*self.picked, card)
            if not self.targets():
                reason = self._why_not_together()
                self.picked = self.picked[:-1]
                return self.say(reason)
        if self.target is not None and not self._at(self.target):
            self.target = None
        self.choice = self._preferred_choice()
        return NOTHING

    def _locks(self) -> str:
        r = self.round
        locked = [p for p in range(1, 10) if (top := r.top(p)) is not None and is_locked(top, r.attacker)]
        return f" (the 10s at {', '.join(map(str, locked))} are locked to you, P2)" if locked else ""

    def _why_not_together(self) -> str:
        cards = "-".join(c.symbol for c in self.picked)
        error = self.round.explain(Attack(self.picked, 1))
        for place in range(1, 10):
            error = self.round.explain(Attack(self.picked, place))
            if error is not None and error.ruling in ("P5", "P3"):
                return f"{cards} is no throw: {error.reason} ({error.ruling})."
        reason = f": {error.reason} ({error.ruling})" if error is not None else ""
        return f"{cards} goes onto no stack now{reason}."

    def _pick_arrangement(self, card: Card) -> FightChange:
        """The next place for ``card``, or (picked again) take it back out. After three picks the fourth
        card goes to the neutral row by itself, and pressing it keeps it there: it has no other place."""
        places = arrange_places(self.viewer) if self.viewer is not None else (0, 0, 0, 0)
        if card in self.arrangement:
            if self.auto_placed and card == self.arrangement[-1]:
                return self.say(f"The {card.symbol}, your last card, goes to place {places[3]} by itself: Enter plays.")
            kept = self.arrangement[:3] if self.auto_placed else self.arrangement
            self.arrangement = tuple(c for c in kept if c != card)
            self.auto_placed = False
        elif len(self.arrangement) < 4:
            self.arrangement = (*self.arrangement, card)
            hand = self.round.hand(self.viewer) if self.viewer is not None else ()
            left = [c for c in hand if c not in self.arrangement]
            if len(self.arrangement) == 3 and len(left) == 1:
                self.arrangement = (*self.arrangement, left[0])
                self.auto_placed = True
        self.message = ""
        return NOTHING

    def _preferred_choice(self) -> int:
        """Among the orders a throw may go on in, the one the cards were picked in, if it is one."""
        if self.target is None:
            return 0
        for index, attack in enumerate(self._at(self.target)):
            if attack.cards == self.picked:
                return index
        return 0

    def press_place(self, place: int) -> FightChange:
        """A stack: the target of the picked cards; pressed again, the play's other order, if any."""
        r = self.round
        if not 1 <= place <= 9 or self.curtain is not None:
            return NOTHING
        if not self.humans_turn:
            return self.say(self._wait_text())
        if r.phase is Phase.SETUP:
            places = " ".join(map(str, arrange_places(self.viewer))) if self.viewer is not None else ""
            return self.say(f"In setup the cards you pick (z x c v) fill places {places}, in that order.")
        if r.phase is not Phase.ATTACK:
            return NOTHING
        if not self.picked:
            stack = r.stack(place)
            top = stack[-1]
            lock = " It is locked by a 10: only its owner plays on it (P2)." if top.is_ten else ""
            return self.say(
                f"Place {place}: {top.symbol} of {top.colour} on top, {len(stack)} card"
                f"{'s' if len(stack) != 1 else ''}.{lock} Pick a card first (z x c v ...)."
            )
        plays = self._at(place)
        if not plays:
            error = r.explain(Attack(self.picked, place))
            reason = f"{error.reason} ({error.ruling})" if error is not None else "no play"
            return self.say(f"Not onto {place}: {reason}.")
        if self.target == place and len(plays) > 1:
            self.choice = (self.choice + 1) % len(plays)
        elif self.target != place:
            self.target = place
            self.choice = self._preferred_choice()
        self.message = ""
        return NOTHING

    def cycle(self, step: int) -> FightChange:
        """← →: the other order of a throw onto the chosen stack, or the other counter card."""
        if self.round.phase is Phase.COUNTER:
            options = self.counter_options()
            if options:
                self.counter_index = (self.counter_index + step) % len(options)
            return NOTHING
        if self.round.phase is Phase.DRAW:
            draws = self.draw_options()
            if draws:
                self.counter_index = (self.counter_index + step) % len(draws)
            return NOTHING
        if self.target is not None:
            plays = self._at(self.target)
            if len(plays) > 1:
                self.choice = (self.choice + step) % len(plays)
        return NOTHING

    def back(self) -> FightChange:
        """Esc: one step back (the stack, then the last card picked, then the last card arranged)."""
        self.message = ""
        if self.asking_end:
            self.asking_end = False
        elif self.target is not None:
            self.target = None
        elif self.picked:
            self.picked = self.picked[:-1]
        elif self.arrangement:
            self.arrangement = self.arrangement[:2] if self.auto_placed else self.arrangement[:-1]
            self.auto_placed = False
        return NOTHING

    # --- playing -----------------------------------------------------------------------------

    def confirm(self) -> FightChange:
        """Enter: play the arrangement or the play entered, or say what is missing."""
        r = self.round
        if not self.humans_turn:
            return NOTHING
        if r.phase is Phase.SETUP:
            action = self._arrange_action()
            if action is None:
                return self.say("Pick all four cards first (or press a to let the computer arrange).")
            return self.play(action)
        if r.phase is Phase.COUNTER:
            return self.answer_counter(self.chosen_counter())
        if r.phase is Phase.DRAW:
            draws = self.draw_options()
            return self.play(draws[self.counter_index % len(draws)]) if draws else NOTHING
        if r.phase is not Phase.ATTACK:
            return NOTHING
        attack = self.attack
        if attack is None and isinstance(self.hinted_action(), EndTurn):
            return self.play(EndTurn())
        if attack is None:
            if not self.picked:
                return self.say("Pick a card (z x c v ...), then a lit stack (1-9), then Enter; e ends the turn.")
            return self.say("Now pick one of the lit stacks (1-9).")
        return self.play(attack)

    def end_turn(self) -> FightChange:
        """e: end the turn; asks first while a card could still be played."""
        r = self.round
        if not self.humans_turn or r.phase is not Phase.ATTACK:
            return NOTHING
        if self.playable() and not self.asking_end:
            self.asking_end = True
            return FightChange(ask_end=True)
        return self.play(EndTurn())

    def answer_end(self, yes: bool) -> FightChange:
        asked, self.asking_end = self.asking_end, False
        if yes and asked and self.humans_turn and EndTurn() in self.round.legal_actions():
            return self.play(EndTurn())
        return NOTHING

    def unplayed_cards(self) -> tuple[Card, ...]:
        """The cards of the ending turn that could still be played (for the end-turn question)."""
        playable = self.playable()
        return tuple(c for c in self.slots() if c in playable)

    def counter_options(self) -> list[tuple[Card, Points, tuple[Win, ...]]]:
        """The defender's answers to the pending play: each card with what it scores and wins."""
        r = self.round
        if r.phase is not Phase.COUNTER:
            return []
        found = []
        for action in r.legal_actions():
            if isinstance(action, Counter):
                after = r.play(action)
                points = after.last_points
                assert points is not None
                outcome = after.outcome
                wins = outcome.ways if outcome is not None and outcome.winner is r.defender else ()
                found.append((action.card, points, wins))
        return found

    def answer_counter(self, card: Card | None) -> FightChange:
        """The defender's answer to an unsafe play: counter with ``card``, or (None) let it stand."""
        r = self.round
        if r.phase is not Phase.COUNTER or not self.humans_turn:
            return NOTHING
        if card is None:
            return self.play(Decline())
        if not r.is_legal(Counter(card)):
            return self.say(f"The {card.symbol} is no counter here.")
        return self.play(Counter(card))

    def chosen_counter(self) -> Card | None:
        """The counter card ← → has chosen (None: no card fits)."""
        options = self.counter_options()
        return options[self.counter_index % len(options)][0] if options else None

    def ready(self) -> bool:
        """Enter would play something now (the Confirm button lights up)."""
        r = self.round
        if not self.humans_turn:
            return False
        if r.phase is Phase.SETUP:
            return len(self.arrangement) == 4
        ends = isinstance(self.hinted_action(), EndTurn)
        return self.attack is not None or ends or r.phase in (Phase.COUNTER, Phase.DRAW)

    def computer_action(self) -> Action:
        """The computer's decision for the seat to act (may take a moment at hard: run it off the UI thread)."""
        assert self.level is not None
        history = self.round_history() if self.level is Opponent.EXPERT else ()
        return choose(self.round, self.level, seed=ai_seed(self.match), history=history)

    def round_history(self) -> tuple[Round, ...]:
        """The round's positions before this one, oldest first: the clues expert (the computer's and
        the coach's) reads from the round so far, only what its seat saw of them."""
        return tuple(self.match.rounds[-1].positions()[:-1])

    def play(self, action: Action) -> FightChange:
        """Play a legal action for the seat to act: the only way the match moves on."""
        before = self.round
        actor = before.to_act
        undo = Undo(self.match, self.shadow, len(self.log), self.row)
        if self.shadow is not None:  # the defender lets the play stand: the engine had already stood it
            after = self.shadow.play(action)
            self.shadow = None
        else:
            self.match = self.match.play(action)
            after = self.match.current
            if isinstance(action, Attack) and actor in self.humans and stood_at_once(before, action, after):
                after = self.shadow = standing_window(before, action)
        self._clear_plan()
        self.message = ""
        if actor in self.humans:
            self.last_by_computer = ""  # the computer's counter stays announced until the player acts
        self.log.extend(log_lines(after.events, after.rules))
        computer = actor is not None and actor not in self.humans
        if isinstance(action, Counter) and computer:
            points = after.last_points
            self.last_by_computer = (
                f"{actor} COUNTERS with the {action.card.symbol}: {points_text(points) if points else ''}"
            )
        elif isinstance(action, Decline) and computer:
            self.message = f"{actor} lets your play stand."
        elif isinstance(action, Counter) and after.last_points is not None:
            self.message = f"{actor} counters with the {action.card.symbol}: {points_text(after.last_points)}."
        self._keep_undo(undo, actor, after)
        curtain = self._pass_keyboard()
        return FightChange(
            played=action,
            by=actor,
            draw_off=isinstance(action, Arrange) and before.phase is Phase.SETUP and after.phase is not Phase.SETUP,
            round_over=after.is_over,
            match_over=self.match.is_over and after.is_over,
            curtain=curtain,
        )

    # --- taking an action back (against the computer) ----------------------------------------------

    def _keep_undo(self, undo: Undo, actor: Colour | None, after: Round) -> None:
        """The player's action may be taken back until the computer answers, unless it showed the
        player a card they could not see before (a draw, the draw-off) or ended the round."""
        if self.hot_seat or actor is None:
            return
        if actor not in self.humans:
            self.undos.clear()
            self.no_undo = f"Nothing to take back: {actor} has answered since your last action."
            return
        drew = any(
            e.kind is EventKind.DRAW_OFF
            or (e.colour is actor and e.kind in (EventKind.DRAW, EventKind.COUNTER_DRAW, EventKind.EXTRA_DRAW))
            for e in after.events
        )
        if drew or after.is_over:
            self.undos.clear()
            self.no_undo = (
                "The round is over: nothing to take back."
                if after.is_over
                else "That can't be taken back: it showed you a card you hadn't seen."
            )
            return
        self.undos.append(undo)

    def undo(self) -> FightChange:
        """u: take back the player's last action, while the computer hasn't answered it (not in hot-seat)."""
        if self.hot_seat:
            return self.say("No undo in hot-seat: the other player has seen the play.")
        if not self.undos:
            return self.say(self.no_undo or "Nothing to take back yet.")
        undo = self.undos.pop()
        self.match, self.shadow, self.row = undo.match, undo.shadow, undo.row
        del self.log[undo.log_size :]
        self._clear_plan()
        self.last_by_computer = ""
        self.assisted = True
        self.log.append("(you took your last action back)")
        self.message = "Taken back. A match with an undo counts as assisted in the statistics."
        return FightChange(undone=True)

    def explain_key(self, key: str) -> FightChange:
        """Club Fight's keys that mean nothing here (h, d, g) say so, in one line each."""
        return self.say(OTHER_GAME_KEYS.get(key, ""))

    # --- the coach ------------------------------------------------------------------------------

    def coach_request(self) -> CoachRequest | str:
        """h: what to ask the coach for the player to act, or why there is nothing to ask."""
        r = self.round
        seat = r.to_act
        if seat is None:
            return "The round is over: nothing to hint. Enter, then w, shows where it turned."
        if not self.humans_turn:
            return self._wait_text()
        return CoachRequest(r, seat, ai_seed(self.match), self.round_history())

    def show_hint(self, hint: CoachHint) -> FightChange:
        """The coach's action previewed as if the player had entered it, with its reasons, and the match
        counted as assisted. A hint for a table that has moved on since it was asked is dropped."""
        r = self.round
        if hint.round is not r or not self.humans_turn:
            return NOTHING
        self._clear_plan()
        action = hint.action
        if isinstance(action, Attack):
            self.picked = action.cards
            self.target = action.to
            self.choice = next((i for i, a in enumerate(self._at(action.to)) if a == action), 0)
        elif isinstance(action, Arrange) and self.viewer is not None:
            by_place = places_of(action)
            self.arrangement = tuple(by_place[p] for p in arrange_places(self.viewer))
        elif isinstance(action, Counter):
            cards = [card for card, _points, _wins in self.counter_options()]
            self.counter_index = cards.index(action.card) if action.card in cards else 0
        elif isinstance(action, (Draw, Pick)):
            draws = self.draw_options()
            self.counter_index = draws.index(action) if action in draws else 0
        self.hinted = hint
        self.assisted = True
        self.message = hint.line
        return FightChange(hinted=True)

    def hinted_action(self) -> Action | None:
        """The hint's action while the table is the one it was for."""
        hint = self.hinted
        return hint.action if hint is not None and hint.round is self.round else None

    def draw_options(self) -> list[Action]:
        """A WUSHU or NINJUTSU defender's choices before the turn (F1): draw 1 or 2, or a card to pick."""
        r = self.round
        return r.legal_actions() if r.phase is Phase.DRAW else []

    def _draw_text(self) -> str:
        draws = self.draw_options()
        if not draws:
            return ""
        chosen = action_words(draws[self.counter_index % len(draws)])
        other = " (← → another)" if len(draws) > 1 else ""
        return f"Your counter card first (F1): {chosen}{other}; Enter does it."

    def _wait_text(self) -> str:
        who = self.to_act
        if who is None:
            return "The round is over: Enter shows the match score and what next."
        return f"It is {who}'s move: wait{' (space skips ahead)' if self.computer_to_act else ''}."

    def _pass_keyboard(self) -> bool:
        """Hot-seat: when the other player must act next, hide everything until they take the keyboard."""
        if not self.hot_seat:
            return False
        actor = self.to_act
        if actor is None or actor is self.viewer:
            return False
        self.viewer = None
        self.curtain = actor
        return True

    def reveal(self) -> FightChange:
        """Hot-seat: the player named on the curtain has the keyboard."""
        if self.curtain is None:
            return NOTHING
        self.viewer, self.curtain = self.curtain, None
        self.message = ""
        return NOTHING

    def curtain_text(self) -> str:
        who = self.curtain
        if who is None:
            return ""
        r = self.round
        if r.phase is Phase.COUNTER:  # after every unsafe play, whether a card of theirs fits or not
            return f"{who}: {r.attacker} made an unsafe play: counter it or let it stand. Take the keyboard."
        if r.phase is Phase.SETUP:
            return f"{who} arranges. {who.other}, look away."
        return f"{who} attacks. {who.other}, look away."

    def rebuild_log(self) -> None:
        """The log of the match, replayed from its actions (after a resume), and the counter window the
        last play was waiting in if the engine had skipped it: a resume must not tell either."""
        self._reopen_window()
        last = self.match.rounds[-1]
        self.log = []
        for played in self.match.rounds:
            self.log.append(f"Round {played.number} of {self.match.code}")
            after = played.positions()[1:]
            for n, position in enumerate(after, start=1):
                window = self.shadow if played is last and n == len(after) else None
                events = window.events if window is not None else position.events
                self.log.extend(log_lines(events, self.match.rules))
        self.log.append("(resumed)")

    def _reopen_window(self) -> None:
        played = self.match.rounds[-1]
        action = played.actions[-1] if played.actions else None
        if not isinstance(action, Attack):
            return
        before = played.positions()[-2]
        if before.attacker in self.humans and stood_at_once(before, action, played.final):
            self.shadow = standing_window(before, action)
            if self.hot_seat and self.viewer is None:
                self.curtain = self.shadow.to_act  # the defender answers first, as before the resume

    # --- between rounds ------------------------------------------------------------------------

    def next_round(self) -> FightChange:
        if not self.round.is_over or self.match.is_over:
            return NOTHING
        self.match = self.match.next_round()
        return self._fresh_round()

    def rematch(self, seed: int) -> FightChange:
        """A new match with the same rules and seats, dealt from ``seed``."""
        self.match = Match.new(CombatCode(seed), self.match.rules)
        self.log.clear()
        return self._fresh_round()

    def _fresh_round(self) -> FightChange:
        self._clear_plan()
        self.shadow = None
        self.undos.clear()
        self.no_undo = ""
        self.message = ""
        self.last_by_computer = ""
        self.log.append(f"Round {self.match.round_number}: {self.match.summary()}")
        curtain = False
        if self.hot_seat:
            self.viewer, self.curtain, curtain = None, self.round.to_act, True
        return FightChange(new_round=True, curtain=curtain)

    # --- what the keys may do now ----------------------------------------------------------------

    def can(self, action: str) -> bool | None:
        """For ``check_action``: True available, None shown dimmed, False hidden (a key of another
        phase: arranging outside the setup, ending a turn during it, skipping while nobody thinks)."""
        r = self.round
        if self.curtain is not None:
            # Behind the curtain only taking the keyboard and the app's keys make sense: hide the rest.
            return action in CURTAIN_ACTIONS
        if action == "confirm" and r.is_over:
            return True  # back to the round's banner after a look at the grid
        if not self.humans and action in SEAT_ACTIONS:
            return False  # a spectator has no seat to play for
        mine = self.humans_turn
        if action in ("pick", "place"):
            return True  # always answers: the card or stack, or what to do first
        if action == "confirm":
            return True if mine else None  # what is missing, if anything, is said
        if action == "back":
            return True if self.picked or self.target is not None or self.arrangement else None
        if action == "end_turn":
            if r.phase is Phase.SETUP:
                return False
            return True if mine and r.phase is Phase.ATTACK else None
        if action == "arrange":
            if r.phase is not Phase.SETUP:
                return False
            return True if mine else None
        if action == "cycle":
            if r.phase is Phase.DRAW:
                return True if mine and len(self.draw_options()) > 1 else None
            plays = self._at(self.target) if self.target is not None else []
            return True if len(plays) > 1 else None
        if action == "skip":
            return self.computer_to_act
        return True
