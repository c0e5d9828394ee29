"""Snapshots of the screens that matter, on fixed deals (pytest-textual-snapshot; update with --snapshot-update)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from textual.pilot import Pilot

from club_fight_tui_support import WINNING_LINE, WINNING_SEED, game, make_app, replay_app
from clubfight.club_fight.ai import LostPositions, SolveResult, solve
from clubfight.club_fight.engine import Action, Level, Position, deal
from clubfight.club_fight.tui.line_viewer_screen import LineViewerScreen
from clubfight.club_fight.tui.verdict_screen import VerdictScreen
from clubfight.shell.app import CardGamesApp
from clubfight.shell.widgets import CardSpread
from support import async_test

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


# --- the boards drawn like the table: the replay and "was this deal winnable?" -----------------


def fixed_time_solve(
    position: Position,
    *,
    time_limit: float | None,
    node_limit: int | None,
    should_stop: Callable[[], bool] | None,
    on_progress: Callable[[int], None] | None,
    lost: LostPositions | None = None,
) -> SolveResult:
    """The real solver, with its time shown as a fixed figure so the snapshot doesn't depend on the machine."""
    result = solve(position, time_limit=None, node_limit=node_limit, should_stop=should_stop, lost=lost)
    return replace(result, seconds=0.25)


def test_verdict_120x40(snap_compare: SnapCompare) -> None:
    opening = deal(Level.EASY, 7)

    async def ask(pilot: Pilot[Any]) -> None:
        verdict = VerdictScreen(opening, opening, time_limit=None, solver=fixed_time_solve)
        await pilot.app.push_screen(verdict)
        for _ in range(200):
            await pilot.pause(0.05)
            if not verdict.searching:
                break

    assert snap_compare(make_app(7), run_before=ask, terminal_size=(120, 40))


def test_line_viewer_120x40(snap_compare: SnapCompare) -> None:
    opening = deal(Level.EASY, WINNING_SEED)
    line = [opening.parse_move(WINNING_LINE[0])]

    async def view(pilot: Pilot[Any]) -> None:
        await pilot.app.push_screen(LineViewerScreen(opening, line, title="Winning line"))
        await pilot.pause()

    assert snap_compare(make_app(WINNING_SEED), run_before=view, terminal_size=(120, 40))


def a_replay_app() -> CardGamesApp:
    start = deal(Level.EASY, WINNING_SEED)
    positions, moves = [start], []
    for text in WINNING_LINE[:3]:
        move = positions[-1].parse_move(text)
        moves.append(move)
        positions.append(positions[-1].play(move))
    return replay_app(positions, moves, "easy-1")


def test_replay_120x40(snap_compare: SnapCompare) -> None:
    assert snap_compare(a_replay_app(), press=["right"], terminal_size=(120, 40))


@async_test
async def test_the_replay_draws_the_same_big_cards_as_the_table_at_120x40() -> None:
    """Bug: the replay drew small cards at 120x40 while the table and the line viewer drew big ones."""
    table = make_app(WINNING_SEED)
    async with table.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        table_card = game(table).query_one("#grid", CardSpread).card_region(0).size
    replay = a_replay_app()
    async with replay.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert replay.screen.query_one("#grid", CardSpread).card_region(0).size == table_card
        assert table_card.width > 8  # the big cards, not the 80x24 ones
