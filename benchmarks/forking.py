"""Two searches compared deal by deal for about the price of one: the game of the search under test,
with the rival's game forked off at the first decision where the rival would move otherwise. Until
then the two games are the same, move for move; from there the rival's goes on alone. Used by
endgame.py and late.py (this folder is on sys.path when a script in it runs).
"""

from __future__ import annotations

import time
from collections.abc import Callable

from clubfight.ai.hints import Settings, suggest_with
from clubfight.engine import Move, Position

Search = Callable[[Position, Settings, int], Move]
"""A search's move at a position, with these settings and this seed."""


def hint_move(position: Position, settings: Settings, seed: int) -> Move:
    """The hint's move: the exact endgame's where it answers, else the sampled search's."""
    return suggest_with(position, settings, seed=seed).move


def finish(position: Position, settings: Settings, seed: int) -> Position:
    """The game played on to its end with ``settings``' hints."""
    while not position.is_over:
        position = position.play(hint_move(position, settings, seed))
    return position


def timed_move(search: Search, position: Position, settings: Settings, seed: int, seconds: list[float]) -> Move:
    """``search``'s move, its CPU time appended to ``seconds``."""
    start = time.process_time()
    move = search(position, settings, seed)
    seconds.append(time.process_time() - start)
    return move


class Fork:
    """The rival's game: it follows the game under test until ``offer`` sees the rival choose
    another move, then plays on alone with ``rival``'s hints."""

    def __init__(self, rival: Settings, seed: int) -> None:
        self.rival = rival
        self.seed = seed
        self.turn: int | None = None
        self.end: Position | None = None

    @property
    def forked(self) -> bool:
        return self.end is not None

    def offer(self, position: Position, move: Move, rival_move: Move) -> None:
        """At ``position`` the game under test plays ``move`` and the rival would play ``rival_move``."""
        if self.end is None and rival_move != move:
            self.turn = position.turns_played + 1
            self.end = finish(position.play(rival_move), self.rival, self.seed)

    def score(self, final: Position) -> int:
        """The rival's cards left, given the game under test ended at ``final``."""
        return (self.end or final).score
