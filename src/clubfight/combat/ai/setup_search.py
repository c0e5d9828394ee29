"""Expert's arrangement (U2), searched: each candidate arrangement played on in sample worlds.

A world deals the other player's four cards from its hidden ones (never a 10: U1 sets 10s aside),
lets it arrange by normal's taste (both arrange at once, so the seat's choice can't sway it), runs
the centre draw-off (U3) on a fresh RNG state, and plays on with the greedy policies to the
horizon. The same worlds serve every candidate. Candidates are normal's favourite arrangements
first, so a tie keeps normal's taste.
"""

from __future__ import annotations

from clubfight.combat.engine import TEN, Arrange, Colour, Phase, Round
from clubfight.common.shuffle import SplitMix64, shuffled

from .policies import arrange_normal, arrangement_score, arrangements
from .search import SearchSettings, playout


def _world(view: Round, seat: Colour, rng: SplitMix64) -> Round:
    """The setup as the seat may imagine it: the other's four cards (no 10) dealt from its hidden cards."""
    other = seat.other
    hidden = shuffled(view.hand(other) + view.deck(other), rng)
    hand = tuple(c for c in hidden if c.rank != TEN)[:4]
    deck = tuple(c for c in hidden if c not in hand)
    hands = {seat: view.hand(seat), other: hand}
    decks = {seat: shuffled(view.deck(seat), rng), other: deck}
    return view.replace(
        red_hand=hands[Colour.RED],
        black_hand=hands[Colour.BLACK],
        red_deck=decks[Colour.RED],
        black_deck=decks[Colour.BLACK],
        rng_state=rng.next(),
    )


def _arranged(world: Round, seat: Colour, mine: Arrange, rng: SplitMix64) -> Round:
    """Both arrangements made, RED's first (U4), the other's by normal's taste."""
    r = world
    while r.phase is Phase.SETUP:
        colour = r.to_act
        assert colour is not None
        r = r.play(mine if colour is seat else arrange_normal(r.hand(colour), colour, rng))
    return r


def search_arrangement(
    view: Round, seat: Colour, rng: SplitMix64, s: SearchSettings, candidates: int, samples: int
) -> Arrange:
    """The arrangement with the best total over ``samples`` worlds, among normal's ``candidates`` favourites."""
    options = sorted(arrangements(view.hand(seat), seat), key=lambda a: -arrangement_score(a))[:candidates]
    totals = [0.0] * len(options)
    for _ in range(samples):
        world = _world(view, seat, rng)
        other_seed = rng.next()
        for k, option in enumerate(options):
            start = _arranged(world, seat, option, SplitMix64(other_seed))
            totals[k] += playout(start, seat, s)
    best = max(range(len(options)), key=lambda k: (totals[k], -k))
    return options[best]
