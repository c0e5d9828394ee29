"""The stats and settings screens, in a tiny app that only pushes them: Pilot and snapshot tests."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from textual.app import App
from textual.screen import Screen
from textual.widgets import Select, Static, Switch

from clubfight.club_fight.engine import Level, Variant
from clubfight.club_fight.game import GameResult, StatsSummary, summarize
from clubfight.club_fight.storage.stats import load_stats, record_game
from clubfight.club_fight.tui.entry import club_fight_stats_pane
from clubfight.combat.storage.stats import load_combat_stats
from clubfight.combat.tui.match_side import combat_stats_pane
from clubfight.common.storage.settings import AccessSettings, AppSettings
from clubfight.games import registered
from clubfight.shell.screens.settings_screen import SettingsScreen
from clubfight.shell.screens.stats_screen import StatsScreen
from clubfight.shell.themes import HIGH_CONTRAST, register_themes
from support import async_test, load_all_settings, settings_book


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty data folder: these screens are tested from the very first run, with no settings file."""
    folder = tmp_path / "home"
    monkeypatch.setenv("CLUBFIGHT_HOME", str(folder))
    return folder


DAY = date(2026, 11, 30)
SNAPSHOT_SIZE = (100, 48)


class ScreenApp(App[None]):
    """Pushes one screen and keeps what it was dismissed with."""

    def __init__(self, make_screen: Callable[[], Screen[Any]]) -> None:
        super().__init__()
        self.make_screen = make_screen
        self.results: list[object] = []

    def on_mount(self) -> None:
        register_themes(self)
        self.push_screen(self.make_screen(), self.results.append)


def stats_screen(summary: StatsSummary | None = None) -> StatsScreen:
    """The statistics screen as ``s`` opens it: Club Fight's pane (from ``summary``, else the file),
    then Combat Club's."""
    if summary is None:
        loaded = load_stats()
        club_fight = club_fight_stats_pane(summarize(loaded.value, DAY), loaded.warning)
    else:
        club_fight = club_fight_stats_pane(summary)
    combat = load_combat_stats()
    return StatsScreen([club_fight, combat_stats_pane(combat.value, combat.warning)])


def settings_screen(settings: Any = None, path: Path | None = None) -> SettingsScreen:
    """The settings screen as ``o`` opens it: the app's look, then each game's settings."""
    sections = [(None, AppSettings), (None, AccessSettings)] + [
        (game.title, game.settings_section) for game in registered() if game.settings_section is not None
    ]
    return SettingsScreen(settings if settings is not None else load_all_settings().value, sections, path=path)


def some_games() -> list[GameResult]:
    scores = [0, 3, 0, 0, 7, 12, 0, 2, 0, 1]
    games = [
        GameResult(DAY, f"easy-{n}", Level.EASY, Variant.NONE, s == 0, s, 13, hints=n % 3, undos=int(n % 4 == 1))
        for n, s in enumerate(scores)
    ]
    games += [GameResult(DAY, "hard-77", Level.HARD, Variant.ALL_CLEAR, False, 9, 13, daily=DAY)]
    return games


def text_of(static: Static) -> str:
    console = Console(width=120, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(static.content)
    return console.export_text()


@async_test
async def test_stats_screen_shows_the_recorded_games(home: Path) -> None:
    for game in some_games():
        record_game(game)
    app = ScreenApp(stats_screen)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        figures = text_of(screen.query_one("#stats-figures", Static))
        assert "easy" in figures and "hard all-clear" in figures
        assert "Clean wins" in figures and "hard-77 (9)" in figures
        charts = screen.query(".stats-chart")
        assert [chart.name for chart in charts] == ["easy", "hard all-clear"]
        assert "█" in text_of(charts.first(Static))
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, StatsScreen)


