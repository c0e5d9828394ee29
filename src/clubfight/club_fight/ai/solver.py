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
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from clubfight.club_fight.engine import DOWN, GRID_SIZE, Action, Card, Move, Position, directions

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


def _card_code(card: Card | None) -> int:
    if card is None:
        return 0
    suit = card.suit
    return 1 + card.rank + 14 * (0 if suit is None else "HSDC".index(suit.value) + 1)


_CODES: dict[Card | None, int] = {}


def _code(card: Card | None) -> int:
    code = _CODES.get(card)
    if code is None:
        code = _CODES[card] = _card_code(card)
    return code


def state_key(position: Position) -> bytes:
    """Grid, hand (as a set) and how many cards each deck still holds: all that matters with fixed decks.

    One short bytes object (9 grid codes, the hand's 14-bit rank mask, two deck sizes): a long slip
    search keeps millions of these, and one bytes is a third of the memory of a tuple of them."""
    hand = 0
    for club in position.hand:
        hand |= 1 << club.rank
    return bytes(
        [
            *(_code(card) for card in position.grid),
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


def provably_lost(position: Position) -> bool:
    """Sound bounds: even if every club cleared the most cards it ever could, the cards would outlast them.

    Each club's capacity comes from ``club_capacity``. A turn that clears a joker (only Any or
    Line can) clears at most min(3, cards left) cards, never more than the club's capacity, and at
    most 2 jokers, so the jokers need ceil(jokers / 2) such turns; the bound gives them to the
    weakest clubs, which is the most generous choice.
    """
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
    clubs = [*position.hand, *position.clubs_deck]
    if left > MAX_CLEAR_PER_TURN * len(clubs):
        return True
    line = min(MAX_CLEAR_WITH_JOKER, left)
    capacities = sorted(club_capacity(club.rank, counts, line) for club in clubs)
    joker_turns = -(-jokers // JOKERS_PER_TURN)
    if joker_turns > len(clubs):
        return True
    most = sum(capacities[joker_turns:]) + line * joker_turns
    return left > most


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
        position played counts as a node, so the budget polls at a steady pace.
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
        score = move_scorer(GridMasks.of(position))
        limit = self.node_limit
        for move in moves:
            if limit is not None and self.nodes >= limit:
                raise _OutOfBudget  # counted move by move, so --nodes N searches at most N
            self.nodes += 1
            child = position.play_clear(move.clubs_used, move.mask)  # the move's effect: a cheaper check
            if child.score == 0:
                self.line.append(move)
                return True
            if not child.hand:
                continue
            child_key = state_key(child)
            if child_key in lost:
                continue
            if provably_lost(child):
                lost.add(child_key)
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
