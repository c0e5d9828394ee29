"""Club Fight as the app shell sees it (``shell.games.Game``): the start-screen entries, the resume
question, the table and what it hands on (autosave, recording a result, the game-over dialog, new
deals), the help, the statistics pane, the palette's commands and replays."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from clubfight.club_fight.engine import DealCode, Level, Variant
from clubfight.club_fight.game import GameSession, Start
from clubfight.club_fight.storage.settings import ClubFightSettings
from clubfight.club_fight.tui import TABLE_CSS
from clubfight.shell.games import Game, StartSection, StatsPane, StatsPart

from .autosave import Saves, export_file, new_session
from .launch import ClubFightLaunch, ClubFightReplay
from .table_screen import GameScreen

if TYPE_CHECKING:
    from textual.app import SystemCommand
    from textual.screen import Screen

    from clubfight.club_fight.game import ResumedGame, StatsSummary
    from clubfight.common.storage.settings import SettingsSection
    from clubfight.shell.app import CardGamesApp

TITLE_ART = """\
╭──────╮ ╭──────╮
│ A    │ │ K    │   C L U B   F I G H T
│  ♣   │ │  ♣   │
│    A │ │    K │   clear the grid with your 13 clubs
╰──────╯ ╰──────╯"""


def club_fight_stats_pane(summary: StatsSummary, warning: str | None = None) -> StatsPane:
    """The figures per level and variant, the daily streak and a chart of the scores per group."""
    from clubfight.club_fight.views.stats import NO_GAMES, daily_line, figures_table, histogram_panel  # when shown

    if not summary.groups:
        return StatsPane((StatsPart(NO_GAMES, id="stats-empty"),), warning)
    parts = [
        StatsPart(figures_table(summary), id="stats-figures"),
        StatsPart(daily_line(summary), id="stats-daily"),
    ]
    parts += [StatsPart(histogram_panel(group), classes="stats-chart", name=group.name) for group in summary.groups]
    return StatsPane(tuple(parts), warning)


class ClubFightGame(Game):
    ident = "club-fight"
    title = "Club Fight"
    title_art = TITLE_ART
    settings_section = ClubFightSettings
    record_glob = "clubfight-*.txt"
    stylesheets = (Path(__file__).parent / TABLE_CSS,)

    def __init__(self, app: CardGamesApp) -> None:
        super().__init__(app)
        self.saves = Saves()
        """This window's save slot: other windows' games are theirs alone."""
        self.strength_for_this_run: str | None = None
        """``--strength``: wins over the strength chosen in Settings, for this run only."""
        self.autoplay_pace = 0.8
        self._autoplay_next = False
        """The next game started is a demo (``--autoplay``): a demo of one deal."""

    # --- the shell's questions --------------------------------------------------------------

    def start_section(self, launch: object | None) -> StartSection:
        from .start_section import ClubFightStart  # only when the start screen shows

        return ClubFightStart(launch if isinstance(launch, ClubFightLaunch) else None)

    def open(self, launch: object | None) -> None:
        if isinstance(launch, ClubFightReplay):
            self.show_replay(launch)
            return
        launch = launch if isinstance(launch, ClubFightLaunch) else ClubFightLaunch()
        self.strength_for_this_run = launch.hint_strength or self.strength_for_this_run
        self.autoplay_pace = launch.autoplay_pace
        self._autoplay_next = launch.autoplay
        if launch.autoplay:  # a demo is not the player's game: theirs stays saved for later
            self._begin(launch)
        else:
            self.resume_or(lambda: self._begin(launch))

    def resume_or(self, otherwise: Callable[[], None]) -> None:
        resumed = self._unfinished_game()
        if resumed is None:
            otherwise()
            return
        from .questions import ResumeScreen  # only when a game was left unfinished

        # Start-up warnings are said inside the box: at 80x24 a toast would cover the question.
        screen = ResumeScreen(resumed.summary, warnings=self.app.take_held_warnings())
        self.app.push_screen(screen, lambda yes: self._resume_answered(resumed, bool(yes), otherwise))

    def help_screen(self) -> Screen[Any]:
        from clubfight.shell.screens.help_screen import HelpScreen  # the help loads when it is opened

        from .help import CLUB_FIGHT_HELP

        return HelpScreen(CLUB_FIGHT_HELP)

    def prepare_help(self, width: int) -> None:
        from clubfight.shell.screens.help_screen import help_width, prepare  # on a thread, after the first frame

        from .help import CLUB_FIGHT_HELP

        prepare(CLUB_FIGHT_HELP, self.app.console, help_width(width), self.app.theme)

    def stats_pane(self, today: date) -> StatsPane:
        from clubfight.club_fight.game import summarize  # the figures load when first shown
        from clubfight.club_fight.storage import load_stats  # and so do the statistics

        loaded = load_stats()
        return club_fight_stats_pane(summarize(loaded.value, today), loaded.warning)

    def commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        from .commands import club_fight_commands  # the palette's: loads when it opens

        return club_fight_commands(self, screen)

    def replay(self, path: Path) -> None:
        from clubfight.club_fight.game import RecordError, parse_record  # the records load with a replay

        try:
            record = parse_record(path.read_text(encoding="utf-8-sig"))
        except (OSError, UnicodeDecodeError, RecordError) as error:
            self.app.notify(f"Couldn't replay {path.name}: {getattr(error, 'reason', None) or error}", severity="error")
            return
        self.show_replay(ClubFightReplay(record.positions, record.moves, path.stem))

    def settings_changed(self, section: SettingsSection | None) -> None:
        """The blocking-move question and the hint strength, live; the block meter's inks too."""
        for screen in self.app.screen_stack:
            if isinstance(screen, GameScreen):
                screen.model.confirm_blocking_moves = self.settings.confirm_blocking_move
                screen.hint_strength = self.hint_strength
                if screen.is_mounted:
                    screen.render_table()  # the block meter inks its suits as the deck does

    def close(self) -> None:
        self.saves.release()

    # --- settings ---------------------------------------------------------------------------

    @property
    def settings(self) -> ClubFightSettings:
        return self.app.settings_of(ClubFightSettings)

    @property
    def hint_strength(self) -> str:
        """The hint engine's strength for the hint key and autoplay: ``--strength``, else Settings'."""
        return self.strength_for_this_run or self.settings.hint_strength

    # --- dealing ----------------------------------------------------------------------------

    def _begin(self, launch: ClubFightLaunch) -> None:
        """The first game: the command line's position, level and seed, or the start screen's choice."""
        if launch.position is not None:
            self.start_game(Start.from_position(launch.position))
        elif launch.level is None:
            self.app.show_start(launch)
        else:
            self.deal(launch.level, launch.seed, variant=launch.variant, daily=launch.daily)

    def deal(
        self, level: Level, seed: int | None, *, variant: Any = None, daily: bool = False, replace: bool = False
    ) -> None:
        """Deal (level, seed), a fresh seed when None, or today's daily deal; and show its table."""
        day: date | None = None
        if daily:
            from clubfight.club_fight.game import daily_deal  # only for the daily deal

            day = self.app.today()
            code = daily_deal(day, level)
        else:
            code = DealCode(level, self.app.seed_source() if seed is None else seed)
        start = Start.from_deal(code, variant=variant if variant is not None else Variant.NONE)
        self.start_game(start, daily=day, replace=replace)

    def start_game(self, start: Start, *, daily: date | None = None, replace: bool = False) -> None:
        """A new game from ``start`` on a fresh table; the first one started with --autoplay is a demo."""
        demo, self._autoplay_next = self._autoplay_next, False  # "play again" and "new deal" are the player's
        self.show_table(new_session(start, daily=daily), demo=demo, replace=replace)

    def show_table(self, session: GameSession, *, demo: bool = False, replace: bool = False) -> None:
        """Show ``session`` on a table, dropping any overlay (game over, pile, help) above the old one."""
        app = self.app
        table = GameScreen(
            session,
            host=self,
            confirm_blocking_moves=self.settings.confirm_blocking_move,
            hint_strength=self.hint_strength,
            demo=demo,
            pace=self.autoplay_pace,
        )
        if replace:
            while app.depth > 2 and not isinstance(app.top, GameScreen):
                app.pop_screen()
            if isinstance(app.top, GameScreen):
                app.switch_screen(table)
                return
        app.push_screen(table)

    def show_replay(self, replay: ClubFightReplay) -> None:
        from .replay_screen import ReplayScreen  # only for a replay

        title = replay.title
        if not title:
            first = replay.positions[0]
            variants = "".join(f" +{name}" for name in first.variant.names)
            title = f"{first.level.value}{variants}, {len(replay.moves)} moves"
        self.app.push_screen(ReplayScreen(list(replay.positions), list(replay.moves), title), self._replay_closed)

    def _replay_closed(self, _: object = None) -> None:
        if len(self.app.screen_stack) <= 1:  # opened by ``clubfight replay``: nothing under it
            self.app.exit()

    @property
    def table(self) -> GameScreen | None:
        """The table, wherever it is in the screen stack."""
        for screen in reversed(self.app.screen_stack):
            if isinstance(screen, GameScreen):
                return screen
        return None

    def play_daily(self) -> None:
        """Today's daily deal at the table's level (the palette; a game in progress counts as a loss)."""
        table = self.table
        level = table.session.start.level if table is not None else Level.EASY
        if table is not None and not table.demo and table.position.turns_played and not table.position.is_over:
            self.app.warn(self.saves.record_finish(table.session, self.app.today(), abandoned=True))
        self.deal(level, None, daily=True, replace=table is not None)

    def ask_deal(self) -> None:
        """The palette's "Play a deal…": a deal code, a seed (at the table's level) or a position."""
        from clubfight.shell.screens.text_prompt import Answered, TextPrompt  # when asked for

        from .deal_prompt import DEAL_PROMPT, launch_from_text

        table = self.table
        here = ClubFightLaunch(variant=table.session.start.variant) if table is not None else ClubFightLaunch()
        level = table.session.start.level if table is not None else Level.EASY

        def check(text: str) -> ClubFightLaunch:
            launch = launch_from_text(text, here)
            return launch.with_changes(level=level) if launch.asks else launch

        def answered(answer: Answered | None) -> None:
            if answer is not None and isinstance(answer.value, ClubFightLaunch):
                self.play_chosen(answer.value)

        self.app.push_screen(
            TextPrompt(
                "Play a deal",
                DEAL_PROMPT + " A seed plays at this table's level." if table is not None else DEAL_PROMPT,
                check,
            ),
            answered,
        )

    def play_chosen(self, launch: ClubFightLaunch) -> None:
        """Deal what "Play a deal…" named; a game in progress counts as given up, as with a new deal."""
        table = self.table
        if table is not None and not table.demo and table.position.turns_played and not table.position.is_over:
            self.app.warn(self.saves.record_finish(table.session, self.app.today(), abandoned=True))
        if launch.position is not None:
            self.start_game(Start.from_position(launch.position), replace=table is not None)
        elif launch.level is not None:
            self.deal(launch.level, launch.seed, variant=launch.variant, replace=table is not None)

    # --- what the table hands on (``table_screen.TableHost``) ---------------------------------

    def table_changed(self, table: GameScreen) -> None:
        if not table.demo and not table.session.is_over:
            self.app.warn(self.saves.autosave(table.session))

    def table_finished(self, table: GameScreen) -> None:
        """Record the result (a demo's is not the player's) and show the game-over dialog."""
        if not table.demo:
            self.app.warn(self.saves.record_finish(table.session, self.app.today()))
        self.app.call_after_refresh(self._show_game_over, table)

    def summary_requested(self, table: GameScreen) -> None:
        """g at a finished table: the game-over dialog again, with its verdict if one was found."""
        if self.app.screen is table:
            self._show_game_over(table)

    def new_deal_requested(self, table: GameScreen, abandoned: bool) -> None:
        session = table.session
        if abandoned and not table.demo:
            self.app.warn(self.saves.record_finish(session, self.app.today(), abandoned=True))
        self.start_game(session.start.with_seed(self.app.seed_source()), replace=True)

    def restart_requested(self, table: GameScreen, abandoned: bool) -> None:
        """This deal again from its first turn, a new game: the one in progress counts as given up."""
        session = table.session
        if abandoned and not table.demo:
            self.app.warn(self.saves.record_finish(session, self.app.today(), abandoned=True))
        self.start_game(session.start, daily=session.daily, replace=True)

    def _show_game_over(self, table: GameScreen) -> None:
        from .game_over_screen import GameOverScreen  # at game over (it brings the solver)

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

        self.app.push_screen(screen, closed)

    def export(self, session: GameSession) -> str:
        """Write the game record to the data folder; served in a browser, it is downloaded there too."""
        line, path = export_file(session)
        if self.app.is_web and path is not None:
            self.app.deliver_text(path, save_filename=path.name, mime_type="text/plain")
            line = f"Record downloaded by your browser:\n{path.name}"
        return line

    def _after_game_over(self, session: GameSession, choice: str | None) -> None:
        if choice == "quit":
            self.app.exit()
        elif choice == "again":
            self.start_game(session.start, daily=session.daily, replace=True)
        elif choice == "new":
            self.start_game(session.start.with_seed(self.app.seed_source()), replace=True)

    # --- the unfinished game ------------------------------------------------------------------

    def _unfinished_game(self) -> ResumedGame | None:
        """The saved game to offer; one left finished by a crash is recorded on the spot instead."""
        resumed, lines = self.saves.unfinished()
        for line in lines:
            self.app.warn(line)
        if resumed is not None and resumed.position.is_over:
            self.app.warn(self.saves.record_finish(GameSession.resume(resumed), self.app.today()))
            return None
        return resumed

    def _resume_answered(self, resumed: ResumedGame, yes: bool, otherwise: Callable[[], None]) -> None:
        session = GameSession.resume(resumed)
        if yes:
            self.show_table(session)
        else:
            self.app.warn(self.saves.record_finish(session, self.app.today(), abandoned=True))
            otherwise()
