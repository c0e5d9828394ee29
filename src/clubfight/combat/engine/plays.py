"""Which cards may go where: P1 (values, faces, wrap), P2 (the 10 lock), P3 (jokers), P5 (throws).

``sequences(cards)`` lists every single card and every THROW the given cards can make, each with
the values its first card may be judged by; ``fits`` then says whether such a first card may go
onto a stack's top card. Generation is split so that sequences are built once per state and only
their first card is tested against each of the 9 stacks.
"""

from __future__ import annotations

from collections.abc import Iterable

from .cards import TEN, Card, Colour

ACE, JACK, QUEEN, KING = 1, 11, 12, 13
JOKER_VALUES = range(1, 10)
"""A joker counts as any value from A to 9 (P3)."""

PAIRS: dict[int, range] = {JACK: range(1, 4), QUEEN: range(4, 7), KING: range(7, 10)}
"""P1: the numbers each face pairs with (J with A-3, Q with 4-6, K with 7-9)."""


def _fits(x: int, t: int, own: bool) -> bool:
    """P1 for values: may a card of value ``x`` go onto a top card of value ``t``? ``own``: t is the player's."""
    x_face, t_face = x > TEN, t > TEN
    if x_face == t_face:
        if abs(x - t) <= 1:
            return True
        wrap = {ACE, TEN} if not x_face else {JACK, KING}
        return own and {x, t} == wrap
    face, number = (x, t) if x_face else (t, x)
    return number in PAIRS[face]


_FITS: tuple[tuple[tuple[bool, ...], ...], ...] = tuple(
    tuple(tuple(x > 0 and t > 0 and _fits(x, t, own) for t in range(14)) for x in range(14)) for own in (False, True)
)


def fits(value: int, top: Card, player: Colour) -> bool:
    """P1/P3: may ``player`` put a card judged by ``value`` (1-13) onto ``top``? Anything goes onto a joker."""
    if top.suit is None:
        return True
    return _FITS[top.colour is player][value][top.rank]


def card_fits(card: Card, top: Card, player: Colour) -> bool:
    """P1/P3 for one card played alone: a joker goes onto anything, anything onto a joker."""
    return card.suit is None or fits(card.rank, top, player)


def is_locked(top: Card, player: Colour) -> bool:
    """P2: a stack topped by a 10 is closed to attacks by the player who doesn't own that 10."""
    return top.rank == TEN and top.colour is not player


Sequence = tuple[tuple[Card, ...], frozenset[int] | None]
"""A single card or a throw, with the values its first card may be judged by (None: a lone joker)."""


def sequences(cards: Iterable[Card]) -> list[Sequence]:
    """Every single card and every THROW (P5) these cards can make, shortest first, in card order.

    A throw is two or more cards, each one step up (or each one step down) from the last, all
    numbers or all faces, never wrapping; a joker stands for any missing number A-9 but is never
    the top card (P3). The same cards in the same order are listed once, with every value their
    first card could take (a joker first may be judged by either of two).
    """
    by_value: list[list[Card]] = [[] for _ in range(14)]
    jokers: list[Card] = []
    for card in sorted(set(cards)):
        if card.suit is None:
            jokers.append(card)
        else:
            by_value[card.rank].append(card)
    found: dict[tuple[Card, ...], set[int]] = {}

    def grow(prefix: tuple[Card, ...], value: int, step: int, first: int, low: int, high: int) -> None:
        if not low <= value <= high:
            return
        for card in by_value[value]:
            seq = (*prefix, card)
            if len(seq) > 1:
                found.setdefault(seq, set()).add(first)
            grow(seq, value + step, step, first, low, high)
        if low == 1 and value <= 9:
            for joker in jokers:
                if joker not in prefix:
                    grow((*prefix, joker), value + step, step, first, low, high)

    for low, high in ((1, TEN), (JACK, KING)):
        for step in (1, -1):
            for first in range(low, high + 1):
                grow((), first, step, first, low, high)
    singles: list[Sequence] = [((c,), frozenset((c.rank,))) for v in range(1, 14) for c in by_value[v]]
    singles.sort(key=lambda s: s[0][0].sort_key())
    singles.extend(((j,), None) for j in jokers)
    throws: list[Sequence] = [(seq, frozenset(values)) for seq, values in found.items()]
    throws.sort(key=lambda s: (len(s[0]), [c.sort_key() for c in s[0]]))
    return singles + throws


def sequence_values(cards: tuple[Card, ...]) -> frozenset[int] | str | None:
    """The first-card values of ``cards`` as one play, or why they are not one (a P5/P3 message)."""
    for seq, values in sequences(cards):
        if seq == cards:
            return values
    if len(set(cards)) != len(cards):
        return "a card can be played only once"
    if cards[-1].is_joker:
        return "a joker is never the top card of a throw"
    faces = {c.is_face for c in cards if not c.is_joker}
    if len(faces) > 1:
        return "a throw is all numbers or all faces"
    if any(c.is_joker for c in cards) and True in faces:
        return "a joker stands only for a number A-9, never in a throw of faces"
    return "a throw goes one step at a time in one direction, with no wrap"


def fits_any(values: frozenset[int] | None, top: Card, player: Colour) -> bool:
    """May a play whose first card is judged by one of ``values`` go onto ``top``?"""
    if values is None or top.suit is None:
        return True
    row = _FITS[top.colour is player]
    return any(row[v][top.rank] for v in values)
