"""The exact endgame: the chance it reports is the chance its own play achieves, and it never peeks.

The positions are late ones from hint-strong's lost easy games, where the sampled search let a
winnable deal slip (docs/ai.md, "Exact endgames").
"""

from __future__ import annotations

from dataclasses import replace
from itertools import permutations

import pytest

from club_fight_ai_support import play_alone, with_decks
from clubfight.club_fight.ai.endgame import best_endgame_move, hidden_orders
from clubfight.club_fight.ai.hints import ENDGAME_ORDERS, STRENGTHS, HintSettings, exact_endgame, suggest, suggest_with
from clubfight.club_fight.ai.solver import Verdict, solve
from clubfight.club_fight.engine import Level, Position, deal, parse_move, parse_position
from support import load_benchmark

NOTHING_UNSEEN = "JH KS KD 6H 8S QS JS 10D AD | QC AC 7C |  | "
"""Easy 2200379, turn 11: the decks are empty. The AC's Match wins; strong played the QC's Run."""
TWO_ORDERS = "7S 9S 7D 3H 9H 5D AS 6S 8H | 8C 10C JC 6C | 10S 4H | "
"""Easy 1000083, turn 10: two cards unseen, a sure win whichever comes first."""
SIX_ORDERS = "KS 7S 9H 2H 4D KH 9S JD QD | 8C 5C 10C 4C | AD 7H 10S | "
"""Easy 1000416, turn 10: three cards unseen; the best move wins in four of their six orders."""
BUDGET = 1_000_000


def every_order(position: Position) -> list[Position]:
    """``position`` with its decks in every order: all the deals the player can't tell apart."""
    return [
        parse_position(with_decks(position, [str(c) for c in deck], [str(c) for c in clubs]))
        for deck in permutations(position.grid_deck)
        for clubs in permutations(position.clubs_deck)
    ]


def play_exactly(position: Position) -> Position:
    """Finish a game with the exact endgame's moves, each decided afresh from what the player sees."""
    while not position.is_over:
        answer = best_endgame_move(position, BUDGET)
        assert answer is not None
        position = position.play(answer.move)
    return position


def test_a_position_that_hides_nothing_is_solved() -> None:
    position = parse_position(NOTHING_UNSEEN)
    answer = best_endgame_move(position, BUDGET)
    assert answer is not None
    assert answer.chance == 1.0
    assert answer.move == parse_move(position, "AC match")
    assert play_exactly(position).score == 0


@pytest.mark.parametrize(("text", "chance"), [(TWO_ORDERS, 1.0), (SIX_ORDERS, 4 / 6)])
def test_the_chance_is_what_its_own_play_wins_over_every_order(text: str, chance: float) -> None:
    """Played from each order of the unseen cards, deciding each turn blind, the endgame wins in
    exactly the share of orders it reported: the chance is exact, not an estimate."""
    position = parse_position(text)
    answer = best_endgame_move(position, BUDGET)
    assert answer is not None
    assert answer.chance == pytest.approx(chance)
    orders = every_order(position)
    won = sum(play_exactly(order).score == 0 for order in orders)
    assert won / len(orders) == pytest.approx(answer.chance)


@pytest.mark.parametrize("text", [TWO_ORDERS, SIX_ORDERS])
def test_no_better_chance_exists_even_for_a_clairvoyant(text: str) -> None:
    """A player who saw the order could win at most the orders the solver wins: an upper bound
    the exact chance never passes, and the sampled search's choice never beats the exact one."""
    position = parse_position(text)
    answer = best_endgame_move(position, BUDGET)
    assert answer is not None
    orders = every_order(position)
    clairvoyant = sum(solve(order, time_limit=None).verdict is Verdict.WINNABLE for order in orders)
    assert answer.chance <= clairvoyant / len(orders) + 1e-9
    sampled = suggest_with(position, replace(STRENGTHS["strong"], endgame=None), seed=1).move
    sampled_wins = sum(play_exactly(order.play(sampled)).score == 0 for order in orders)
    assert sampled_wins / len(orders) <= answer.chance + 1e-9


@pytest.mark.parametrize("text", [TWO_ORDERS, SIX_ORDERS])
def test_the_endgame_ignores_the_order_of_the_hidden_decks(text: str) -> None:
    answers = {best_endgame_move(order, BUDGET) for order in every_order(parse_position(text))}
    assert len(answers) == 1


def test_a_search_over_its_budget_gives_no_answer() -> None:
    assert best_endgame_move(parse_position(SIX_ORDERS), 50) is None
    assert best_endgame_move(parse_position(SIX_ORDERS), BUDGET) is not None


def test_a_lost_position_has_no_chance_and_the_hint_samples_instead() -> None:
    before = parse_position(NOTHING_UNSEEN)
    lost = before.play(parse_move(before, "QC run 1 2 8"))
    answer = best_endgame_move(lost, BUDGET)
    assert answer is not None and answer.chance == 0.0
    assert exact_endgame(lost, STRENGTHS["strong"]) is None
    assert "no move can win" in suggest(lost, strength="strong", seed=1).reason  # and no sampled chance


def test_the_hint_says_how_sure_the_exact_move_is() -> None:
    assert suggest(parse_position(NOTHING_UNSEEN), strength="strong").reason == (
        "clears 1 card and breaks the ♦ block; it wins for certain: nothing is left unseen"
    )
    assert suggest(parse_position(TWO_ORDERS), strength="strong").reason.endswith(
        "; it wins whatever order the unseen cards come in"
    )
    assert suggest(parse_position(SIX_ORDERS), strength="strong").reason.endswith(
        "; exactly 67% to win: 4 of the 6 orders of the 3 unseen cards, the best chance"
    )


def test_the_sampled_search_is_kept_while_many_cards_are_unseen() -> None:
    position = deal(Level.EASY, 7)
    assert hidden_orders(position) > ENDGAME_ORDERS
    assert exact_endgame(position, STRENGTHS["strong"]) is None
    assert "sampled deals" in suggest(position, strength="strong", seed=1).reason


def test_every_shipped_strength_plays_the_endgame_exactly() -> None:
    assert all(settings.endgame for settings in STRENGTHS.values())


def test_the_benchmark_forks_the_sampled_game_faithfully() -> None:
    """benchmarks/endgame.py plays one game and forks the sampled one where the moves first
    differ: both results must be those of the two games played separately."""
    pair = load_benchmark("endgame").play_pair
    sampled = HintSettings(candidates=4, samples=3)
    exact = replace(sampled, endgame=20_000)
    forked = 0
    for seed in range(1, 9):
        result = pair(Level.EASY, seed, sampled, exact)
        assert result["score"] == play_alone(Level.EASY, seed, lambda _: exact).score
        assert result["sampled_score"] == play_alone(Level.EASY, seed, lambda _: sampled).score
        forked += result["fork_turn"] is not None
    assert forked  # some game really forked, so the check above saw a second game
