"""What the round so far has shown one seat about the hidden cards, and sample worlds that agree.

Two kinds of clue are public (T6) and narrow the other player's hidden hand:

- **Deck bottoms.** ADVANTAGE cards not used go under their owner's deck in a known order (T4), so
  the last cards of each deck are known until a shuffle (the centre draw-off, a NINJUTSU pick) or
  until draws reach them. A card known to lie at the bottom is not in the hand, and is not drawn
  soon: worlds keep those cards at the bottom of both decks.
- **Answers to this turn's unsafe plays.** The defender's hand does not change during the
  attacker's turn (a counter would end it), so each of the seat's unsafe plays this turn tested that
  same hand, and each one stood. Whether a counter window opened is never read: at the table a
  defender with nothing that fits and one who lets the play stand look the same (the table opens a
  window after every unsafe play), so a hand that could have countered is only made unlikely
  (``decline`` is the chance that a player able to counter chooses not to), never ruled out.
  Which hands could have countered is asked of the engine itself, by replaying the play with
  that hand.

Everything here reads the history through ``observe`` and ``public_events`` only: the other
player's drawn cards (and its NINJUTSU pick) are never looked at, so no clue can carry a card the
seat did not see.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, pairwise

from clubfight.combat.engine import Attack, Card, Colour, Counter, EventKind, Phase, Round, Style, card_fits
from clubfight.common.shuffle import SplitMix64, shuffled

from .knowledge import observe, unseen

_DRAWS = (EventKind.DRAW, EventKind.COUNTER_DRAW, EventKind.EXTRA_DRAW)
MAX_ENUMERATED_HANDS = 600
"""Up to this many possible hands are weighed one by one; beyond it, hands are sampled and weighed."""
SAMPLED_HANDS = 256


@dataclass(frozen=True, slots=True)
class Seen:
    """One event as a seat saw it: the other player's drawn cards are only counted."""

    kind: EventKind
    colour: Colour
    count: int
    cards: tuple[Card, ...]
    """Empty when the seat could not see them. (Whether a play opened a counter window is left out:
    the table doesn't show it to the attacker.)"""
    covered: Card | None = None
    place: int = 0


def public_events(r: Round, seat: Colour) -> tuple[Seen, ...]:
    """What ``seat`` saw of the steps that led to ``r`` (``r.events``)."""
    found = []
    for e in r.events:
        hidden = e.kind in _DRAWS and e.colour is not seat
        found.append(Seen(e.kind, e.colour, len(e.cards), () if hidden else e.cards, e.covered, e.place))
    return tuple(found)


@dataclass(frozen=True, slots=True)
class Answer:
    """One of the seat's unsafe plays this turn, and what the defender's hand did about it."""

    before: Round
    """The position the play was made in, as the seat saw it (``observe``)."""
    attack: Attack


@dataclass(frozen=True, slots=True)
class Clues:
    """What ``seat`` knows beyond the position itself."""

    seat: Colour
    bottoms: tuple[tuple[Card, ...], tuple[Card, ...]]
    """(RED's, BLACK's): each deck's known last cards, in draw order (the very last one deepest)."""
    answers: tuple[Answer, ...]

    def bottom(self, colour: Colour) -> tuple[Card, ...]:
        return self.bottoms[colour.index]


NO_CLUES_BOTTOMS: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())


def read_clues(history: Sequence[Round], current: Round, seat: Colour) -> Clues:
    """The clues in ``history`` (the round's positions before ``current``, oldest first)."""
    states = [*history, current]
    bottoms: list[list[Card]] = [[], []]
    answers: list[Answer] = []
    for before, after in pairwise(states):
        seen_before = observe(before, seat)
        events = public_events(after, seat)
        if seen_before.phase is Phase.DRAW and seen_before.rules.style(seen_before.defender) is Style.NINJUTSU:
            bottoms[seen_before.defender.index] = []  # F1: a pick shuffles the deck after it
        sizes = [len(seen_before.deck(c)) for c in Colour]
        advantage = list(seen_before.advantage)
        for e in events:
            if e.kind is EventKind.DRAW_OFF:
                bottoms = [[], []]
            elif e.kind in _DRAWS:
                i = e.colour.index
                sizes[i] = max(0, sizes[i] - e.count)
                if len(bottoms[i]) > sizes[i]:
                    del bottoms[i][: len(bottoms[i]) - sizes[i]]
            elif e.kind is EventKind.PLAY:
                advantage = [c for c in advantage if c not in e.cards]
            elif e.kind is EventKind.END_TURN:
                owner = e.colour.other.index
                bottoms[owner] += reversed(advantage)
                sizes[owner] += len(advantage)
                advantage = list(e.cards)
        answers = _answers_after(answers, seen_before, events, seat)
    clues = Clues(seat, (tuple(bottoms[0]), tuple(bottoms[1])), tuple(answers))
    return clues if _consistent(clues, observe(current, seat)) else Clues(seat, NO_CLUES_BOTTOMS, ())


