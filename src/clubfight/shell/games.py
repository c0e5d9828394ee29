"""The one interface between the app shell and a game, in the spirit of Harlequin's adapters.

The shell (the app, the start screen, statistics, settings, help, the palette) knows no game. Each
game hands it a ``Game``: what it puts on the start screen, how it opens (resuming its unfinished
game first), its help, its statistics pane, its palette commands, the records it replays, and its
part of the settings file. ``clubfight.games`` lists the games, one line each, and the command line
passes that list to the app.

A ``Game`` is made once per app (``Game(app)``), so it may keep the app's state for that game: its
save slot, its open screens.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any, ClassVar

from textual.message import Message

if TYPE_CHECKING:
    from rich.console import RenderableType
    from textual.app import SystemCommand
    from textual.screen import Screen

    from clubfight.common.storage.settings import SettingsSection

    from .app import CardGamesApp


@dataclass(frozen=True)
class StartEntry:
    """One line of the start screen: its key, its label, and whether it is a switch (shown on/off)."""

    key: str
    label: str
    name: str
    """The button's id and the name ``StartSection.choose`` is called with."""
    switch: bool = False
    on: bool = False
    asks: str = ""
    """An entry that needs a line of text first (a deal to play): what to type, shown by its box."""


class Refused(ValueError):
    """The text given to an entry (or a palette command) can't be used; its one line says why."""


class StartSection(ABC):
    """A game's part of the start screen (plain Python: the screen draws it, the section decides)."""

    @property
    def prompt(self) -> str | None:
        """A line above the menu (the first section's is shown), or None."""
        return None

    @abstractmethod
    def entries(self) -> list[StartEntry]: ...

    @abstractmethod
    def choose(self, name: str) -> object | None:
        """The launch the entry ``name`` asks for, or None when it only flipped a switch."""

    def answer(self, name: str, text: str) -> object | None:
        """The launch the entry ``name`` asks for with ``text`` typed in its box, or None when the text
        only changed the section (the start screen then redraws it); ``Refused`` says why not."""
        raise Refused(f"{name} takes no text")


@dataclass(frozen=True)
class StatsPart:
    """One block of a game's statistics: drawn in its own Static with this id and these classes."""

    renderable: RenderableType
    id: str | None = None
    classes: str = ""
    name: str | None = None


@dataclass(frozen=True)
class StatsPane:
    """A game's part of the statistics screen: its blocks in order, and a warning line."""

    parts: tuple[StatsPart, ...]
    warning: str | None = None


class GameScreenShown(Message):
    """A game's main screen drew its first frame (benchmarks/startup.py times it)."""


class Game(ABC):
    """One game as the app sees it. Subclasses set the class attributes and the methods."""

    ident: ClassVar[str]
    """A short stable name: "club-fight", "combat"."""
    title: ClassVar[str]
    title_art: ClassVar[str] = ""
    """The start screen shows the first game's."""
    stylesheets: ClassVar[tuple[PurePath, ...]] = ()
    """Stylesheets the app loads with its own, up front: the first game's table, which a screen's own
    CSS_PATH would have Textual parse every stylesheet again for, on the way to the first frame."""
    settings_section: ClassVar[type[SettingsSection] | None] = None
    """The game's fields in the settings file, offered on the Settings screen under its title."""
    record_glob: ClassVar[str | None] = None
    """Exported records of this game in the data folder's records/, offered for replay."""

    def __init__(self, app: CardGamesApp) -> None:
        self.app = app

    def owns(self, launch: object) -> bool:
        """Whether ``launch`` (from the command line or the start screen) opens this game: a game's
        launch values name it (``GAME``), so the shell can tell without importing them."""
        return getattr(launch, "GAME", None) == self.ident

    @abstractmethod
    def start_section(self, launch: object | None) -> StartSection:
        """The game's entries on the start screen; ``launch``: what the command line already chose."""

    @abstractmethod
    def open(self, launch: object | None) -> None:
        """Enter the game: offer its unfinished game, else its own start or the game ``launch`` asks for."""

    def resume_or(self, otherwise: Callable[[], None]) -> None:
        """Offer the unfinished game of this game, if any; call ``otherwise`` when there is none or it
        is declined. (At start-up the first game's is offered before the start screen.)"""
        otherwise()

    @abstractmethod
    def help_screen(self) -> Screen[Any]: ...

    def prepare_help(self, width: int) -> None:
        """Work the help can do ahead of time, on a thread, after the first frame."""
        return None  # by default, nothing to do

    @abstractmethod
    def stats_pane(self, today: date) -> StatsPane: ...

    def commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The palette's commands for ``screen`` (a screen of this game's, or any screen)."""
        return ()

    def replay(self, path: Path) -> None:
        """Open the exported record ``path`` (one that ``record_glob`` matched)."""
        return None  # by default, nothing to do

    def owns_screen(self, screen: Screen[Any]) -> bool:
        """Whether ``screen`` is one of this game's (the help and the palette follow the game in play)."""
        return getattr(screen, "GAME", None) == self.ident

    def settings_changed(self, section: SettingsSection | None) -> None:
        """The settings changed (``section``: this game's part): apply them to the open screens."""
        return None  # by default, nothing to do

    def close(self) -> None:
        """The app is closing: let go of the files this window holds."""
        return None  # by default, nothing to do
