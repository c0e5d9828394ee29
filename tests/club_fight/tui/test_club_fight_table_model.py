"""The table's move flow without a terminal: whole games through ``TableModel``'s transitions, the
same ones the keys and clicks call (the Pilot games in test_club_fight_games.py check that mapping)."""

from __future__ import annotations

from club_fight_tui_support import WINNING_LINE, WINNING_SEED, choice_index, places_to_pick, with_decks
from clubfight.club_fight.ai.heuristic import best_move
from clubfight.club_fight.engine import Action, DealCode, Level, Move, Outcome, Position, Variant, deal, parse_position
from clubfight.club_fight.game import GameSession, Start
from clubfight.club_fight.tui.plan import Plan
from clubfight.club_fight.tui.table_model import NEW_GAME_WARNING, TableChange, TableModel


def table(seed: int, level: Level = Level.EASY, *, ask: bool = False, variant: Variant = Variant.NONE) -> TableModel:
    session = GameSession(Start.from_deal(DealCode(level, seed), variant=variant))
    return TableModel(session, confirm_blocking_moves=ask)


def enter(model: TableModel, move: Move) -> TableChange:
    """Pick the club, the action and the targets as a player would, then confirm."""
    position = model.position
    model.select_club(model.hand_slots().index(move.club))
    model.choose_action(move.action)
    for place in places_to_pick(position, move):
        model.press_place(place)
    index = choice_index(position, Plan(club=move.club, action=move.action), move)
    if index is not None:
        if move.action is Action.UPDOWN:
            model.choose_direction(move.detail or "up")
        else:
            model.pick_choice(index)
    assert model.move == move, f"the plan doesn't describe {move}"
    return model.confirm()


def test_a_whole_game_is_won_through_the_transitions() -> None:
    model = table(WINNING_SEED)
    changes = [enter(model, model.position.parse_move(text)) for text in WINNING_LINE]
    assert [change.committed for change in changes] == model.session.moves
    assert [change.game_over for change in changes] == [False] * (len(WINNING_LINE) - 1) + [True]
    assert model.position.outcome is Outcome.WON
    assert all(model.can(key, args) is None for key, args in (("club", (0,)), ("undo", ()), ("hint", ())))


def test_a_hard_deal_is_lost_when_the_clubs_run_out() -> None:
    """Any clears one card a turn: thirteen of them can't clear 41 cards."""
    model = table(5, Level.HARD)
    while not model.is_over:
        position = model.position
        change = enter(model, position.moves_for(position.hand[0])[Action.ANY][0])
    assert change.game_over and model.position.outcome is Outcome.LOST
    assert model.position.turns_played == 13 and model.position.score == 41 - 13


def test_confirm_says_why_an_unfinished_plan_is_not_a_move() -> None:
    model = table(7)
    assert model.confirm() == TableChange() and "Pick a club first" in model.message
    model.select_club(0)
    model.confirm()
    assert "Pick an action" in model.message
    assert model.session.moves == []


def test_undo_and_redo_change_the_game_and_say_so() -> None:
    model = table(WINNING_SEED)
    played = enter(model, model.position.parse_move(WINNING_LINE[0]))
    undone = model.undo()
    assert undone.history and model.session.moves == [] and "Took back" in model.message
    redone = model.redo()
    assert redone.committed == played.committed and "Redid" in model.message
    assert model.redo() == TableChange()  # nothing more to redo


def test_a_new_deal_mid_game_takes_a_second_press_and_counts_as_abandoned() -> None:
    model = table(WINNING_SEED)
    assert model.request_new_deal() == TableChange(new_deal=True, abandoned=False)  # nothing played yet
    enter(model, model.position.parse_move(WINNING_LINE[0]))
    assert model.request_new_deal() == TableChange() and model.message == NEW_GAME_WARNING
    assert model.request_new_deal() == TableChange(new_deal=True, abandoned=True)


def test_a_new_deal_needs_two_presses_in_a_row() -> None:
    model = table(WINNING_SEED)
    enter(model, model.position.parse_move(WINNING_LINE[0]))
    model.request_new_deal()
    model.select_club(0)  # anything in between disarms the second press
    assert model.request_new_deal() == TableChange()


def test_a_move_leaving_a_block_another_would_lift_is_asked_about_first() -> None:
    model = table(317855, ask=True)
    position = model.position
    asking = [m for m in position.legal_moves() if model.new_blocks(m)]
    assert asking, "easy-317855 opens with blocks that some moves leave and others lift"
    change = enter(model, asking[0])
    assert change.ask and model.pending == asking[0] and model.session.moves == []
    assert change.ask[-1].endswith("would lift it") and "with the" in change.ask[-1]
    assert model.answer(False) == TableChange() and model.session.moves == []
    assert model.move == asking[0]  # declining keeps the plan on the table, to change or confirm
    assert model.confirm().ask
    assert model.answer(True).committed == asking[0]


