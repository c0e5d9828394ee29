"""The app shell: the screen stack, themes, settings, the start screen, statistics, help and the
palette, for whichever games it is given (``clubfight.games`` lists them). It knows no game: it
reaches each through ``shell.games.Game``."""

from __future__ import annotations

import gc
import os
import time
from collections.abc import Callable, Iterable, Sequence
from datetime import date, datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from textual import events, on
from textual.app import App, SystemCommand
from textual.binding import Binding, BindingType
from textual.geometry import Offset, Region
from textual.screen import Screen

from clubfight.common.storage.paths import screenshots_dir
from clubfight.common.storage.settings import (
    AccessSettings,
    AppSettings,
    SettingsBook,
    SettingsSection,
    load_settings,
    update_settings,
)

from .games import Game, GameScreenShown
from .layout import HORIZONTAL_BREAKPOINTS, VERTICAL_BREAKPOINTS
from .spoken import SpokenLog, title_sequence
from .stack import GuardedStack
from .themes import FELT, register_themes
from .widgets import CardSpread
from .widgets.card_look import remember_theme_variables
from .widgets.card_spread import SCREEN_READER

if TYPE_CHECKING:
    from .screens.settings_screen import SettingsScreen

G = TypeVar("G", bound=Game)
S = TypeVar("S", bound=SettingsSection)

APP_CSS = Path(__file__).parent / "app.tcss"
"""What every screen shares; each game's screens bring their own stylesheet (``CSS_PATH``)."""

HELP_PREPARE_DELAY = 1.0
"""Seconds after start-up before the help is prepared on a thread: well after the first frame (about
half a second), so the work never competes with drawing it for the interpreter."""


def random_seed() -> int:
    """A fresh deal: short enough to read out and share as a code such as easy-482913."""
    import secrets  # only when a seed is drawn: it pulls in hashlib and random, which start-up can skip

    return secrets.randbelow(1_000_000)


def utc_today() -> date:
    """The daily deal and the statistics go by the UTC date, the same for every player."""
    return datetime.now(timezone.utc).date()


def cursor_spot(region: Region) -> Offset:
    """Where the terminal cursor goes on an element: a card's first line inside its border (its rank
    and suit), a button's second cell (after its edge)."""
    return Offset(region.x + 1, region.y + (1 if region.height > 2 else 0))


def place_cursor(app: object, spot: Offset) -> None:
    """``CardGamesApp.place_cursor`` in the app; elsewhere (a bare test app) the offset alone."""
    if isinstance(app, CardGamesApp):
        app.place_cursor(spot)
    elif isinstance(app, App):
        app.cursor_position = spot


def speak(app: object, text: str, *, private: bool = False) -> None:
    """``CardGamesApp.speak`` when a game's screen runs in the app (not in a bare test app)."""
    if isinstance(app, CardGamesApp):
        app.speak(text, private=private)


def forget_private(app: object) -> None:
    """``CardGamesApp.forget_private`` when a game's screen runs in the app."""
    if isinstance(app, CardGamesApp):
        app.forget_private()


