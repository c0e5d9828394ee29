"""Club Fight's link to the data folder: autosave, recording a finished game, exporting its record.

Every function returns a one-line warning for the player instead of raising: a full disk or a
read-only folder must never cost the game on screen.
"""

from __future__ import annotations

import os
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from clubfight.club_fight.game import GameSession, Start
from clubfight.club_fight.storage import claim_free_slot
from clubfight.club_fight.storage.saves import any_saved, claim_unfinished
from clubfight.common.storage.errors import why
from clubfight.common.storage.results_file import new_game_id

if TYPE_CHECKING:
    from clubfight.club_fight.game import ResumedGame
    from clubfight.club_fight.storage.saves import GameSlot

ELSEWHERE = "A game is open in another window, so it stays there: here is a new deal."
"""Said, in one line, by a second window that finds the only unfinished game already being played."""


def new_session(start: Start, *, daily: date | None = None) -> GameSession:
    """A fresh game with its own id (recording its result twice counts it once)."""
    return GameSession(start, daily=daily, game_id=new_game_id())


class Saves:
    """This window's save slot (``storage.GameSlot``): claimed on the first autosave or when an
    unfinished game is taken up, held until the app exits. Other windows' games are never touched."""

    def __init__(self) -> None:
        self.slot: GameSlot | None = None

    def unfinished(self) -> tuple[ResumedGame | None, list[str]]:
        """The unfinished game nobody else is playing (now this window's), and the lines to show."""
        if not any_saved():  # no file at all: no lock needed
            return None, []
        claimed = claim_unfinished()
        if claimed.slot is not None:
            self.release()
            self.slot = claimed.slot
        lines = [claimed.loaded.warning] if claimed.loaded.warning else []
        if claimed.loaded.value is None and claimed.busy:
            lines.append(ELSEWHERE)
        return claimed.loaded.value, lines

    def autosave(self, session: GameSession) -> str | None:
        """Write the unfinished game (after every confirmed move, undo and redo)."""
        try:
            if self.slot is None:
                self.slot = claim_free_slot()
            self.slot.save(session.saved())
        except (OSError, ValueError) as error:
            return f"Couldn't save the game: {why(error)}. It carries on, unsaved."
        return None

    def record_finish(self, session: GameSession, today: date, *, abandoned: bool = False) -> str | None:
        """Record the result and forget this window's save (a game over, or a game given up)."""
        try:
            result = session.result(today, abandoned=abandoned)
            if self.slot is None:  # never saved: there is nothing of ours to forget
                from clubfight.club_fight.storage import record_game  # the statistics load at a game's end

                return record_game(result)
            return self.slot.finish(result)
        except (OSError, ValueError) as error:
            return f"Couldn't record the result in the statistics: {why(error)}."

    def release(self) -> None:
        if self.slot is not None:
            self.slot.release()
            self.slot = None


def export_line(session: GameSession) -> str:
    """Write the game record into the data folder; the line to show says where (or why not)."""
    return export_file(session)[0]


def export_file(session: GameSession) -> tuple[str, Path | None]:
    """``export_line``, and the record's path when it was written."""
    from clubfight.club_fight.storage import export_record  # the records load with the first export

    try:
        path = export_record(session.start, session.moves)
    except (OSError, ValueError) as error:
        return f"Couldn't export the record: {why(error)}", None
    # Folder and file name on lines of their own: a path has no spaces to wrap at in a narrow dialog.
    return f"Record written to\n{path.parent}{os.sep}\n{path.name}", path
