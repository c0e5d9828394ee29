"""Which move let a winnable deal slip? The clairvoyant solver, run backwards along a lost game.

Along the line actually played, winnable positions come first and lost ones after (a winnable
position after a lost one would make the lost one winnable through the moves played). So the scan
walks back from the end, where few cards are left and proofs are quick, to the last winnable
position. Every search shares one ``LostPositions``: what the later searches proved lost, the
earlier ones never search again, which is what makes the early turns affordable.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from clubfight.club_fight.engine import Move, Position

from .solver import LostPositions, SolveResult, Verdict


@dataclass(frozen=True)
class Mistake:
    """The player's move ``turn`` (1-based) turned a winnable position into a lost one; ``line`` wins from before it."""

    turn: int
    move: Move
    before: Position
    line: tuple[Move, ...]


SolvePosition = Callable[[Position, LostPositions], SolveResult]


def find_mistake(
    positions: Sequence[Position],
    moves: Sequence[Move],
    opening: SolveResult,
    solve_position: SolvePosition,
    *,
    on_turn: Callable[[int], object] | None = None,
) -> Mistake | None:
    """The move of a lost game after which it could no longer be won, if the searches can tell.

    ``solve_position(position, lost)`` decides one position, reusing and extending ``lost`` (the
    verdict screen's searches until it knows, or until stopped). ``on_turn(turn)`` is told which
    turn is being searched. The first "unknown" (a budget or a cancel) gives up, so the answer is
    never a guess.
    """
    if opening.verdict is not Verdict.WINNABLE or len(positions) != len(moves) + 1 or positions[-1].score == 0:
        return None
    lost = LostPositions(positions[0])
    for index in range(len(positions) - 2, 0, -1):
        if on_turn is not None:
            on_turn(index + 1)
        result = solve_position(positions[index], lost)
        if result.verdict is Verdict.UNKNOWN:
            return None
        if result.verdict is Verdict.WINNABLE:
            return Mistake(index + 1, moves[index], positions[index], result.line)
    return Mistake(1, moves[0], positions[0], opening.line)
