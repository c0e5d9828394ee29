"""``clubfight stats``: the statistics of both games, their JSON, the reset and its question, and
exit codes. (Club Fight's ``clubfight replay``: tests/club_fight/cli/test_club_fight_cli_replay.py.)"""

from __future__ import annotations

import io
import json
import sys
from datetime import date
from pathlib import Path

import pytest

from clubfight.cli import main
from clubfight.club_fight.engine import Level, Variant
from clubfight.club_fight.game import GameResult
from clubfight.club_fight.storage.stats import load_stats, record_game

DAY = date(2026, 11, 30)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    monkeypatch.setenv("CLUBFIGHT_HOME", str(folder))
    return folder


def record_some_games() -> None:
    for n, score in enumerate([0, 4, 0, 0, 11]):
        record_game(GameResult(DAY, f"easy-{n}", Level.EASY, Variant.NONE, score == 0, score, 13, hints=n % 2))
    record_game(GameResult(DAY, "hard-9", Level.HARD, Variant.ALL_CLEAR, False, 6, 13, undos=1))


def test_stats_prints_tables_and_a_chart(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record_some_games()
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    assert "Club Fight statistics" in out
    assert "easy" in out and "hard all-clear" in out
    assert "Win %" in out and "60.0" in out
    assert "Scores, easy (5 games)" in out and "█" in out
    assert "easy-4 (11)" in out  # the worst easy deal


def test_stats_without_games_says_so(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats"]) == 0
    assert "No games recorded yet" in capsys.readouterr().out


def test_stats_json(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record_some_games()
    assert main(["stats", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["played"] == 6 and data["won"] == 3
    easy, hard = data["groups"]
    assert (easy["level"], easy["variants"], easy["won"], easy["best_streak"]) == ("easy", [], 3, 2)
    assert easy["histogram"] == {"0": 3, "4": 1, "11": 1}
    assert (hard["variants"], hard["games_with_undo"]) == (["all-clear"], 1)


def test_a_damaged_stats_file_is_one_line_on_stderr(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    home.mkdir()
    (home / "stats.json").write_text('{"format": "stats", "version": 1, "games": [')
    assert main(["stats", "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["played"] == 0
    assert len(captured.err.strip().splitlines()) == 1 and "a copy of the original" in captured.err


ANSWERS = [("y\n", True), ("yes\n", True), ("n\n", False), ("\n", False), ("", False)]


@pytest.mark.parametrize(("answer", "cleared"), ANSWERS)
def test_reset_asks_first(
    home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, answer: str, cleared: bool
) -> None:
    record_some_games()
    monkeypatch.setattr(sys, "stdin", io.StringIO(answer))
    assert main(["stats", "--reset"]) == 0
    out = capsys.readouterr().out
    assert "Clear all statistics (6 games)? [y/N]" in out
    assert len(load_stats().value) == (0 if cleared else 6)
    assert ("Statistics cleared." in out) == cleared


def test_reset_yes_skips_the_question(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record_some_games()
    assert main(["stats", "--reset", "--yes"]) == 0
    assert "[y/N]" not in capsys.readouterr().out
    assert load_stats().value == []


def test_yes_without_reset_is_a_usage_error(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--yes"]) == 2
    assert capsys.readouterr().err == "clubfight: error: --yes only goes with --reset\n"


def test_an_unusable_data_folder_is_one_line_not_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    not_a_folder = tmp_path / "home"
    not_a_folder.write_text("I am a file")
    monkeypatch.setenv("CLUBFIGHT_HOME", str(not_a_folder))
    assert main(["stats", "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["played"] == 0
    lines = captured.err.splitlines()  # one per statistics file: Club Fight's and Combat Club's
    assert len(lines) == 2 and all("Couldn't read" in line for line in lines)
    assert main(["stats", "--reset", "--yes"]) == 1
    captured = capsys.readouterr()
    assert "couldn't clear" in captured.err and "Traceback" not in captured.err
