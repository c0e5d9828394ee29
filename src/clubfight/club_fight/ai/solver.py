"""The clairvoyant solver: seeing both decks, can this position still be won, and how?

An exhaustive depth-first search over ``Position.legal_moves()`` with a transposition table of
positions proven lost, moves ordered so that wins are found early, and only pruning that is
provably sound. When the budget runs out the answer is UNKNOWN: a deal is never called
unwinnable unless every line from it was refuted.

Because the decks are fixed, a state is fully described by the grid, the hand as a set, and
how far each deck has been drawn; that is the transposition key.
"""

from __future__ import annotations

import random
import time
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache

from clubfight.club_fight.engine import DOWN, GRID_SIZE, UP, Action, Card, Move, Position, Suit, directions

from .heuristic import GridMasks, move_scorer

POLL_EVERY = 2048
"""Nodes between checks of the clock, the node budget, ``should_stop`` and ``on_progress``."""

MAX_CLEAR_PER_TURN = GRID_SIZE
"""No action clears more than the places of the grid."""

MAX_CLEAR_WITH_JOKER = 3
"""Only Any (1 card) and Line (a row or column, 3 places) clear a joker (A1, L1)."""

JOKERS_PER_TURN = 2
"""A Line needs a card of the club's value (L1), so it clears at most two jokers."""


class Verdict(Enum):
    WINNABLE = "winnable"
    UNWINNABLE = "unwinnable"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class SolveResult:
    """The solver's answer. ``line`` wins from the position when the verdict is WINNABLE, else is empty."""

    verdict: Verdict
    line: tuple[Move, ...]
    nodes: int
    seconds: float


class LostPositions:
    """Positions of one game proven lost, kept from one search to the next.

    The transposition key (``state_key``) names a position only among those of one deal, since it
    counts the cards left in each deck rather than naming them. So a set belongs to the game of
    the position it was made for: every later position of that game (the same variant, decks that
    are what is left of its decks) may reuse it, and ``solve`` refuses any other.
    """

    def __init__(self, position: Position) -> None:
        self._variant = position.variant
        self._grid_deck = position.grid_deck
        self._clubs_deck = position.clubs_deck
        self.keys: set[bytes] = set()

    def fits(self, position: Position) -> bool:
        grid_deck, clubs_deck = position.grid_deck, position.clubs_deck
        return (
            position.variant == self._variant
            and len(grid_deck) <= len(self._grid_deck)
            and len(clubs_deck) <= len(self._clubs_deck)
            and self._grid_deck[len(self._grid_deck) - len(grid_deck) :] == grid_deck
            and self._clubs_deck[len(self._clubs_deck) - len(clubs_deck) :] == clubs_deck
        )


class _OutOfBudget(Exception):
    """Raised inside the search when time, nodes or the caller's patience run out."""


class _Restart(Exception):
    """Raised when one depth-first pass has used its share; the next pass orders moves differently."""


FIRST_PASS_NODES = 4_000
"""Depth-first search with a fixed move order is heavy-tailed: a bad early choice can trap it
in a huge lost subtree. So passes with different move orders (ORDERINGS) take turns, and the
budget of a pass doubles after each round of all of them. Positions proven lost are kept across
passes (they stay proven), so no pass starts from zero, and a pass that finishes has either found
a win or refuted every line."""


_SUIT_CODES: dict[Suit | None, int] = {None: 0, **{Suit(code): 14 * (index + 1) for index, code in enumerate("HSDC")}}


def state_key(position: Position) -> bytes:
    """Grid, hand (as a set) and how many cards each deck still holds: all that matters with fixed decks.

    One short bytes object (9 grid codes, the hand's 14-bit rank mask, two deck sizes): a long slip
    search keeps millions of these, and one bytes is a third of the memory of a tuple of them. The
    codes are worked out, not looked up: a card's own hash is the slow part of a look-up."""
    hand = 0
    for club in position.hand:
        hand |= 1 << club.rank
    codes = _SUIT_CODES
    return bytes(
        [
            *(0 if card is None else 1 + card.rank + codes[card.suit] for card in position.grid),
            hand & 0xFF,
            hand >> 8,
            len(position.grid_deck),
            len(position.clubs_deck),
        ]
    )


