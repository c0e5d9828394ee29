"""The hint key: ask the hint engine for a move without freezing the table, then preview it.

``suggest`` is CPU-bound pure Python, so it runs on a thread (``asyncio.to_thread``) inside a
Textual worker that lives on the event loop: input keeps flowing while it thinks, and the result
is applied back on the loop, where touching widgets is safe. A hint is only a preview (a ``Plan``);
the player still confirms it, so nothing is committed behind their back.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from textual.worker import Worker, WorkerState

from clubfight.club_fight.ai import Hint, suggest
from clubfight.club_fight.engine import Move, Position

from .plan import CHOOSING_ACTIONS, PICKING_ACTIONS, Plan, candidate

if TYPE_CHECKING:
    from .table_screen import GameScreen

HINT_GROUP = "hint"
THINKING = "Thinking about a hint…"


def hint_plan(move: Move) -> Plan:
    """The plan that previews ``move`` on the table: club, action, and its cards or its choice."""
    if move.action in PICKING_ACTIONS:
        return Plan(club=move.club, action=move.action, picked=move.cleared)
    if move.action in CHOOSING_ACTIONS:
        return Plan(club=move.club, action=move.action, choice=move)
    return Plan(club=move.club, action=move.action)


async def think(position: Position, strength: str) -> Hint:
    """The hint for ``position``, computed on a thread so the event loop stays free."""
    return await asyncio.to_thread(lambda: suggest(position, strength=strength))


def running(screen: GameScreen) -> bool:
    """Whether a hint for this table is still being computed."""
    active = (WorkerState.PENDING, WorkerState.RUNNING)
    return any(w.node is screen and w.group == HINT_GROUP and w.state in active for w in screen.workers)


def request_hint(screen: GameScreen) -> Worker[None] | None:
    """Start computing a hint for the table (the ``h`` key); a second press while one runs waits for it."""
    position = screen.position
    if position.is_over:
        return None
    if running(screen):
        screen.say(THINKING + " (still working)")
        return None
    screen.say(THINKING)
    return screen.run_worker(_hint(screen, position), group=HINT_GROUP, exit_on_error=False)


async def _hint(screen: GameScreen, position: Position) -> None:
    try:
        hint = await think(position, screen.hint_strength)
    except Exception as error:  # a finished game, an unknown strength, or a bug: one line, never a traceback
        if screen.position is position:
            screen.say(f"No hint: {error or type(error).__name__}.")
        return
    if screen.position is not position:
        return  # a move was played meanwhile: this hint is for a table that's gone
    show_hint(screen, hint)


def show_hint(screen: GameScreen, hint: Hint) -> None:
    """Preview the hinted move on the table with its reason, and count the hint."""
    plan = hint_plan(hint.move)
    if candidate(screen.position, plan) != hint.move:
        plan = screen.plan  # can't be previewed through the turn builder: say it in words alone
    screen.set_plan(plan, f"Hint: {hint.reason}.")  # the table itself shows the move
    screen.count_hint()
