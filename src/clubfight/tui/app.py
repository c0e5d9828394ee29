"""The Textual app: start screen or table, the theme, and the too-small-terminal guard."""

from __future__ import annotations

import gc
import os
import time
from collections.abc import Callable, Iterable
from datetime import date
from pathlib import PurePath
from typing import TYPE_CHECKING, ClassVar

from textual import events, on
from textual.app import SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import Screen

from ..engine import DealCode, Level, Position, Variant
from ..game import GameSession, Start
from ..storage.settings import Settings
from .autosave import Clock, Saves, export_file, new_session, utc_today
from .clubfight.board import HORIZONTAL_BREAKPOINTS, VERTICAL_BREAKPOINTS
from .clubfight.table_screen import GameScreen
from .combat.app_part import CombatApp
from .stack import GuardedStack
from .themes import FELT, register_themes
from .widgets import CardSpread

if TYPE_CHECKING:
    from ..game import ResumedGame
    from .combat.launch import CombatLaunch
    from .screens.settings_screen import SettingsScreen
    from .screens.start_screen import StartChoice


APP_CSS: list[str | PurePath] = ["clubfight/table.tcss"]
"""The Club Fight table's stylesheet; Combat Club's (built on it) comes with its fight screen."""


def random_seed() -> int:
    """A fresh deal: short enough to read out and share as a code such as easy-482913."""
    import secrets  # only when a seed is drawn: it pulls in hashlib and random, which startup can skip

    return secrets.randbelow(1_000_000)


HELP_PREPARE_DELAY = 1.0
"""Seconds after start-up before the help's Markdown is parsed on a thread: well after the first
frame (about half a second), so the parse never competes with drawing it for the interpreter."""


