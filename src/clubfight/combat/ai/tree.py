"""Expert's turn search: information-set Monte Carlo tree search over the seat's own turn.

Hard compares single plays, each followed by greedy play. Here every iteration deals one world
(as the seat may imagine it) and walks down a tree of the seat's own plays this turn, picking at
each step by UCB1 among that position's candidates (search.candidates: normal's best plays, the
ring-out setups, ending the turn). The other side's counter windows are answered in the world by
the playout policy; once the turn ends, the playout goes on to the horizon and its judgement is
credited to every step taken. So a line of two or three plays that only pays as a whole (a play
that opens a combo, a stack taken for the 10 still in hand) is found, where hard's greedy
follow-up would miss it. The tree has only the seat's own decisions, and these don't depend on the
world (the hand, the ADVANTAGE and the grid are all seen), which is why one tree serves every world
(Cowling, Powley and Whitehouse's single-observer ISMCTS); a node below an unsafe play is reached
only in the worlds where that play stood, so its statistics are those of the seat's information set
there. The most visited first play is chosen.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from clubfight.combat.engine import Action, Attack, Card, Colour, Phase, Round
from clubfight.common.shuffle import SplitMix64

from .greedy import Judged
from .policies import rollout_action
from .search import Dealer, SearchSettings, candidates, playout

Ranker = Callable[[Round, tuple[Card, ...]], list[tuple[float, Judged]]]
"""Ranks a node's attacks, given the tops of the unsafe plays that stood on the way to it."""


@dataclass(slots=True)
class Node:
    """One position of the seat's turn: its candidates with their visits and summed judgements."""

    actions: list[Action]
    visits: list[int]
    totals: list[float]
    children: dict[int, Node] = field(default_factory=dict)
    count: int = 0


def _node(r: Round, s: SearchSettings, rank: Ranker | None, tops: tuple[Card, ...]) -> Node:
    options = candidates(r, s, None if rank is None or r.phase is not Phase.ATTACK else rank(r, tops))
    return Node(options, [0] * len(options), [0.0] * len(options))


def _pick(node: Node, r: Round, c: float) -> int:
    """UCB1 among the candidates legal in this world; untried ones first, in the candidates' order."""
    best, best_score = -1, -math.inf
    log_n = math.log(node.count + 1)
    for i, action in enumerate(node.actions):
        if not r.is_legal(action):
            continue
        n = node.visits[i]
        if n == 0:
            return i
        score = node.totals[i] / n + c * math.sqrt(log_n / n)
        if score > best_score:
            best, best_score = i, score
    return best


def _answer(r: Round, seat: Colour, s: SearchSettings) -> Round:
    """The other side's counter window, answered by the playout policy."""
    while not r.is_over and r.to_act is not seat and r.attacker is seat:
        r = r.play(rollout_action(r, s.opponent))
    return r


def turn_search(
    view: Round,
    seat: Colour,
    rng: SplitMix64,
    s: SearchSettings,
    iterations: int,
    c: float,
    deal: Dealer,
    rank: Ranker | None = None,
) -> Action:
    """The seat's best play (or ``end``) in an ATTACK phase of its own turn."""
    root = _node(view, s, rank, ())
    if len(root.actions) == 1:
        return root.actions[0]
    for _ in range(iterations):
        r = deal(view, seat, rng)
        node = root
        path: list[tuple[Node, int]] = []
        tops: tuple[Card, ...] = ()
        while True:
            i = _pick(node, r, c)
            if i < 0:
                break
            path.append((node, i))
            action = node.actions[i]
            if isinstance(action, Attack) and not r.is_safe(action):
                tops += (action.cards[-1],)
            r = _answer(r.play(action), seat, s)
            if r.is_over or r.attacker is not seat or r.phase is not Phase.ATTACK:
                break
            child = node.children.get(i)
            if child is None:
                node.children[i] = _node(r, s, rank, tops)
                break  # expanded: the rest is a playout
            node = child
        changes = 0 if not r.is_over and r.attacker is seat else 1
        value = playout(r, seat, s, turns=changes)  # s.horizon changes of attacker in all
        for n, i in path:
            n.count += 1
            n.visits[i] += 1
            n.totals[i] += value
    best = max(range(len(root.actions)), key=lambda i: (root.visits[i], root.totals[i], -i))
    return root.actions[best]
