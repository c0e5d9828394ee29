"""The table's link to the data folder: autosave, recording a finished game, the UTC date.

Every function returns a one-line warning for the player instead of raising: a full disk or a
read-only folder must never cost the game on screen.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime, timezone

from ..engine import DealCode, Position
from ..records import Start
from ..session import GameSession

Clock = Callable[[], date]


def utc_today() -> date:
    """The daily deal and the statistics go by the UTC date, the same for every player."""
    return datetime.now(timezone.utc).date()


def new_session(start: Position, code: DealCode | None, *, daily: date | None = None) -> GameSession:
    """A fresh game with its own id (recording its result twice counts it once)."""
    from ..storage import new_game_id

    begin = Start.from_deal(code, variant=start.variant) if code is not None else Start.from_position(start)
    return GameSession(begin, daily=daily, game_id=new_game_id())


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


def _why(error: Exception) -> str:
    if isinstance(error, OSError):
        return error.strerror or type(error).__name__
    return str(error)
