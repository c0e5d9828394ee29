"""Exact blind play at the end of a game, when few cards are unseen.

Late in a game the hidden information is small: a club or none in the clubs deck, a handful of
cards in the grid deck. Then the hint engine need not sample: it can weigh every way the unseen
cards can come. ``best_endgame_move`` is an expectimax over the player's information:

- at the player's turn, the value is the best of the legal moves (one per effect: moves that spend
  the same clubs on the same places lead to the same position);
- after a move, the refill deals the next cards of the grid deck and the player draws a club; every
  order of the unseen cards is equally likely, so the value is the average over the ordered draws;
- once a position hides nothing (at most one card left in each deck, so their order is known), the
  clairvoyant solver decides it exactly.

So the chance it reports is the true chance of winning with best play from here, for a player who
sees only what the rules show: no strategy fusion, unlike the sampled search. It never looks at the
real order of the decks: it rebuilds them from the sorted unseen cards.

A node budget (plays and solver nodes) bounds the work; a search that runs out gives no answer,
and the caller samples instead. The budget counts work, not time, so answers are deterministic.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations

from clubfight.club_fight.engine import Card, Move, Position

from .heuristic import ranked_moves
from .redeal import redealt
from .solver import LostPositions, Verdict, provably_lost, solve

EPSILON = 1e-12
"""Chances are averages of 0s and 1s; a move replaces the best only if it is better by more than
float rounding, so ties keep the heuristic's order."""


@dataclass(frozen=True)
class EndgameMove:
    """The move with the best chance of winning, and that chance, exact."""

    move: Move
    chance: float


class _OutOfBudget(Exception):
    pass


_Key = tuple[tuple[Card | None, ...], tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]


def _canonical(position: Position) -> Position:
    """The same position with both decks in sorted order: what the player knows of it."""
    return redealt(position, sorted(position.grid_deck), sorted(position.clubs_deck))


def _key(position: Position) -> _Key:
    return (position.grid, tuple(sorted(position.hand)), position.grid_deck, position.clubs_deck)


def _distinct_effects(position: Position) -> list[Move]:
    """The legal moves, best first by the heuristic, one for each next position."""
    seen: set[tuple[tuple[Card, ...], int]] = set()
    moves = []
    for _, move in ranked_moves(position):
        effect = (move.clubs_used, move.mask)
        if effect not in seen:
            seen.add(effect)
            moves.append(move)
    return moves