def _answers_after(answers: list[Answer], before: Round, events: tuple[Seen, ...], seat: Colour) -> list[Answer]:
    """This turn's answers, with the step from ``before`` taken into account."""
    if any(e.kind is EventKind.END_TURN for e in events):
        return []
    first = events[0] if events else None
    if first is None:
        return answers
    if any(e.kind is EventKind.COUNTER for e in events):
        return []  # a counter ends the turn: the next hand is another
    if first.kind is EventKind.PLAY and first.colour is seat and first.covered is not None:
        single_joker = len(first.cards) == 1 and first.cards[0].is_joker
        if first.covered.colour is not seat and not single_joker:
            # Whether a window opened is never read: at the table a defender with nothing that fits
            # and one who lets the play stand look the same, so every unsafe play that stood is one
            # clue, "stood", whatever the engine did in between.
            return [*answers, Answer(before, Attack(first.cards, first.place))]
    return answers


def _consistent(clues: Clues, view: Round) -> bool:
    """A history that does not lead to ``view`` (or none at all) gives no bottoms to trust."""
    for colour in Colour:
        deck, bottom = view.deck(colour), clues.bottom(colour)
        if len(bottom) > len(deck) or any(bottom.count(c) > deck.count(c) for c in bottom):
            return False
    return True


def _answer_weight(hand: tuple[Card, ...], pool: tuple[Card, ...], answer: Answer, decline: float) -> float:
    """How likely ``answer`` was, had the defender held ``hand``: replayed on the engine."""
    before = answer.before
    defender = before.defender
    rest = list(pool)
    for c in hand:
        rest.remove(c)
    hands = {defender: hand, defender.other: before.hand(defender.other)}
    decks = {defender: tuple(rest), defender.other: before.deck(defender.other)}
    world = before.replace(
        red_hand=hands[Colour.RED],
        black_hand=hands[Colour.BLACK],
        red_deck=decks[Colour.RED],
        black_deck=decks[Colour.BLACK],
    )
    after = world.play(answer.attack)
    could_counter = after.phase is Phase.COUNTER and any(isinstance(a, Counter) for a in after.legal_actions())
    return decline if could_counter else 1.0


@dataclass(frozen=True, slots=True)
class HandBelief:
    """The other player's possible hands with their weights (cumulative, for sampling)."""

    hands: tuple[tuple[Card, ...], ...]
    cumulative: tuple[float, ...]

    def sample(self, rng: SplitMix64) -> tuple[Card, ...]:
        total = self.cumulative[-1]
        x = (rng.next() >> 11) * (total / (1 << 53))
        lo, hi = 0, len(self.cumulative) - 1
        while lo < hi:
            mid = (lo + hi) // 2
            if self.cumulative[mid] > x:
                hi = mid
            else:
                lo = mid + 1
        return self.hands[lo]


def unseen_free(view: Round, clues: Clues) -> list[Card]:
    """The other player's hidden cards that are not known to lie at the bottom of its deck."""
    free = list(unseen(view, clues.seat))
    for c in clues.bottom(clues.seat.other):
        free.remove(c)
    return free


def uniform_belief(view: Round, clues: Clues, rng: SplitMix64) -> HandBelief | None:
    """Every hand the other player may hold, each as likely (None for an empty hand)."""
    size = len(view.hand(clues.seat.other))
    free = unseen_free(view, clues)
    if size == 0 or len(free) < size:
        return None
    hands = _possible_hands(tuple(free), size, rng)
    return HandBelief(tuple(hands), tuple(float(k + 1) for k in range(len(hands))))


