"""What a Club Fight game is opened with: from the command line or the start screen (plain values)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar

from clubfight.club_fight.engine import Level, Variant

if TYPE_CHECKING:
    from clubfight.club_fight.engine import Move, Position


@dataclass(frozen=True)
class ClubFightLaunch:
    """A deal to play. ``level`` None: the start screen asks it (for ``seed``, or today's deal when
    ``daily``); ``position``: a position string's game (``--deal`` with one) instead of a deal."""

    GAME: ClassVar[str] = "club-fight"

    level: Level | None = None
    seed: int | None = None
    variant: Variant = Variant.NONE
    daily: bool = False
    position: Position | None = None
    hint_strength: str | None = None
    """``--strength``: wins over the strength chosen in Settings, for this run only."""
    autoplay: bool = False
    """The first game is played by the hint engine (``--autoplay``), ``autoplay_pace`` s a move."""
    autoplay_pace: float = 0.8

    @property
    def asks(self) -> bool:
        """Whether the start screen must ask for the level first."""
        return self.level is None and self.position is None

    def with_changes(self, **changes: object) -> ClubFightLaunch:
        return replace(self, **changes)  # type: ignore[arg-type]


@dataclass(frozen=True)
class ClubFightReplay:
    """An exported record to step through (``clubfight replay FILE``, or the palette)."""

    GAME: ClassVar[str] = "club-fight"

    positions: tuple[Position, ...]
    moves: tuple[Move, ...]
    title: str = ""
