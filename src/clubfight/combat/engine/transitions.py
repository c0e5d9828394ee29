"""The steps of a play, run on a Draft: what each action does, and everything that follows by itself.

One action may run several steps: a play stands, the turn ends, the next one starts with its
draws (T1, T2) and may end at once when that player has no play (T3). Each step adds its events.
A round is checked for wins after each play that stands and each counter, and nothing else.
"""

from __future__ import annotations

from clubfight.common.shuffle import SplitMix64, shuffled

from .actions import Action, Arrange, Attack, Counter, Decline, Draw, EndTurn
from .cards import TEN, Card, Colour
from .draft import Draft
from .drawoff import centre_draw_off
from .events import EventKind, TurnEnd
from .grid import front_row, neutral_place, tops, tops_with
from .movegen import attacks, counter_cards
from .plays import is_safe
from .rules import KNOCK_OUT_SCORE, Style
from .scoring import Points, attack_points, counter_points
from .state import HAND_SIZE, MAX_STALL, Phase
from .wins import RoundResult, Win, attack_wins, counter_wins, judge, ordered


def apply(d: Draft, action: Action) -> None:
    """Run ``action``, which the caller has checked is legal, and all that follows it."""
    if isinstance(action, Attack):
        attack(d, action)
    elif isinstance(action, Counter):
        counter(d, action.card)
    elif isinstance(action, Decline):
        assert d.pending is not None and d.pending_points is not None
        pending, points = d.pending, d.pending_points
        d.pending = d.pending_points = None
        stand(d, pending, points, announce=True)
    elif isinstance(action, EndTurn):
        end_turn(d, TurnEnd.CHOSEN)
    elif isinstance(action, Arrange):
        arrange(d, action)
    elif isinstance(action, Draw):
        counter_draw(d, action.count)
    else:
        pick(d, action.card)


def arrange(d: Draft, action: Arrange) -> None:
    """U2; once BLACK has arranged, the centre draw-off (U3) and the first turn."""
    colour = action.colour
    for place, card in zip(front_row(colour), action.front, strict=True):
        d.stacks[place - 1] = (card,)
    d.stacks[neutral_place(colour) - 1] = (action.neutral,)
    d.hands[colour.index] = ()
    d.event(EventKind.ARRANGE, colour, cards=(*action.front, action.neutral))
    if colour is Colour.BLACK:
        centre_draw_off(d)
        start_turn(d)


def start_turn(d: Draft) -> None:
    """T1 (the attacker draws to 4, or wins by TIME OUT) and T2 (the defender's counter card)."""
    attacker = d.attacker
    a = attacker.index
    need = HAND_SIZE - len(d.hands[a])
    deck = d.decks[a]
    if need > len(deck):
        finish(d, RoundResult(attacker, (Win.TIME_OUT,)))
        return
    if need > 0:
        d.hands[a] += deck[:need]
        d.decks[a] = deck[need:]
        d.event(EventKind.DRAW, attacker, cards=deck[:need])
    defender = attacker.other
    i = defender.index
    deck = d.decks[i]
    if not d.countered and deck:
        style = d.rules.style(defender)
        if (style is Style.WUSHU or style is Style.NINJUTSU) and len(deck) >= 2:
            d.phase = Phase.DRAW
            return
        d.hands[i] += deck[:1]
        d.decks[i] = deck[1:]
        d.event(EventKind.COUNTER_DRAW, defender, cards=deck[:1])
    open_attack(d)


def counter_draw(d: Draft, count: int) -> None:
    """F1: a WUSHU defender draws ``count`` counter cards."""
    defender = d.attacker.other
    i = defender.index
    deck = d.decks[i]
    d.hands[i] += deck[:count]
    d.decks[i] = deck[count:]
    d.event(EventKind.COUNTER_DRAW, defender, cards=deck[:count])
    open_attack(d)


def pick(d: Draft, card: Card) -> None:
    """F1: a NINJUTSU defender takes ``card`` from its deck, which is then shuffled."""
    defender = d.attacker.other
    i = defender.index
    rng = SplitMix64(d.rng_state)
    d.decks[i] = shuffled(tuple(c for c in d.decks[i] if c != card), rng)
    d.rng_state = rng.state
    d.hands[i] += (card,)
    d.event(EventKind.COUNTER_DRAW, defender, cards=(card,))
    open_attack(d)


def open_attack(d: Draft) -> None:
    """The attacker's turn goes on, or ends by itself when no play is left (T3)."""
    player = d.attacker
    found = attacks(d.stacks, d.hands[player.index] + d.advantage, player)
    if found:
        d.phase = Phase.ATTACK
        d.actions_cache = [*found, EndTurn()]
    else:
        end_turn(d, TurnEnd.NO_PLAY)


