"""Easy and normal, and the pieces every level shares: arrangements, counter draws, NINJUTSU picks.

Each function takes a round already passed through ``observe`` (knowledge.py), so it can't see
what its seat can't, and its own SplitMix64 for any chance it takes.
"""

from __future__ import annotations

from itertools import permutations

from clubfight.combat.engine import (
    NEIGHBOURS,
    Action,
    Arrange,
    Card,
    Colour,
    Counter,
    Decline,
    Draw,
    EndTurn,
    Phase,
    Pick,
    Round,
    card_fits,
    fits,
    front_row,
    neutral_place,
)
from clubfight.common.shuffle import SplitMix64

from .greedy import NORMAL, Weights, best_attack, best_counter, judge

EASY_END_CHANCE = 6
"""Easy ends its turn early, after at least one play, once in this many decisions."""


def arrangements(hand: tuple[Card, ...], colour: Colour) -> list[Arrange]:
    """Every U2 arrangement of a 4-card hand, in the engine's order (the neutral card, then the front row)."""
    cards = sorted(hand)
    found = []
    for i, neutral in enumerate(cards):
        rest = cards[:i] + cards[i + 1 :]
        for a, b, c in permutations(rest):
            found.append(Arrange(colour, (a, b, c), neutral))
    return found


def _acceptors(card: Card, colour: Colour) -> int:
    """How many of the 13 values may go onto ``card`` for its owner: the more, the handier a safe stack."""
    return sum(1 for v in range(1, 14) if fits(v, card, colour))


def arrangement_score(action: Arrange) -> float:
    """Normal's taste in arrangements: a handy card in the neutral row, and near values side by side
    (a COMBO waiting on the player's own, safe, stacks)."""
    colour = action.colour
    places = dict(zip(front_row(colour), action.front, strict=True))
    places[neutral_place(colour)] = action.neutral
    score = 0.5 * _acceptors(action.neutral, colour)
    for p, card in places.items():
        for q in NEIGHBOURS[p]:
            other = places.get(q)
            if other is None or p > q:
                continue
            if other.rank == card.rank:
                score += 2.0
            elif abs(other.rank - card.rank) == 1 and card.is_face == other.is_face:
                score += 1.0
    return score


def arrange_easy(hand: tuple[Card, ...], colour: Colour, rng: SplitMix64) -> Arrange:
    options = arrangements(hand, colour)
    return options[rng.below(len(options))]


def arrange_normal(hand: tuple[Card, ...], colour: Colour, rng: SplitMix64) -> Arrange:
    options = arrangements(hand, colour)
    best = max(arrangement_score(a) for a in options)
    top = [a for a in options if arrangement_score(a) == best]
    return top[rng.below(len(top))]


def pick_card(view: Round) -> Pick:
    """NINJUTSU: the deck card that could counter the most of the attacker's possible cards (a joker
    answers anything but scores nothing, so a card that fits many is taken over it when it fits as many)."""
    defender = view.attacker.other
    attacker_cards = view.hand(view.attacker) + view.deck(view.attacker)
    best: tuple[float, int] | None = None
    choice: Card | None = None
    for card in sorted(set(view.deck(defender))):
        fits = sum(1 for t in attacker_cards if card_fits(card, t, defender))
        score = fits * (0.6 if card.suit is None else 1.0)
        key = (score, -card.sort_key())
        if best is None or key > best:
            best, choice = key, card
    assert choice is not None
    return Pick(choice)


def draw_count(view: Round) -> Draw:
    """WUSHU: two cards, for the better chance of a counter (a counter's cancelled play and lost turn
    are worth more to the defender than the counter's own points, which WUSHU halves)."""
    return Draw(2)


def counter_or_decline(view: Round) -> Action:
    card = best_counter(view)
    return Decline() if card is None else Counter(card)


def normal_attack(view: Round, weights: Weights = NORMAL) -> Action:
    """The best play by ``value``, or ``end`` when no play is worth more than ending the turn."""
    best = best_attack(view, weights)
    return EndTurn() if best is None else best


def easy_attack(view: Round, rng: SplitMix64) -> Action:
    """A random play, likelier the more points it scores; now and then the turn ends early."""
    judged = judge(view)
    if view.last_place is not None and rng.below(EASY_END_CHANCE) == 0:
        return EndTurn()
    weights = [j.points * j.points + (50 if j.wins and j.safe else 0) for j in judged]
    pick = rng.below(sum(weights))
    for j, w in zip(judged, weights, strict=True):
        if pick < w:
            return j.attack
        pick -= w
    raise AssertionError("unreachable")


def easy(view: Round, seat: Colour, rng: SplitMix64) -> Action:
    phase = view.phase
    if phase is Phase.SETUP:
        return arrange_easy(view.hand(seat), seat, rng)
    if phase is Phase.COUNTER:
        options = [a for a in view.legal_actions() if isinstance(a, Counter)]
        return options[rng.below(len(options))] if options else Decline()
    if phase is Phase.DRAW:
        draws = view.legal_actions()
        return draws[rng.below(len(draws))]
    return easy_attack(view, rng)


def normal(view: Round, seat: Colour, rng: SplitMix64) -> Action:
    phase = view.phase
    if phase is Phase.SETUP:
        return arrange_normal(view.hand(seat), seat, rng)
    if phase is Phase.COUNTER:
        return counter_or_decline(view)
    if phase is Phase.DRAW:
        return pick_card(view) if isinstance(view.legal_actions()[0], Pick) else draw_count(view)
    return normal_attack(view)


def rollout_action(r: Round, weights: Weights = NORMAL) -> Action:
    """Hard's fast playout policy: normal's judgement, with no chance taken (arrangements aside)."""
    phase = r.phase
    if phase is Phase.ATTACK:
        return normal_attack(r, weights)
    if phase is Phase.COUNTER:
        return counter_or_decline(r)
    if phase is Phase.DRAW:
        return pick_card(r) if isinstance(r.legal_actions()[0], Pick) else Draw(2)
    raise ValueError(f"no playout action in the {phase.value} phase")
