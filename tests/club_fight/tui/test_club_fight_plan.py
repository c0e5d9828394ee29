"""The turn builder behind the table: every legal move can be entered, and nothing else can be confirmed."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from clubfight.club_fight.engine import Action, Card, Level, Position, Variant, deal
from clubfight.club_fight.tui.plan import (
    PICKING_ACTIONS,
    Plan,
    action_summary,
    candidate,
    feedback,
    needs_choice,
    options,
)


def positions_along_a_game(seed: int, level: Level, all_clear: bool) -> list[Position]:
    rng = random.Random(seed)
    position = deal(level, seed, variant=Variant.ALL_CLEAR if all_clear else Variant.NONE)
    seen = [position]
    while not position.is_over:
        position = position.play(rng.choice(position.legal_moves()))
        seen.append(position)
    return seen


@given(st.integers(0, 10_000), st.sampled_from(list(Level)), st.booleans())
def test_every_legal_move_can_be_entered_and_only_those(seed: int, level: Level, all_clear: bool) -> None:
    for position in positions_along_a_game(seed, level, all_clear)[:-1]:
        legal = position.legal_moves()
        for move in legal:
            plan = Plan(club=move.club, action=move.action)
            if move.action in PICKING_ACTIONS:
                plan = Plan(club=move.club, action=move.action, picked=move.cleared)
            elif len(options(position, plan)) > 1:
                assert needs_choice(position, plan) and candidate(position, plan) is None
                plan = Plan(club=move.club, action=move.action, choice=move)
            assert candidate(position, plan) == move
        for club in position.hand:
            for action in PICKING_ACTIONS:
                for places in ({1}, {1, 2}, {2, 5, 9}):
                    found = candidate(position, Plan(club=club, action=action, picked=frozenset(places)))
                    assert found is None or found in legal


def test_escape_goes_back_one_step() -> None:
    club = Card.parse("7C")
    plan = Plan(club=club, action=Action.SUM, picked=frozenset({1, 2}))
    assert plan.back() == Plan(club=club, action=Action.SUM)
    assert plan.back().back() == Plan(club=club)
    assert plan.back().back().back() == Plan()
    assert Plan().back() == Plan()


def test_feedback_reads_like_the_issue_asks() -> None:
    position = deal(Level.EASY, 7)  # 4S 5H JD / AS 4D 10D / QH 6S QS, hand 3C 5C 10C 9C
    ten, three = Card.parse("10C"), Card.parse("3C")
    assert feedback(position, Plan(club=ten, action=Action.SUM, picked=frozenset({2, 4}))) == "Sum 6 of 10"
    assert feedback(position, Plan(club=ten, action=Action.SUM, picked=frozenset({2, 4, 5}))) == "Sum 10 of 10 ✓"
    assert feedback(position, Plan(club=ten, action=Action.SUM, picked=frozenset({3, 6}))) == "Sum 21 of 10 ✗"
    assert feedback(position, Plan(club=three, action=Action.RUN, picked=frozenset({1, 2}))) == "Run 3-4-5 ✓"
    assert feedback(position, Plan(club=three, action=Action.RUN, picked=frozenset({1, 8}))) == "Run 3-4-6 ✗"
    assert feedback(position, Plan(club=ten, action=Action.MATCH)) == "Match: 1 card ✓"


def test_a_sum_that_no_legal_move_completes_is_marked_at_once() -> None:
    """The ✗ comes from the engine's moves: 4♠ + 4♦ = 8 is short of 10, but no card left makes it 10."""
    position = deal(Level.EASY, 7)  # 4S 5H JD / AS 4D 10D / QH 6S QS
    ten = Card.parse("10C")
    sums = position.moves_for(ten)[Action.SUM]
    assert not any({1, 5} <= move.cleared for move in sums)
    assert feedback(position, Plan(club=ten, action=Action.SUM, picked=frozenset({1, 5}))) == "Sum 8 of 10 ✗"
    assert any({1, 2} <= move.cleared for move in sums)
    assert feedback(position, Plan(club=ten, action=Action.SUM, picked=frozenset({1, 2}))) == "Sum 9 of 10"


def test_action_boxes_say_what_a_club_would_do() -> None:
    position = deal(Level.EASY, 4)  # 7H JH 2D / AH KH 10D / JS 2S QD, hand AC 4C 7C 9C
    seven, ace = Card.parse("7C"), Card.parse("AC")
    assert action_summary(position, seven, Action.UPDOWN) == (True, "Down: 3 cards · Up: 5 cards")
    assert action_summary(position, ace, Action.UPDOWN) == (False, "the A can't go up or down")
    assert action_summary(position, seven, Action.LINE) == (False, "blocked by 3 ♦")
    assert action_summary(position, seven, Action.RUN) == (False, "blocked by 4 ♥")
    assert action_summary(position, ace, Action.MATCH) == (True, "1 card")


def test_the_turn_builder_takes_its_action_kinds_and_sizes_from_the_engine() -> None:
    from clubfight.club_fight.engine import HAND_SIZE
    from clubfight.club_fight.tui.hand_view import HAND_KEYS
    from clubfight.club_fight.tui.plan import CHOOSING_ACTIONS, PICKING_ACTIONS

    assert {Action.SUM, Action.RUN, Action.ANY} == PICKING_ACTIONS
    assert {Action.LINE, Action.UPDOWN, Action.ALLCLEAR} == CHOOSING_ACTIONS
    assert len(HAND_KEYS) == HAND_SIZE
