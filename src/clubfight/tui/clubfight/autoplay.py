"""``clubfight --autoplay``: the hint engine plays the deal on the table, at a pace a person can follow.

Each turn it thinks (on a thread, like the hint key), previews its move through the turn builder
for ``pace`` seconds with the reason underneath, then commits it through ``GameScreen.commit``,
like a player pressing Enter. Space pauses and resumes; Esc stops the demo and hands the table
to the player; q quits. The game ends on the usual game-over screen. A demo is never saved or
counted in the statistics.
"""

from __future__ import annotations

import asyncio
from typing import Any, ClassVar

from textual.binding import Binding, BindingType
from textual.widgets import Button

from ..widgets import CardWidget
from .action_panel import ActionPanel
from .hint_worker import hint_plan, strength_of, think
from .plan import Plan, describe
from .table_screen import GameScreen

PACE = 0.8
"""Seconds each move stays previewed before it is played."""
ALLOWED_WHILE_PLAYING = frozenset(
    {"pause", "stop_autoplay", "help", "discards", "quit", "stats", "settings", "new_game"}
)
"""Keys that still work while the engine plays: looking around is fine, moving its cards is not
(those keys leave the Footer until the demo stops, which leaves room for the demo's own)."""


class AutoplayScreen(GameScreen):
    """The table, played by the hint engine until the game ends or the player presses Esc."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "pause", "Pause", key_display="Space"),
        Binding("escape", "stop_autoplay", "Stop demo"),
    ]

    def __init__(self, *args: Any, pace: float = PACE, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.pace = pace
        self.playing = True
        """True until the demo stops (Esc, or the game ends); paused or not."""
        self._resume = asyncio.Event()
        self._resume.set()

    def keep_save(self) -> None:
        """A demo is not the player's game: nothing is saved to resume..."""

    def keep_result(self, *, abandoned: bool = False) -> None:
        """...or counted in the statistics, even after the player takes the table over."""

    @property
    def paused(self) -> bool:
        return not self._resume.is_set()

    def on_mount(self) -> None:
        # GameScreen.on_mount draws the table too (Textual calls both handlers).
        self.run_worker(self._play(), group="autoplay", exit_on_error=False)

    async def _play(self) -> None:
        while self.playing and not self.position.is_over:
            await self._resume.wait()
            position = self.position
            try:
                hint = await think(position, strength_of(self))
            except Exception as error:  # one line and the table handed over, never a traceback
                self.playing = False
                self.set_plan(Plan(), f"Demo stopped: {error or type(error).__name__}.")
                break
            if not self.playing:
                return
            if self.position is not position:  # the table moved on meanwhile: think again
                continue
            move = hint.move
            self.set_plan(hint_plan(move), f"Demo: {describe(move)} with the {move.club.symbol}: {hint.reason}.")
            await asyncio.sleep(self.pace)
            await self._resume.wait()
            if not self.playing:
                return
            if self.position is not position:  # the table moved on meanwhile: think again
                continue
            self.commit(hint.move)
        self.playing = False
        self.refresh_bindings()

    def action_pause(self) -> None:
        if not self.playing:
            return
        if self.paused:
            self._resume.set()
            self.set_plan(self.plan, "Demo resumed.")
        else:
            self._resume.clear()
            self.set_plan(self.plan, "Demo paused: Space resumes, Esc hands you the table.")
        self.refresh_bindings()

    def action_stop_autoplay(self) -> None:
        """Esc: stop the demo (the table is yours from here); once stopped, Esc steps back as usual."""
        if not self.playing:
            self.action_back()
            return
        self.playing = False
        self._resume.set()
        self.workers.cancel_group(self, "autoplay")
        self.set_plan(Plan(), "Demo stopped: the table is yours.")
        self.refresh_bindings()

    # Clicks on cards, actions and the turn's buttons wait until the demo stops, like the keys
    # (preventing the default stops GameScreen's own handler from running after these).

    def on_card_widget_clicked(self, event: CardWidget.Clicked) -> None:
        if self.playing:
            event.prevent_default()

    def on_action_panel_chosen(self, event: ActionPanel.Chosen) -> None:
        if self.playing:
            event.prevent_default()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if self.playing and event.button.id not in ("pile", "help"):
            event.prevent_default()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pause":
            return self.playing
        if self.playing and action not in ALLOWED_WHILE_PLAYING:
            return False
        return super().check_action(action, parameters)
