"""Persisted settings: each owner's section (the app's look, each game's own) in one file; defaults,
validation, round trips, and keys no section claims kept as they are."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from clubfight.club_fight.storage.settings import ClubFightSettings
from clubfight.common.storage.settings import AppSettings, load_settings, save_settings, update_settings
from support import load_all_settings, settings_book


def test_defaults() -> None:
    assert AppSettings() == AppSettings("clubfight-felt", four_colour_deck=False, animations=True)
    assert ClubFightSettings() == ClubFightSettings(confirm_blocking_move=False, hint_strength="fast")


def test_round_trip(home: Path) -> None:
    chosen = settings_book(theme="clubfight-high-contrast", four_colour_deck=True, confirm_blocking_move=False)
    save_settings(chosen)
    loaded = load_all_settings()
    assert loaded.value == chosen and loaded.warning is None
    assert (home / "settings.json").exists()


def test_with_changes_validates() -> None:
    assert AppSettings().with_changes(animations=False).animations is False
    with pytest.raises(ValueError, match="unknown setting"):
        AppSettings().with_changes(volume=11)
    with pytest.raises(ValueError, match="animations"):
        AppSettings().with_changes(animations="off")
    with pytest.raises(ValueError, match="theme"):
        AppSettings().with_changes(theme="Not A Theme!")
    with pytest.raises(ValueError, match="hint_strength must be one of fast, strong, expert"):
        ClubFightSettings().with_changes(hint_strength="grandmaster")


def test_a_missing_field_takes_its_default(home: Path) -> None:
    (home).mkdir()
    (home / "settings.json").write_text('{"format": "settings", "version": 1, "animations": false}')
    loaded = load_all_settings()
    assert loaded.value == settings_book(animations=False) and loaded.warning is None


def test_a_section_reads_only_its_own_fields_and_keeps_the_rest(home: Path) -> None:
    """The app reads its look without knowing the games: a game's keys (or a newer release's) stay."""
    home.mkdir()
    path = home / "settings.json"
    path.write_text('{"format": "settings", "version": 1, "animations": false, "hint_strength": "strong", "x": 1}')
    look = load_settings((AppSettings,)).value
    assert look.get(AppSettings) == AppSettings(animations=False)
    assert look["hint_strength"] == "strong" and look["x"] == 1
    update_settings(AppSettings, theme="nord")
    written = json.loads(path.read_text())
    kept = (written["theme"], written["hint_strength"], written["x"], written["animations"])
    assert kept == ("nord", "strong", 1, False)


def test_updating_one_section_keeps_another_windows_change_to_another(home: Path) -> None:
    save_settings(settings_book())
    update_settings(ClubFightSettings, hint_strength="expert")
    update_settings(AppSettings, four_colour_deck=True)
    assert load_all_settings().value == settings_book(hint_strength="expert", four_colour_deck=True)


def test_the_file_is_written_in_the_order_todays_main_wrote_it(home: Path) -> None:
    """The fields keep the order the single Settings class had: an old file round-trips byte for byte."""
    save_settings(settings_book())
    document = json.loads((home / "settings.json").read_text())
    assert list(document) == [
        "format",
        "version",
        "theme",
        "four_colour_deck",
        "animations",
        "confirm_blocking_move",
        "hint_strength",
    ]
