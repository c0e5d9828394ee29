"""``clubfight solve``, ``hint`` and ``bench``: output, JSON and exit statuses."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from clubfight.cli import main
from clubfight.club_fight.ai.bench import DealResult, parse_seed_range, percentile, summarise, wilson_interval
from clubfight.club_fight.engine import DealCode, parse_position


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_solve_prints_a_winning_line_that_replays(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solve", "easy-1")
    assert status == 0
    lines = out.splitlines()
    assert lines[0].startswith("winnable in ")
    assert "nodes in" in lines[-1]
    position = DealCode.parse("easy-1").deal()
    for text in lines[1:-1]:
        position = position.play(position.parse_move(text.strip()))
    assert position.score == 0


def test_solve_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solve", "hard-2", "--json")
    assert status == 0
    data = json.loads(out)
    assert data["verdict"] == "winnable"
    assert len(data["line"]) == len(data["moves"]) > 0
    assert data["nodes"] > 0


def test_solve_out_of_budget_says_unknown(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solve", "hard-23", "--nodes", "1")
    assert status == 0
    assert out.startswith("unknown")


def test_solve_a_position_string(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solve", "JK - - - 5H - - - JK | 5C | | | hard")
    assert status == 0
    assert out.startswith("unwinnable")


@pytest.mark.parametrize("command", ["solve", "hint"])
@pytest.mark.parametrize("bad", ["medium-3", "easy-x", "AH AH | 2C | |"])
def test_bad_input_exits_2_with_one_line(capsys: pytest.CaptureFixture[str], command: str, bad: str) -> None:
    status, out, err = run(capsys, command, bad)
    assert status == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1


def test_hint_prints_move_and_reason(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "hint", "easy-5", "--seed", "1")
    assert status == 0
    move_text, reason = out.splitlines()
    assert DealCode.parse("easy-5").deal().parse_move(move_text)
    assert "sampled deals" in reason


def test_hint_json(capsys: pytest.CaptureFixture[str]) -> None:
    position = "6H 6S 9S 2D AD 4H 5D JK KD | 3C 6C QC 8C | 7H 3S | 2C"
    status, out, _ = run(capsys, "hint", position, "--json")
    assert status == 0
    data = json.loads(out)
    assert parse_position(position).parse_move(data["move"])
    assert set(data) >= {"move", "club", "action", "cleared", "reason"}


def test_hint_on_a_finished_game_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "hint", "- - - - - - - - - | 5C | |")
    assert status == 2
    assert "over" in err


def test_bench_table_and_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "bench.json"
    status, out, _ = run(
        capsys,
        "bench",
        "--seeds",
        "1-3",
        "--levels",
        "easy",
        "--policies",
        "solver,greedy,random",
        "--json",
        str(target),
    )
    assert status == 0
    assert "solver" in out and "greedy" in out and "random" in out
    data = json.loads(target.read_text())
    assert data["seeds"] == "1-3"
    rows = {row["policy"]: row for row in data["rows"]}
    assert rows["solver"]["deals"] == 3
    assert rows["solver"]["wins"] + rows["solver"]["losses"] + rows["solver"]["unknowns"] == 3
    assert rows["greedy"]["ratio"] == pytest.approx(rows["greedy"]["rate"] / rows["solver"]["rate"])
    assert "--seeds 1-3" in data["command"]
    greedy = [deal for deal in data["deals"] if deal["policy"] == "greedy"]  # every deal, for a second look
    assert sorted(deal["seed"] for deal in greedy) == [1, 2, 3]
    assert sum(deal["outcome"] == "won" for deal in greedy) == rows["greedy"]["wins"]


def test_bench_with_two_jobs_matches_one(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    figures = []
    for jobs in ("1", "2"):
        target = tmp_path / f"{jobs}.json"
        run(
            capsys,
            "bench",
            "--seeds",
            "4-6",
            "--levels",
            "hard",
            "--policies",
            "greedy",
            "--jobs",
            jobs,
            "--json",
            str(target),
        )
        rows = json.loads(target.read_text())["rows"]
        figures.append([(r["wins"], r["losses"]) for r in rows])
    assert figures[0] == figures[1]


@pytest.mark.parametrize(
    "argv",
    [
        ["--seeds", "9-3"],
        ["--seeds", "a-b"],
        ["--seeds", "1-2", "--levels", "medium"],
        ["--seeds", "1-2", "--policies", "oracle"],
    ],
)
def test_bench_bad_arguments_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    status, out, err = run(capsys, "bench", *argv)
    assert status == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1


def test_wilson_interval_known_values() -> None:
    low, high = wilson_interval(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4)
    assert high == pytest.approx(0.9433, abs=1e-4)
    assert wilson_interval(0, 10)[0] == 0.0
    assert wilson_interval(10, 10)[1] == 1.0


def test_seed_range_and_percentile() -> None:
    assert parse_seed_range("1-500") == range(1, 501)
    assert parse_seed_range("7") == range(7, 8)
    with pytest.raises(ValueError):
        parse_seed_range("5-1")
    assert percentile([float(v) for v in range(1, 21)], 0.95) == 19.0


def test_summarise_counts_unknowns_and_ratios() -> None:
    results = [
        DealResult("solver", "easy", 1, "winnable", (0.1,)),
        DealResult("solver", "easy", 2, "unknown", (10.0,)),
        DealResult("greedy", "easy", 1, "won", (0.001,)),
        DealResult("greedy", "easy", 2, "lost", (0.001,), 5),
    ]
    solver, greedy = summarise(results, ["easy"], ["solver", "greedy"])
    assert (solver.wins, solver.losses, solver.unknowns) == (1, 0, 1)
    assert (greedy.wins, greedy.losses) == (1, 1)
    assert greedy.ratio == pytest.approx(1.0)


def test_solve_honours_tiny_node_and_time_limits(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 10.22: --nodes 10 searches at most 10 nodes; --time-limit 0.0001 stops the search at once.

    Counted in nodes, not seconds, so a loaded machine can't fail it."""
    from clubfight.club_fight.ai import Verdict, solve
    from clubfight.club_fight.engine import Level, deal

    position = deal(Level.EASY, 7)
    assert solve(position, node_limit=10).nodes <= 10
    quick = solve(position, time_limit=0.0001)
    assert quick.verdict is Verdict.UNKNOWN and quick.nodes < 1_000


