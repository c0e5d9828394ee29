"""Atomic writes and the forgiving loaders: nothing the player has is ever lost to a bad file."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
from datetime import date, datetime, timezone
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from clubfight.club_fight.engine import Level, Variant
from clubfight.club_fight.game import GameResult, SavedGame
from clubfight.club_fight.storage.saves import load_game, save_game, save_path
from clubfight.club_fight.storage.stats import load_stats, record_game, stats_path
from clubfight.common.storage import paths
from clubfight.common.storage.atomic import Damaged, atomic_write_bytes, atomic_write_text, load_document
from clubfight.common.storage.settings import load_settings, save_settings
from support import deal_start, greedy_game, settings_book, settings_sections

NOW = datetime(2026, 11, 30, 2, 15, 0, tzinfo=timezone.utc)


def a_result(score: int = 0, deal: str = "easy-1") -> GameResult:
    return GameResult(date(2026, 11, 30), deal, Level.EASY, Variant.NONE, score == 0, score, 13)


# --- paths -------------------------------------------------------------------------------------


def test_clubfight_home_overrides_the_data_folder(home: Path) -> None:
    assert paths.data_dir() == home
    assert stats_path() == home / "stats.json"
    assert save_path() == home / "save.json"


def test_without_clubfight_home_platformdirs_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    import platformdirs

    monkeypatch.delenv("CLUBFIGHT_HOME", raising=False)
    assert paths.data_dir() == Path(platformdirs.user_data_dir("clubfight", appauthor=False))


# --- writes ------------------------------------------------------------------------------------


def test_atomic_write_replaces_the_file_and_leaves_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "file.json"
    atomic_write_text(target, "one")
    atomic_write_text(target, "two")
    assert target.read_text() == "two"
    assert sorted(p.name for p in target.parent.iterdir()) == ["file.json"]


def test_a_failed_write_keeps_the_old_file_and_cleans_up(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "file.json"
    atomic_write_text(target, "old")

    def broken_replace(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError):
        atomic_write_bytes(target, b"new")
    assert target.read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file.json"]


def test_temporaries_left_by_dead_writers_are_swept(tmp_path: Path) -> None:
    target = tmp_path / "stats.json"
    stale, fresh = tmp_path / ".stats.json.dead.tmp", tmp_path / ".stats.json.alive.tmp"
    other = tmp_path / ".save.json.dead.tmp"
    for leftover in (stale, fresh, other):
        leftover.write_text("{half a fi")
    long_ago = time.time() - 3600
    os.utime(stale, (long_ago, long_ago))
    os.utime(other, (long_ago, long_ago))
    atomic_write_text(target, "{}")
    assert not stale.exists()
    assert fresh.exists() and other.exists()  # maybe a live writer's; another file's is not ours


WRITER = textwrap.dedent(
    """
    import sys
    from datetime import date
    from pathlib import Path
    from clubfight.club_fight.engine import DealCode, Level, Variant
    from clubfight.club_fight.game import Start, GameResult, SavedGame
    from clubfight.club_fight.storage.saves import save_game
    from clubfight.club_fight.storage.stats import record_game

    home = Path(sys.argv[1])
    start = Start.from_deal(DealCode.parse("easy-7"))
    moves = ["{first}"]
    print("ready", flush=True)
    n = 0
    while True:
        n += 1
        result = GameResult(date(2026, 11, 30), f"easy-{{n}}", Level.EASY, Variant.NONE, False, n % 40 + 1, 13)
        record_game(result, home / "stats.json")
        save_game(SavedGame(start, tuple(moves[: n % 2]), hints=n), home / "save.json")
    """
)


@pytest.mark.slow
def test_kill_9_during_writes_never_loses_the_files(tmp_path: Path) -> None:
    """A writer is SIGKILLed at random moments; every time, both files still load cleanly."""
    first_move = greedy_game(deal_start("easy-7"), 1)[0][0]
    script = tmp_path / "writer.py"
    script.write_text(WRITER.format(first=first_move))
    rng = random.Random(5)  # fixed: the kill moments vary, the test's verdict must not
    games_seen = 0
    for _ in range(6):
        writer = subprocess.Popen([sys.executable, str(script), str(tmp_path)], stdout=subprocess.PIPE, text=True)
        assert writer.stdout is not None
        assert writer.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.05, 0.4))
        writer.send_signal(signal.SIGKILL)
        writer.wait()
        writer.stdout.close()
        assert writer.returncode == -signal.SIGKILL

        stats = load_stats(tmp_path / "stats.json")
        assert stats.warning is None
        assert len(stats.value) >= games_seen  # nothing recorded before was lost
        games_seen = len(stats.value)
        save = load_game(tmp_path / "save.json")
        assert save.warning is None
        if (tmp_path / "save.json").exists():
            assert save.value is not None
    assert games_seen > 0, "the writer never got a game written: the test proved nothing"
    assert not list(tmp_path.glob("*.corrupt-*"))


# --- damaged files -----------------------------------------------------------------------------


def test_a_missing_file_is_an_empty_start_without_a_warning(tmp_path: Path) -> None:
    loaded = load_stats(tmp_path / "stats.json")
    assert (loaded.value, loaded.warning, loaded.backup) == ([], None, None)
    assert load_game(tmp_path / "save.json").value is None
    assert load_settings(settings_sections(), tmp_path / "settings.json").value == settings_book()


def a_stats_file(tmp_path: Path) -> Path:
    path = tmp_path / "stats.json"
    for score in (0, 3, 7):
        record_game(a_result(score, f"easy-{score}"), path)
    return path


DAMAGE = {
    "truncated": lambda raw: raw[: len(raw) // 2],
    "empty": lambda raw: b"",
    "binary": lambda raw: bytes(range(256)),
    "not an object": lambda raw: b"[1, 2, 3]",
    "someone else's file": lambda raw: b'{"format": "budget", "version": 1}',
    "future version": lambda raw: raw.replace(b'"version": 1', b'"version": 99'),
    "no version": lambda raw: raw.replace(b'"version": 1', b'"version": "one"'),
    "deep nesting": lambda raw: b"[" * 100_000 + b"]" * 100_000,
}


@pytest.mark.parametrize("damage", DAMAGE, ids=list(DAMAGE))
def test_a_damaged_stats_file_is_backed_up_reported_once_and_replaced(tmp_path: Path, damage: str) -> None:
    path = a_stats_file(tmp_path)
    raw = DAMAGE[damage](path.read_bytes())
    path.write_bytes(raw)

    loaded = load_stats(path, now=NOW)

    assert loaded.value == []
    assert loaded.warning is not None and "\n" not in loaded.warning
    assert loaded.backup == tmp_path / "stats.json.corrupt-20261130T021500"
    assert str(loaded.backup) in loaded.warning
    assert loaded.backup.read_bytes() == raw
    again = load_stats(path)  # repaired: the player hears about it once
    assert again.warning is None
    record_game(a_result(), path)
    assert len(load_stats(path).value) == 1


def test_the_future_version_warning_says_so(tmp_path: Path) -> None:
    path = a_stats_file(tmp_path)
    path.write_bytes(DAMAGE["future version"](path.read_bytes()))
    warning = load_stats(path, now=NOW).warning
    assert warning is not None and "newer clubfight" in warning


def test_bad_games_are_skipped_and_the_rest_kept(tmp_path: Path) -> None:
    path = a_stats_file(tmp_path)
    document = json.loads(path.read_text())
    document["games"][1]["score"] = "lots"
    document["games"].append({"won": True})
    path.write_text(json.dumps(document))

    loaded = load_stats(path, now=NOW)

    assert [game.score for game in loaded.value] == [0, 7]
    assert loaded.warning is not None and "2 unreadable games" in loaded.warning
    assert loaded.backup is not None and json.loads(loaded.backup.read_text()) == document


def test_two_backups_in_the_same_second_both_survive(tmp_path: Path) -> None:
    path = tmp_path / "stats.json"
    path.write_bytes(b"first garbage")
    first = load_stats(path, now=NOW).backup
    path.write_bytes(b"second garbage")
    second = load_stats(path, now=NOW).backup
    assert first is not None and second is not None and first != second
    assert (first.read_bytes(), second.read_bytes()) == (b"first garbage", b"second garbage")


def test_when_no_backup_can_be_made_the_damaged_file_is_left_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "stats.json"
    path.write_bytes(b"{garbage")
    monkeypatch.setattr("clubfight.common.storage.atomic.keep_backup", lambda *args, **kwargs: None)
    loaded = load_stats(path)
    assert loaded.value == [] and loaded.warning is not None and "left as it is" in loaded.warning
    assert path.read_bytes() == b"{garbage"


def test_an_unreadable_file_is_reported_not_raised(tmp_path: Path) -> None:
    path = tmp_path / "stats.json"
    path.mkdir()  # reading a folder fails with an OSError
    loaded = load_stats(path)
    assert loaded.value == [] and loaded.warning is not None and "Couldn't read" in loaded.warning


def test_a_save_with_a_garbled_start_is_dropped_with_a_backup(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    save_game(SavedGame(deal_start("hard-3")), path)
    path.write_text(path.read_text().replace("hard-3", "hard-x"))
    loaded = load_game(path, now=NOW)
    assert loaded.value is None
    assert loaded.warning is not None and "saved game" in loaded.warning
    assert not path.exists()  # the backup holds it; the next launch starts clean
    assert loaded.backup is not None and loaded.backup.exists()


def test_settings_keep_their_good_fields(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    save_settings(settings_book(theme="nord", four_colour_deck=True, animations=False), path)
    document = json.loads(path.read_text())
    document["confirm_blocking_move"] = "yes please"
    document["theme"] = "../../etc/passwd"
    path.write_text(json.dumps(document))
    loaded = load_settings(settings_sections(), path, now=NOW)
    assert loaded.value == settings_book(four_colour_deck=True, animations=False)
    assert loaded.warning is not None and "theme" in loaded.warning and "confirm_blocking_move" in loaded.warning


def test_an_unknown_hint_strength_costs_only_that_setting(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    save_settings(settings_book(hint_strength="expert", animations=False), path)
    loaded = load_settings(settings_sections(), path, now=NOW)
    assert loaded.value == settings_book(hint_strength="expert", animations=False)
    document = json.loads(path.read_text())
    document["hint_strength"] = "grandmaster"
    path.write_text(json.dumps(document))
    loaded = load_settings(settings_sections(), path, now=NOW)
    assert loaded.value == settings_book(animations=False)
    assert loaded.warning is not None and "hint_strength" in loaded.warning


# --- garbage in, never an exception out -----------------------------------------------------------


def load_every_setting(path: Path, **options: Any) -> Any:
    return load_settings(settings_sections(), path, **options)


LOADERS: dict[str, Any] = {"stats.json": load_stats, "save.json": load_game, "settings.json": load_every_setting}

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=20,
)


def valid_files(folder: Path) -> dict[str, bytes]:
    moves, _ = greedy_game(deal_start("hard-11"), 3)
    record_game(a_result(4, "easy-4"), folder / "stats.json")
    save_game(SavedGame.of(deal_start("hard-11"), moves, hints=1), folder / "save.json")
    save_settings(settings_book(theme="nord"), folder / "settings.json")
    return {name: (folder / name).read_bytes() for name in LOADERS}


VALID = valid_files(Path(tempfile.mkdtemp(prefix="clubfight-valid-")))


def check_loads(name: str, raw: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        path.write_bytes(raw)
        loaded = LOADERS[name](path)
        assert loaded.warning is None or ("\n" not in loaded.warning and loaded.warning)
        if loaded.warning is not None and loaded.backup is not None:
            assert loaded.backup.read_bytes() == raw


@given(name=st.sampled_from(sorted(LOADERS)), raw=st.binary(max_size=300))
def test_random_bytes_never_raise(name: str, raw: bytes) -> None:
    check_loads(name, raw)


@given(name=st.sampled_from(sorted(LOADERS)), value=json_values)
def test_random_json_never_raises(name: str, value: object) -> None:
    check_loads(name, json.dumps(value).encode())


@given(name=st.sampled_from(sorted(LOADERS)), body=st.dictionaries(st.text(max_size=12), json_values, max_size=8))
def test_random_documents_of_the_right_kind_never_raise(name: str, body: dict[str, object]) -> None:
    kind = json.loads(VALID[name])["format"]
    check_loads(name, json.dumps({**body, "format": kind, "version": 1}).encode())


@given(name=st.sampled_from(sorted(LOADERS)), data=st.data())
def test_mutated_valid_files_never_raise(name: str, data: st.DataObject) -> None:
    raw = bytearray(VALID[name])
    for _ in range(data.draw(st.integers(1, 4))):
        index = data.draw(st.integers(0, len(raw) - 1))
        action = data.draw(st.sampled_from(["flip", "delete", "insert"]))
        if action == "flip":
            raw[index] = data.draw(st.integers(0, 255))
        elif action == "delete":
            del raw[index]
        else:
            raw.insert(index, data.draw(st.sampled_from(b'{}[]":,0123456789-e.tfn ')))
    check_loads(name, bytes(raw))


@given(name=st.sampled_from(sorted(LOADERS)), key=st.text(max_size=12), value=json_values, data=st.data())
def test_valid_files_with_one_field_replaced_never_raise(
    name: str, key: str, value: object, data: st.DataObject
) -> None:
    document = json.loads(VALID[name])
    target = data.draw(st.sampled_from([*document, key]))
    document[target] = value
    check_loads(name, json.dumps(document).encode())


def test_loaders_never_evaluate_or_unpickle() -> None:
    """The storage package has no eval, exec, pickle, marshal or shelve anywhere."""
    source = "\n".join(p.read_text() for p in Path(paths.__file__).parent.glob("*.py"))
    for forbidden in ("eval(", "exec(", "pickle", "marshal", "shelve", "literal_eval"):
        assert forbidden not in source


def test_a_damaged_document_is_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "thing.json"
    path.write_text('{"format": "thing", "version": 1}')

    def refuse(document: dict[str, Any]) -> tuple[int, str | None]:
        raise Damaged("has no things")

    loaded = load_document(path, kind="thing", version=1, what="thing", parse=refuse, default=lambda: 0)
    assert loaded.value == 0 and loaded.warning is not None and "has no things" in loaded.warning


@pytest.mark.parametrize("slip", [KeyError("surprise"), TypeError("bad call"), AttributeError("no such field")])
def test_a_programming_slip_in_a_parser_is_not_taken_for_damage(tmp_path: Path, slip: Exception) -> None:
    """A bug must surface as a bug, not get the player's file set aside as if it were damaged."""
    path = tmp_path / "thing.json"
    path.write_text('{"format": "thing", "version": 1}')

    def slip_up(document: dict[str, Any]) -> tuple[int, str | None]:
        raise slip

    with pytest.raises(type(slip)):
        load_document(path, kind="thing", version=1, what="thing", parse=slip_up, default=lambda: 0)
    assert [p.name for p in tmp_path.iterdir()] == ["thing.json"]


def test_a_bug_in_the_result_reader_keeps_the_statistics(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "stats.json"
    record_game(a_result(3, "easy-3"), path)
    before = path.read_bytes()

    def broken(value: object) -> GameResult:
        raise AttributeError("'dict' object has no attribute 'level'")

    from dataclasses import replace

    import clubfight.club_fight.storage.stats as stats_module

    monkeypatch.setattr(stats_module, "STATS", replace(stats_module.STATS, read=broken))
    with pytest.raises(AttributeError):
        load_stats(path, now=NOW)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir() if p.name != ".stats.json.lock"] == ["stats.json"]  # no backup
