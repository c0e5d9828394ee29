"""The app's own commands in the command palette (ctrl+p), beside Textual's (theme, keys, quit).

Each is what a key does somewhere (``n`` new deal, ``h`` hint, ...), so the palette is a second way
to reach them, searchable by name. The table's commands are offered when the palette was opened
from a table; the others everywhere. The newest exported records are offered for replay.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.app import SystemCommand
from textual.screen import Screen

if TYPE_CHECKING:
    from .app import ClubFightApp

REPLAYS_OFFERED = 5


def app_commands(app: ClubFightApp, screen: Screen[Any]) -> Iterator[SystemCommand]:
    from .clubfight.table_screen import GameScreen

    if isinstance(screen, GameScreen) and not screen.playing:
        yield from _table_commands(screen)
    yield SystemCommand("Today's daily deal", "The same cards for everyone today (UTC)", app.play_daily)
    yield SystemCommand("Statistics", "Games, wins, streaks and scores (s)", app.action_stats)
    yield SystemCommand("Settings", "Theme, four-colour deck, animations, questions (o)", app.action_settings)
    yield SystemCommand("Help", "The keys and the full rules (?)", app.action_rules)
    for path in _records()[:REPLAYS_OFFERED]:
        yield SystemCommand(f"Replay {path.stem}", f"Step through the exported record {path.name}", _replay(app, path))


def _table_commands(table: Any) -> Iterator[SystemCommand]:
    model = table.model
    yield SystemCommand(
        "New deal", "A fresh deal (n; mid-game, n again: the game counts as a loss)", table.action_new_game
    )
    if not table.position.is_over:
        yield SystemCommand("Hint", "The hint engine's move for this table, previewed (h)", table.action_hint)
    if model.can("undo"):
        yield SystemCommand("Undo", "Take back the last move (u)", table.action_undo)
    if model.can("redo"):
        yield SystemCommand("Redo", "Play the undone move again (r)", table.action_redo)
    yield SystemCommand("Discard pile", "Every card played so far (d)", table.action_discards)


def _records() -> list[Path]:
    """The exported records in the data folder, newest first (none if it can't be read)."""
    from ..storage.paths import records_dir

    try:
        return sorted(records_dir().glob("clubfight-*.txt"), key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        return []


def _replay(app: ClubFightApp, path: Path) -> Any:
    def open_replay() -> None:
        from ..game import RecordError, parse_record
        from .clubfight.replay_screen import ReplayScreen

        try:
            record = parse_record(path.read_text(encoding="utf-8-sig"))
        except (OSError, UnicodeDecodeError, RecordError) as error:
            app.notify(f"Couldn't replay {path.name}: {getattr(error, 'reason', None) or error}", severity="error")
            return
        app.push_screen(ReplayScreen(list(record.positions), list(record.moves), path.stem))

    return open_replay
