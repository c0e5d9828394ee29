"""The data folder of every test that runs the app or its screens (tests/shell, tests/club_fight/tui
and tests/combat/tui, whose conftest.py files bring in ``home``): the app autosaves, records results
and reads settings, and must never touch the player's real files."""

from __future__ import annotations

from pathlib import Path

import pytest

from clubfight.common.storage.settings import save_settings
from support import settings_book


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """CLUBFIGHT_HOME points at a fresh folder with the default settings, as a new player has them:
    the blocking-move question is off; a test that turns it on plays through it with the helpers that
    answer it (club_fight_tui_support)."""
    folder = tmp_path / "home"
    monkeypatch.setenv("CLUBFIGHT_HOME", str(folder))
    save_settings(settings_book())
    return folder
