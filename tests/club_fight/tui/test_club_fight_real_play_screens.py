"""Points of an issue filed from real play, checked on the screens: the blocking question over the
table, ..."""

from __future__ import annotations

import re
from datetime import date

from club_fight_tui_support import club_fight, game, keys_for, make_app, replay_app, screen_lines, text_of
from clubfight.club_fight.engine import Variant
from clubfight.club_fight.storage import load_stats
from clubfight.club_fight.storage.settings import ClubFightSettings
from clubfight.club_fight.tui.commands import club_fight_commands
from clubfight.club_fight.tui.hand_view import HandView
from clubfight.club_fight.tui.replay_screen import ReplayScreen
from clubfight.club_fight.tui.table_model import hand_slots
from clubfight.common.storage.settings import save_settings
from support import async_test, deal_start, greedy_game, settings_book

DAY = date(2026, 1, 5)


@async_test
async def test_the_blocking_question_leaves_the_table_in_sight() -> None:
    save_settings(settings_book(confirm_blocking_move=True))
    app = make_app(317855)
    async with app.run_test(size=(80, 24)) as pilot:
        table = game(app)
        move = table.position.parse_move("KC sum 2 5")
        await pilot.press(*keys_for(table.position, move))
        await pilot.pause()
        assert app.screen.id == "confirm-block"
        lines = screen_lines(app)
        assert any("╭─ 1 ──╮" in line for line in lines), "the grid is hidden behind the question"
        assert any("╭─ z ──╮" in line for line in lines), "the hand is hidden behind the question"
        assert any("Play it anyway" in line for line in lines)


def test_the_blocking_question_is_off_by_default() -> None:
    assert ClubFightSettings().confirm_blocking_move is False


@async_test
async def test_the_replay_keeps_each_club_in_the_slot_the_table_gave_it() -> None:
    """easy-40788, step 5: the table showed z=7 x=A c=3 v=5, the replay A 5 3 7."""
    moves, positions = greedy_game(deal_start("easy-40788"))
    app = replay_app(positions, moves, "easy-40788")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        differ = 0
        for step in range(len(moves) + 1):
            table = hand_slots(positions[: step + 1], moves[:step])
            shown = tuple(slot.card for slot in replay.query_one(HandView).slots)
            assert shown == table, f"step {step}"
            differ += table != (*positions[step].hand, *[None] * (4 - len(positions[step].hand)))
            await pilot.press("right")
            await pilot.pause()
        assert differ, "the game must be one where the slots and the engine's order differ"


@async_test
async def test_clubs_in_the_header_is_always_the_clubs_deck() -> None:
    """From real play: "Clubs 9" was the clubs deck with --daily, "Clubs 13" the clubs left with All Clear."""
    for options in ({"daily": True, "today": lambda: DAY}, {"variant": Variant.ALL_CLEAR}):
        app = make_app(**options)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            table = game(app)
            status = text_of(table, "#status")
            deck = len(table.position.clubs_deck)
            assert re.search(rf"\bClubs(?: deck)? {deck}\b", status), status
            assert not re.search(rf"\bClubs {table.position.clubs_left}\b", status), status


@async_test
async def test_all_clear_fits_80x24_and_names_its_clubs_once() -> None:
    """From real play: "last turn: 9♣ 10♣ J♣ All" was cut off, and the message said "All Clear
    9♣-10♣-J♣ with the 9♣ 10♣ J♣"."""
    app = make_app(14, variant=Variant.ALL_CLEAR)  # easy-14 opens with 8♣ 9♣ 10♣ in hand
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("z", "k", "enter")
        await pilot.pause()
        table = game(app)
        assert [str(move) for move in table.moves] == ["8C 9C 10C allclear"]
        assert any(line.rstrip().endswith("8♣ 9♣ 10♣ All Clear") for line in screen_lines(app)), screen_lines(app)
        assert table.message.count("8♣") == 1, table.message
        assert table.message.startswith("Played All Clear with the 8♣ 9♣ 10♣: cleared 9.")


@async_test
async def test_every_key_answers_at_the_table() -> None:
    """From real play: y, b, 0 and F5 said nothing (the README promises every key answers); b now
    restarts the deal, and says so when there is nothing to restart."""
    app = make_app(14)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = game(app)
        for key, shown in (("y", "y"), ("j", "j"), ("0", "0"), ("f5", "F5"), ("space", "Space")):
            table.model.message = ""
            await pilot.press(key)
            await pilot.pause()
            assert table.message == f"{shown} does nothing here: ? shows the keys.", key
        answers = (("enter", "Pick a club first"), ("escape", "Nothing to step back from"), ("g", "summary"))
        for key, said in (*answers, ("b", "Nothing to restart")):
            table.model.message = ""
            await pilot.press(key)
            await pilot.pause()
            assert said in table.message, key
        await pilot.press("z", "m")  # a bound key that acts says what it did, not that it does nothing
        await pilot.pause()
        assert "does nothing" not in table.message


@async_test
async def test_restart_this_deal_plays_it_again_and_counts_the_game_as_given_up() -> None:
    app = make_app(7)
    async with app.run_test(size=(80, 24)) as pilot:
        table = game(app)
        table.commit(table.position.legal_moves()[0])
        await pilot.pause()
        commands = [command.title for command in club_fight_commands(club_fight(app), table)]
        assert "Restart this deal" in commands
        await pilot.press("b")
        await pilot.pause()
        assert game(app) is table and "press b again" in table.message
        await pilot.press("b")
        await pilot.pause()
        again = game(app)
        assert again is not table and again.deal_label == "easy-7" and again.position.turns_played == 0
    games = load_stats().value
    assert len(games) == 1 and games[0].abandoned and games[0].deal == "easy-7"
