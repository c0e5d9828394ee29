"""A game in progress as it is saved: where it started, its moves as text, its counters. Pure."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from clubfight.club_fight.engine import Move, Position

from .records import move_texts
from .start import Start


@dataclass(frozen=True, slots=True)
class SavedGame:
    """What the save file holds. ``moves`` are in move notation (docs/notation.md)."""

    start: Start
    moves: tuple[str, ...] = ()
    hints: int = 0
    undos: int = 0
    daily: date | None = None
    game_id: str | None = None

    @staticmethod
    def of(
        start: Start,
        moves: Sequence[Move],
        *,
        hints: int = 0,
        undos: int = 0,
        daily: date | None = None,
        game_id: str | None = None,
    ) -> SavedGame:
        return SavedGame(start, move_texts(start.opening(), moves), hints, undos, daily, game_id)

    def to_json(self) -> dict[str, Any]:
        start = {"deal": str(self.start.deal)} if self.start.deal is not None else {"position": self.start.position}
        return {
            "start": start,
            "level": self.start.level.value,
            "variants": list(self.start.variant.names),
            "moves": list(self.moves),
            "hints": self.hints,
            "undos": self.undos,
            "daily": self.daily.isoformat() if self.daily else None,
            "id": self.game_id,
        }


@dataclass(frozen=True, slots=True)
class ResumedGame:
    """A loaded save, replayed: ``positions[i]`` comes before ``moves[i]``; the last is the current one."""

    saved: SavedGame
    moves: tuple[Move, ...]
    positions: tuple[Position, ...]

    @property
    def position(self) -> Position:
        return self.positions[-1]

    @property
    def summary(self) -> str:
        """The resume prompt's line: ``hard-12345 (hard), turn 5, score 23``."""
        position = self.position
        turn = position.turns_played + (0 if position.is_over else 1)
        label = self.saved.start.label
        variants = "".join(f", {name}" for name in self.saved.start.variant.names)
        return f"{label} ({position.level.value}{variants}), turn {turn}, score {position.score}"
