"""The slip search made faster without changing what it finds: the solver skips, unplayed, the moves
whose next position is provably lost, with the very bound it used to check after playing them, so
it searches the same positions in the same order; it only builds far fewer of them."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clubfight.club_fight.ai import LostPositions, Verdict, solve
from clubfight.club_fight.ai.policies import greedy_policy
from clubfight.club_fight.ai.solver import ClearsNeeded, capacities, club_capacity, provably_lost
from clubfight.club_fight.engine import Card, Level, Position, deal


def greedy_game(level: Level, seed: int) -> list[Position]:
    positions = [deal(level, seed)]
    while not positions[-1].is_over:
        positions.append(positions[-1].play(greedy_policy(positions[-1])))
    return positions


@settings(max_examples=300)
@given(st.lists(st.integers(0, 3), min_size=13, max_size=13), st.integers(0, 3))
def test_the_shared_capacities_are_each_clubs_capacity(values: list[int], line: int) -> None:
    counts = [0, *values, 0]
    table = capacities(tuple(counts), line)
    assert [table[club] for club in range(1, 14)] == [club_capacity(club, counts, line) for club in range(1, 14)]


def test_a_move_is_skipped_exactly_when_its_next_position_is_provably_lost() -> None:
    """Every move of every position of a few lost games: ``lost_after`` says what ``provably_lost``
    says of the position the move leads to, and the cheaper threshold only ever skips such moves."""
    for level, seed in ((Level.HARD, 1), (Level.HARD, 9), (Level.EASY, 21), (Level.EASY, 3)):
        for position in greedy_game(level, seed)[:-1]:
            needed = ClearsNeeded(position)
            jokers = position.mask(None)
            for move in position.legal_moves():
                after = position.play(move)
                if after.score == 0:
                    continue
                lost = provably_lost(after)
                clubs, cleared = move.clubs_used, len(move.cleared)
                assert needed.lost_after(clubs, move.mask, cleared) == lost, (level, seed, str(move))
                if cleared < needed(clubs, (move.mask & jokers).bit_count()):
                    assert lost, (level, seed, str(move))


PINNED = [
    # (position index in greedy hard-1, verdict, positions searched): the search before the change
    (9, Verdict.UNWINNABLE, 1332),
    (8, Verdict.UNWINNABLE, 32209),
]


def test_the_search_is_the_same_as_before() -> None:
    """The positions counted and the lines found, as the solver found them before it skipped moves."""
    positions = greedy_game(Level.HARD, 1)
    lost = LostPositions(positions[0])
    for index, verdict, nodes in PINNED:
        result = solve(positions[index], time_limit=None, lost=lost)
        assert (result.verdict, result.nodes) == (verdict, nodes)
    result = solve(deal(Level.HARD, 5), time_limit=None)
    assert result.nodes == 1798
    assert " | ".join(map(str, result.line)) == (
        "KC line row2 | AC line col2 | 3C line row2 | 4C match | 7C run 1 3 4 6 7 8 9 | QC sum 1 2 8 | "
        "2C any 6 | 10C sum 2 6 | 8C up | 9C sum 3 5 | JC up | 5C run 1 2 9 | 6C down"
    )


def test_the_slip_search_builds_few_of_the_positions_it_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    """What made it slow: every move was played to see whether its position was lost. Now a move
    whose position is provably lost is judged from the cards it clears, and never played."""
    positions = greedy_game(Level.HARD, 1)
    built = 0
    play_clear = Position.play_clear

    def counted(self: Position, clubs: tuple[Card, ...], mask: int) -> Position:
        nonlocal built
        built += 1
        return play_clear(self, clubs, mask)

    monkeypatch.setattr(Position, "play_clear", counted)
    lost = LostPositions(positions[0])
    searched = sum(solve(positions[index], time_limit=None, lost=lost).nodes for index, _, _ in PINNED)
    assert searched == sum(nodes for _, _, nodes in PINNED)
    assert built * 4 < searched, f"{built:,} positions built for {searched:,} searched"
