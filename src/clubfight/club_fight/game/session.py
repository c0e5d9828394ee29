"""One game being played: its moves, undo and redo, and the counters that decide a clean win.

Pure (no I/O, no clock): the app keeps one ``GameSession``, plays and undoes through it, and hands
``session.saved()`` to ``storage.save_game`` after each confirmed move and ``session.result(day)``
to ``storage.record_game`` at game over.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import TYPE_CHECKING

from clubfight.club_fight.engine import Move, Position

from .start import Start

if TYPE_CHECKING:
    from .results import GameResult
    from .saved import ResumedGame, SavedGame


@dataclass
class GameSession:
    """``positions[i]`` comes before ``moves[i]``; the last position is the current one.

    Undo goes back one move at a time to the start of the deal; redo replays undone moves until a
    new move is played. Any undo or hint makes the game not clean, for good.
    """

    start: Start
    daily: date | None = None
    hints: int = 0
    undos: int = 0
    moves: list[Move] = field(default_factory=list)
    positions: list[Position] = field(default_factory=list)
    redo_stack: list[Move] = field(default_factory=list)
    game_id: str | None = None
    """``storage.new_game_id()`` for a new game: it makes recording the result idempotent."""

    def __post_init__(self) -> None:
        if not self.positions:
            self.positions = [self.start.opening()]
        if len(self.positions) != len(self.moves) + 1:
            raise ValueError("a session needs exactly one position more than it has moves")

    @staticmethod
    def resume(resumed: ResumedGame) -> GameSession:
        saved = resumed.saved
        return GameSession(
            saved.start,
            saved.daily,
            saved.hints,
            saved.undos,
            list(resumed.moves),
            list(resumed.positions),
            game_id=saved.game_id,
        )

    @property
    def position(self) -> Position:
        return self.positions[-1]

    @property
    def is_over(self) -> bool:
        return self.position.is_over

    def play(self, move: Move) -> Position:
        """Play a move (IllegalMoveError if it isn't legal); a new move forgets the redo moves."""
        position = self.position.play(move)
        self.moves.append(move)
        self.positions.append(position)
        if self.redo_stack and self.redo_stack[-1] == move:
            self.redo_stack.pop()
        else:
            self.redo_stack.clear()
        return position

    @property
    def can_undo(self) -> bool:
        return bool(self.moves)

    @property
    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def undo(self) -> Position:
        """Take back the last move (counts towards ``undos``); ValueError at the start of the deal."""
        if not self.moves:
            raise ValueError("nothing to undo: this is the start of the deal")
        self.redo_stack.append(self.moves.pop())
        self.positions.pop()
        self.undos += 1
        return self.position

    def redo(self) -> Position:
        """Replay the last undone move; ValueError when there is none."""
        if not self.redo_stack:
            raise ValueError("nothing to redo")
        return self.play(self.redo_stack[-1])

    def note_hint(self) -> None:
        self.hints += 1

    @property
    def clean(self) -> bool:
        return self.hints == 0 and self.undos == 0

    def saved(self) -> SavedGame:
        from .saved import SavedGame  # with the first save: a game is drawn before any (see __init__)

        return SavedGame.of(
            self.start, self.moves, hints=self.hints, undos=self.undos, daily=self.daily, game_id=self.game_id
        )

    def result(self, played_on: date, *, abandoned: bool = False) -> GameResult:
        """The statistics entry; ``abandoned`` for a game the player declined to resume (a loss)."""
        from .results import GameResult  # at the game's end (see __init__)

        return GameResult.from_game(
            self.start,
            self.position,
            played_on=played_on,
            hints=self.hints,
            undos=self.undos,
            daily=self.daily,
            abandoned=abandoned,
            game_id=self.game_id,
        )

    def share_line(self) -> str | None:
        """The spoiler-free daily share line, or None when this isn't a daily deal."""
        if self.daily is None:
            return None
        from .daily import share_line  # at a daily deal's end (see __init__)

        return share_line(
            self.daily, self.position.level, self.moves, self.position, hints=self.hints, undos=self.undos
        )