def club_capacity(club: int, counts: list[int], line: int) -> int:
    """The most cards a club of value ``club`` could ever clear in one turn from now on.

    ``counts[v]`` is how many cards of value v are left in the grid and the grid deck (jokers
    excluded) and ``line`` is min(3, cards left, jokers included): what a Line (or Any) can clear.
    Cards only ever leave, so the figure can only fall as the game goes on. Per action: Match
    clears the cards of value v, Sum at most as many of the smallest values as fit under v, Any
    one, Line a row or column, Up/Down every card beyond v, Run one card per value of the unbroken
    sequence around v (M1, S1, A1, L1, U1, R1).
    """
    best = max(line, counts[club])
    taken = 0
    room = club
    for value in range(1, 14):
        fit = min(counts[value], room // value)
        taken += fit
        room -= fit * value
        if fit < counts[value]:
            break
    best = max(best, taken)
    for direction in directions(club):
        best = max(best, sum(counts[1:club]) if direction == DOWN else sum(counts[club + 1 : 14]))
    run = 0
    value = club - 1
    while value >= 1 and counts[value]:
        run += 1
        value -= 1
    value = club + 1
    while value <= 13 and counts[value]:
        run += 1
        value += 1
    best = max(best, run)
    return min(best, MAX_CLEAR_PER_TURN)


_GOES_DOWN = tuple(DOWN in directions(value) for value in range(15))
_GOES_UP = tuple(UP in directions(value) for value in range(15))
"""U1 by club value, from the engine's ``directions``: a table for ``capacities``' inner loop."""


@lru_cache(maxsize=1 << 13)
def capacities(counts: tuple[int, ...], line: int) -> tuple[int, ...]:
    """``club_capacity`` of every club value (the index; 0 and 14 are padding) on the same
    ``counts``, sharing the work: the sums below and above each value, the runs of values present
    around it, and the cheapest cards in value order for Sum (the most cards that fit under v are
    the cheapest ones). Kept: a search meets the same few thousand ``counts`` again and again (one
    slip search asked 238,000 times for 3,900 of them)."""
    below = [0] * 15  # below[v]: cards of value 1 to v-1
    for value in range(2, 15):
        below[value] = below[value - 1] + counts[value - 1]
    total = below[14]
    run_down = [0] * 15  # values present just below v, unbroken
    for value in range(2, 14):
        run_down[value] = run_down[value - 1] + 1 if counts[value - 1] else 0
    run_up = [0] * 15  # values present just above v, unbroken
    for value in range(12, 0, -1):
        run_up[value] = run_up[value + 1] + 1 if counts[value + 1] else 0
    cheapest: list[int] = []  # the running totals of the cheapest cards, while they stay under a K
    spent = 0
    for value in range(1, 14):
        for _ in range(counts[value]):
            spent += value
            if spent > 13:
                break
            cheapest.append(spent)
        if spent > 13:
            break
    result = [0]
    for club in range(1, 14):
        best = line if line > counts[club] else counts[club]
        fit = bisect_right(cheapest, club)
        if fit > best:
            best = fit
        if _GOES_DOWN[club] and below[club] > best:
            best = below[club]
        if _GOES_UP[club] and total - below[club + 1] > best:
            best = total - below[club + 1]
        run = run_down[club] + run_up[club]
        if run > best:
            best = run
        result.append(best if best < MAX_CLEAR_PER_TURN else MAX_CLEAR_PER_TURN)
    result.append(0)
    return tuple(result)


def _cards_left(position: Position) -> tuple[list[int], int, int]:
    """(``counts[v]``: cards of value v in the grid and the grid deck, jokers, cards left)."""
    counts = [0] * 15
    jokers = 0
    left = 0
    for card in position.grid:
        if card is not None:
            left += 1
            if card.is_joker:
                jokers += 1
            else:
                counts[card.rank] += 1
    for card in position.grid_deck:
        left += 1
        if card.is_joker:
            jokers += 1
        else:
            counts[card.rank] += 1
    return counts, jokers, left


def provably_lost(position: Position) -> bool:
    """Sound bounds: even if every club cleared the most cards it ever could, the cards would outlast them.

    Each club's capacity comes from ``club_capacity``. A turn that clears a joker (only Any or
    Line can) clears at most min(3, cards left) cards, never more than the club's capacity, and at
    most 2 jokers, so the jokers need ceil(jokers / 2) such turns; the bound gives them to the
    weakest clubs, which is the most generous choice.
    """
    counts, jokers, left = _cards_left(position)
    return _outlasted(counts, jokers, left, [*position.hand, *position.clubs_deck])


def _outlasted(counts: list[int], jokers: int, left: int, clubs: list[Card]) -> bool:
    """``provably_lost``'s bound on the cards left (``counts`` by value, ``jokers``, ``left`` in all)
    and the clubs left to play them with."""
    if left > MAX_CLEAR_PER_TURN * len(clubs):
        return True
    joker_turns = -(-jokers // JOKERS_PER_TURN)
    if joker_turns > len(clubs):
        return True
    line = min(MAX_CLEAR_WITH_JOKER, left)
    capacity = capacities(tuple(counts), line)
    most = sorted([capacity[club.rank] for club in clubs])
    return left > sum(most[joker_turns:]) + line * joker_turns


class ClearsNeeded:
    """How many cards a turn from ``position`` must clear for the position after it not to be
    provably lost, told before the turn is played, so a search need not build the hopeless ones.

    It is ``provably_lost``'s bound, taken on this grid: after a turn, every club left can clear at
    most its capacity here (``club_capacity``: cards only leave, so a capacity can only fall), the
    jokers left still need their turns, and the turn leaves ``score`` less the cards it cleared. A
    turn that clears fewer than the figure leaves more cards than the clubs left could ever clear.
    """

    __slots__ = ("capacity", "clubs", "counts", "grid", "jokers", "line", "memo", "score")

    def __init__(self, position: Position) -> None:
        counts, jokers, left = _cards_left(position)
        self.line = line = min(MAX_CLEAR_WITH_JOKER, left)
        self.clubs = clubs = (*position.hand, *position.clubs_deck)
        capacity = capacities(tuple(counts), line)
        self.capacity = {club: capacity[club.rank] for club in clubs}
        self.counts = counts
        self.grid = position.grid
        self.jokers = jokers
        self.score = left
        self.memo: dict[int, int] = {}

    def lost_after(self, clubs: tuple[Card, ...], mask: int, cleared: int) -> bool:
        """``provably_lost`` of the position after the turn that spends ``clubs`` and clears the
        places of ``mask`` (``cleared`` of them), worked out from the cards it clears, before it is
        played: the bound counts cards and clubs left, which the refill doesn't change."""
        counts = self.counts.copy()
        jokers = self.jokers
        grid = self.grid
        for place in BITS_PLACES[mask]:
            card = grid[place]
            if card is not None and card.suit is None:
                jokers -= 1
            elif card is not None:
                counts[card.rank] -= 1
        return _outlasted(counts, jokers, self.score - cleared, [club for club in self.clubs if club not in clubs])

    def __call__(self, clubs: tuple[Card, ...], jokers_cleared: int) -> int:
        """The fewest cards a turn spending ``clubs`` and clearing ``jokers_cleared`` jokers must clear."""
        key = jokers_cleared
        for club in clubs:  # the clubs by rank: a Card's own hash is slow, and this runs once a move
            key |= 4 << club.rank
        least = self.memo.get(key)
        if least is None:
            left = sorted(capacity for club, capacity in self.capacity.items() if club not in clubs)
            joker_turns = -(-(self.jokers - jokers_cleared) // JOKERS_PER_TURN)
            if joker_turns > len(left):
                least = self.score + 1  # the jokers outlast the clubs: nothing short of winning helps
            else:
                least = self.score - sum(left[joker_turns:]) - self.line * joker_turns
            self.memo[key] = least
        return least


BITS_PLACES: tuple[tuple[int, ...], ...] = tuple(
    tuple(index for index in range(GRID_SIZE) if mask >> index & 1) for mask in range(1 << GRID_SIZE)
)
"""The grid indexes (0-8) of each 9-bit mask's places."""

HEURISTIC, MOST_CLEARED, SAVE_MIDDLE_CLUBS, SHUFFLED = range(4)
ORDERINGS = (HEURISTIC, MOST_CLEARED, SAVE_MIDDLE_CLUBS, SHUFFLED)
"""The move orders the restarts take turns with; measured best first (docs/ai.md)."""


def most_cleared_next(position: Position) -> int:
    """The most cards any legal move clears here (MAX_CLEAR_PER_TURN when there is none): what
    ``max(len(m.cleared) for m in legal_moves())`` says, read from the engine's masks, so that the
    many children never searched don't build their move lists. All Clear clears every card."""
    clears = position.clears()
    if not clears:
        return MAX_CLEAR_PER_TURN
    if position.all_clear_trios():
        return len(clears[0].anys)
    most = 1  # an Any move
    bit_count = int.bit_count
    for clear in clears:
        cleared = bit_count(clear.match)
        if clear.sums:
            cleared = max(cleared, *map(bit_count, clear.sums))
        for _, mask in (*clear.lines, *clear.updowns):
            cleared = max(cleared, bit_count(mask))
        if clear.runs_open:
            cleared = max(cleared, bit_count(clear.longest_runs[0]))  # the longest runs are all as long
        if cleared > most:
            most = cleared
    return most


def child_order_key(
    move: Move, child: Position, ordering: int, noise: random.Random, score: Callable[[Move], float]
) -> tuple[float, int]:
    """Sort key for a child (lowest first), all variations on a two-ply greedy: cards cleared by this
    move and by the best next one. The child's move list is cached on the child, so in a subtree that
    must be refuted anyway this costs almost nothing.

    HEURISTIC adds the hint engine's one-ply judgement (jokers, club worth, suit crowding); the
    others break ties by club (weak clubs first, or the A and K first), or add noise.
    """
    best_next = most_cleared_next(child)
    rank = move.club.rank
    if ordering == HEURISTIC:
        return (-best_next - score(move), rank)
    gain: float = child.score - best_next
    if ordering == MOST_CLEARED:
        return (gain, rank if move.action is not Action.ANY else 99)
    if ordering == SAVE_MIDDLE_CLUBS:
        return (gain, -abs(rank - 7))
    return (gain + noise.random() * 2.0, rank)


class _Search:
    def __init__(
        self,
        deadline: float | None,
        node_limit: int | None,
        should_stop: Callable[[], bool] | None,
        on_progress: Callable[[int], None] | None,
        lost: set[bytes],
    ) -> None:
        self.deadline = deadline
        self.node_limit = node_limit
        self.should_stop = should_stop
        self.on_progress = on_progress
        self.nodes = 0
        self.next_poll = POLL_EVERY if node_limit is None else min(POLL_EVERY, node_limit)
        self.restart_at: int | None = None
        self.ordering = HEURISTIC
        self.noise = random.Random(0)
        self.lost = lost
        self.line: list[Move] = []

    def poll(self) -> None:
        self.next_poll = self.nodes + POLL_EVERY
        if self.node_limit is not None:
            self.next_poll = min(self.next_poll, self.node_limit)
        if self.restart_at is not None and self.nodes >= self.restart_at:
            raise _Restart
        if self.on_progress is not None:
            self.on_progress(self.nodes)
        if self.node_limit is not None and self.nodes >= self.node_limit:
            raise _OutOfBudget
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            raise _OutOfBudget
        if self.should_stop is not None and self.should_stop():
            raise _OutOfBudget

    def wins(self, position: Position) -> bool:
        """True, with the winning moves pushed on ``self.line`` in reverse, if ``position`` can be won.

        ``position`` is neither won nor out of clubs nor provably lost: the parent checked. Every
        move counts as a node, so the budget polls at a steady pace; one whose next position is
        provably lost is told from the cards it clears (``ClearsNeeded``) and never played, which
        spares most of the work of proving a position lost (most moves of a lost position lead to
        such positions).
        """
        if self.nodes >= self.next_poll:
            self.poll()
        elif self.deadline is not None and time.perf_counter() >= self.deadline:
            raise _OutOfBudget  # the clock is cheap to read: a small search honours a tiny time limit too
        key = state_key(position)
        if key in self.lost:
            return False
        children = []
        lost = self.lost
        moves = position.legal_moves()
        masks = GridMasks.of(position)
        score = move_scorer(masks)
        limit = self.node_limit
        needed = ClearsNeeded(position)
        jokers = masks.jokers
        # What one club's turns must clear, by the jokers they clear and the club's rank: a list look-up a move.
        least = [[0] * 14 for _ in range(min(jokers.bit_count(), JOKERS_PER_TURN) + 1)]
        for club in position.hand:
            for jokers_cleared, by_rank in enumerate(least):
                by_rank[club.rank] = needed((club,), jokers_cleared)
        left = position.score  # a turn leaves the cards it doesn't clear: the refill only moves them
        for move in moves:
            if limit is not None and self.nodes >= limit:
                raise _OutOfBudget  # counted move by move, so --nodes N searches at most N
            self.nodes += 1  # a move skipped unplayed below still counts: the same budget, the same search
            mask = move.mask
            cleared = len(move.cleared)
            if cleared == left:  # it clears the last cards: won (the next position is not needed)
                self.line.append(move)
                return True
            trio = move.clubs
            jokers_cleared = (mask & jokers).bit_count() if jokers else 0
            if cleared < (needed(trio, jokers_cleared) if trio else least[jokers_cleared][move.club.rank]):
                continue  # the next position is provably lost: not worth building
            clubs = trio or (move.club,)
            if needed.lost_after(clubs, mask, cleared):
                continue  # the same, judged on the cards it leaves
            child = position.play_clear(clubs, mask)  # the move's effect: a cheaper check
            if not child.hand:
                continue
            child_key = state_key(child)
            if child_key in lost:
                continue
            children.append((child_order_key(move, child, self.ordering, self.noise, score), move, child))
        children.sort(key=lambda item: item[0])
        for _, move, child in children:
            if self.wins(child):
                self.line.append(move)
                return True
        self.lost.add(key)
        return False


def _passes(search: _Search, position: Position) -> bool:
    """Depth-first passes, each with its own move order, until one finishes (FIRST_PASS_NODES)."""
    share = FIRST_PASS_NODES
    attempt = 0
    while True:
        search.restart_at = search.nodes + share
        search.ordering = ORDERINGS[attempt % len(ORDERINGS)]
        search.noise = random.Random(attempt)
        search.line.clear()
        try:
            return search.wins(position)
        except _Restart:
            pass
        attempt += 1
        if attempt % len(ORDERINGS) == 0:
            share *= 2


def solve(
    position: Position,
    *,
    time_limit: float | None = 10.0,
    node_limit: int | None = None,
    should_stop: Callable[[], bool] | None = None,
    on_progress: Callable[[int], None] | None = None,
    lost: LostPositions | None = None,
) -> SolveResult:
    """Decide whether ``position`` can be won, seeing both decks, within the given budget.

    ``should_stop`` is polled every few thousand nodes so that a UI worker can cancel the search
    (the verdict is then UNKNOWN); ``on_progress(nodes)`` is called at the same cadence. ``lost``
    carries the positions proven lost from earlier searches of the same game into this one, and
    this one's proofs on to the next (even when it runs out of budget: what it proved stays proved).
    """
    if lost is not None and not lost.fits(position):
        raise ValueError("these lost positions were proven for another game")
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    search = _Search(deadline, node_limit, should_stop, on_progress, set() if lost is None else lost.keys)
    try:
        won = position.score == 0 or (not provably_lost(position) and _passes(search, position))
    except _OutOfBudget:
        return SolveResult(Verdict.UNKNOWN, (), search.nodes, time.perf_counter() - start)
    seconds = time.perf_counter() - start
    if won:
        return SolveResult(Verdict.WINNABLE, tuple(reversed(search.line)), search.nodes, seconds)
    return SolveResult(Verdict.UNWINNABLE, (), search.nodes, seconds)
