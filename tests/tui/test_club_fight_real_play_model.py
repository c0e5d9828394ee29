"""Points of an issue filed from real play, checked on the table's model (no terminal): the only
choice stays picked, the hint's own move is never questioned, the keys with no job say so."""

from __future__ import annotations

from clubfight.club_fight.engine import Action, DealCode, Level, parse_position
from clubfight.club_fight.game import GameSession, Start
from clubfight.club_fight.tui.table_model import TableModel

LAST_JOKER = "- - - - - - - - JK | AC 2C | |"
"""One joker left on the grid: Any has one card to clear, so the table picks it."""


def model_on(position_text: str, *, ask: bool = False) -> TableModel:
    return TableModel(GameSession(Start.from_position(parse_position(position_text))), confirm_blocking_moves=ask)


def test_pressing_the_card_picked_as_the_only_choice_keeps_it_picked() -> None:
    model = model_on(LAST_JOKER)
    model.select_club(0)
    model.choose_action(Action.ANY)
    assert model.plan.picked == {9} and "only choice" in model.message
    model.press_place(9)
    assert model.plan.picked == {9}, "the only choice was un-picked"
    assert "only choice" in model.message
    change = model.confirm()
    assert change.committed is not None and change.game_over
    assert "Pick the cards" not in model.message


def test_the_only_sum_stays_picked_when_one_of_its_cards_is_pressed() -> None:
    model = model_on("- - - - - - - 2H 3H | 5C 9C | |")  # the 5♣: Sum 2♥ 3♥ is its only way
    model.select_club(0)
    model.choose_action(Action.SUM)
    assert model.plan.picked == {8, 9}
    model.press_place(8)
    assert model.plan.picked == {8, 9}
    assert model.confirm().committed is not None
