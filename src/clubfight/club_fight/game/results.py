"""The result of a finished game: what the statistics count. Pure."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from clubfight.club_fight.engine import Level, Position, Variant

from .start import Start


@dataclass(frozen=True, slots=True)
class GameResult:
    """One finished game. ``daily`` is the daily deal's date, None for any other deal."""

    played_on: date
    deal: str | None
    level: Level
    variant: Variant
    won: bool
    score: int
    turns: int
    hints: int = 0
    undos: int = 0
    daily: date | None = None
    abandoned: bool = False
    """The player declined to resume it: it counts as a loss (as solitaire games do)."""
    game_id: str | None = None
    """The game's token (``new_game_id``): recording the same game twice counts it once."""

    @staticmethod
    def from_game(
        start: Start,
        final: Position,
        *,
        played_on: date,
        hints: int = 0,
        undos: int = 0,
        daily: date | None = None,
        abandoned: bool = False,
        game_id: str | None = None,
    ) -> GameResult:
        """The result of a game that reached ``final``; unfinished (abandoned) games are losses."""
        won = final.score == 0
        return GameResult(
            played_on=played_on,
            deal=str(start.deal) if start.deal is not None else None,
            level=final.level,
            variant=start.variant,
            won=won,
            score=final.score,
            turns=final.turns_played,
            hints=hints,
            undos=undos,
            daily=daily,
            abandoned=abandoned and not won,
            game_id=game_id,
        )

    @property
    def clean(self) -> bool:
        """A clean win: no undo and no hint."""
        return self.won and self.hints == 0 and self.undos == 0

    @property
    def deal_label(self) -> str:
        return self.deal or "custom position"

    def to_json(self) -> dict[str, Any]:
        return {
            "played_on": self.played_on.isoformat(),
            "deal": self.deal,
            "level": self.level.value,
            "variants": list(self.variant.names),
            "won": self.won,
            "score": self.score,
            "turns": self.turns,
            "hints": self.hints,
            "undos": self.undos,
            "daily": self.daily.isoformat() if self.daily else None,
            "abandoned": self.abandoned,
            "id": self.game_id,
        }
