"""The command palette offers the app's commands; a theme picked there is saved; TEXTUAL_THEME wins (issue 9)."""

from __future__ import annotations

import pytest

from club_fight_tui_support import game, make_app
from clubfight.club_fight.tui.replay_screen import ReplayScreen
from clubfight.shell.screens.help_screen import HelpScreen
from support import async_test, load_all_settings


def titles(app: object) -> list[str]:
    return [command.title for command in app.get_system_commands(app.screen)]  # type: ignore[attr-defined]


@async_test
async def test_the_palette_offers_the_apps_commands() -> None:
    app = make_app()
    async with app.run_test(size=(100, 40)) as pilot:
        table = game(app)
        table.commit(table.position.legal_moves()[0])
        await pilot.pause()
        offered = titles(app)
        for title in (
            "New deal",
            "Today's daily deal",
            "Hint",
            "Undo",
            "Statistics",
            "Settings",
            "Help",
            "Discard pile",
        ):
            assert title in offered
        assert "Theme" in offered  # Textual's own stay
        help_command = next(c for c in app.get_system_commands(app.screen) if c.title == "Help")
        help_command.callback()
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)


@async_test
async def test_the_palette_replays_an_exported_record() -> None:
    app = make_app()
    async with app.run_test(size=(100, 40)) as pilot:
        table = game(app)
        while not table.position.is_over:
            table.commit(table.position.legal_moves()[0])
            await pilot.pause()
        await pilot.pause()
        await pilot.press("x")  # export from the game-over dialog
        await pilot.press("escape")
        await pilot.pause()
        replay = next(c for c in app.get_system_commands(app.screen) if c.title.startswith("Replay clubfight-easy-1"))
        replay.callback()
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)


@async_test
async def test_a_theme_picked_in_the_palette_is_saved() -> None:
    app = make_app()
    async with app.run_test(size=(100, 40)) as pilot:
        app.theme = "dracula"  # what the palette's theme picker does
        await pilot.pause()
    assert load_all_settings().value["theme"] == "dracula"
    again = make_app()
    async with again.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert again.theme == "dracula"


@async_test
async def test_textual_theme_is_honoured(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TEXTUAL_THEME", "gruvbox")
    app = make_app()
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert app.theme == "gruvbox"
    assert load_all_settings().value["theme"] != "gruvbox"  # the environment's, for this run only
