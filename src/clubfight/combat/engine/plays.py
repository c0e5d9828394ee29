"""Which cards may go where: P1 (values, faces, wrap), P2 (the 10 lock), P3 (jokers), P4 (safe plays), P5 (throws).

``sequences(cards)`` lists every single card and every THROW the given cards can make, each with
the values its first card may be judged by; ``fits`` then says whether such a first card may go
onto a stack's top card. Generation is split so that sequences are built once per state and only
their first card is tested against each of the 9 stacks.
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import attrgetter

from .cards import ALL_CARDS, CARD_CODES, TEN, Card, Colour

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


def is_safe(cards: tuple[Card, ...], covered: Card, player: Colour) -> bool:
    """P4: a play onto the player's own colour, or a single joker, can't be countered."""
    return covered.colour is player or (len(cards) == 1 and cards[0].suit is None)


ANY_VALUE = sum(1 << v for v in range(1, 14))
"""The value mask of a lone joker: it goes onto anything (P3)."""

Sequence = tuple[tuple[Card, ...], int]
"""A single card or a throw, with the mask of values its first card may be judged by (bit v for value v)."""

_FIT_MASKS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(1 << x for x in range(1, 14) if _FITS[own][x][t]) for t in range(14)) for own in (0, 1)
)
"""_FIT_MASKS[own][t]: the values that may go onto a top card of value t (P1)."""


def fit_mask(top: Card, player: Colour) -> int:
    """The mask of first-card values that ``player`` may put onto ``top``; every value onto a joker."""
    if top.suit is None:
        return ANY_VALUE
    return _FIT_MASKS[top.colour is player][top.rank]


def _open_masks(player: Colour) -> tuple[int, ...]:
    masks = [0] * CARD_CODES
    for top in ALL_CARDS:
        masks[top.code] = 0 if is_locked(top, player) else fit_mask(top, player)
    return tuple(masks)


OPEN_MASKS: dict[Colour, tuple[int, ...]] = {colour: _open_masks(colour) for colour in Colour}
"""``OPEN_MASKS[player][top.code]``: ``fit_mask(top, player)``, or 0 where the 10 lock closes the stack to
``player`` (P2); a table, for the hot path that asks it of every stack."""


def sequences(cards: Iterable[Card]) -> list[Sequence]:
    """Every single card and every THROW (P5) these cards can make: singles first, then throws by length.

    A throw is two or more cards, each one step up (or each one step down) from the last, all
    numbers or all faces, never wrapping; a joker stands for any missing number A-9 but is never
    the top card (P3). The same cards in the same order are listed once, with the mask of every
    value their first card could take (a joker first may be judged by either of two).
    """
    by_value: list[list[Card]] = [[] for _ in range(15)]
    jokers: list[Card] = []
    singles: list[Sequence] = []
    held = 0
    seen = 0  # bit ``card.code`` of each card met: a card given twice is listed once
    for card in sorted(cards, key=BY_SORT_KEY):
        bit = 1 << card.code
        if seen & bit:
            continue
        seen |= bit
        if card.suit is None:
            jokers.append(card)
        else:
            by_value[card.rank].append(card)
            held |= 1 << card.rank
            singles.append(((card,), 1 << card.rank))
    singles.extend(((j,), ANY_VALUE) for j in jokers)
    if jokers:
        throws = searched_throws(by_value, jokers)
    else:
        neighbours = held & (held >> 1) & _NEIGHBOUR_BITS
        if not neighbours:
            return singles  # no two neighbouring values: no throw (most hands)
        throws = run_throws(by_value, neighbours)
    throws.sort(key=_throw_key)
    return singles + throws


BY_SORT_KEY = attrgetter("_order")
"""``Card.sort_key`` read straight from the slot, for ``sorted`` on the hot path."""

_NEIGHBOUR_BITS = sum(1 << v for v in (*range(ACE, TEN), JACK, QUEEN))
"""Bit v for each value v whose next value v+1 may follow it in a throw (not 10 to J, P5)."""


def run_throws(by_value: list[list[Card]], neighbours: int) -> list[Sequence]:
    """The throws of cards with no joker, by ``by_value[v]``, the cards of value v, and ``neighbours``,
    bit v set when values v and v+1 are both held: every stretch of two or more neighbouring values,
    upwards and downwards, with each choice of card for each value. Unordered. A throw's first card
    is judged by its own value only."""
    found: list[Sequence] = []
    start = 1
    while neighbours >> start:
        if not neighbours >> start & 1:
            start += 1
            continue
        end = start + 1
        while neighbours >> end & 1:
            end += 1
        for first in range(start, end):
            # The upward throws from ``first``, one value longer each step; each read backwards is a
            # downward throw, judged by its own first value, ``last``.
            upward: list[tuple[Card, ...]] = [(card,) for card in by_value[first]]
            for last in range(first + 1, end + 1):
                upward = [(*seq, card) for seq in upward for card in by_value[last]]
                found += [(seq, 1 << first) for seq in upward]
                found += [(seq[::-1], 1 << last) for seq in upward]
        start = end + 1
    return found


def searched_throws(by_value: list[list[Card]], jokers: list[Card]) -> list[Sequence]:
    """The throws of any cards, jokers included, by a search from every first value in both directions.
    Unordered. A throw that a joker lets start at two values is listed once, with both bits."""
    found: dict[tuple[Card, ...], int] = {}

    def grow(prefix: tuple[Card, ...], value: int, step: int, bit: int, low: int, high: int) -> None:
        nxt = value + step
        more = low <= nxt <= high
        for card in by_value[value]:
            seq = (*prefix, card)
            if len(seq) > 1:
                found[seq] = found.get(seq, 0) | bit
            if more:
                grow(seq, nxt, step, bit, low, high)
        if jokers and low == 1 and value <= 9 and more:
            for joker in jokers:
                if joker not in prefix:
                    grow((*prefix, joker), nxt, step, bit, low, high)

    for low, high in ((1, TEN), (JACK, KING)):
        usable = jokers and low == 1
        for step in (1, -1):
            for first in range(low, high + 1):
                if by_value[first] or (usable and first <= 9):
                    grow((), first, step, 1 << first, low, high)
    return list(found.items())


def _throw_key(seq: Sequence) -> int:
    """Shorter throws first, then by their cards' sort keys in turn: the length and then each key (all
    below 128) in 7-bit digits, one number, so that sorting makes no list per throw."""
    cards = seq[0]
    key = len(cards)
    for card in cards:
        key = key << 7 | card.sort_key()
    return key


def sequence_values(cards: tuple[Card, ...]) -> int | str:
    """The first-card value mask of ``cards`` as one play, or why they are not one (a P5/P3 message)."""
    for seq, mask in sequences(cards):
        if seq == cards:
            return mask
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
