"""What a Combat Club match is started with: the opponent, colours, rounds, styles and variants."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar

from clubfight.combat.ai import Opponent
from clubfight.combat.engine import Colour, Juggle, Rules, Style
from clubfight.combat.game import Match

if TYPE_CHECKING:
    from clubfight.combat.online.options import RoomOptions  # the network code loads when a match goes online

DEFAULT_SERVER = "ws://127.0.0.1:8765"
"""Where ``join`` and ``watch`` look when no --server is given: a standalone server on this machine."""


@dataclass(frozen=True, slots=True)
class CombatLaunch:
    """``opponent`` is the computer's level, or None for two people at one terminal (hot-seat).
    ``style`` is the player's fighting style (in hot-seat, the style of ``colour``'s player),
    ``other_style`` the opponent's. ``ask``: show Combat Club's start screen first."""

    GAME: ClassVar[str] = "combat"

    opponent: Opponent | None = Opponent.NORMAL
    colour: Colour = Colour.RED
    rounds: int = 3
    seed: int | None = None
    style: Style | None = None
    other_style: Style | None = None
    juggle: Juggle = Juggle.NONE
    survival: bool = False
    ask: bool = False

    @property
    def hot_seat(self) -> bool:
        return self.opponent is None

    def rules(self) -> Rules:
        mine, theirs = self.style, self.other_style
        red, black = (mine, theirs) if self.colour is Colour.RED else (theirs, mine)
        return Rules(red_style=red, black_style=black, juggle=self.juggle, rounds=self.rounds, survival=self.survival)

    def with_changes(self, **changes: object) -> CombatLaunch:
        return replace(self, **changes)  # type: ignore[arg-type]

    def describe(self) -> str:
        who = "a friend (hot-seat)" if self.opponent is None else f"the computer ({self.opponent.value})"
        text = f"{self.colour} against {who}, best of {self.rounds}"
        rules = self.rules()
        if rules.red_style is not None or rules.black_style is not None:
            styles = (style.title if style is not None else "none" for style in (rules.red_style, rules.black_style))
            text += ", styles RED {} and BLACK {}".format(*styles)
        return text

    def describe_online(self) -> str:
        """The room these choices make, as the host's question says it."""
        text = f"you play {self.colour}, best of {self.rounds}"
        if self.style is not None or self.other_style is not None:
            mine = self.style.title if self.style is not None else "none"
            theirs = self.other_style.title if self.other_style is not None else "none"
            text += f", your style {mine}, your friend's {theirs}"
        if self.juggle is not Juggle.NONE:
            text += f", juggle {self.juggle.value}"
        if self.survival:
            text += ", survival"
        return text


@dataclass(frozen=True, slots=True)
class CombatReplay:
    """A Combat Club record to step through (``clubfight combat replay FILE``, or the palette)."""

    GAME: ClassVar[str] = "combat"

    match: Match


@dataclass(frozen=True, slots=True)
class OnlineLaunch:
    """An online match: ``mode`` is host, join or watch. ``server`` None when hosting: start a match
    server on this machine, listening on ``listen``. ``options`` are the room's (host); ``style`` is
    the joiner's own choice when ``choose_style``."""

    GAME: ClassVar[str] = "combat"

    mode: str
    room: str | None = None
    server: str | None = None
    options: RoomOptions | None = None
    listen: str = "127.0.0.1"
    style: Style | None = None
    choose_style: bool = False
