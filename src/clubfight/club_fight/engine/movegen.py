"""Legal-move generation on bitmasks: the hot path under hints, the solver and every playout.

Grid places are bits 0-8 (place 1 is bit 0). Moves are interned in a memo keyed by one int
per (club, action, mask, detail), so a position's move list is mostly dictionary look-ups.
The memo only ever holds immutable values and is invisible to callers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .cards import Card, Suit
from .moves import BLOCK_THRESHOLD, DIRECTIONS, DOWN, LINES, UP, Action, Move
from .variant import Variant


def _set_bits() -> tuple[tuple[int, ...], ...]:
    """Each mask's bits: its lowest bit, then the bits of the mask without it (built once, at import)."""
    bits: list[tuple[int, ...]] = [()]
    for mask in range(1, 1 << 9):
        lowest = mask & -mask
        bits.append((lowest, *bits[mask ^ lowest]))
    return tuple(bits)


BITS: tuple[tuple[int, ...], ...] = _set_bits()
"""The set bits of every 9-bit mask, lowest first."""
MASK_POSITIONS: tuple[frozenset[int], ...] = tuple(frozenset(bit.bit_length() for bit in bits) for bits in BITS)
"""The places (1-9) of every 9-bit mask."""
LINE_MASKS: tuple[tuple[str, int], ...] = tuple(
    (name, sum(1 << (p - 1) for p in cells)) for name, cells in LINES.items()
)

_ACTION_CODES = {action: code for code, action in enumerate(Action)}
_DETAIL_CODES: dict[str | None, int] = {None: 0, DOWN: 1, UP: 2} | {name: 3 + i for i, name in enumerate(LINES)}
_MEMO: dict[int, Move] = {}
_ANY_MEMO: dict[int, tuple[Move, ...]] = {}


def _key(club: Card, action: Action, mask: int, detail: str | None) -> int:
    """One int per distinct (club, action, mask, detail): ints hash far faster than tuples of enums."""
    return mask | club.rank << 9 | _ACTION_CODES[action] << 13 | _DETAIL_CODES[detail] << 16


def make_move(club: Card, action: Action, mask: int, detail: str | None = None) -> Move:
    key = _key(club, action, mask, detail)
    move = _MEMO.get(key)
    if move is None:
        move = _MEMO[key] = Move(club, action, MASK_POSITIONS[mask], detail)
    return move