class ClubFightApp(CombatApp, GuardedStack):
    HORIZONTAL_BREAKPOINTS = HORIZONTAL_BREAKPOINTS
    VERTICAL_BREAKPOINTS = VERTICAL_BREAKPOINTS
    CSS_PATH = APP_CSS
    TITLE = "Club Fight"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+q", "quit", "Quit", show=False)]

    def __init__(
        self,
        *,
        level: Level | None = None,
        seed: int | None = None,
        variant: Variant = Variant.NONE,
        position: Position | None = None,
        seed_source: Callable[[], int] = random_seed,
        daily: bool = False,
        today: Clock = utc_today,
        hint_strength: str | None = None,
        autoplay: bool = False,
        autoplay_pace: float = 0.8,
        combat: CombatLaunch | None = None,
    ) -> None:
        super().__init__()
        self.level = level
        self.seed = seed
        self.variant = variant
        self.start_position = position
        self.seed_source = seed_source
        self.daily = daily
        """Play today's daily deal (``daily_deal``) rather than ``seed``."""
        self.today = today
        """The UTC date for the daily deal and the statistics; tests pass a fixed one."""
        self.settings = Settings()
        self.strength_for_this_run = hint_strength
        """``--strength``: wins over the strength chosen in Settings, for this run only."""
        self.autoplay = autoplay
        """The next game started is played by the hint engine (``--autoplay``), ``autoplay_pace`` s a move."""
        self.autoplay_pace = autoplay_pace
        self.saves = Saves()
        """This window's save slot: other windows' games are theirs alone."""
        self.first_frame_file: str | None = None
        """For benchmarks/startup.py: write the time of the table's first frame here, then exit."""
        self.combat_launch = combat
        """``clubfight combat``: Combat Club at start-up instead of Club Fight."""
        register_themes(self)
        self._theme_from_settings = True
        """While True, a theme change comes from the settings file or TEXTUAL_THEME: nothing to save."""
        self.theme = FELT.name
        # Textual made the stylesheet with its default theme's variables, and setting the theme has
        # queued a refresh_css that would parse every stylesheet again once the app runs: the
        # variables are given now, before anything is parsed, and that first refresh is skipped.
        self.stylesheet.set_variables(self.get_css_variables())
        self._theme_css_given = True

    def on_mount(self) -> None:
        self._animation_level_at_start = self.animation_level  # TEXTUAL_ANIMATIONS=none wins over the setting
        self._held_warnings: list[str] | None = []  # start-up warnings, held until we know what screen comes
        self._load_settings()
        if self.combat_launch is not None:
            self.enter_combat(self.combat_launch)
            self.guard_size(self.size.width, self.size.height)
            return
        resumed = None if self.autoplay else self._unfinished_game()
        held, self._held_warnings = self._held_warnings or [], None
        if resumed is not None:
            from .screens.question_screen import ResumeScreen

            # Said inside the box: at 80x24 a toast would cover the question.
            screen = ResumeScreen(resumed.summary, warnings=held)
            self.push_screen(screen, lambda yes: self._resume_answered(resumed, yes))
        else:
            for warning in held:
                self._warn(warning)
            self._begin()
        self.guard_size(self.size.width, self.size.height)
        self.set_timer(HELP_PREPARE_DELAY, self._prepare_help)

    def refresh_css(self, animate: bool = True) -> None:
        """Every refresh but the one that setting the theme in ``__init__`` queued (see there)."""
        if self._theme_css_given:
            self._theme_css_given = False
            return
        super().refresh_css(animate)

    def on_ready(self) -> None:
        """Once the first screen (pushed in on_mount) has drawn its first frame, the garbage collector
        may run again.

        ``clubfight`` turns it off while Textual's modules load and the first screen is built: they
        allocate tens of thousands of objects that live as long as the app, and each collection in
        the middle walks them all (about 40 ms of a 0.4 s start, benchmarks/startup.py). Freezing
        them afterwards keeps them out of every later collection too."""
        self.call_after_refresh(self._collect_again)

    @staticmethod
    def _collect_again() -> None:
        if not gc.isenabled():
            gc.enable()
            gc.freeze()

    def _prepare_help(self) -> None:
        """Parse the help's Markdown on a thread once the first frame is out, so ? opens it at once
        (``help_screen.prepare`` caches it; a ? pressed before then parses it there and then)."""
        from .screens.help_screen import help_width, prepare

        width = help_width(self.size.width)
        theme = self.theme
        self.run_worker(lambda: prepare(self.console, width, theme), thread=True, exit_on_error=False)

    def _begin(self) -> None:
        """The first game: the command line's position, level and seed, or the start screen's choice."""
        if self.start_position is not None:
            self.start_game(Start.from_position(self.start_position))
        elif self.level is None:
            from .screens.start_screen import StartScreen  # only without --level: most starts skip it

            self.push_screen(StartScreen(self.seed, daily=self.daily, variant=self.variant), self._level_chosen)
        else:
            self.deal(self.level, self.seed, variant=self.variant, daily=self.daily)

    def _level_chosen(self, choice: StartChoice | str | None) -> None:
        from .screens.start_screen import COMBAT_CHOICE, StartChoice

        if choice == COMBAT_CHOICE:
            self.enter_combat(None)
        elif not isinstance(choice, StartChoice):
            self.exit()
        else:
            self.deal(choice.level, self.seed, variant=choice.variant, daily=choice.daily)

    def deal(
        self,
        level: Level,
        seed: int | None,
        *,
        variant: Variant = Variant.NONE,
        daily: bool = False,
        replace: bool = False,
    ) -> None:
        """Deal (level, seed), a fresh seed when None, or today's daily deal; and show its table."""
        day: date | None = None
        if daily:
            from ..game import daily_deal

            day = self.today()
            code = daily_deal(day, level)
        else:
            code = DealCode(level, self.seed_source() if seed is None else seed)
        self.start_game(Start.from_deal(code, variant=variant), daily=day, replace=replace)

    def start_game(self, start: Start, *, daily: date | None = None, replace: bool = False) -> None:
        """A new game from ``start`` on a fresh table; the first one started with --autoplay is a demo."""
        demo, self.autoplay = self.autoplay, False  # a demo of one deal: "play again" and "new deal" are the player's
        self.show_table(new_session(start, daily=daily), demo=demo, replace=replace)

    def show_table(self, session: GameSession, *, demo: bool = False, replace: bool = False) -> None:
        """Show ``session`` on a table, dropping any overlay (game over, pile, help) above the old one."""
        table = GameScreen(
            session,
            confirm_blocking_moves=self.settings.confirm_blocking_move,
            hint_strength=self.hint_strength,
            demo=demo,
            pace=self.autoplay_pace,
        )
        if replace:
            while self.depth > 2 and not isinstance(self.top, GameScreen):
                self.pop_screen()
            if isinstance(self.top, GameScreen):
                self.switch_screen(table)
                return
        self.push_screen(table)

    # --- what the table asks of the app ----------------------------------------------------

    @on(GameScreen.Changed)
    def _autosave(self, event: GameScreen.Changed) -> None:
        table = event.table
        if not table.demo and not table.session.is_over:
            self._warn(self.saves.autosave(table.session))

    @on(GameScreen.Finished)
    def _game_over(self, event: GameScreen.Finished) -> None:
        """Record the result (a demo's is not the player's) and show the game-over dialog."""
        table = event.table
        if not table.demo:
            self._warn(self.saves.record_finish(table.session, self.today()))
        self.call_after_refresh(self._show_game_over, table)

    @on(GameScreen.SummaryRequested)
    def _summary_requested(self, event: GameScreen.SummaryRequested) -> None:
        """g at a finished table: the game-over dialog again, with its verdict if one was found."""
        if self.screen is event.table:
            self._show_game_over(event.table)

    def _show_game_over(self, table: GameScreen) -> None:
        from .clubfight.game_over_screen import GameOverScreen

        session = table.session
        screen = GameOverScreen(
            session.position,
            session.start.title,
            share=session.share_line(),
            export=lambda: self.export(session),
            played=(list(session.positions), list(session.moves)),
            hints=session.hints,
            demo=table.demo,
            verdict=table.verdict,
        )

        def closed(choice: str | None) -> None:
            table.verdict = screen.verdict
            self._after_game_over(session, choice)

        self.push_screen(screen, closed)

    def export(self, session: GameSession) -> str:
        """Write the game record to the data folder; served in a browser, it is downloaded there too."""
        line, path = export_file(session)
        if self.is_web and path is not None:
            self.deliver_text(path, save_filename=path.name, mime_type="text/plain")
            line = f"Record downloaded by your browser:\n{path.name}"
        return line

    def _after_game_over(self, session: GameSession, choice: str | None) -> None:
        if choice == "quit":
            self.exit()
        elif choice == "again":
            self.start_game(session.start, daily=session.daily, replace=True)
        elif choice == "new":
            self.start_game(session.start.with_seed(self.seed_source()), replace=True)

    @on(GameScreen.NewDealRequested)
    def _new_deal(self, event: GameScreen.NewDealRequested) -> None:
        session = event.table.session
        if event.abandoned and not event.table.demo:
            self._warn(self.saves.record_finish(session, self.today(), abandoned=True))
        self.start_game(session.start.with_seed(self.seed_source()), replace=True)

    @on(GameScreen.Shown)
    def _table_shown(self) -> None:
        """The table's first frame is drawn (benchmarks/startup.py times it)."""
        if self.first_frame_file:
            with open(self.first_frame_file, "w", encoding="utf-8") as out:
                out.write(f"{time.time()} {time.process_time()}\n")  # wall clock, and CPU time so far
            self.exit()

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """The palette: the app's commands (tui/commands.py), then Textual's own."""
        from .commands import app_commands

        yield from app_commands(self, screen)
        yield from super().get_system_commands(screen)

    def play_daily(self) -> None:
        """Today's daily deal at the table's level (the palette; a game in progress counts as a loss)."""
        table = self.game
        level = table.session.start.level if table is not None else (self.level or Level.EASY)
        if table is not None and not table.demo and table.position.turns_played and not table.position.is_over:
            self._warn(self.saves.record_finish(table.session, self.today(), abandoned=True))
        self.deal(level, None, daily=True, replace=table is not None)

    def action_rules(self) -> None:
        from .screens.help_screen import HelpScreen

        self.push_screen(HelpScreen())

    def action_stats(self) -> None:
        from .screens.stats_screen import StatsScreen

        self.push_screen(StatsScreen(today=self.today()))

    def action_settings(self) -> None:
        self.open_settings()

    # --- the data folder ------------------------------------------------------------------

    def _warn(self, warning: str | None) -> None:
        held = getattr(self, "_held_warnings", None)
        if warning and held is not None:
            held.append(warning)
        elif warning:
            self.notify(warning, severity="warning", timeout=10)

    def _unfinished_game(self) -> ResumedGame | None:
        """The saved game to offer; one left finished by a crash is recorded on the spot instead."""
        resumed, lines = self.saves.unfinished()
        for line in lines:
            self._warn(line)
        if resumed is not None and resumed.position.is_over:
            self._warn(self.saves.record_finish(GameSession.resume(resumed), self.today()))
            return None
        return resumed

    def on_unmount(self) -> None:
        self.saves.release()  # the process's exit would too; tests run many apps in one process
        self.release_combat_slot()

    def _resume_answered(self, resumed: ResumedGame, yes: bool | None) -> None:
        session = GameSession.resume(resumed)
        if yes:
            self.show_table(session)
        else:
            self._warn(self.saves.record_finish(session, self.today(), abandoned=True))
            self._begin()

    def _load_settings(self) -> None:
        from ..storage import load_settings

        loaded = load_settings()
        self._warn(loaded.warning)
        self.apply_settings(loaded.value)

    def apply_settings(self, settings: Settings) -> None:
        """Theme, four-colour deck, animations and the hint strength, live (the blocking-move question
        reads ``settings``)."""
        self.settings = settings
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen):
                screen.model.confirm_blocking_moves = settings.confirm_blocking_move
                screen.hint_strength = self.hint_strength
        theme = os.environ.get("TEXTUAL_THEME") or settings.theme  # the environment wins for this run
        if theme in self.available_themes and theme != self.theme:
            self._theme_from_settings = True
            self.theme = theme
        self._theme_from_settings = False
        if self.has_class("-four-colour") != settings.four_colour_deck:
            self.set_class(settings.four_colour_deck, "-four-colour")
            self.refresh_css(animate=False)  # restyle the table under the settings screen too
            for screen in self.screen_stack:
                screen.query(CardSpread).refresh()  # the cards' inks (card_look.py) follow the class
                if isinstance(screen, GameScreen) and screen.is_mounted:
                    screen.render_table()  # the block meter inks its suits as the deck does
        base = getattr(self, "_animation_level_at_start", self.animation_level)
        self.animation_level = base if settings.animations else "none"

    @property
    def hint_strength(self) -> str:
        """The hint engine's strength for the hint key and autoplay: ``--strength``, else Settings'."""
        return self.strength_for_this_run or self.settings.hint_strength

    def watch_theme(self, theme: str) -> None:
        """A theme picked anywhere (the palette, Settings) is saved like one picked in Settings."""
        if self._theme_from_settings or theme == self.settings.theme:
            return
        from ..storage.settings import update_settings

        try:
            self.settings = update_settings(theme=theme)
        except (OSError, ValueError) as error:
            self._warn(f"Couldn't save the theme: {getattr(error, 'strerror', None) or error}.")

    def open_settings(self) -> None:
        from .screens.settings_screen import SettingsScreen

        def closed(settings: Settings | None) -> None:
            if settings is not None:
                self.apply_settings(settings)

        self.push_screen(SettingsScreen(self.settings), closed)

    def on_settings_screen_changed(self, event: SettingsScreen.Changed) -> None:
        self.apply_settings(event.settings)

    @property
    def game(self) -> GameScreen | None:
        """The table, wherever it is in the screen stack."""
        for screen in reversed(self.screen_stack):
            if isinstance(screen, GameScreen):
                return screen
        return None

    def on_resize(self, event: events.Resize) -> None:
        self.guard_size(event.size.width, event.size.height)
