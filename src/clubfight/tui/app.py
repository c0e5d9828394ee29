"""The Textual app: start screen or table, the theme, and the too-small-terminal guard."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import ClassVar

from textual import events
from textual.app import App
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.theme import Theme

from ..engine import DealCode, Level, Position
from .game_screen import GameScreen
from .start_screen import StartScreen
from .too_small import MIN_SIZE, TooSmallScreen

FELT = Theme(
    name="clubfight-felt",
    primary="#e8c547",
    secondary="#5fb38a",
    accent="#f08a4b",
    warning="#f0c674",
    error="#e0605e",
    success="#8bd17c",
    foreground="#eef3ea",
    background="#0f3b2a",
    surface="#14503a",
    panel="#1c5e45",
    dark=True,
)
"""A card-table green with brass highlights; Textual's built-in themes stay one Ctrl+P away."""


def random_seed() -> int:
    """A fresh deal: short enough to read out and share as a code such as easy-482913."""
    import secrets  # only when a seed is drawn: it pulls in hashlib and random, which startup can skip

    return secrets.randbelow(1_000_000)


class ClubFightApp(App[None]):
    CSS_PATH = "clubfight.tcss"
    TITLE = "Club Fight"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+q", "quit", "Quit", show=False)]

    def __init__(
        self,
        *,
        level: Level | None = None,
        seed: int | None = None,
        all_clear: bool = False,
        position: Position | None = None,
        seed_source: Callable[[], int] = random_seed,
    ) -> None:
        super().__init__()
        self.level = level
        self.seed = seed
        self.all_clear = all_clear
        self.start_position = position
        self.seed_source = seed_source
        self.first_frame_file: str | None = None
        """For benchmarks/startup.py: write the time of the table's first frame here, then exit."""
        self.register_theme(FELT)
        self.theme = FELT.name

    def on_mount(self) -> None:
        if self.start_position is not None:
            self.push_screen(GameScreen(self.start_position, None))
        elif self.level is None:
            self.push_screen(StartScreen(self.seed), self._level_chosen)
        else:
            self.start_game(self.level, self.seed)
        self._guard_size(self.size.width, self.size.height)

    def _level_chosen(self, level: Level | None) -> None:
        if level is None:
            self.exit()
        else:
            self.start_game(level, self.seed)

    def start_game(self, level: Level, seed: int | None, *, replace: bool = False) -> None:
        """Deal (level, seed), or a fresh seed when None, and show its table."""
        code = DealCode(level, self.seed_source() if seed is None else seed)
        self.replace_game(GameScreen(code.deal(all_clear=self.all_clear), code), replace=replace)

    def replace_game(self, screen: GameScreen, *, replace: bool = True) -> None:
        """Show a new table, dropping any overlay (game over, pile, help) above the old one."""
        if replace:
            while len(self.screen_stack) > 2 and not isinstance(self.screen, GameScreen):
                self.pop_screen()
            if isinstance(self.screen, GameScreen):
                self.switch_screen(screen)
                return
        self.push_screen(screen)

    @property
    def game(self) -> GameScreen | None:
        """The table, wherever it is in the screen stack."""
        for screen in reversed(self.screen_stack):
            if isinstance(screen, GameScreen):
                return screen
        return None

    def table_shown(self) -> None:
        """Called once the table's first frame is drawn."""
        if self.first_frame_file:
            with open(self.first_frame_file, "w", encoding="utf-8") as out:
                out.write(f"{time.time()}\n")
            self.exit()

    def on_resize(self, event: events.Resize) -> None:
        self._guard_size(event.size.width, event.size.height)

    def _guard_size(self, width: int, height: int) -> None:
        """Below the minimum, cover everything with a clear message instead of a broken layout."""
        too_small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        showing: Screen[object] = self.screen
        if too_small and not isinstance(showing, TooSmallScreen):
            self.push_screen(TooSmallScreen())
        elif not too_small and isinstance(showing, TooSmallScreen):
            self.pop_screen()
