"""The app's own commands in the command palette (ctrl+p), beside Textual's (theme, keys, quit).

Each is what a key does somewhere, so the palette is a second way to reach them, searchable by name:
first the commands of the game in play (its ``Game.commands``), then statistics, settings and help,
then the newest exported records of every game, for replay.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.app import SystemCommand
from textual.screen import Screen

from clubfight.common.storage.paths import records_dir

if TYPE_CHECKING:
    from .app import CardGamesApp
    from .games import Game

REPLAYS_OFFERED = 5


def app_commands(app: CardGamesApp, screen: Screen[Any]) -> Iterator[SystemCommand]:
    for game in app.games:
        yield from game.commands(screen)
    yield SystemCommand("Statistics", "Games, wins, streaks and scores (s)", app.action_stats)
    yield SystemCommand("Settings", "Theme, four-colour deck, animations, questions (o)", app.action_settings)
    yield SystemCommand("Help", "The keys and the full rules (?)", app.action_rules)
    yield SystemCommand("Spoken log", "Every move and key's result as one plain line each (F2)", app.action_spoken_log)
    for game, path in _records(app.games)[:REPLAYS_OFFERED]:
        yield SystemCommand(f"Replay {path.stem}", f"Step through the exported record {path.name}", _replay(game, path))


def _records(games: tuple[Game, ...]) -> list[tuple[Game, Path]]:
    """Every game's exported records in the data folder, newest first (none if it can't be read)."""
    found: list[tuple[float, Game, Path]] = []
    try:
        folder = records_dir()
        for game in games:
            if game.record_glob:
                found += [(path.stat().st_mtime, game, path) for path in folder.glob(game.record_glob)]
    except OSError:
        return []
    return [(game, path) for _, game, path in sorted(found, key=lambda entry: entry[0], reverse=True)]


def _replay(game: Game, path: Path) -> Callable[[], None]:
    return lambda: game.replay(path)
