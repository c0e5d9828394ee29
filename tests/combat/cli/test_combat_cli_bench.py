"""``clubfight combat bench``: the table, the JSON, colour swaps, a pool that agrees with one process,
and bad arguments refused in one line with status 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from clubfight.cli import main
from clubfight.combat.ai import Opponent
from clubfight.combat.ai import bench as harness
from clubfight.combat.ai.bench import make_tasks, percentile, wilson_interval
from clubfight.combat.cli import bench as combat_bench


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(["combat", "bench", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_bench_prints_the_table_and_writes_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "bench.json"
    status, out, _ = run(
        capsys, "--games", "4", "--red", "normal", "--black", "easy", "--seed", "7", "--json", str(target)
    )
    assert status == 0
    for words in ("normal", "easy", "95% CI", "knock out", "ring out", "submission", "time out", "first attacker"):
        assert words in out
    assert "median" in out and "p95" in out and "turns/round" in out
    data = json.loads(target.read_text())
    assert data["games"] == 4 and data["rounds_per_match"] == 3 and data["seeds"] == "7-8"
    rows = {row["level"]: row for row in data["rows"]}
    assert rows["normal"]["wins"] + rows["easy"]["wins"] == 4
    assert rows["normal"]["games"] == rows["easy"]["games"] == 4
    assert sum(data["win_types"].values()) == data["rounds"] == sum(len(g["rounds"]) for g in data["games_detail"])
    for row in rows.values():
        assert row["ci_low"] <= row["rate"] <= row["ci_high"]
        assert row["decisions"] > 0 and 0 < row["median_seconds"] <= row["p95_seconds"]
    reds = [g["red"] for g in data["games_detail"]]
    assert reds == ["normal", "easy", "normal", "easy"]
    assert [g["seed"] for g in data["games_detail"]] == [7, 7, 8, 8]
    assert "--games 4" in data["command"] and "--rounds 3" in data["command"]


def test_single_rounds_and_two_jobs_agree_with_one(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    outcomes = []
    for jobs in ("1", "2"):
        target = tmp_path / f"{jobs}.json"
        status, _, _ = run(
            capsys,
            "--games",
            "4",
            "--red",
            "hard",
            "--black",
            "easy",
            "--rounds",
            "1",
            "--jobs",
            jobs,
            "--json",
            str(target),
        )
        assert status == 0
        data = json.loads(target.read_text())
        assert all(len(g["rounds"]) == 1 for g in data["games_detail"])
        outcomes.append([(g["winner"], g["rounds"]) for g in data["games_detail"]])
    assert outcomes[0] == outcomes[1]


def test_tasks_swap_colours_on_the_same_seed() -> None:
    tasks = make_tasks(6, Opponent.HARD, Opponent.NORMAL, 10)
    assert [(t.seed, t.red, t.black) for t in tasks[:2]] == [(10, "hard", "normal"), (10, "normal", "hard")]
    assert sum(t.red == "hard" for t in tasks) == 3


def test_wilson_and_percentile() -> None:
    low, high = wilson_interval(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4) and high == pytest.approx(0.9433, abs=1e-4)
    assert percentile([0.1 * i for i in range(1, 21)], 0.95) == pytest.approx(1.9)


@pytest.fixture
def no_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """A refused bench must be refused before any game is played."""

    def refuse(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the bench ran")

    monkeypatch.setattr(harness, "run_games", refuse)


@pytest.mark.usefixtures("no_games")
@pytest.mark.parametrize(
    "argv",
    [
        ["--games", "3"],
        ["--games", "0"],
        ["--games", "x"],
        ["--red", "medium"],
        ["--black", ""],
        ["--jobs", "0"],
        ["--seed", "-1"],
        ["--seed", "18446744073709551615", "--games", "4"],
        ["--rounds", "2"],
        ["--json", "{tmp}"],
        ["--json", "{tmp}/missing/out.json"],
        ["--nonsense"],
    ],
)
def test_bad_arguments_exit_2_in_one_line(argv: list[str], capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    try:
        status = main(["combat", "bench", *argv])
    except SystemExit as exit_info:
        status = exit_info.code  # argparse's own refusals
    captured = capsys.readouterr()
    assert status == 2
    assert captured.out == ""
    assert "Traceback" not in captured.err
    assert captured.err.count("\n") == 1 and captured.err.strip()


def test_every_option_has_help() -> None:
    import argparse

    parser = argparse.ArgumentParser()
    bench = combat_bench.add_bench_parser(parser.add_subparsers(dest="combat_command"))
    for action in bench._actions:
        assert action.help, action.dest
