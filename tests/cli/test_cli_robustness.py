"""A demanding user's odd input: every command answers with one clear line (status 2 for usage errors)."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from datetime import date
from pathlib import Path

import pytest

from clubfight.cli import MAX_SEED, main
from clubfight.club_fight.cli import bench
from clubfight.club_fight.engine import Level, Variant, deal
from clubfight.club_fight.storage.stats import GameResult, load_stats, record_game

Task = tuple[str, str, int]


@pytest.fixture(autouse=True)
def private_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Never the player's own statistics."""
    monkeypatch.setenv("CLUBFIGHT_HOME", str(tmp_path / "home"))


def finished_position() -> str:
    position = deal(Level.EASY, 1)
    while not position.is_over:
        position = position.play(position.legal_moves()[0])
    return position.notation()


def one_error_line(capsys: pytest.CaptureFixture[str]) -> str:
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err + captured.out
    assert captured.err.count("\n") == 1, captured.err
    return captured.err


def test_a_huge_argument_is_quoted_only_in_part(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("moves", "solve", "hint"):
        assert main([command, "x" * 200_000]) == 2
        err = one_error_line(capsys)
        assert len(err) < 200 and "200000 characters" in err


def test_a_huge_deal_code_for_the_game_is_quoted_only_in_part(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--deal", "x" * 200_000]) == 2
    err = one_error_line(capsys)
    assert len(err) < 200 and "200000 characters" in err


def test_a_long_position_missing_its_bars_is_named_as_such(capsys: pytest.CaptureFixture[str]) -> None:
    text = "6H 6S 9S 2D AD 4H 5D JK KD 3C 6C QC 8C 7H 3S 8C " * 100
    assert main(["moves", text]) == 2
    err = one_error_line(capsys)
    assert "neither a deal code" in err and len(err) < 250


def test_a_long_deal_code_with_spaces_still_reads_as_a_deal_code(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["moves", "  easy-7  "]) == 0
    assert capsys.readouterr().out


def test_moves_on_a_finished_game_says_so_and_lists_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["moves", finished_position()]) == 0
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and "game is over" in captured.err and "lost with" in captured.err
    assert main(["moves", "--json", finished_position()]) == 0
    assert capsys.readouterr().out.strip() == "[]"


def test_hint_on_a_finished_game_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["hint", finished_position()]) == 2
    assert "over" in one_error_line(capsys)


@pytest.fixture
def no_bench_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """A refused bench must be refused before any deal is played."""

    def refuse(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the bench ran")

    monkeypatch.setattr(bench, "run_deals", refuse)


@pytest.mark.usefixtures("no_bench_run")
@pytest.mark.parametrize(
    ("seeds", "words"),
    [
        ("5-1", "0 <= A <= B"),
        ("abc", "A-B"),
        ("", "A-B"),
        (f"1-{MAX_SEED + 1}", f"up to {MAX_SEED}"),
        ("1-" + "9" * 30, f"up to {MAX_SEED}"),
    ],
)
def test_bench_refuses_bad_seed_ranges(seeds: str, words: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--seeds", seeds]) == 2
    assert words in one_error_line(capsys)


@pytest.mark.usefixtures("no_bench_run")
@pytest.mark.parametrize(
    "argv",
    [["--levels", "medium"], ["--levels", ""], ["--policies", "nope"]],
)
def test_bench_refuses_unknown_names(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--seeds", "1-1", *argv]) == 2
    assert "unknown" in one_error_line(capsys)


@pytest.mark.usefixtures("no_bench_run")
def test_bench_checks_its_json_path_before_running(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--seeds", "1-1", "--json", str(tmp_path)]) == 2
    assert "directory" in one_error_line(capsys)
    assert main(["bench", "--seeds", "1-1", "--json", str(tmp_path / "missing" / "out.json")]) == 2
    assert "no folder" in one_error_line(capsys)


@pytest.mark.parametrize("argv", [["bench", "--jobs", "0"], ["solve", "easy-1", "--time-limit", "nan"]])
def test_bad_option_values_exit_2_in_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    one_error_line(capsys)


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (None, "No such file"),
        (b"", "empty file"),
        (b"\xff\xfe\x00binary", "not text"),
        (b"clubfight record 1\n\xff\xfe\n", "not text"),
    ],
)
def test_replay_refuses_unreadable_files(
    content: bytes | None, words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.txt"
    if content is not None:
        path.write_bytes(content)
    assert main(["replay", "--text", str(path)]) == 2
    assert words in one_error_line(capsys)


def test_replay_refuses_a_directory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path)]) == 2
    assert "directory" in one_error_line(capsys)


@pytest.mark.parametrize(
    ("answer", "said", "games_left"),
    [
        ("", "Kept your statistics.", 1),  # no terminal: stdin is at EOF at once
        ("n\n", "Kept your statistics.", 1),
        ("\n", "Kept your statistics.", 1),
        ("y\n", "Statistics cleared.", 0),
        ("YES\n", "Statistics cleared.", 0),
    ],
)
def test_stats_reset_reads_its_answer_from_stdin(
    answer: str, said: str, games_left: int, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    result = GameResult(date(2026, 11, 30), "easy-1", Level.EASY, Variant.NONE, True, 0, 13)
    record_game(result)
    monkeypatch.setattr("sys.stdin", io.StringIO(answer))
    assert main(["stats", "--reset"]) == 0
    captured = capsys.readouterr()
    assert said in captured.out and "Traceback" not in captured.err
    assert len(load_stats().value) == games_left


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--deal", "easy-1", "--level", "hard"], "contradicts"),
        (["--deal", "easy-1", "--seed", "3"], "already names the seed"),
        (["--daily", "--seed", "1"], "leave out --seed"),
    ],
)
def test_conflicting_start_options(argv: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    assert words in one_error_line(capsys)


def test_a_data_folder_under_a_file_is_one_line_per_file_not_a_crash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("CLUBFIGHT_HOME", str(blocker / "home"))
    assert main(["stats"]) == 0
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert "Traceback" not in captured.err and len(lines) == 2  # Club Fight's and Combat Club's statistics
    assert all(line.startswith("clubfight: Couldn't read") for line in lines)
    assert main(["stats", "--reset", "--yes"]) == 1
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err and "couldn't clear" in captured.err
    monkeypatch.setenv("CLUBFIGHT_HOME", str(blocker))  # the data folder is a file
    assert main(["stats", "--reset", "--yes"]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.endswith(f"({blocker})\n")  # names the file where the folder should be


def test_bench_never_starts_more_processes_than_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--jobs 10000`` on two deals must not start ten thousand processes."""
    from clubfight.club_fight.ai import bench as ai_bench
    from clubfight.common import bench as common_bench

    pools: list[int] = []

    class CountingPool:
        def __init__(self, max_workers: int, mp_context: object = None) -> None:
            pools.append(max_workers)

        def __enter__(self) -> CountingPool:
            return self

        def __exit__(self, *_exc: object) -> None:
            return None

        def map(self, function: Callable[[Task], object], tasks: list[Task], chunksize: int = 1) -> Iterator[object]:
            return map(function, tasks)

    monkeypatch.setattr(common_bench, "ProcessPoolExecutor", CountingPool)  # the pool both games' benches use
    results = ai_bench.run_deals(ai_bench.make_tasks(range(1, 3), ["easy"], ["greedy"]), jobs=10_000)
    assert len(results) == 2 and pools == [2]
