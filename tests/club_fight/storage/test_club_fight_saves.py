"""The unfinished game: saved after each move, resumed by replaying its moves through the engine."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

from clubfight.club_fight.engine import Variant, parse_position
from clubfight.club_fight.game import SavedGame, Start
from clubfight.club_fight.storage.saves import clear_game, load_game, save_game
from support import deal_start, greedy_game


def test_save_after_each_move_and_resume_at_the_same_position(home: Path) -> None:
    start = deal_start("hard-12345")
    moves, positions = greedy_game(start, 5)
    for played in range(len(moves) + 1):
        save_game(SavedGame.of(start, moves[:played], hints=1, undos=played))
        loaded = load_game()
        assert loaded.warning is None and loaded.value is not None
        assert loaded.value.position == positions[played]
        assert list(loaded.value.moves) == moves[:played]
        assert loaded.value.saved.undos == played
    assert (home / "save.json").exists()


def test_resume_summary_names_deal_level_turn_and_score(home: Path) -> None:
    start = deal_start("hard-12345", variant=Variant.ALL_CLEAR)
    moves, positions = greedy_game(start, 4)
    save_game(SavedGame.of(start, moves, daily=date(2026, 11, 30)))
    resumed = load_game().value
    assert resumed is not None
    assert resumed.summary == f"hard-12345 (hard, all-clear), turn 5, score {positions[-1].score}"
    assert resumed.saved.daily == date(2026, 11, 30)


def test_a_position_start_survives_the_round_trip(home: Path) -> None:
    position = parse_position("6H 6S 9S 2D AD 4H 5D JK KD | 3C 6C QC 8C | 7H 3S | 2C")
    start = Start.from_position(position)
    moves, positions = greedy_game(start, 2)
    save_game(SavedGame.of(start, moves))
    resumed = load_game().value
    assert resumed is not None and resumed.position == positions[-1]
    assert positions[0].turns_played == 8  # a position string counts the clubs already used
    assert resumed.summary == f"custom position (easy), turn 11, score {positions[-1].score}"


def test_clear_forgets_the_game_and_tolerates_no_file(home: Path) -> None:
    save_game(SavedGame(deal_start("easy-1")))
    clear_game()
    clear_game()
    assert load_game().value is None


def test_an_illegal_move_restores_the_game_up_to_the_last_good_move(home: Path) -> None:
    start = deal_start("easy-77")
    moves, positions = greedy_game(start, 5)
    save_game(SavedGame.of(start, moves))
    path = home / "save.json"
    document = json.loads(path.read_text())
    document["moves"][3] = "KC match"  # tampered: the king isn't a legal match there (or not in hand)
    path.write_text(json.dumps(document))

    loaded = load_game()

    assert loaded.value is not None
    assert loaded.value.position == positions[3]
    assert loaded.warning is not None and "illegal move 4" in loaded.warning and "up to move 3" in loaded.warning
    assert loaded.backup is not None and json.loads(loaded.backup.read_text()) == document
    again = load_game()  # the save was rewritten with the good moves
    assert again.warning is None and again.value is not None and len(again.value.moves) == 3


def test_a_save_whose_level_disagrees_with_its_deal_is_refused(home: Path) -> None:
    save_game(SavedGame(deal_start("easy-1")))
    path = home / "save.json"
    path.write_text(path.read_text().replace('"level": "easy"', '"level": "hard"'))
    loaded = load_game()
    assert loaded.value is None and loaded.warning is not None and "level" in loaded.warning


def test_moves_after_the_end_are_dropped(home: Path) -> None:
    start = deal_start("easy-3")
    moves, positions = greedy_game(start)
    assert positions[-1].is_over
    saved = SavedGame.of(start, moves)
    save_game(SavedGame(start, (*saved.moves, saved.moves[0])))
    loaded = load_game()
    assert loaded.value is not None and loaded.value.position == positions[-1]
    assert loaded.warning is not None and "already over" in loaded.warning
