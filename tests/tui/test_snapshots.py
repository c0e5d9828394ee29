"""Snapshots of the screens that matter, on fixed deals (pytest-textual-snapshot; update with --snapshot-update)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.pilot import Pilot
from tui_support import WINNING_LINE, game, make_app

from clubfight.engine import Action, Level

SnapCompare = Callable[..., bool]


def test_start_screen(snap_compare: SnapCompare) -> None:
    assert snap_compare(make_app(5, level=None))


def test_table_80x24(snap_compare: SnapCompare) -> None:
    assert snap_compare(make_app(7), terminal_size=(80, 24))


def test_table_120x40(snap_compare: SnapCompare) -> None:
    assert snap_compare(make_app(7), press=["z", "e", "1", "2"], terminal_size=(120, 40))


def test_club_selected_shows_what_each_action_would_do(snap_compare: SnapCompare) -> None:
    assert snap_compare(make_app(4), press=["c", "p", "down"])  # the 7: both directions, Down previewed


def test_sum_in_progress(snap_compare: SnapCompare) -> None:
    assert snap_compare(make_app(7), press=["c", "t", "2", "4"])  # Sum 6 of 10


def test_blocked_action(snap_compare: SnapCompare) -> None:
    assert snap_compare(make_app(7), press=["z", "l"])  # Line is blocked by 3 ♦: the key is refused


def test_help(snap_compare: SnapCompare) -> None:
    assert snap_compare(make_app(7), press=["question_mark"])


def test_game_won(snap_compare: SnapCompare) -> None:
    async def win(pilot: Pilot[Any]) -> None:
        screen = game(pilot.app)  # type: ignore[arg-type]
        for text in WINNING_LINE:
            screen.commit(screen.position.parse_move(text))
        await pilot.pause()
        await pilot.pause()

    assert snap_compare(make_app(1), run_before=win)


def test_game_lost(snap_compare: SnapCompare) -> None:
    async def lose(pilot: Pilot[Any]) -> None:
        screen = game(pilot.app)  # type: ignore[arg-type]
        while not screen.position.is_over:
            position = screen.position
            screen.commit(position.moves_for(position.hand[0])[Action.ANY][0])
        await pilot.pause()
        await pilot.pause()

    assert snap_compare(make_app(5, Level.HARD), run_before=lose)