class GridSummary:
    """Everything move generation (and the AI's move scoring) needs to know about one grid,
    computed in one pass: the places as 9-bit masks, by value and by suit."""

    __slots__ = ("by_value", "cards", "diamonds", "hearts", "jokers", "occupied", "spades", "suit_counts")

    def __init__(self, grid: Sequence[Card | None]) -> None:
        occupied = 0
        by_value = [0] * 15  # index 14 stays 0, so value+1 never overflows
        hearts = spades = diamonds = jokers = 0
        cards: list[tuple[int, int]] = []
        for index, card in enumerate(grid):
            if card is None:
                continue
            bit = 1 << index
            occupied |= bit
            rank = card.rank
            if rank:
                by_value[rank] |= bit
                cards.append((rank, bit))
                suit = card.suit
                if suit is Suit.HEARTS:
                    hearts |= bit
                elif suit is Suit.SPADES:
                    spades |= bit
                elif suit is Suit.DIAMONDS:
                    diamonds |= bit
            else:
                jokers |= bit
        self.occupied = occupied
        self.by_value = by_value
        self.hearts = hearts
        self.spades = spades
        self.diamonds = diamonds
        self.jokers = jokers
        self.suit_counts = (hearts.bit_count(), spades.bit_count(), diamonds.bit_count())
        self.cards = cards

    def blocked(self) -> frozenset[Action]:
        hearts, spades, diamonds = self.suit_counts
        blocked = set()
        if diamonds >= BLOCK_THRESHOLD:
            blocked.add(Action.LINE)
        if spades >= BLOCK_THRESHOLD:
            blocked.add(Action.UPDOWN)
        if hearts >= BLOCK_THRESHOLD:
            blocked.add(Action.RUN)
        return frozenset(blocked)

    def sum_masks(self, targets: set[int]) -> dict[int, tuple[int, ...]]:
        """Masks of every non-joker subset whose values total each target (S1).

        Meet in the middle: subsets of places 1-4 are paired with subsets of places 5-9
        bucketed by total, which is about twice as fast as a depth-first search here.
        """
        low: list[tuple[int, int]] = [(0, 0)]
        high: list[tuple[int, int]] = [(0, 0)]
        for value, bit in self.cards:
            half = low if bit < 16 else high
            half += [(total + value, mask | bit) for total, mask in half]
        limit = max(targets)
        by_total: list[list[int]] = [[] for _ in range(limit + 1)]
        for total, mask in high:
            if total <= limit:
                by_total[total].append(mask)
        found: dict[int, tuple[int, ...]] = {}
        for target in targets:
            found[target] = tuple(
                [
                    low_mask | high_mask
                    for low_total, low_mask in low
                    if low_total <= target
                    for high_mask in by_total[target - low_total]
                ]
            )
        return found

    def below(self, value: int) -> int:
        mask = 0
        for v in range(1, value):
            mask |= self.by_value[v]
        return mask

    def above(self, value: int) -> int:
        mask = 0
        for v in range(value + 1, 14):
            mask |= self.by_value[v]
        return mask

    def _reach(self, value: int) -> tuple[list[int], list[int]]:
        """R1's two walks from a club of ``value``: the cards of each value just below it, nearest
        first, while every value is in the grid; then the same above it."""
        by_value = self.by_value
        down = []
        v = value - 1
        while v >= 1 and by_value[v]:
            down.append(by_value[v])
            v -= 1
        up = []
        v = value + 1
        while v <= 13 and by_value[v]:
            up.append(by_value[v])
            v += 1
        return down, up

    def run_masks(self, value: int) -> list[int]:
        """Every choice of grid cards that forms an unbroken run with a club of ``value`` (R1)."""
        below, above = self._reach(value)
        down = [[0]]
        for cards in below:
            down.append([m | bit for m in down[-1] for bit in BITS[cards]])
        up = [[0]]
        for cards in above:
            up.append([m | bit for m in up[-1] for bit in BITS[cards]])
        masks: list[int] = []
        for i, lows in enumerate(down):
            for j, highs in enumerate(up):
                if i or j:
                    masks.extend(low | high for low in lows for high in highs)
        return masks

    def longest_runs(self, value: int) -> list[int]:
        """The runs of ``run_masks`` that reach as far down and as far up as the grid allows, in
        ``run_masks`` order: every other run clears a subset of one of these."""
        below, above = self._reach(value)
        runs = [0]
        for cards in (*below, *above):  # one card of each value reached; a lone card needs no choosing
            runs = [m | cards for m in runs] if cards & (cards - 1) == 0 else [m | b for m in runs for b in BITS[cards]]
        return runs if runs[0] else []


class ClubClears(NamedTuple):
    """What one club in hand may clear now, action by action, in ``legal_moves()`` order.

    Fast searches read these masks instead of ``Move`` values: a turn's outcome depends only on the
    club spent and the places cleared (``Position.play_clear``), and the same masks recur across
    actions and clubs. ``legal_moves()`` is built from the same values, so the rules live once.
    """

    club: Card
    match: int
    """M1: every card of the club's value, or 0 when the grid has none."""
    sums: tuple[int, ...]
    """S1: each set of cards whose values add up to the club's."""
    anys: tuple[int, ...]
    """A1: each occupied place, one bit each (the same for every club)."""
    lines: tuple[tuple[str, int], ...]
    """L1: (line name, the occupied places of that line) for each distinct clearing; empty when blocked."""
    updowns: tuple[tuple[str, int], ...]
    """U1: (direction, the places it clears) for each direction that clears something; empty when blocked."""
    runs_open: bool
    """R1: whether a run is open to the club (not blocked, and a neighbouring value in the grid)."""
    grid: GridSummary
    """The engine's summary of the grid, which lists the runs when they are asked for: a step of a
    search rarely needs them all (``longest_runs``). Engine-internal; not a value to compare."""

    @property
    def runs(self) -> list[int]:
        """R1: each unbroken run through the club's value; empty when blocked."""
        return self.grid.run_masks(self.club.rank) if self.runs_open else []

    @property
    def longest_runs(self) -> list[int]:
        """The runs that reach as far down and up as the grid allows, in ``runs`` order: every other
        run clears a subset of one of them, so a search that values clearing more need look no further."""
        return self.grid.longest_runs(self.club.rank) if self.runs_open else []


_new_tuple = tuple.__new__


