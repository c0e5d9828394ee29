"""The clairvoyant solver against hand-built positions and an independent brute force."""

from __future__ import annotations

import random
from functools import cache

import pytest

from clubfight.club_fight.ai import LostPositions, SolveResult, Verdict, solve
from clubfight.club_fight.ai.solver import MAX_CLEAR_PER_TURN, club_capacity, most_cleared_next, provably_lost
from clubfight.club_fight.engine import Card, Level, Position, Variant, deal, parse_position


def cards(text: str) -> list[Card]:
    return [Card.parse(token) for token in text.split()]


def grid(text: str) -> list[Card | None]:
    return [None if token == "-" else Card.parse(token) for token in text.split()]


def replays_to_win(position: Position, result: SolveResult) -> bool:
    for move in result.line:
        position = position.play(move)  # raises if a move is illegal
    return position.score == 0


@cache
def brute_force_wins(text: str) -> bool:
    """The reference: every legal move, no ordering, no pruning; memoised on the position string only."""
    position = parse_position(text)
    if position.score == 0:
        return True
    return any(brute_force_wins(position.play(move).notation()) for move in position.legal_moves())


def test_already_won_is_winnable_with_an_empty_line() -> None:
    won = Position([None] * 9, cards("5C"), [], [])
    result = solve(won)
    assert result.verdict is Verdict.WINNABLE
    assert result.line == ()


def test_last_card_last_club_is_won_in_one() -> None:
    position = Position(grid("- - - - 9H - - - -"), cards("KC"), [], [])
    result = solve(position)
    assert result.verdict is Verdict.WINNABLE
    assert [str(move) for move in result.line] == ["KC any 5"]


def test_two_jokers_apart_and_one_club_is_unwinnable() -> None:
    # Only Any or Line clears a joker (A1, L1); the jokers share no row or column, so one club can't do it.
    position = Position(grid("JK - - - 5H - - - JK"), cards("5C"), [], [], level=Level.HARD)
    assert solve(position).verdict is Verdict.UNWINNABLE


def test_two_jokers_in_a_line_with_a_matching_value_are_won_by_line() -> None:
    position = Position(grid("JK 5H JK - - - - - -"), cards("5C"), [], [], level=Level.HARD)
    result = solve(position)
    assert result.verdict is Verdict.WINNABLE
    assert str(result.line[0]) == "5C line row1"


def test_a_refill_that_needs_a_second_club_is_seen() -> None:
    # Clearing the 4H brings the 9S up from the deck; the KC then clears it with Any.
    position = Position(grid("4H - - - - - - - -"), cards("4C KC"), cards("9S"), [])
    result = solve(position)
    assert result.verdict is Verdict.WINNABLE
    assert replays_to_win(position, result)


def endgame_positions(count: int, clubs_left: int) -> list[Position]:
    """Positions from random play of seeded deals, stopped with few clubs left: small enough to brute-force."""
    rng = random.Random(77)
    found = []
    seed = 0
    while len(found) < count:
        seed += 1
        position = deal(Level.HARD if seed % 2 else Level.EASY, seed)
        while position.clubs_left > clubs_left and not position.is_over:
            moves = position.legal_moves()
            # Mostly big clears so that many endgames are still winnable.
            moves.sort(key=lambda move: -len(move.cleared))
            position = position.play(moves[min(len(moves) - 1, int(rng.expovariate(0.7)))])
        if not position.is_over:
            found.append(position)
    return found


@pytest.mark.parametrize("position", endgame_positions(24, 3), ids=lambda p: p.notation())
def test_solver_agrees_with_brute_force(position: Position) -> None:
    truth = brute_force_wins(position.notation())
    result = solve(position, time_limit=None)
    assert result.verdict is (Verdict.WINNABLE if truth else Verdict.UNWINNABLE)
    if truth:
        assert replays_to_win(position, result)
    else:
        assert result.line == ()


def test_brute_force_sample_has_both_answers() -> None:
    """Guards the test above: it only means something if both verdicts occur in its positions."""
    truths = {brute_force_wins(p.notation()) for p in endgame_positions(24, 3)}
    assert truths == {True, False}


def test_lost_bound_is_sound_on_brute_forced_positions() -> None:
    for position in endgame_positions(24, 3):
        if provably_lost(position):
            assert not brute_force_wins(position.notation())


def test_lost_bound_fires_on_a_hopeless_position() -> None:
    # 9 cards in the grid, 1 club left, nothing a single club could clear them all with.
    position = Position(grid("KH KS KD QH QS QD JH JS JD"), cards("AC"), [], [])
    assert provably_lost(position)
    assert solve(position).verdict is Verdict.UNWINNABLE


