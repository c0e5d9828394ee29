"""Club Fight's entries on the start screen: easy or hard, a deal by its code, seed or position, and
the daily deal and All Clear switches (plain Python: the shell's start screen draws them)."""

from __future__ import annotations

from clubfight.club_fight.engine import Level, Variant
from clubfight.shell.games import StartEntry, StartSection

from .deal_prompt import DEAL_PROMPT, launch_from_text
from .launch import ClubFightLaunch


class ClubFightStart(StartSection):
    """``launch``: what the command line already chose (a seed, the daily deal, a variant)."""

    def __init__(self, launch: ClubFightLaunch | None = None) -> None:
        self.launch = launch or ClubFightLaunch()

    @property
    def prompt(self) -> str:
        if self.launch.daily:
            return "Today's daily deal: choose its level."
        seed = self.launch.seed
        return f"Deal {seed}: choose its level." if seed is not None else "Choose your level."

    def entries(self) -> list[StartEntry]:
        return [
            StartEntry("e", "Easy: one joker", "easy"),
            StartEntry("h", "Hard: two jokers", "hard"),
            StartEntry("p", "Play a deal…", "play-deal", asks=DEAL_PROMPT),
            StartEntry("d", "Daily deal", "daily", switch=True, on=self.launch.daily),
            StartEntry("a", "All Clear variant", "all-clear", switch=True, on=Variant.ALL_CLEAR in self.launch.variant),
        ]

    def choose(self, name: str) -> ClubFightLaunch | None:
        if name == "daily":
            self.launch = self.launch.with_changes(daily=not self.launch.daily)
            return None
        if name == "all-clear":
            self.launch = self.launch.with_changes(variant=self.launch.variant ^ Variant.ALL_CLEAR)
            return None
        return self.launch.with_changes(level=Level(name))

    def answer(self, name: str, text: str) -> ClubFightLaunch | None:
        """ "Play a deal…": a deal code or a position plays at once; a bare seed waits for its level."""
        launch = launch_from_text(text, self.launch)
        if launch.asks:
            self.launch = launch
            return None
        return launch