class CardGamesApp(GuardedStack):
    """The app: ``games`` in start-screen order (the first is the default), ``launch`` what the
    command line asked for (None: the start screen, after the first game's unfinished one)."""

    HORIZONTAL_BREAKPOINTS = HORIZONTAL_BREAKPOINTS
    VERTICAL_BREAKPOINTS = VERTICAL_BREAKPOINTS
    TITLE = "Club Fight"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit", "Quit", show=False),
        Binding("f2", "spoken_log", "Spoken log", show=False),
    ]

    def __init__(
        self,
        games: Sequence[type[Game]],
        launch: object | None = None,
        *,
        seed_source: Callable[[], int] = random_seed,
        today: Callable[[], date] = utc_today,
    ) -> None:
        if not games:
            raise ValueError("the app needs at least one game")
        super().__init__(css_path=[APP_CSS, *(sheet for kind in games for sheet in kind.stylesheets)])
        self.games: tuple[Game, ...] = tuple(kind(self) for kind in games)
        self.launch = launch
        self.seed_source = seed_source
        """Seeds for fresh deals and matches; tests pass fixed ones."""
        self.today = today
        """The UTC date for daily deals and the statistics; tests pass a fixed one."""
        self.settings = SettingsBook([AppSettings(), AccessSettings()])
        self.first_frame_file: str | None = None
        """For benchmarks/startup.py: write the time of a game's first frame here, then exit."""
        register_themes(self)
        self._theme_from_settings = True
        """While True, a theme change comes from the settings file or TEXTUAL_THEME: nothing to save."""
        self.theme = FELT.name
        # Textual made the stylesheet with its default theme's variables, and setting the theme has
        # queued a refresh_css that would parse every stylesheet again once the app runs: the
        # variables are given now, before anything is parsed, and that first refresh is skipped.
        self.stylesheet.set_variables(self.get_css_variables())
        self._theme_css_given = True
        self._held_warnings: list[str] | None = []
        """Start-up warnings, held until we know what screen comes first (then shown there)."""
        self.spoken = SpokenLog()
        """Every game's plain lines for a screen reader (F2 shows them; ``speak`` adds one)."""

    # --- the games ------------------------------------------------------------------------

    def game_of(self, kind: type[G]) -> G:
        """This app's instance of the game ``kind`` (a game's own screens ask for theirs)."""
        for game in self.games:
            if isinstance(game, kind):
                return game
        raise LookupError(f"{kind.__name__} is not one of this app's games")

    def game_for_screen(self, screen: Screen[Any] | None = None) -> Game:
        """The game being played: the owner of the topmost game screen, else the first game."""
        screens = [screen] if screen is not None else []
        for candidate in [*screens, *reversed(self.screen_stack)]:
            for game in self.games:
                if game.owns_screen(candidate):
                    return game
        return self.games[0]

    def open_launch(self, launch: object) -> None:
        """Open the game ``launch`` belongs to, as the start screen or the command line asked."""
        for game in self.games:
            if game.owns(launch):
                game.open(launch)
                return
        raise ValueError(f"no game opens {launch!r}")

    def show_start(self, launch: object | None = None) -> None:
        """The start screen: every game's entries; ``launch`` is what the command line already chose."""
        from .screens.start_screen import StartScreen  # only when no option skips it

        sections = [
            game.start_section(launch if launch is not None and game.owns(launch) else None) for game in self.games
        ]

        def chosen(choice: object | None) -> None:
            if choice is None:
                self.exit()
            else:
                self.open_launch(choice)

        self.push_screen(StartScreen(sections, title_art=self.games[0].title_art), chosen)

    # --- start-up -------------------------------------------------------------------------

    def on_mount(self) -> None:
        self._animation_level_at_start = self.animation_level  # TEXTUAL_ANIMATIONS=none wins over the setting
        self._load_settings()
        if self.launch is not None:
            self.open_launch(self.launch)
        else:
            self.games[0].resume_or(self.show_start)
        self.release_warnings()
        self.guard_size(self.size.width, self.size.height)
        self.set_timer(HELP_PREPARE_DELAY, self._prepare_help)

    def release_warnings(self) -> list[str]:
        """The start-up warnings still held: from now on each is a toast. A game that shows a question
        at start-up takes them first, to say them inside its box (at 80x24 a toast would cover it)."""
        held, self._held_warnings = self._held_warnings or [], None
        for warning in held:
            self.warn(warning)
        return held

    def take_held_warnings(self) -> list[str]:
        """The start-up warnings, for a question to show in its box; none are toasted afterwards."""
        held, self._held_warnings = self._held_warnings or [], None
        return held

    def get_css_variables(self) -> dict[str, str]:
        variables = super().get_css_variables()
        remember_theme_variables(self.current_theme, variables)
        return variables

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
        """Let the game in play prepare its help on a thread once the first frame is out, so ? opens
        it at once."""
        game = self.game_for_screen()
        width = self.size.width
        self.run_worker(lambda: game.prepare_help(width), thread=True, exit_on_error=False)

    @on(GameScreenShown)
    def _game_shown(self) -> None:
        """A game's first frame is drawn (benchmarks/startup.py times it)."""
        if self.first_frame_file:
            with open(self.first_frame_file, "w", encoding="utf-8") as out:
                out.write(f"{time.time()} {time.process_time()}\n")  # wall clock, and CPU time so far
            self.exit()

    # --- what every screen can ask for ------------------------------------------------------

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        """The palette: the app's commands (shell/commands.py), then Textual's own."""
        from .commands import app_commands  # the palette's, when it opens

        yield from app_commands(self, screen)
        yield from super().get_system_commands(screen)

    def deliver_screenshot(
        self, filename: str | None = None, path: str | None = None, time_format: str | None = None
    ) -> str | None:
        """The palette's Screenshot (and the ``screenshot`` action): saved in the data folder's
        screenshots/, which is there to be made, not in ~/Downloads, which may not exist. Served in a
        browser, the browser downloads it as before."""
        if path is None and not self.is_web:
            folder = screenshots_dir()
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                self.notify(
                    f"Couldn't save the screenshot in {folder}: {error.strerror or error}.",
                    title="Screenshot",
                    severity="error",
                )
                return None
            path = str(folder)
        return super().deliver_screenshot(filename, path, time_format)

    @on(events.DeliveryFailed)
    def _screenshot_failed(self, event: events.DeliveryFailed) -> None:
        """Say where the screenshot could not be saved and why (Textual says only that it failed)."""
        if event.name == "screenshot":
            event.prevent_default()
            error = event.exception
            reason = getattr(error, "strerror", None) or str(error) or type(error).__name__
            where = getattr(error, "filename", None)
            place = f" as {where}" if where else ""
            self.notify(f"Couldn't save the screenshot{place}: {reason}.", title="Screenshot", severity="error")

    # --- play by screen reader ---------------------------------------------------------------

    @property
    def screen_reader(self) -> bool:
        """The Screen reader setting is on."""
        return self.settings.get(AccessSettings).screen_reader

    def place_cursor(self, spot: Offset) -> None:
        """Put the terminal cursor at ``spot`` (screen cells), where screen readers and braille
        displays look. Textual moves it only with the next frame, so under the Screen reader setting
        a moved cursor asks for one (else it would trail a key behind)."""
        if spot != self.cursor_position:
            self.cursor_position = spot
            if self.screen_reader:
                self.screen.refresh()

    def push_screen(self, screen: Any, *args: Any, **kwargs: Any) -> Any:
        self.call_after_refresh(self._cursor_on_screen)
        return super().push_screen(screen, *args, **kwargs)

    def pop_screen(self) -> Any:
        self.call_after_refresh(self._cursor_on_screen)
        return super().pop_screen()

    def switch_screen(self, screen: Any) -> Any:
        self.call_after_refresh(self._cursor_on_screen)
        return super().switch_screen(screen)

    def _cursor_on_screen(self) -> None:
        """A screen that doesn't place the cursor itself (``PLACES_CURSOR``: the tables, the questions,
        the spoken log) gets it on its focused widget, else its first button, else its first line."""
        screen = self.screen
        if getattr(screen, "PLACES_CURSOR", False):
            return
        target = screen.focused or next(iter(screen.query(".entry, FlatButton, ButtonStrip")), None)
        region = target.region if target is not None else screen.region
        if region:
            self.place_cursor(cursor_spot(region))

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """Tab moves the focus (settings, the help): the cursor follows it."""
        if not getattr(self.screen, "PLACES_CURSOR", False):
            self.call_after_refresh(self._cursor_on_screen)

    def speak(self, text: str, *, private: bool = False) -> None:
        """Add one plain line to the spoken log (``private``: the keyboard's player's own, forgotten
        when it passes); with the Screen reader setting, the terminal's title says it too."""
        if self.spoken.add(text, private=private) and self.screen_reader:
            self.terminal_control(title_sequence(self.spoken.latest))

    def forget_private(self) -> None:
        """The keyboard passes (hot-seat): the lines about the last player's own cards go, and so
        does a title that may name them."""
        self.spoken.forget_private()
        if self.screen_reader:
            self.terminal_control(title_sequence(self.spoken.latest or self.title))

    def terminal_control(self, sequence: str) -> None:
        """Write an escape sequence to the terminal itself (the title, the cursor's visibility), which
        Textual has no call for. Nothing is written by a headless app (tests, benchmarks)."""
        driver = self._driver
        if driver is not None and not self.is_headless:
            driver.write(sequence)
            driver.flush()

    def action_spoken_log(self) -> None:
        """F2: the spoken log, every game's lines."""
        from .screens.spoken_log_screen import SpokenLogScreen  # screens load when first opened

        if not isinstance(self.screen, SpokenLogScreen):
            self.push_screen(SpokenLogScreen(self.spoken.texts()))

    def action_rules(self) -> None:
        """The help of the game in play."""
        self.push_screen(self.game_for_screen().help_screen())

    def action_stats(self) -> None:
        from .screens.stats_screen import StatsScreen  # screens load when first opened

        self.push_screen(StatsScreen([game.stats_pane(self.today()) for game in self.games]))

    def action_settings(self) -> None:
        self.open_settings()

    def warn(self, warning: str | None) -> None:
        """One line for the player: held while start-up decides its first screen, else a toast."""
        held = self._held_warnings
        if warning and held is not None:
            held.append(warning)
        elif warning:
            self.notify(warning, severity="warning", timeout=10)

    def on_unmount(self) -> None:
        for game in self.games:  # the process's exit would let go too; tests run many apps in one process
            game.close()

    def on_resize(self, event: events.Resize) -> None:
        self.guard_size(event.size.width, event.size.height)

    # --- settings -------------------------------------------------------------------------

    def settings_of(self, kind: type[S]) -> S:
        """The settings section ``kind`` (a game reads its own part this way)."""
        return self.settings.get(kind)

    def _sections(self) -> list[type[SettingsSection]]:
        return [AppSettings, AccessSettings] + [
            game.settings_section for game in self.games if game.settings_section is not None
        ]

    def _load_settings(self) -> None:
        loaded = load_settings(self._sections())
        self.warn(loaded.warning)
        self.apply_settings(loaded.value)

    def apply_settings(self, settings: SettingsBook) -> None:
        """Theme, four-colour deck, animations and the Screen reader setting, live; then each game
        applies its own part."""
        self.settings = settings
        look = settings.get(AppSettings)
        theme = os.environ.get("TEXTUAL_THEME") or look.theme  # the environment wins for this run
        if theme in self.available_themes and theme != self.theme:
            self._theme_from_settings = True
            self.theme = theme
        self._theme_from_settings = False
        if self.has_class("-four-colour") != look.four_colour_deck:
            self.set_class(look.four_colour_deck, "-four-colour")
            self.refresh_css(animate=False)  # restyle the screens under the settings screen too
            for screen in self.screen_stack:
                screen.query(CardSpread).refresh()  # the cards' inks (card_look.py) follow the class
        base = getattr(self, "_animation_level_at_start", self.animation_level)
        reader = settings.get(AccessSettings).screen_reader
        self.animation_level = base if look.animations and not reader else "none"
        if self.has_class(SCREEN_READER) != reader:
            self.set_class(reader, SCREEN_READER)
            self.refresh_css(animate=False)  # the dialogs' borders (app.tcss)
            # The terminal cursor shows where each screen puts it (``App.cursor_position``): screen
            # readers and braille displays follow it. Textual hides it for the whole run.
            self.terminal_control("\x1b[?25h" if reader else "\x1b[?25l")
            for screen in self.screen_stack:
                screen.query(CardSpread).refresh()  # card borders blank or drawn
        for game in self.games:
            section = game.settings_section
            game.settings_changed(settings.get(section) if section is not None else None)

    def watch_theme(self, theme: str) -> None:
        """A theme picked anywhere (the palette, Settings) is saved like one picked in Settings."""
        if self._theme_from_settings or theme == self.settings.get(AppSettings).theme:
            return
        try:
            self.settings = self.settings.with_section(update_settings(AppSettings, theme=theme))
        except (OSError, ValueError) as error:
            self.warn(f"Couldn't save the theme: {getattr(error, 'strerror', None) or error}.")

    def open_settings(self) -> None:
        from .screens.settings_screen import SettingsScreen  # screens load when first opened

        sections = [(None, AppSettings), (None, AccessSettings)] + [
            (game.title, game.settings_section) for game in self.games if game.settings_section is not None
        ]

        def closed(settings: SettingsBook | None) -> None:
            if settings is not None:
                self.apply_settings(settings)

        self.push_screen(SettingsScreen(self.settings, sections), closed)

    def on_settings_screen_changed(self, event: SettingsScreen.Changed) -> None:
        self.apply_settings(event.settings)
