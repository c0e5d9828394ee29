"""The games this app offers, in start-screen order (the first is the default): one line each.

Adding a game is one new package with a ``shell.games.Game`` and one line here. The command line
hands this list to the app; the app shell itself never names a game. Each game's entry module is
light: the game itself loads when it is opened.
"""

from __future__ import annotations

from .club_fight.tui.entry import ClubFightGame
from .combat.tui.entry import CombatGame
from .shell.games import Game

GAMES: tuple[type[Game], ...] = (ClubFightGame, CombatGame)


def registered() -> tuple[type[Game], ...]:
    """Every game's ``Game``, in start-screen order."""
    return GAMES
