"""GameSession: undo and redo across refills, clean wins, and the hand-off to saves and stats."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from clubfight.club_fight.engine import Level, Variant
from clubfight.club_fight.game import format_record
from clubfight.club_fight.game.records import parse_record
from clubfight.club_fight.game.session import GameSession
from clubfight.club_fight.storage.saves import finish_game, load_game, save_game
from clubfight.club_fight.storage.stats import load_stats, record_game
from clubfight.common.storage.results_file import new_game_id
from support import deal_start, greedy_game

DAY = date(2026, 11, 30)


def test_undo_and_redo_walk_back_to_the_start_across_refills() -> None:
    start = deal_start("hard-12345")
    moves, positions = greedy_game(start)
    session = GameSession(start)
    for move in moves:
        session.play(move)
    assert session.position == positions[-1]
    for back in range(len(moves), 0, -1):
        assert session.undo() == positions[back - 1]
    assert not session.can_undo and session.position == positions[0]
    with pytest.raises(ValueError, match="start of the deal"):
        session.undo()
    for forward in range(1, len(moves) + 1):
        assert session.redo() == positions[forward]
    assert not session.can_redo
    assert session.undos == len(moves) and not session.clean


def test_a_new_move_forgets_the_redo_moves() -> None:
    start = deal_start("easy-9")
    session = GameSession(start)
    first = greedy_game(start, 1)[0][0]
    session.play(first)
    session.undo()
    other = next(m for m in session.position.legal_moves() if m != first)
    session.play(other)
    assert not session.can_redo
    with pytest.raises(ValueError, match="nothing to redo"):
        session.redo()


def test_replaying_the_undone_move_by_hand_keeps_the_rest_of_redo() -> None:
    start = deal_start("easy-9")
    moves, _ = greedy_game(start, 3)
    session = GameSession(start)
    for move in moves:
        session.play(move)
    session.undo()
    session.undo()
    session.play(moves[1])
    assert session.redo_stack == [moves[2]]


def test_hints_make_a_win_unclean_but_it_still_counts() -> None:
    start = deal_start("easy-3")
    session = GameSession(start, daily=DAY)
    for move in greedy_game(start)[0]:
        session.play(move)
    session.note_hint()
    result = session.result(DAY)
    assert result.hints == 1 and not result.clean and result.won == (session.position.score == 0)
    assert result.daily == DAY


def test_save_resume_round_trip_keeps_counters(home: Path) -> None:
    start = deal_start("hard-5", variant=Variant.ALL_CLEAR)
    session = GameSession(start, daily=DAY)
    for move in greedy_game(start, 4)[0]:
        session.play(move)
    session.undo()
    session.note_hint()
    save_game(session.saved())
    resumed = load_game().value
    assert resumed is not None
    again = GameSession.resume(resumed)
    assert again.position == session.position
    assert (again.hints, again.undos, again.daily, again.moves) == (1, 1, DAY, session.moves)


def test_declining_a_resume_records_a_loss(home: Path) -> None:
    start = deal_start("easy-5")
    session = GameSession(start)
    for move in greedy_game(start, 2)[0]:
        session.play(move)
    record_game(session.result(DAY, abandoned=True))
    (game,) = load_stats().value
    assert not game.won and game.abandoned and game.score == session.position.score


def test_a_session_makes_a_record_and_a_share_line() -> None:
    start = deal_start("hard-8511701353933760567")
    session = GameSession(start, daily=DAY)
    for move in greedy_game(start)[0]:
        session.play(move)
    assert parse_record(format_record(session.start, session.moves)).final == session.position
    line = session.share_line()
    assert line is not None and line.startswith("Club Fight daily 2026-11-30 hard: ")
    assert GameSession(deal_start("easy-1")).share_line() is None
    assert session.position.level is Level.HARD


def test_finishing_is_idempotent_so_a_crash_never_counts_a_game_twice(home: Path) -> None:
    start = deal_start("easy-3")
    session = GameSession(start, game_id=new_game_id())
    for move in greedy_game(start)[0]:
        session.play(move)
        save_game(session.saved())
    record_game(session.result(DAY))  # ... and the app died before clearing the save
    resumed = load_game().value
    assert resumed is not None and resumed.position.is_over and resumed.saved.game_id == session.game_id
    assert finish_game(GameSession.resume(resumed).result(DAY)) is None  # relaunch: finish it properly
    assert len(load_stats().value) == 1
    assert load_game().value is None


def test_games_without_an_id_are_all_counted(home: Path) -> None:
    session = GameSession(deal_start("easy-3"))
    finish_game(session.result(DAY, abandoned=True))
    finish_game(session.result(DAY, abandoned=True))
    assert len(load_stats().value) == 2


def test_new_game_ids_differ() -> None:
    assert len({new_game_id() for _ in range(50)}) == 50
