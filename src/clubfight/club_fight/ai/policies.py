"""Policies: callables from a position to the move to play, for benchmarks and autoplay.

Every policy sees the whole ``Position`` object, but only the hint policies are fair players by
construction (the hint engine never reads the deck order); random and greedy ignore the decks.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from clubfight.club_fight.engine import Move, Position

from .hints import suggest

Policy = Callable[[Position], Move]

POLICY_NAMES = ("random", "greedy", "hint-fast", "hint-strong", "hint-expert")


def random_policy(seed: int) -> Policy:
    """Uniformly random among the legal moves, from its own seeded generator."""
    rng = random.Random(seed)

    def choose(position: Position) -> Move:
        return rng.choice(position.legal_moves())

    return choose


def greedy_policy(position: Position) -> Move:
    """Clear the most cards this turn; ties go to the first move in the engine's order."""
    return max(position.legal_moves(), key=lambda move: len(move.cleared))


def hint_policy(strength: str, seed: int = 0) -> Policy:
    """Play whatever the hint engine suggests at ``strength``."""

    def choose(position: Position) -> Move:
        return suggest(position, strength=strength, seed=seed).move

    return choose


def make_policy(name: str, seed: int = 0) -> Policy:
    """The policy called ``name`` (one of POLICY_NAMES); ``seed`` feeds its randomness, if any."""
    if name == "random":
        return random_policy(seed)
    if name == "greedy":
        return greedy_policy
    if name.startswith("hint-") and name in POLICY_NAMES:
        return hint_policy(name.removeprefix("hint-"), seed)
    raise ValueError(f"unknown policy {name!r}: use one of {', '.join(POLICY_NAMES)}")
