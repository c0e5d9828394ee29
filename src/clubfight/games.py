"""The games this app offers, in start-screen order (the first is the default): one line each.

Adding a game is one new package with a ``shell.games.Game`` and one line here. The command line
hands this list to the app; the app shell itself never names a game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .shell.games import Game


def registered() -> tuple[type[Game], ...]:
    """Each game's ``Game`` (its module is light: the game itself loads when it is opened)."""
    from .club_fight.tui.entry import ClubFightGame
    from .combat.tui.entry import CombatGame

    return (ClubFightGame, CombatGame)
