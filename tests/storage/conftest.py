"""Fixtures for the storage tests: a private data folder per test."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """CLUBFIGHT_HOME points at an empty folder for the test."""
    folder = tmp_path / "home"
    monkeypatch.setenv("CLUBFIGHT_HOME", str(folder))
    return folder
