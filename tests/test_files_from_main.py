"""Every file the app keeps, as main wrote it before the tree was split into one package per game
(tests/fixtures/main-25e3a2f): each still loads without a warning, and is written back byte for byte."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from clubfight.club_fight.game import format_record, parse_record
from clubfight.club_fight.storage.saves import load_game, save_game
from clubfight.club_fight.storage.stats import load_stats, record_game
from clubfight.combat.engine import Colour
from clubfight.combat.game import format_record as format_combat_record
from clubfight.combat.game import parse_record as parse_combat_record
from clubfight.combat.storage.saves import load_match, save_match
from clubfight.combat.storage.stats import load_combat_stats, record_match
from clubfight.common.storage.settings import save_settings
from support import load_all_settings, settings_book

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "main-25e3a2f"


@pytest.fixture
def files(tmp_path: Path) -> Path:
    """A copy of the files, so that a loader that repairs one never touches the fixture."""
    folder = tmp_path / "data"
    shutil.copytree(FIXTURES, folder)
    return folder


def test_the_club_fight_save_resumes_and_is_written_back_the_same(files: Path) -> None:
    loaded = load_game(files / "save.json")
    assert loaded.warning is None and loaded.value is not None
    game = loaded.value
    assert game.summary == "easy-1 (easy), turn 4, score 31" and len(game.moves) == 3
    again = files / "again.json"
    save_game(game.saved, again)
    assert again.read_bytes() == (files / "save.json").read_bytes()


def test_the_club_fight_statistics_load_and_are_written_back_the_same(files: Path) -> None:
    loaded = load_stats(files / "stats.json")
    assert loaded.warning is None
    assert [(g.deal, g.won, g.abandoned) for g in loaded.value] == [
        ("easy-1", True, False),
        ("easy-1", False, True),
        ("hard-5", False, True),
    ]
    again = files / "again.json"
    for result in loaded.value:
        record_game(result, again)
    assert again.read_bytes() == (files / "stats.json").read_bytes()


def test_the_settings_load_into_their_sections_and_are_written_back_the_same(
    files: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CLUBFIGHT_HOME", str(files))
    loaded = load_all_settings()
    expected = settings_book(
        theme="textual-dark",
        four_colour_deck=True,
        animations=False,
        confirm_blocking_move=False,
        hint_strength="strong",
    )
    assert loaded.warning is None and loaded.value == expected
    again = files / "again.json"
    save_settings(loaded.value, again)
    assert again.read_bytes() == (files / "settings.json").read_bytes()


def test_the_club_fight_record_replays_and_is_written_back_the_same() -> None:
    text = (FIXTURES / "clubfight-record.txt").read_text(encoding="utf-8")
    record = parse_record(text)
    assert record.final.score == 0 and len(record.moves) == 10
    assert format_record(record.start, record.moves) == text


def test_the_combat_save_resumes_and_is_written_back_the_same(files: Path) -> None:
    loaded = load_match(files / "combat-save.json")
    assert loaded.warning is None and loaded.value is not None
    save, match = loaded.value
    assert (save.opponent, save.colour, save.match_id) == ("normal", Colour.RED, "fixturecombat1")
    assert not match.is_over and sum(len(played.actions) for played in match.rounds) == 25
    again = files / "again.json"
    save_match(save, again)
    assert again.read_bytes() == (files / "combat-save.json").read_bytes()


def test_the_combat_statistics_load_and_are_written_back_the_same(files: Path) -> None:
    loaded = load_combat_stats(files / "combat-stats.json")
    assert loaded.warning is None
    assert [(m.opponent, m.abandoned) for m in loaded.value] == [("hard", False), ("easy", True)]
    again = files / "again.json"
    for result in loaded.value:
        record_match(result, again)
    assert again.read_bytes() == (files / "combat-stats.json").read_bytes()


def test_the_combat_record_replays_and_is_written_back_the_same() -> None:
    text = (FIXTURES / "combat-record.txt").read_text(encoding="utf-8")
    match = parse_combat_record(text)
    assert match.is_over and match.summary() == "RED wins the match 2-0"
    assert format_combat_record(match) == text