def club_clears(summary: GridSummary, hand: Sequence[Card]) -> tuple[ClubClears, ...]:
    """Each club's clearings (T1: every one clears at least one card; T2: blocked actions have none)."""
    occupied = summary.occupied
    if not occupied or not hand:
        return ()
    hearts, spades, diamonds = summary.suit_counts  # T2, without building blocked()'s set on the hot path
    line_ok = diamonds < BLOCK_THRESHOLD
    updown_ok = spades < BLOCK_THRESHOLD
    run_ok = hearts < BLOCK_THRESHOLD
    by_value = summary.by_value
    sums = summary.sum_masks({c.rank for c in hand})
    anys = BITS[occupied]
    found = []
    for club in hand:
        v = club.rank
        same = by_value[v]
        lines: tuple[tuple[str, int], ...] = ()
        if line_ok and same:
            seen: dict[int, str] = {}  # the first line name that clears each set of places
            for name, line in LINE_MASKS:
                if line & same:
                    seen.setdefault(line & occupied, name)
            lines = tuple((name, cleared) for cleared, name in seen.items())
        updowns: tuple[tuple[str, int], ...] = ()
        if updown_ok:
            for direction in DIRECTIONS[v]:  # U1
                cleared = summary.below(v) if direction == DOWN else summary.above(v)
                if cleared:
                    updowns += ((direction, cleared),)
        runs_open = run_ok and bool(by_value[v - 1] or by_value[v + 1])
        # tuple.__new__ skips the named tuple's Python-level __new__ (every position runs this), so
        # every field is given: ClubClears must keep no defaults.
        found.append(_new_tuple(ClubClears, (club, same, sums[v], anys, lines, updowns, runs_open, summary)))
    return tuple(found)


def generate(clears: Sequence[ClubClears], hand: Sequence[Card], occupied: int, variant: Variant) -> list[Move]:
    """Every distinct legal move (T1: each clears at least one card), in a stable order: club by
    club in hand order, then Match, Sum, Any, Line, Up/Down, Run, and All Clear (V1) last."""
    memo_get = _MEMO.get
    moves: list[Move] = []
    append = moves.append
    for club, same, sums, anys, lines, updowns, runs_open, grid in clears:
        rank_bits = club.rank << 9
        if same:
            move = memo_get(rank_bits | _MATCH_CODE | same)
            append(move if move is not None else make_move(club, Action.MATCH, same))
        sum_base = rank_bits | _SUM_CODE
        for mask in sums:
            move = memo_get(sum_base | mask)
            append(move if move is not None else make_move(club, Action.SUM, mask))
        any_moves = _ANY_MEMO.get(rank_bits | occupied)
        if any_moves is None:
            any_moves = _ANY_MEMO[rank_bits | occupied] = tuple(make_move(club, Action.ANY, bit) for bit in anys)
        moves.extend(any_moves)
        for name, mask in lines:
            move = memo_get(_key(club, Action.LINE, mask, name))
            append(move if move is not None else make_move(club, Action.LINE, mask, name))
        for direction, mask in updowns:
            move = memo_get(_key(club, Action.UPDOWN, mask, direction))
            append(move if move is not None else make_move(club, Action.UPDOWN, mask, direction))
        if runs_open:
            run_base = rank_bits | _RUN_CODE
            for mask in grid.run_masks(club.rank):
                move = memo_get(run_base | mask)
                append(move if move is not None else make_move(club, Action.RUN, mask))
    if variant is not Variant.NONE and Variant.ALL_CLEAR in variant:  # Flag's `in` is slow: skip it mostly
        moves.extend(all_clear_moves(hand, occupied))
    return moves


_MATCH_CODE = _ACTION_CODES[Action.MATCH] << 13
_SUM_CODE = _ACTION_CODES[Action.SUM] << 13
_RUN_CODE = _ACTION_CODES[Action.RUN] << 13


def all_clear_trios(hand: Sequence[Card]) -> list[tuple[Card, Card, Card]]:
    """V1: each three clubs of consecutive values in hand, lowest first; each clears the whole grid."""
    by_rank = {c.rank: c for c in hand}
    return [
        (by_rank[low], by_rank[low + 1], by_rank[low + 2])
        for low in sorted(by_rank)
        if low + 1 in by_rank and low + 2 in by_rank
    ]


def all_clear_moves(hand: Sequence[Card], occupied: int) -> list[Move]:
    """V1 as moves: ``club`` is the lowest of the trio and ``clubs`` holds all three."""
    moves = []
    for trio in all_clear_trios(hand):
        key = _key(trio[0], Action.ALLCLEAR, occupied, None)
        move = _MEMO.get(key)
        if move is None:
            move = _MEMO[key] = Move(trio[0], Action.ALLCLEAR, MASK_POSITIONS[occupied], None, trio)
        moves.append(move)
    return moves
