"""Shared by the Combat Club AI's tests: rounds with everything hidden from a seat dealt afresh, and
random histories for expert's clues."""

from __future__ import annotations

from clubfight.combat.ai import observe, unseen
from clubfight.combat.engine import Attack, Colour, Decline, Event, EventKind, Phase, Round, Rules, deal
from clubfight.common.shuffle import SplitMix64, shuffled
from combat_support import BLACK, RED

DRAWS = (EventKind.DRAW, EventKind.COUNTER_DRAW, EventKind.EXTRA_DRAW)


def permuted(r: Round, seat: Colour, rng: SplitMix64) -> Round:
    """The same round as ``seat`` sees it, with everything hidden from it dealt afresh: the other
    hand and deck together, the seat's own deck, the engine's RNG state and the event log. In SETUP,
    RED's arrangement is hidden from BLACK too (U2): it is re-dealt from RED's cards."""
    other = seat.other
    stacks = [list(s) for s in r.stacks]
    pool = list(r.hand(other) + r.deck(other))
    hand_size = len(r.hand(other))
    placed = []
    if r.phase is Phase.SETUP and seat is BLACK:
        placed = [i for i, s in enumerate(stacks) if s]
        pool += [stacks[i][0] for i in placed]
    pool = list(shuffled(tuple(pool), rng))
    for i in placed:
        stacks[i] = [pool.pop()]
    hands = {seat: r.hand(seat), other: tuple(pool[:hand_size])}
    decks = {seat: shuffled(r.deck(seat), rng), other: tuple(pool[hand_size:])}
    return r.replace(
        stacks=stacks,
        red_hand=hands[RED],
        black_hand=hands[BLACK],
        red_deck=decks[RED],
        black_deck=decks[BLACK],
        rng_state=rng.next(),
        events=(),
    )


def random_history(seed: int, rules: Rules, walk: int, steps: int) -> tuple[list[Round], Round]:
    """A round played by random legal actions (mostly plays, often declines) for ``steps`` actions
    after setup, stopped in an ATTACK or COUNTER phase: (the positions before it, the position)."""
    rng = SplitMix64(walk)
    r = deal(seed, rules)
    history: list[Round] = []
    count = 0
    while not r.is_over:
        if r.phase in (Phase.ATTACK, Phase.COUNTER) and count >= steps:
            break
        actions = r.legal_actions()
        attacks = [a for a in actions if isinstance(a, Attack)]
        if attacks and rng.below(5):
            action = attacks[rng.below(len(attacks))]
        elif Decline() in actions and rng.below(2):
            action = Decline()
        else:
            action = actions[rng.below(len(actions))]
        history.append(r)
        r = r.play(action)
        count += r.phase is not Phase.SETUP
    return history, r


def hidden_swapped(r: Round, seat: Colour, rng: SplitMix64) -> Round:
    """``r`` with everything hidden from ``seat`` dealt afresh, the other side's drawn cards in its
    events included (replaced by other cards of its colour)."""
    twin = permuted(r, seat, rng)
    pool = [c for c in unseen(observe(r, seat), seat)]
    events = []
    for e in r.events:
        if e.kind in DRAWS and e.colour is not seat and pool:
            drawn = tuple(pool[rng.below(len(pool))] for _ in e.cards)
            e = Event(e.kind, e.colour, cards=drawn)
        events.append(e)
    return twin.replace(events=tuple(events))