def test_the_blocking_question_never_depends_on_the_face_down_grid_deck() -> None:
    """Issue 10.1: the question judges the grid after clearing and before the refill. Every order of
    the grid deck (reversed, rotated, or one card left that is or isn't a spade) asks the same."""
    checked = 0
    for seed in (317855, 2, 7, 11, 23):
        position = deal(Level.EASY, seed)
        while not position.is_over:
            deck = list(position.grid_deck)
            orders = [deck[::-1], deck[1:] + deck[:1]] if len(deck) > 1 else []
            asked = TableModel(GameSession(Start.from_position(position))).new_blocks
            for order in orders:
                other = TableModel(
                    GameSession(Start.from_position(with_decks(position, order, position.clubs_deck)))
                ).new_blocks
                for move in position.legal_moves():
                    assert asked(move) == other(move), (position.notation(), move)
                    checked += 1
            position = position.play(best_move(position))
    assert checked > 1000


def test_a_move_that_clears_the_whole_grid_or_plays_the_last_club_is_not_asked_about() -> None:
    grid = parse_position("2H 3H 4H 5S 6S 7S 8D 9D 10D | 9C 10C JC QC | 6H 7H 8H | ")
    position = Position(grid.grid, grid.hand, grid.grid_deck, (), variant=Variant.ALL_CLEAR)
    model = TableModel(GameSession(Start.from_position(position)), confirm_blocking_moves=True)
    whole = [m for m in position.legal_moves() if len(m.cleared) == 9]
    assert whole and all(not model.new_blocks(m) for m in whole)
    assert any(model.new_blocks(m) for m in position.legal_moves())
    last = parse_position("2H 3H 4H 5S 6S 7S 8D 9D 10D | 9C | 6H 7H 8H | ")
    model = TableModel(GameSession(Start.from_position(last)), confirm_blocking_moves=True)
    assert all(not model.new_blocks(m) for m in last.legal_moves())


def test_a_counted_hint_is_saved_but_not_after_the_game() -> None:
    model = table(7)
    assert model.count_hint() == TableChange(history=True) and model.session.hints == 1


def test_all_clear_keys_hide_unless_the_variant_is_on() -> None:
    assert table(7).can("act", ("allclear",)) is False
    assert table(7, variant=Variant.ALL_CLEAR).can("act", ("allclear",)) is True  # on: the key answers


def test_the_only_card_an_action_can_pick_is_picked_for_the_player() -> None:
    """Issue 10.10: Any with the last card (a joker here) needs no digit."""
    position = parse_position("- - - - JK - - - - | 5C 6C | | ")
    model = TableModel(GameSession(Start.from_position(position)))
    model.select_club(0)
    model.choose_action(Action.ANY)
    assert model.plan.picked == {5} and model.move is not None and "picked for you" in model.message
    assert model.confirm().game_over


def test_all_clear_messages_name_its_three_clubs() -> None:
    """Issue 10.11: "with the 8♣ 9♣ 10♣", not "with the 8♣"."""
    position = deal(Level.EASY, 14, variant=Variant.ALL_CLEAR)  # 8♣ 9♣ 10♣ in the opening hand
    model = TableModel(GameSession(Start.from_position(position)))
    move = next(m for m in position.legal_moves() if m.action is Action.ALLCLEAR)
    model.commit(move)
    assert "with the 8♣ 9♣ 10♣" in model.message


def test_the_hand_keeps_its_slots_and_a_new_club_fills_the_emptied_one() -> None:
    """Issue 10.9: the clubs held keep their keys (z x c v); the club drawn takes the played one's slot."""
    model = table(WINNING_SEED)
    before = model.hand_slots()
    assert before == model.position.hand
    played = model.position.parse_move(WINNING_LINE[0])
    enter(model, played)
    after = model.hand_slots()
    slot = before.index(played.club)
    assert [c for i, c in enumerate(after) if i != slot] == [c for i, c in enumerate(before) if i != slot]
    assert after[slot] not in before and after[slot] in model.position.hand
    while not model.is_over:  # to the end: every slot holds a club of the hand, or None once the deck is out
        slots = model.hand_slots()
        assert sorted(c for c in slots if c) == sorted(model.position.hand)
        enter(model, model.position.moves_for(model.position.hand[-1])[Action.ANY][0])
    model.undo()