def test_club_capacity_per_action() -> None:
    counts = [0] * 15
    for value in (5, 6, 7, 9, 10, 11):
        counts[value] += 1
    assert club_capacity(8, counts, 3) == 6  # Run 5-6-7-(8)-9-10-11
    assert club_capacity(4, counts, 3) == 3  # Run (4)-5-6-7, or a Line
    assert club_capacity(13, counts, 1) == 2  # Sum 5 + 6; the K has no Up/Down and no Q to run with
    assert club_capacity(7, counts, 1) == 3  # Up clears 9, 10, 11
    assert club_capacity(2, counts, 1) == 1  # nothing but Any (or a Line) for a 2 here


@pytest.mark.parametrize("level", [Level.EASY, Level.HARD])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_winning_lines_of_seeded_deals_replay(level: Level, seed: int) -> None:
    position = deal(level, seed)
    result = solve(position, time_limit=30)
    assert result.verdict is Verdict.WINNABLE
    assert len(result.line) <= 13
    assert replays_to_win(position, result)
    assert result.nodes > 0


def test_tiny_budget_is_unknown_not_a_guess() -> None:
    result = solve(short_of_clubs(), node_limit=1)
    assert result.verdict is Verdict.UNKNOWN
    assert result.line == ()


def short_of_clubs() -> Position:
    """A deal with only 8 clubs: not ruled out by the bounds, so refuting it is a long search."""
    position = deal(Level.EASY, 1)
    return Position(position.grid, position.hand, position.grid_deck, position.clubs_deck[:4])


def test_should_stop_cancels_and_progress_is_reported() -> None:
    seen: list[int] = []
    result = solve(short_of_clubs(), time_limit=None, should_stop=lambda: len(seen) >= 2, on_progress=seen.append)
    assert result.verdict is Verdict.UNKNOWN
    assert len(seen) == 2
    assert seen == sorted(seen) and seen[0] > 0


def test_lost_game_is_unwinnable() -> None:
    position = deal(Level.EASY, 1)
    while not position.is_over:
        position = position.play(position.legal_moves()[0])
    assert position.score > 0
    assert solve(position).verdict is Verdict.UNWINNABLE


def last_moves_game(seed: int) -> list[Position]:
    """A lost game of a winnable easy deal: always the last legal move."""
    positions = [deal(Level.EASY, seed)]
    while not positions[-1].is_over:
        positions.append(positions[-1].play(positions[-1].legal_moves()[-1]))
    return positions


def test_lost_positions_carried_from_search_to_search_change_no_verdict() -> None:
    """The slip search solves a game's positions from the end backwards, sharing what each proved."""
    positions = last_moves_game(2)[7:-1]  # from the last winnable position (before turn 8) on
    lost = LostPositions(positions[0])
    sizes = []
    for position in reversed(positions):
        shared = solve(position, time_limit=None, lost=lost)
        alone = solve(position, time_limit=None)
        assert shared.verdict is alone.verdict
        if shared.verdict is Verdict.WINNABLE:
            assert replays_to_win(position, shared)
        sizes.append(len(lost.keys))
    assert sizes == sorted(sizes) and sizes[-1] > 0  # proofs accumulate
    assert {solve(p, time_limit=None).verdict for p in positions} == {Verdict.WINNABLE, Verdict.UNWINNABLE}


def test_lost_positions_of_one_game_are_refused_for_another() -> None:
    lost = LostPositions(deal(Level.EASY, 2))
    assert lost.fits(last_moves_game(2)[5])
    with pytest.raises(ValueError, match="another game"):
        solve(deal(Level.EASY, 3), lost=lost)
    with pytest.raises(ValueError, match="another game"):
        solve(deal(Level.HARD, 2), lost=lost)


def test_most_cleared_next_reads_the_masks_as_the_move_list_says() -> None:
    """The solver orders children by the most cards a next move clears, read from ``clears()``: the
    same number as the longest of ``legal_moves()``, along random games with and without All Clear."""
    rng = random.Random(12)
    checked = 0
    for index in range(60):
        variant = Variant.ALL_CLEAR if index % 3 == 0 else Variant.NONE
        position = deal(Level.HARD if index % 2 else Level.EASY, 1_900_000 + index, variant=variant)
        while True:
            expected = max((len(move.cleared) for move in position.legal_moves()), default=MAX_CLEAR_PER_TURN)
            assert most_cleared_next(position) == expected, position.notation()
            checked += 1
            if position.is_over:
                break
            position = position.play(rng.choice(position.legal_moves()))
    assert checked > 600
