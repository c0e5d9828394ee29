"""The search's progress line is redrawn a few times a second, not at every report: each redraw
takes the interpreter from the search it reports on (the slip search ran about 20% slower)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.app import App

from clubfight.club_fight.ai import LostPositions, SolveResult, Verdict
from clubfight.club_fight.engine import Level, Position, deal
from clubfight.club_fight.tui.verdict_screen import VerdictScreen
from support import async_test

REPORTS = 5_000


def chatty_solver(
    position: Position,
    *,
    time_limit: float | None,
    node_limit: int | None,
    should_stop: Callable[[], bool] | None,
    on_progress: Callable[[int], None] | None,
    lost: LostPositions | None = None,
) -> SolveResult:
    """Reports progress REPORTS times at once, as a long search does every few thousand positions."""
    for nodes in range(REPORTS):
        if on_progress is not None:
            on_progress(nodes)
    return SolveResult(Verdict.UNWINNABLE, (), REPORTS, 0.01)


@async_test
async def test_progress_is_redrawn_a_few_times_a_second(monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[int] = []
    monkeypatch.setattr(VerdictScreen, "on_verdict_screen_progress", lambda self, event: shown.append(event.nodes))
    start = deal(Level.EASY, 7)
    screen = VerdictScreen(start, start, solver=chatty_solver)

    class Host(App[None]):
        def on_mount(self) -> None:
            self.push_screen(screen)

    app = Host()
    async with app.run_test() as pilot:
        for _ in range(20):
            await pilot.pause()
            if screen.answer is not None:
                break
    assert screen.answer is not None
    assert 1 <= len(shown) <= 5, len(shown)
