"""Shared fixtures. Every test gets its own data folder, so nothing ever touches the player's real
files. Hypothesis runs a fixed, moderate number of examples so the suite stays
deterministic in CI; raise it locally with HYPOTHESIS_PROFILE=thorough."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", max_examples=100, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("thorough", max_examples=2000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """CLUBFIGHT_HOME points at an empty folder for the test."""
    folder = tmp_path / "home"
    monkeypatch.setenv("CLUBFIGHT_HOME", str(folder))
    return folder