def hand_belief(view: Round, clues: Clues, rng: SplitMix64, decline: float) -> HandBelief | None:
    """The other player's hand weighed by this turn's answers; None when no answer narrows it."""
    seat = clues.seat
    other = seat.other
    size = len(view.hand(other))
    if not clues.answers or size == 0:
        return None
    pool = unseen(view, seat)
    free = unseen_free(view, clues)
    if len(free) < size:
        return None
    hands = _possible_hands(tuple(free), size, rng)
    total = 0.0
    kept: list[tuple[Card, ...]] = []
    cumulative: list[float] = []
    for hand in hands:
        weight = 1.0
        for answer in clues.answers:
            weight *= _answer_weight(hand, pool, answer, decline)
            if weight == 0.0:
                break
        if weight > 0.0:
            total += weight
            kept.append(hand)
            cumulative.append(total)
    if not kept:
        return None  # the answers fit no hand (a player the clues don't describe): weigh nothing
    return HandBelief(tuple(kept), tuple(cumulative))


def counter_chance(view: Round, clues: Clues, belief: HandBelief | None, top: Card) -> float:
    """The chance that the defender's hand holds a card that fits ``top`` (C1), from the seat's view:
    weighed by this turn's answers when there are any, otherwise even over the cards it may hold."""
    defender = view.defender
    size = len(view.hand(defender))
    if size == 0:
        return 0.0
    if belief is not None:
        total = belief.cumulative[-1]
        hit = 0.0
        previous = 0.0
        for hand, cumulative in zip(belief.hands, belief.cumulative, strict=True):
            if any(card_fits(c, top, defender) for c in hand):
                hit += cumulative - previous
            previous = cumulative
        return hit / total
    free = unseen_free(view, clues)
    n, m = len(free), sum(1 for c in free if card_fits(c, top, defender))
    if m == 0 or n < size:
        return 0.0
    miss = 1.0
    for k in range(size):
        miss *= (n - m - k) / (n - k) if n - m - k > 0 else 0.0
    return 1.0 - miss


def without_fits(belief: HandBelief, defender: Colour, tops: Sequence[Card]) -> HandBelief:
    """``belief`` knowing that none of ``tops`` was countered: hands that fit one are dropped (the
    playouts' defender counters whenever it can). Unchanged if that would leave no hand."""
    if not tops:
        return belief
    hands: list[tuple[Card, ...]] = []
    cumulative: list[float] = []
    previous = total = 0.0
    for hand, c in zip(belief.hands, belief.cumulative, strict=True):
        weight, previous = c - previous, c
        if not any(card_fits(card, top, defender) for card in hand for top in tops):
            total += weight
            hands.append(hand)
            cumulative.append(total)
    return HandBelief(tuple(hands), tuple(cumulative)) if hands else belief


def _possible_hands(free: tuple[Card, ...], size: int, rng: SplitMix64) -> list[tuple[Card, ...]]:
    count = 1
    for k in range(size):
        count = count * (len(free) - k) // (k + 1)
    if count <= MAX_ENUMERATED_HANDS:
        return list(combinations(free, size))
    return [tuple(sorted(shuffled(free, rng)[:size])) for _ in range(SAMPLED_HANDS)]


def deal_world(view: Round, clues: Clues, belief: HandBelief | None, rng: SplitMix64) -> Round:
    """A sample world that agrees with ``view`` and the clues: known deck bottoms stay at the bottom,
    the other hand is drawn from ``belief`` (or evenly from the cards not known to be at a bottom)."""
    seat = clues.seat
    other = seat.other
    pool = list(unseen(view, seat))
    other_bottom = clues.bottom(other)
    for c in other_bottom:
        pool.remove(c)
    size = len(view.hand(other))
    if belief is not None:
        hand = belief.sample(rng)
        for c in hand:
            pool.remove(c)
        other_deck = shuffled(tuple(pool), rng) + other_bottom
    else:
        dealt = shuffled(tuple(pool), rng)
        hand, other_deck = dealt[:size], dealt[size:] + other_bottom
    own = list(view.deck(seat))
    own_bottom = clues.bottom(seat)
    for c in own_bottom:
        own.remove(c)
    own_deck = shuffled(tuple(own), rng) + own_bottom
    hands = {seat: view.hand(seat), other: hand}
    decks = {seat: own_deck, other: other_deck}
    return view.replace(
        red_hand=hands[Colour.RED],
        black_hand=hands[Colour.BLACK],
        red_deck=decks[Colour.RED],
        black_deck=decks[Colour.BLACK],
        rng_state=rng.next(),
    )
