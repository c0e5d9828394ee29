"""The hint's reason in words a player can check: a share of sampled deals, never a fraction of a
deal, and "exactly" only where every order of the unseen cards was counted. The moves are the
engine's own: only their wording is checked here."""

from __future__ import annotations

import re

from clubfight.club_fight.ai import suggest
from clubfight.club_fight.ai.heuristic import best_move
from clubfight.club_fight.ai.hints import Evaluation, describe, percent
from clubfight.club_fight.engine import Level, deal, parse_position

SIX_ORDERS = "KS 7S 9H 2H 4D KH 9S JD QD | 8C 5C 10C 4C | AD 7H 10S | "
"""Easy 1000416, turn 10: three cards unseen; the best move wins in four of their six orders."""
NO_ORDER_WINS = "QS 8S AH 9D 4D 7H JD KS JK | 3C 4C 5C | 10D 3H KH JK | "
"""Hard 9 played greedily to turn 11: four cards unseen, and no move wins in any of their 24 orders."""


def test_expected_wins_read_as_a_share_of_the_sampled_deals() -> None:
    """From real play: "won about 25.9 of 39 sampled deals" gave a fraction of a deal."""
    position = deal(Level.EASY, 12)
    move = best_move(position)
    reason = describe(position, Evaluation(move, 0.0, 25.9, 40.2, 39))
    assert reason.endswith("won about 66% of 39 sampled deals")
    assert not re.search(r"\d\.\d+ of \d+", reason)
    assert describe(position, Evaluation(move, 0.0, 18.0, 30.0, 24)).endswith("won 18 of 24 sampled deals")


def test_an_exact_chance_counts_the_orders_and_says_no_sample() -> None:
    reason = suggest(parse_position(SIX_ORDERS), strength="strong").reason
    assert reason.endswith("; exactly 67% to win: 4 of the 6 orders of the 3 unseen cards, the best chance")
    assert "sampled" not in reason


def test_when_no_order_wins_the_hint_says_so_and_not_a_sampled_chance() -> None:
    """The exact endgame weighed every order and found none won: the samples only chose the move
    that leaves the fewest cards, so the reason gives no chance of winning from them."""
    reason = suggest(parse_position(NO_ORDER_WINS), strength="strong", seed=1).reason
    assert "no move wins in any order of the 4 unseen cards" in reason
    assert "won" not in reason


def test_a_share_never_rounds_a_near_miss_to_all_or_nothing() -> None:
    assert (percent(0.001), percent(0.996), percent(1.0), percent(0.0), percent(0.664)) == (
        "under 1%",
        "over 99%",
        "100%",
        "0%",
        "66%",
    )