class _Search:
    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.memo: dict[_Key, tuple[float, bool]] = {}
        self.lost: dict[tuple[tuple[Card, ...], tuple[Card, ...]], LostPositions] = {}
        """The solver's proofs, shared by every position that hides nothing and has the same decks
        left (``LostPositions`` keys name positions only among those)."""

    def spend(self, work: int) -> None:
        self.budget -= work
        if self.budget < 0:
            raise _OutOfBudget

    def outcomes(self, position: Position, move: Move) -> list[Position]:
        """The positions after ``move``, one for each equally likely order of the cards it draws.

        ``position`` has its decks sorted. The move draws the same number of cards whatever their
        order, so one play tells how many; then every ordered choice of that many is put on top.
        That play drew the sorted decks' first cards, so it is the first of the outcomes.
        """
        deck, clubs = position.grid_deck, position.clubs_deck
        probe = position.play(move)
        drawn_cards = len(deck) - len(probe.grid_deck)
        drawn_clubs = len(clubs) - len(probe.clubs_deck)
        in_order = (tuple(range(drawn_cards)), tuple(range(drawn_clubs)))
        children = []
        for cards in permutations(range(len(deck)), drawn_cards):
            deck_order = [deck[i] for i in cards] + [c for i, c in enumerate(deck) if i not in cards]
            for picks in permutations(range(len(clubs)), drawn_clubs):
                if (cards, picks) == in_order:
                    after = probe
                else:
                    clubs_order = [clubs[i] for i in picks] + [c for i, c in enumerate(clubs) if i not in picks]
                    after = redealt(position, deck_order, clubs_order).play(move)
                children.append(_canonical(after))
        self.spend(len(children))
        return children

    def value(self, position: Position, need: float = -1.0) -> float:
        """The chance of winning from ``position`` (decks sorted) with best blind play, if it is
        more than ``need``; else a bound at most ``need`` (the caller only needs to know that it is
        no more). The memo keeps each answer with whether it is exact or such a bound."""
        if position.is_over:
            return 1.0 if position.score == 0 else 0.0
        key = _key(position)
        known = self.memo.get(key)
        if known is not None and (known[1] or known[0] <= need):
            return known[0]
        if provably_lost(position):
            result, exact = 0.0, True
        elif hides_nothing(position):
            result, exact = (1.0 if self.solve(position) is not None else 0.0), True
        else:
            _, result, exact = self.best(position, need)
        self.memo[key] = (result, exact)
        return result

    def solve(self, position: Position) -> Move | None:
        """A winning move of a position that hides nothing, or None if it is lost."""
        decks = (position.grid_deck, position.clubs_deck)
        lost = self.lost.get(decks)
        if lost is None:
            lost = self.lost[decks] = LostPositions(position)
        answer = solve(position, time_limit=None, node_limit=max(self.budget, 1), lost=lost)
        self.spend(answer.nodes)
        if answer.verdict is Verdict.UNKNOWN:
            raise _OutOfBudget
        return answer.line[0] if answer.verdict is Verdict.WINNABLE else None

    def chance_after(self, position: Position, move: Move, beat: float) -> tuple[float, bool]:
        """The chance of winning after ``move`` and False, if it is more than ``beat``; else a bound
        at most ``beat`` and True, found as soon as even winning every order left would not beat it.

        Each order is asked only for what it must reach for the move still to beat ``beat``, so a
        poor order stops early in its own search (the ``need`` of ``value``)."""
        children = self.outcomes(position, move)
        count = len(children)
        target = beat * count
        won = 0.0
        for index, child in enumerate(children):
            left = count - index - 1
            won += self.value(child, target - won - left)
            if won + left <= target + EPSILON:
                return (won + left) / count, True
        return won / count, False

    def best(self, position: Position, need: float = -1.0) -> tuple[Move, float, bool]:
        """The best move, its chance and True if that chance is more than ``need``; else the first
        move, ``need`` as a bound on every move's chance, and False."""
        moves = _distinct_effects(position)
        best_move, best_chance = moves[0], -1.0
        for move in moves:
            chance, cut = self.chance_after(position, move, max(best_chance, need, 0.0))
            if not cut and chance > best_chance + EPSILON:
                best_move, best_chance = move, chance
                if chance >= 1.0 - EPSILON:
                    break
        best_chance = max(best_chance, 0.0)  # every move was cut at 0: none can win
        if best_chance > need:
            return best_move, best_chance, True
        return moves[0], need, False


def hides_nothing(position: Position) -> bool:
    """Whether the player knows the whole position: at most one card in each deck."""
    return len(position.grid_deck) <= 1 and len(position.clubs_deck) <= 1


def hidden_orders(position: Position) -> int:
    """How many orders the unseen cards could be in: the size of the player's uncertainty."""
    orders = 1
    for count in (len(position.grid_deck), len(position.clubs_deck)):
        for factor in range(2, count + 1):
            orders *= factor
    return orders


def best_endgame_move(position: Position, budget: int) -> EndgameMove | None:
    """The legal move with the best chance of winning and that chance, or None if weighing every
    order of the unseen cards would take more than ``budget`` plays and solver nodes."""
    if position.is_over:
        raise ValueError("the game is over: there is no move to suggest")
    search = _Search(budget)
    seen = _canonical(position)
    try:
        if hides_nothing(seen):
            winning = search.solve(seen)
            return EndgameMove(winning, 1.0) if winning is not None else EndgameMove(ranked_moves(seen)[0][1], 0.0)
        move, chance, _ = search.best(seen)
    except _OutOfBudget:
        return None
    return EndgameMove(move, chance)
