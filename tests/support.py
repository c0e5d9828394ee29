"""Helpers shared by every test folder (tests/ is on sys.path through its conftest.py):
running async Pilot tests, and games played by a fixed greedy rule."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Coroutine
from typing import Any

from clubfight.engine import DealCode, Move, Position, Variant
from clubfight.game import Start


def async_test(test: Callable[..., Coroutine[Any, Any, None]]) -> Callable[..., None]:
    """Run an async test with asyncio.run (the project has no async pytest plugin); fixtures still
    reach it, since ``functools.wraps`` keeps its signature."""

    @functools.wraps(test)
    def run(*args: Any, **kwargs: Any) -> None:
        asyncio.run(test(*args, **kwargs))

    return run


def greedy_game(start: Start, turns: int | None = None) -> tuple[list[Move], list[Position]]:
    """Play the move that clears most (ties by the engine's sort key), for ``turns`` turns or to the end."""
    positions = [start.opening()]
    moves: list[Move] = []
    while not positions[-1].is_over and (turns is None or len(moves) < turns):
        move = min(positions[-1].legal_moves(), key=lambda m: (-len(m.cleared), m.sort_key()))
        moves.append(move)
        positions.append(positions[-1].play(move))
    return moves, positions


def deal_start(code: str, variant: Variant = Variant.NONE) -> Start:
    return Start.from_deal(DealCode.parse(code), variant=variant)