def attack(d: Draft, play: Attack) -> None:
    """The cards go onto the stack; a SAFE play stands at once, an UNSAFE one opens the counter window
    when the defender holds a counter (C1)."""
    player = d.attacker
    p = player.index
    place = play.to
    stack = d.stacks[place - 1]
    covered = stack[-1]
    punish = d.last_place is None and d.punish_place == place
    points = attack_points(stack, tops(d.stacks), play, player, d.rules, punish=punish)
    cards = play.cards
    played = 0  # bit ``card.code`` of each card played: ``c in cards`` without comparing cards
    for c in cards:
        played |= 1 << c.code
    hand = d.hands[p]
    d.hands[p] = tuple([c for c in hand if not played >> c.code & 1])
    if len(d.hands[p]) + len(cards) != len(hand):
        d.advantage = tuple([c for c in d.advantage if not played >> c.code & 1])
    d.stacks[place - 1] = stack + cards
    d.last_place = place
    if not is_safe(cards, covered, player):
        defender = player.other
        counters = counter_cards(d.hands[defender.index], cards[-1], defender)
        if counters:
            d.event(EventKind.PLAY, player, cards=cards, place=place, covered=covered, points=points, pending=True)
            d.phase = Phase.COUNTER
            d.pending = play
            d.pending_points = points
            d.actions_cache = [*(Counter(c) for c in counters), Decline()]
            return
    d.event(EventKind.PLAY, player, cards=cards, place=place, covered=covered, points=points)
    stand(d, play, points, announce=False)


def stand(d: Draft, play: Attack, points: Points, *, announce: bool) -> None:
    """The play stands: it scores (C5), may win (W1-W3), may draw an extra card (MMA, KUNG FU)."""
    player = d.attacker
    p = player.index
    d.phase = Phase.ATTACK
    d.scores[p] += points.total
    d.last_points = points
    if announce:
        d.event(EventKind.STAND, player, cards=play.cards, place=play.to, points=points)
    top = play.cards[-1]
    # Only a 10 of the player's own on top, or a score of 30, can win (W1-W3): most plays skip the look.
    if (top.rank == TEN and top.colour is player) or d.scores[p] >= KNOCK_OUT_SCORE:
        covered = d.stacks[play.to - 1][-len(play.cards) - 1]
        sumo = d.rules.has(player, Style.SUMO)
        wins = attack_wins(tops(d.stacks), play.to, covered, player, sumo=sumo, score_after=d.scores[p])
        if wins:
            finish(d, RoundResult(player, ordered(wins)))
            return
    style = d.rules.style(player)
    if (style is Style.MMA and play.is_throw) or (style is Style.KUNG_FU and (points.combo or points.rush)):
        deck = d.decks[p]
        if deck:
            d.hands[p] += deck[:1]
            d.decks[p] = deck[1:]
            d.event(EventKind.EXTRA_DRAW, player, cards=deck[:1])
    open_attack(d)


def counter(d: Draft, card: Card) -> None:
    """C1-C4: the counter goes onto the pending play, which scores nothing; it may win; the turn ends."""
    defender = d.attacker.other
    i = defender.index
    assert d.pending is not None
    place = d.pending.to
    covered = d.stacks[place - 1][-1]
    points = counter_points(card, covered, d.attacker, d.rules, len(d.hands[i]))
    score_after = d.scores[i] + points.total
    wins = counter_wins(tops_with(tops(d.stacks), place, card), place, defender, score_after=score_after)
    d.hands[i] = tuple(c for c in d.hands[i] if c != card)
    d.stacks[place - 1] += (card,)
    d.scores[i] += points.total
    d.last_points = points
    d.pending = d.pending_points = None
    d.phase = Phase.ATTACK
    d.event(EventKind.COUNTER, defender, cards=(card,), place=place, covered=covered, points=points)
    if wins:
        finish(d, RoundResult(defender, ordered(wins)))
        return
    end_turn(d, TurnEnd.COUNTERED)


def end_turn(d: Draft, end: TurnEnd) -> None:
    """T4: the hand becomes the opponent's ADVANTAGE, unused ADVANTAGE goes under its owner's deck
    (the first given deepest), roles swap; W6 ends the round after two turns without a play."""
    attacker = d.attacker
    a = attacker.index
    defender = attacker.other
    i = defender.index
    d.passes = 0 if d.last_place is not None else d.passes + 1
    if d.advantage:
        d.decks[i] = d.decks[i] + tuple(reversed(d.advantage))
    given = d.hands[a]
    d.hands[a] = ()
    d.event(EventKind.END_TURN, attacker, cards=given, end=end)
    d.punish_place = d.last_place
    d.last_place = None
    d.advantage = given
    d.attacker = defender
    d.countered = end is TurnEnd.COUNTERED
    if d.passes >= MAX_STALL:
        finish(d, judge(d.stacks, d.scores, d.first_defender))
        return
    start_turn(d)


def finish(d: Draft, result: RoundResult) -> None:
    """W7: the round is over; nothing is legal any more."""
    d.phase = Phase.OVER
    d.result = result
    d.pending = d.pending_points = None
    d.actions_cache = []
    d.event(EventKind.WIN, result.winner, result=result)
