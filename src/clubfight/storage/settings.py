"""The player's settings in ``settings.json``, each field checked on its own so one bad value
costs only that value."""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, fields, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from . import paths
from .atomic import Loaded, load_document, write_document
from .lock import locked

KIND = "settings"
VERSION = 1
DEFAULT_THEME = "clubfight-felt"
"""The app's own card-table theme."""
THEME_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")
"""The shape of a Textual theme name; whether the theme exists is the app's to check."""
HINT_STRENGTHS = ("fast", "strong", "expert")
"""clubfight.ai.hints.STRENGTHS, restated so that reading the settings never loads the AI."""


@dataclass(frozen=True, slots=True)
class Settings:
    theme: str = DEFAULT_THEME
    four_colour_deck: bool = False
    """Hearts, diamonds, spades and clubs each in their own colour: suit blocks are easier to count."""
    animations: bool = True
    confirm_blocking_move: bool = True
    """Ask before confirming a move that leaves a suit blocking an action (T2)."""
    hint_strength: str = "fast"
    """The hint engine's strength for the hint key and the demo (``--strength`` overrides it for a run)."""

    def with_changes(self, **changes: Any) -> Settings:
        """A copy with some fields changed; raises ValueError for an unknown field or a bad value."""
        known = {f.name for f in fields(self)}
        unknown = set(changes) - known
        if unknown:
            raise ValueError(f"unknown setting {sorted(unknown)[0]!r}")
        updated = replace(self, **changes)
        problems = _problems(asdict(updated))
        if problems:
            raise ValueError(problems[0])
        return updated


def _problems(values: dict[str, Any]) -> list[str]:
    problems = []
    theme = values.get("theme")
    if not isinstance(theme, str) or not THEME_NAME.fullmatch(theme):
        problems.append("theme must be a theme name such as clubfight-felt")
    for name in ("four_colour_deck", "animations", "confirm_blocking_move"):
        if not isinstance(values.get(name), bool):
            problems.append(f"{name} must be true or false")
    if values.get("hint_strength") not in HINT_STRENGTHS:
        problems.append(f"hint_strength must be one of {', '.join(HINT_STRENGTHS)}")
    return problems


def _parse(document: dict[str, Any]) -> tuple[Settings, str | None]:
    defaults = asdict(Settings())
    kept: dict[str, Any] = {}
    bad: list[str] = []
    for name, default in defaults.items():
        if name not in document:
            kept[name] = default  # a field added in a later release of this version: its default
            continue
        trial = {**defaults, name: document[name]}
        if _problems(trial):
            bad.append(name)
            kept[name] = default
        else:
            kept[name] = document[name]
    settings = Settings(**kept)
    if bad:
        return settings, f"had bad values for {', '.join(bad)} (reset to the defaults)"
    return settings, None


def load_settings(path: Path | None = None, *, now: datetime | None = None) -> Loaded[Settings]:
    """The saved settings, or the defaults. Never raises."""
    where = path or paths.settings_path()
    return load_document(
        where,
        kind=KIND,
        version=VERSION,
        what="settings",
        parse=_parse,
        default=Settings,
        rewrite=lambda settings: save_settings(settings, where),
        now=now,
    )


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write the settings atomically; raises OSError if the folder can't be written."""
    where = path or paths.settings_path()
    with locked(where):
        write_document(where, KIND, VERSION, asdict(settings))


def update_settings(path: Path | None = None, **changes: Any) -> Settings:
    """Change some settings in the file and return them all: read, change and write under the file's
    lock, so a change made meanwhile in another window is kept, not overwritten.

    Raises ValueError for an unknown setting or a bad value, OSError if the file can't be written.
    """
    where = path or paths.settings_path()
    with locked(where):
        settings = load_settings(where).value.with_changes(**changes)
        write_document(where, KIND, VERSION, asdict(settings))
    return settings
