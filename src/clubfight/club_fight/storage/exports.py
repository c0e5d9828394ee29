"""Exported Club Fight records: the text of ``clubfight.club_fight.game.records`` in the data folder."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

from clubfight.club_fight.engine import Move
from clubfight.club_fight.game import Start, format_record
from clubfight.common.storage.exports import export_text


def export_record(
    start: Start, moves: Sequence[Move], *, folder: Path | None = None, when: datetime | None = None
) -> Path:
    """Write the game's record as ``clubfight-hard-12345-20261130T021500.txt`` and return its path
    (``<data>/records/`` unless ``folder``).

    Raises IllegalMoveError if the moves aren't a legal game from ``start``, OSError if the folder
    can't be written.
    """
    label = str(start.deal) if start.deal is not None else "position"
    return export_text(format_record(start, moves), f"clubfight-{label}", folder=folder, when=when)
