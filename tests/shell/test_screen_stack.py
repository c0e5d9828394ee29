"""The too-small cover stays on top, and nothing pushed, popped or switched under it crashes (issue 9)."""

from __future__ import annotations

from textual.command import CommandPalette

from club_fight_tui_support import game, make_app
from clubfight.club_fight.tui.game_over_screen import GameOverScreen
from clubfight.shell.screens.too_small_screen import TooSmallScreen
from support import async_test


@async_test
async def test_ctrl_p_under_the_too_small_cover_opens_no_second_palette() -> None:
    app = make_app()
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.press("ctrl+p")  # was DuplicateIds: '--command-palette', and the app died
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert sum(isinstance(screen, CommandPalette) for screen in app.screen_stack) == 1
        await pilot.resize_terminal(100, 40)
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is game(app)


@async_test
async def test_a_dialog_opened_and_closed_under_the_cover_leaves_the_cover_on_top() -> None:
    app = make_app()
    async with app.run_test(size=(100, 40)) as pilot:
        table = game(app)
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        app.action_rules()  # say a button or a worker opens help while the terminal is small
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        app.top.dismiss()  # and the help closes again
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen) and app.top is table
        while not table.position.is_over:  # the game ends under the cover: its dialog goes under it too
            table.commit(table.position.legal_moves()[0])
            await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen) and isinstance(app.top, GameOverScreen)
        app.top.dismiss("new")  # a new deal replaces the table under the cover
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert app.top is game(app) and game(app) is not table
        await pilot.resize_terminal(100, 40)
        await pilot.pause()
        assert app.screen is game(app)


@async_test
async def test_a_screen_arrives_with_the_breakpoint_classes_its_first_resize_would_give_it() -> None:
    """So that first Resize changes no class, and the whole screen isn't styled a second time."""
    from textual.screen import Screen

    for size, expected, absent in (
        ((120, 40), {"-wide", "-tall"}, {"-narrow", "-short"}),
        ((80, 24), {"-narrow", "-short"}, {"-wide", "-tall"}),
    ):
        app = make_app()
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            pushed, switched = Screen[None](), Screen[None]()
            app.push_screen(pushed)
            assert expected <= set(pushed.classes) and not absent & set(pushed.classes)  # before any Resize ran
            app.switch_screen(switched)
            assert expected <= set(switched.classes) and not absent & set(switched.classes)
