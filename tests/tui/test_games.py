"""Whole seeded games played through the UI, by keyboard only and by mouse only, to the end."""

from __future__ import annotations

from tui_support import WINNING_LINE, WINNING_SEED, game, make_app, play_by_keys, play_by_mouse

from clubfight.engine import Action, Level, Outcome
from clubfight.tui.clubfight.game_over_screen import GameOverScreen
from clubfight.tui.clubfight.table_screen import GameScreen
from support import async_test


@async_test
async def test_keyboard_only_game_is_won() -> None:
    app = make_app(WINNING_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        for turn, text in enumerate(WINNING_LINE, start=1):
            await play_by_keys(pilot, app, text)
            assert len(game(app).history) == turn + 1, f"move {text} was not played"
        await pilot.pause()
        assert game(app).position.outcome is Outcome.WON
        assert isinstance(app.screen, GameOverScreen)
        assert app.screen.query_one("#result").render().plain.startswith("♣ You won")  # type: ignore[attr-defined]
        await pilot.press("a")  # play this deal again
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.position.turns_played == 0
        assert app.screen.deal_label == f"easy-{WINNING_SEED}"


@async_test
async def test_mouse_only_game_is_won() -> None:
    app = make_app(WINNING_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        for turn, text in enumerate(WINNING_LINE, start=1):
            await play_by_mouse(pilot, app, text)
            assert len(game(app).history) == turn + 1, f"move {text} was not played"
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        await pilot.click("#new")  # a new deal, with the next seed
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.deal_label == "easy-1000"


@async_test
async def test_keyboard_game_is_lost_when_clubs_run_out() -> None:
    """Any clears one card a turn: thirteen of them can't clear 41 cards, so the hard deal is lost."""
    app = make_app(5, Level.HARD)
    async with app.run_test(size=(80, 24)) as pilot:
        while not game(app).position.is_over:
            position = game(app).position
            move = position.moves_for(position.hand[0])[Action.ANY][0]
            await play_by_keys(pilot, app, str(move))
        await pilot.pause()
        position = game(app).position
        assert position.outcome is Outcome.LOST
        assert position.turns_played == 13
        assert position.score == 41 - 13
        assert isinstance(app.screen, GameOverScreen)
        text = " ".join(w.render().plain for w in app.screen.query("Static"))  # type: ignore[attr-defined]
        assert "game lost" in text and "Score: 28" in text and "hard-5" in text
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0


@async_test
async def test_mouse_game_is_lost_and_final_table_stays_viewable() -> None:
    app = make_app(9)
    async with app.run_test(size=(80, 24)) as pilot:
        while not game(app).position.is_over:
            position = game(app).position
            move = position.moves_for(position.hand[-1])[Action.ANY][-1]
            await play_by_mouse(pilot, app, str(move))
        await pilot.pause()
        assert game(app).position.outcome is Outcome.LOST
        await pilot.click("#table")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.position.is_over
