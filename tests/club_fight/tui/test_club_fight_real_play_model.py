"""Points of an issue filed from real play, checked on the table's model (no terminal): the only
choice stays picked, the hint's own move is never questioned, the keys with no job say so."""

from __future__ import annotations

from clubfight.club_fight.engine import Action, DealCode, Level, parse_position
from clubfight.club_fight.game import GameSession, Start
from clubfight.club_fight.tui.table_model import RESTART_WARNING, TableChange, TableModel

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


QUESTIONED = (317855, "KC sum 2 5")
"""easy-317855 opens with 4 ♠ blocking Up/Down; the K♣'s Sum 2 5 leaves 3 of them, which another Sum
of the K♣ would lift: the blocking question asks about it."""


def test_the_hints_own_move_is_played_without_the_blocking_question() -> None:
    """easy-40788, turns 2 and 8: Enter on the hinted move asked about blocks, with another move."""
    seed, text = QUESTIONED
    model = TableModel(GameSession(Start.from_deal(DealCode(Level.EASY, seed))), confirm_blocking_moves=True)
    move = model.position.parse_move(text)
    assert model.new_blocks(move), "the move must be one the question asks about"
    model.show_hint(move, "clears 4 cards")
    change = model.confirm()
    assert change.ask == () and change.committed == move


def test_a_move_other_than_the_hint_is_still_questioned() -> None:
    seed, text = QUESTIONED
    model = TableModel(GameSession(Start.from_deal(DealCode(Level.EASY, seed))), confirm_blocking_moves=True)
    move = model.position.parse_move(text)
    other = next(m for m in model.position.legal_moves() if m != move)
    model.show_hint(other, "something else")
    model.select_club(model.hand_slots().index(move.club))
    model.choose_action(move.action)
    for place in sorted(move.cleared):
        model.press_place(place)
    assert model.confirm().ask


def test_restarting_mid_game_takes_a_second_press_and_gives_the_game_up() -> None:
    model = TableModel(GameSession(Start.from_deal(DealCode(Level.EASY, 7))))
    assert model.request_restart() == TableChange() and "Nothing to restart" in model.message
    model.commit(model.position.legal_moves()[0])
    assert model.request_restart() == TableChange() and model.message == RESTART_WARNING
    assert model.request_restart() == TableChange(restart=True, abandoned=True)
