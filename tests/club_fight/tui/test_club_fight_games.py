"""Whole seeded games played through the UI, by keyboard only and by mouse only, to the end."""

from __future__ import annotations

from club_fight_tui_support import WINNING_LINE, WINNING_SEED, game, make_app, play_by_keys, play_by_mouse
from clubfight.club_fight.engine import Action, Level, Outcome
from clubfight.club_fight.tui.game_over_screen import GameOverScreen
from clubfight.club_fight.tui.table_screen import GameScreen
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
async def test_a_lost_game_says_so_and_its_final_table_stays_viewable() -> None:
    app = make_app(5, Level.HARD)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game(app)
        while not screen.position.is_over:
            position = screen.position
            screen.commit(position.moves_for(position.hand[0])[Action.ANY][0])
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        text = " ".join(w.render().plain for w in app.screen.query("Static"))  # type: ignore[attr-defined]
        assert "game lost" in text and "Score: 28" in text and "hard-5" in text
        await pilot.click("#table")
        await pilot.pause()
        assert app.screen is screen and screen.position.is_over
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0
