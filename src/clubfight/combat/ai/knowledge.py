"""What one seat knows (T6), and sample worlds consistent with it.

The AI never looks at a ``Round`` as the engine holds it. ``observe`` first rebuilds the round as
the deciding seat sees it: the other hand and both decks are put in a canonical (sorted) order,
the engine's RNG state is zeroed and the event log dropped. Only the *contents* survive, and
those are public knowledge anyway: the other player's hand and deck together hold exactly their
colour's cards that are not on the grid or in the ADVANTAGE, and the seat's own deck holds its
own colour's cards that are not on the grid, in its hand or in the ADVANTAGE. Sizes are public.

Everything an AI decides is computed from ``observe(round, seat)`` and its own seed, so two rounds
that differ only in what the seat can't see give the same decision by construction.
``determinize`` then deals a sample world: the other player's hand and deck are dealt together
from their shuffled pool, the seat's own deck is shuffled too (its order is hidden from its owner
as well), and the engine's RNG state, which drives later reshuffles, is drawn at random.
"""

from __future__ import annotations

from clubfight.combat.engine import Card, Colour, Phase, Round
from clubfight.common.shuffle import SplitMix64, shuffled


def observe(r: Round, seat: Colour) -> Round:
    """The round as ``seat`` sees it: hidden cards in sorted order, no RNG state, no events.

    In SETUP the other player's arrangement, if already on the grid, is hidden as well (U2: both
    arrange at once): those cards go back to the other player's hidden cards.
    """
    other = seat.other
    stacks = r.stacks
    other_hidden = list(r.hand(other)) + list(r.deck(other))
    other_hand_size = len(r.hand(other))
    if r.phase is Phase.SETUP and seat is Colour.BLACK:
        placed = [c for s in stacks for c in s if c.colour is other]
        other_hidden += placed
        other_hand_size += len(placed)
        stacks = tuple(() if s and s[-1].colour is other else s for s in stacks)
    pool = sorted(other_hidden)
    own_deck = tuple(sorted(r.deck(seat)))
    hands: dict[Colour, tuple[Card, ...]] = {seat: r.hand(seat), other: tuple(pool[:other_hand_size])}
    decks: dict[Colour, tuple[Card, ...]] = {seat: own_deck, other: tuple(pool[other_hand_size:])}
    return r.replace(
        stacks=stacks,
        red_hand=hands[Colour.RED],
        black_hand=hands[Colour.BLACK],
        red_deck=decks[Colour.RED],
        black_deck=decks[Colour.BLACK],
        rng_state=0,
        events=(),
        last_points=None,
    )


def unseen(view: Round, seat: Colour) -> tuple[Card, ...]:
    """The other player's cards whose place (hand or deck) ``seat`` can't tell apart, sorted."""
    other = seat.other
    return tuple(sorted(view.hand(other) + view.deck(other)))


def determinize(view: Round, seat: Colour, rng: SplitMix64) -> Round:
    """A sample world consistent with ``view`` (a round from ``observe``), dealt with ``rng``."""
    other = seat.other
    pool = shuffled(unseen(view, seat), rng)
    size = len(view.hand(other))
    own_deck = shuffled(view.deck(seat), rng)
    hands: dict[Colour, tuple[Card, ...]] = {seat: view.hand(seat), other: pool[:size]}
    decks: dict[Colour, tuple[Card, ...]] = {seat: own_deck, other: pool[size:]}
    return view.replace(
        red_hand=hands[Colour.RED],
        black_hand=hands[Colour.BLACK],
        red_deck=decks[Colour.RED],
        black_deck=decks[Colour.BLACK],
        rng_state=rng.next(),
    )