def test_a_deal_code_with_a_seed_out_of_range_names_the_range(capsys: pytest.CaptureFixture[str]) -> None:
    from clubfight.cli import main

    assert main(["--deal", "easy-99999999999999999999999"]) == 2
    assert "from 0 to 18446744073709551615" in capsys.readouterr().err


def test_deal_accepts_a_position_string_as_the_other_commands_do(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 10.18 (ruling D2): clubfight --deal "<position>" starts the app on that position."""
    from clubfight.cli import main
    from clubfight.shell.app import CardGamesApp

    built: list[CardGamesApp] = []
    monkeypatch.setattr(CardGamesApp, "run", lambda self, *args, **kwargs: built.append(self))
    text = "KH 9S 2D 8S 8H 9H 5H 10D QD | 7C AC 3C 6C | JD | 9C"
    assert main(["--deal", text]) == 0
    position = built[0].launch.position  # type: ignore[attr-defined]
    assert position is not None and position.notation() == parse_position(text).notation()


def test_bench_shows_progress_with_rate_and_eta_and_its_table_fits_80_columns() -> None:
    """Issue 10.21: minutes without a sign of life, and a 115-column table that wrapped every row."""
    import io

    from rich.console import Console

    from clubfight.club_fight.cli.bench import progress_bar, render

    out = io.StringIO()
    console = Console(file=out, force_terminal=True, width=80)
    with progress_bar(3, console=console) as advance:
        for _ in range(3):
            advance()
            console.file.flush()
    shown = out.getvalue()
    assert "3/3" in shown and "ETA" in shown and "deals/s" in shown
    results = [
        DealResult(policy, "easy", seed, outcome, (1.234 * seed,))
        for policy in ("solver", "random", "hint-strong")
        for seed, outcome in ((1, "won" if policy != "solver" else "winnable"), (2, "lost"))
    ]
    rows = summarise(results, ["easy"], ["solver", "random", "hint-strong"])
    table = io.StringIO()
    render(rows, "seeds 1-2", console=Console(file=table, width=80))
    lines = table.getvalue().splitlines()
    assert all(len(line) <= 80 for line in lines)
    assert sum("hint-strong" in line for line in lines) == 1  # no row folded onto a second line
