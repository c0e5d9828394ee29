"""The app's link to the data folder: autosave, recording a finished game, exporting its record, the UTC date.

Every function returns a one-line warning for the player instead of raising: a full disk or a
read-only folder must never cost the game on screen.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from datetime import date, datetime, timezone

from ..game import GameSession, Start

Clock = Callable[[], date]


def utc_today() -> date:
    """The daily deal and the statistics go by the UTC date, the same for every player."""
    return datetime.now(timezone.utc).date()


def new_session(start: Start, *, daily: date | None = None) -> GameSession:
    """A fresh game with its own id (recording its result twice counts it once)."""
    from ..storage import new_game_id

    return GameSession(start, daily=daily, game_id=new_game_id())


def autosave(session: GameSession) -> str | None:
    """Write the unfinished game (after every confirmed move, undo and redo)."""
    from ..storage import save_game

    try:
        save_game(session.saved())
    except (OSError, ValueError) as error:
        return f"Couldn't save the game: {_why(error)}. It carries on, unsaved."
    return None


def record_finish(session: GameSession, today: date, *, abandoned: bool = False) -> str | None:
    """Record the result and forget the save (a game over, or a game given up)."""
    from ..storage import finish_game

    try:
        return finish_game(session.result(today, abandoned=abandoned))
    except (OSError, ValueError) as error:
        return f"Couldn't record the result in the statistics: {_why(error)}."


def export_line(session: GameSession) -> str:
    """Write the game record into the data folder; the line to show says where (or why not)."""
    from ..storage import export_record

    try:
        path = export_record(session.start, session.moves)
    except (OSError, ValueError) as error:
        return f"Couldn't export the record: {_why(error)}"
    # Folder and file name on lines of their own: a path has no spaces to wrap at in a narrow dialog.
    return f"Record written to\n{path.parent}{os.sep}\n{path.name}"


def _why(error: Exception) -> str:
    if isinstance(error, OSError):
        return error.strerror or type(error).__name__
    return str(error)
