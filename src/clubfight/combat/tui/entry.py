"""Combat Club as the app shell sees it (``shell.games.Game``): its start-screen entry, its help, its
statistics pane and its replays, and entering it.

This module loads with the app (the start screen lists Combat Club), so it imports nothing of
Combat Club's at the top: everything else is ``match_side.MatchSide``, loaded once, when Combat
Club is first entered or asked about, not on Club Fight's way to its first frame.
"""

from __future__ import annotations

from datetime import date
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from clubfight.combat.storage.settings import CombatSettings
from clubfight.common.storage.settings import SettingsSection
from clubfight.shell.games import Game, StartEntry, StartSection, StatsPane

if TYPE_CHECKING:
    from textual.screen import Screen

    from clubfight.shell.app import CardGamesApp

    from .launch import CombatLaunch
    from .match_side import MatchSide

GAME = "combat"


class CombatStart(StartSection):
    """One entry on the app's start screen: Combat Club, which then shows its own start screen."""

    def entries(self) -> list[StartEntry]:
        return [StartEntry("c", "Combat Club (2 players)", "combat")]

    def choose(self, name: str) -> CombatLaunch:
        from .launch import CombatLaunch  # the engine and the AI load when Combat Club is chosen

        return CombatLaunch(ask=True)


class CombatGame(Game):
    ident = GAME
    title = "Combat Club"
    record_glob = "combat-*.txt"
    settings_section = CombatSettings

    def __init__(self, app: CardGamesApp) -> None:
        super().__init__(app)

    @cached_property
    def side(self) -> MatchSide:
        """Combat Club's side of this app, loaded on first use."""
        from .match_side import MatchSide  # the whole of Combat Club, loaded when it is first needed

        return MatchSide(self.app)

    def start_section(self, launch: object | None) -> StartSection:
        return CombatStart()

    def open(self, launch: object | None) -> None:
        self.side.open(launch)

    def help_screen(self) -> Screen[Any]:
        from clubfight.shell.screens.help_screen import HelpScreen  # the help loads when it is opened

        from .help import COMBAT_HELP

        return HelpScreen(COMBAT_HELP)

    def prepare_help(self, width: int) -> None:
        from clubfight.shell.screens.help_screen import help_width, prepare  # on a thread, after the first frame

        from .help import COMBAT_HELP

        prepare(COMBAT_HELP, self.app.console, help_width(width), self.app.theme)

    def stats_pane(self, today: date) -> StatsPane:
        return self.side.stats_pane()

    def replay(self, path: Path) -> None:
        self.side.replay(path)

    @property
    def settings(self) -> CombatSettings:
        return self.app.settings_of(CombatSettings)

    def settings_changed(self, section: SettingsSection | None) -> None:
        """The ring-out marks, live, on the fight if one is open."""
        if "side" in self.__dict__:  # never entered: no fight to update
            self.side.settings_changed(self.settings)

    def close(self) -> None:
        if "side" in self.__dict__:  # never entered: nothing of Combat Club's to let go
            self.side.release_slot()
