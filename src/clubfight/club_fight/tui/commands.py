"""Club Fight's commands in the palette: the table's keys by name (when it was opened from the table),
today's daily deal and a deal by its code, seed or position (from anywhere)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from textual.app import SystemCommand
from textual.screen import Screen

from .table_screen import GameScreen

if TYPE_CHECKING:
    from .entry import ClubFightGame


def club_fight_commands(game: ClubFightGame, screen: Screen[Any]) -> Iterator[SystemCommand]:
    if isinstance(screen, GameScreen) and not screen.playing:
        yield from _table_commands(screen)
    yield SystemCommand("Today's daily deal", "The same cards for everyone today (UTC)", game.play_daily)
    yield SystemCommand("Play a deal…", "A deal code (hard-12345), a seed, or a position string", game.ask_deal)


def _table_commands(table: GameScreen) -> Iterator[SystemCommand]:
    model = table.model
    yield SystemCommand(
        "New deal", "A fresh deal (n; mid-game, n again: the game counts as a loss)", table.action_new_game
    )
    yield SystemCommand(
        "Restart this deal",
        "The same deal from its first turn (b; mid-game, b again: the game counts as a loss)",
        table.action_restart,
    )
    if not table.position.is_over:
        yield SystemCommand("Hint", "The hint engine's move for this table, previewed (h)", table.action_hint)
    if model.can("undo"):
        yield SystemCommand("Undo", "Take back the last move (u)", table.action_undo)
    if model.can("redo"):
        yield SystemCommand("Redo", "Play the undone move again (r)", table.action_redo)
    yield SystemCommand("Discard pile", "Every card played so far (d)", table.action_discards)
