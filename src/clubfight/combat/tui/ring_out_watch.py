"""Stacks of a player's front row that the opponent could turn into a RING OUT within two plays, and an
arrangement (U2) that leaves as few of them open as the four cards allow.

The two plays are the way most rounds end: one card of theirs onto your stack (any card of theirs
that fits it, P1, and that no 10 of yours locks, P2), then one of their 10s onto that card, a safe
play onto their own real card (W2). A stack already topped by a real card of theirs needs only the
10. Under SUMO a 10 that fits the stack is enough by itself (no safe play needed).

Judged from public information only: the opponent's cards that are not on the grid or in the
ADVANTAGE. Their hand and deck hold exactly those (T6), and which of them is where is hidden, so
the answer never depends on it (tests/tui/test_combat_ring_out_watch.py permutes them). Pure.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import permutations

from clubfight.combat.engine import (
    BLACK_DECK,
    RED_DECK,
    Arrange,
    Card,
    Colour,
    Round,
    Style,
    card_fits,
    front_row,
    is_locked,
    neutral_place,
)


def _open(top: Card, theirs: list[Card], tens: list[Card], them: Colour, sumo: bool) -> bool:
    if top.colour is them and not top.is_joker and any(card_fits(ten, top, them) for ten in tens):
        return True  # their card is on top already: one 10 of theirs finishes it
    if is_locked(top, them):
        return False  # P2: my 10 on top stops their attacks
    if sumo and any(card_fits(ten, top, them) for ten in tens):
        return True
    for card in theirs:
        if card.is_joker or not card_fits(card, top, them):
            continue  # W2: the 10 must cover a real card of theirs
        if any(ten != card and card_fits(ten, card, them) for ten in tens):
            return True
    return False


def ring_out_openings(
    front: Mapping[int, Card], theirs: Iterable[Card], them: Colour, *, sumo: bool = False
) -> frozenset[int]:
    """The places of ``front`` (place: top card) that ``them`` could ring out within two plays, with
    the cards ``theirs`` (their cards not yet seen; others are ignored)."""
    pool = [c for c in theirs if c.colour is them]
    tens = [c for c in pool if c.is_ten]
    if not tens:
        return frozenset()
    return frozenset(place for place, top in front.items() if _open(top, pool, tens, them, sumo))


def open_stacks(r: Round, colour: Colour) -> frozenset[int]:
    """``colour``'s front-row stacks the opponent could ring out within two plays, as ``colour`` can tell."""
    them = colour.other
    front = {p: top for p in front_row(colour) if (top := r.top(p)) is not None}
    return ring_out_openings(front, r.hidden_from(colour), them, sumo=r.rules.has(them, Style.SUMO))


def _deck_of(colour: Colour) -> tuple[Card, ...]:
    return RED_DECK if colour is Colour.RED else BLACK_DECK


def arrangement_openings(action: Arrange, *, sumo: bool = False) -> frozenset[int]:
    """The front-row places an arrangement leaves open, before any card of the opponent's is seen."""
    front = dict(zip(front_row(action.colour), action.front, strict=True))
    them = action.colour.other
    return ring_out_openings(front, _deck_of(them), them, sumo=sumo)


def arrangements(hand: Iterable[Card], colour: Colour) -> list[Arrange]:
    """Every U2 arrangement of a 4-card hand, in a fixed order."""
    cards = sorted(hand)
    found: list[Arrange] = []
    for i, neutral in enumerate(cards):
        rest = cards[:i] + cards[i + 1 :]
        found.extend(Arrange(colour, (a, b, c), neutral) for a, b, c in permutations(rest))
    return found


def guarded(preferred: Arrange, *, sumo: bool = False) -> Arrange:
    """``preferred`` (the computer's own choice) if no arrangement of the same cards leaves fewer stacks
    open to a two-play ring out; else the one of those that keeps the most cards where ``preferred``
    put them."""
    colour = preferred.colour
    hand = (*preferred.front, preferred.neutral)
    counted = [(len(arrangement_openings(a, sumo=sumo)), a) for a in arrangements(hand, colour)]
    least = min(n for n, _ in counted)
    if len(arrangement_openings(preferred, sumo=sumo)) == least:
        return preferred

    def kept(action: Arrange) -> int:
        same = sum(1 for x, y in zip(action.front, preferred.front, strict=True) if x == y)
        return same + (action.neutral == preferred.neutral)

    return max((a for n, a in counted if n == least), key=kept)


def places_of(action: Arrange) -> dict[int, Card]:
    by_place = dict(zip(front_row(action.colour), action.front, strict=True))
    by_place[neutral_place(action.colour)] = action.neutral
    return by_place
