"""Where the files live: platformdirs' user data folder, or ``$CLUBFIGHT_HOME`` when it is set.

The settings file and the records folder are shared; each game names its own files in its storage."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

HOME_VARIABLE = "CLUBFIGHT_HOME"
SETTINGS_FILE = "settings.json"
RECORDS_FOLDER = "records"
SCREENSHOTS_FOLDER = "screenshots"


def data_dir() -> Path:
    """The data folder (not created here: the first write creates it)."""
    override = os.environ.get(HOME_VARIABLE, "").strip()
    if override:
        return Path(override).expanduser()
    return Path(platformdirs.user_data_dir("clubfight", appauthor=False))


def settings_path() -> Path:
    return data_dir() / SETTINGS_FILE


def records_dir() -> Path:
    return data_dir() / RECORDS_FOLDER


def screenshots_dir() -> Path:
    """Where the app saves its screenshots (the palette's Screenshot)."""
    return data_dir() / SCREENSHOTS_FOLDER
