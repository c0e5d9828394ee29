"""In a browser (issue 35): a window too small asks for a bigger window, not a terminal, and a wide
window (1280x800 is 142x44 in Chromium) shows both games' tables centred, not stuck to the left."""

from __future__ import annotations

import pytest

from club_fight_tui_support import game, make_app
from clubfight.shell.app import CardGamesApp
from clubfight.shell.screens.too_small_screen import TooSmallScreen, too_small_text
from combat_tui_support import combat_app, fight, settle
from support import async_test


def test_too_small_text_names_the_window_in_a_browser() -> None:
    assert too_small_text(70, 20, web=True).startswith("Please enlarge the window to 80x24")
    assert too_small_text(70, 20, web=False).startswith("Please enlarge the terminal to 80x24")


@async_test
async def test_served_in_a_browser_the_too_small_cover_asks_for_a_bigger_window(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(CardGamesApp, "is_web", property(lambda self: True))
    app = make_app()
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        text = str(app.screen.query_one("#too-small").render())
        assert "Please enlarge the window to 80x24" in text and "terminal" not in text


@async_test
async def test_in_a_wide_window_the_table_is_centred() -> None:
    """A browser at 1280x800 gives a terminal of 142x44: the table no longer sticks to the left."""
    app = make_app()
    async with app.run_test(size=(142, 44)) as pilot:
        await pilot.pause()
        table = game(app)
        left = table.query_one("#left").region
        right = table.query_one("#right").region
        assert left.x > 5
        assert abs(left.x - (142 - right.right)) <= 1


@async_test
async def test_in_a_wide_window_the_fight_is_centred() -> None:
    app = combat_app()
    async with app.run_test(size=(142, 44)) as pilot:
        await settle(pilot)
        table = fight(app).query_one("#c-table").region
        cards = fight(app).query_one("#c-cards").region
        assert table.x > 5 and abs(table.x - (142 - table.right)) <= 1
        assert cards.x == table.x  # the card row lines up under the grid
