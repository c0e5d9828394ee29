"""Persisted settings: defaults, validation, round trip."""

from __future__ import annotations

from pathlib import Path

import pytest

from clubfight.storage.settings import Settings, load_settings, save_settings


def test_defaults() -> None:
    assert Settings() == Settings("clubfight-felt", four_colour_deck=False, animations=True, confirm_blocking_move=True)


def test_round_trip(home: Path) -> None:
    chosen = Settings(theme="clubfight-high-contrast", four_colour_deck=True, confirm_blocking_move=False)
    save_settings(chosen)
    loaded = load_settings()
    assert loaded.value == chosen and loaded.warning is None
    assert (home / "settings.json").exists()


def test_with_changes_validates() -> None:
    assert Settings().with_changes(animations=False).animations is False
    with pytest.raises(ValueError, match="unknown setting"):
        Settings().with_changes(volume=11)
    with pytest.raises(ValueError, match="animations"):
        Settings().with_changes(animations="off")
    with pytest.raises(ValueError, match="theme"):
        Settings().with_changes(theme="Not A Theme!")


def test_a_missing_field_takes_its_default(home: Path) -> None:
    (home).mkdir()
    (home / "settings.json").write_text('{"format": "settings", "version": 1, "animations": false}')
    loaded = load_settings()
    assert loaded.value == Settings(animations=False) and loaded.warning is None