@async_test
async def test_stats_screen_reports_a_damaged_file_and_still_opens(home: Path) -> None:
    home.mkdir()
    (home / "stats.json").write_text("{nonsense")
    app = ScreenApp(stats_screen)
    async with app.run_test() as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        assert app.screen.query_one("#stats-empty", Static)
        warning = app.screen.panes[0].warning
        assert warning is not None and "corrupt" in warning
    assert list(home.glob("stats.json.corrupt-*"))


@async_test
async def test_settings_are_toggled_and_persisted(home: Path) -> None:
    app = ScreenApp(settings_screen)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SettingsScreen)
        assert screen.query_one("#animations", Switch).value is True
        await pilot.click("#animations")
        await pilot.click("#four_colour_deck")
        await pilot.pause()
        assert load_all_settings().value == settings_book(animations=False, four_colour_deck=True)
        screen.query_one("#theme", Select).value = HIGH_CONTRAST.name
        await pilot.pause()
        assert app.theme == HIGH_CONTRAST.name
        assert load_all_settings().value["theme"] == HIGH_CONTRAST.name
        screen.query_one("#hint_strength", Select).value = "expert"
        await pilot.pause()
        assert load_all_settings().value["hint_strength"] == "expert"
        await pilot.press("escape")
        await pilot.pause()
    expected = settings_book(theme=HIGH_CONTRAST.name, four_colour_deck=True, animations=False, hint_strength="expert")
    assert app.results == [expected]
    saved = json.loads((home / "settings.json").read_text())
    assert saved == {
        "format": "settings",
        "version": 1,
        "theme": HIGH_CONTRAST.name,
        "four_colour_deck": True,
        "animations": False,
        "confirm_blocking_move": False,
        "hint_strength": "expert",
    }


@async_test
async def test_settings_screen_starts_from_the_saved_settings(home: Path) -> None:
    from clubfight.common.storage.settings import save_settings

    save_settings(settings_book(confirm_blocking_move=False))
    app = ScreenApp(settings_screen)
    async with app.run_test() as pilot:
        await pilot.pause()
        assert app.screen.query_one("#confirm_blocking_move", Switch).value is False
        assert app.screen.query_one("#animations", Switch).value is True


@async_test
async def test_the_keyboard_reaches_every_setting(home: Path) -> None:
    app = ScreenApp(settings_screen)
    async with app.run_test(size=SNAPSHOT_SIZE) as pilot:
        await pilot.pause()
        for _ in range(6):  # theme -> four-colour -> animations -> hint strength -> confirm
            await pilot.press("tab")
            if app.focused is not None and app.focused.id == "confirm_blocking_move":
                break
        await pilot.press("space")
        await pilot.pause()
        focused = app.focused
        assert isinstance(focused, Switch)
        name = focused.id or ""
        assert load_all_settings().value == settings_book(**{name: not settings_book()[name]})


# --- snapshots (deterministic data, fixed size) ------------------------------------------------


def test_stats_screen_snapshot(snap_compare: Callable[..., bool]) -> None:
    summary = summarize(some_games(), today=DAY)
    assert snap_compare(ScreenApp(lambda: stats_screen(summary)), terminal_size=SNAPSHOT_SIZE)


def test_stats_screen_without_games_snapshot(snap_compare: Callable[..., bool]) -> None:
    assert snap_compare(ScreenApp(lambda: stats_screen(summarize([]))), terminal_size=(80, 16))


def test_settings_screen_snapshot(snap_compare: Callable[..., bool], tmp_path: Path) -> None:
    settings = settings_book(four_colour_deck=True)
    app = ScreenApp(lambda: settings_screen(settings, path=tmp_path / "settings.json"))
    assert snap_compare(app, terminal_size=SNAPSHOT_SIZE)


@async_test
async def test_opening_and_closing_settings_changes_nothing(home: Path) -> None:
    app = ScreenApp(settings_screen)
    async with app.run_test() as pilot:
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
    assert app.results == [settings_book()]
    assert not (home / "settings.json").exists()
