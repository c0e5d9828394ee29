"""``clubfight --autoplay``: the hint engine plays the deal on the ordinary table, at a pace a person
can follow.

``play`` runs as the table's worker. Each turn it thinks (on a thread, like the hint key), previews
its move on the table for ``table.pace`` seconds with the reason underneath, then commits it, like a
player pressing Enter. Space pauses, Esc stops the demo and hands the table to the player (the
table's own ``action_pause`` and ``action_stop_demo``). A demo is never saved or counted.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from .hint_worker import hint_plan, think
from .plan import Plan, clubs_text, describe

if TYPE_CHECKING:
    from .table_screen import GameScreen

PAUSE_POLL = 0.05
"""How often a paused demo looks whether it may go on."""


async def _wait_while_paused(table: GameScreen) -> None:
    while table.paused and table.playing:
        await asyncio.sleep(PAUSE_POLL)


async def play(table: GameScreen) -> None:
    """Play moves until the game ends or the demo is stopped."""
    while table.playing and not table.position.is_over:
        await _wait_while_paused(table)
        position = table.position
        try:
            hint = await think(position, table.hint_strength)
        except Exception as error:  # one line and the table handed over, never a traceback
            table.playing = False
            table.set_plan(Plan(), f"Demo stopped: {error or type(error).__name__}.")
            return
        if not table.playing:
            return
        if table.position is not position:  # the table moved on meanwhile: think again
            continue
        move = hint.move
        table.set_plan(hint_plan(move), f"Demo: {describe(move)} with the {clubs_text(move)}: {hint.reason}.")
        await asyncio.sleep(table.pace)
        await _wait_while_paused(table)
        if not table.playing:
            return
        if table.position is not position:
            continue
        table.commit(move)
    table.playing = False
    table.refresh_bindings()
