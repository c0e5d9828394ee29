"""benchmarks/combat.py --baseline: another revision's engine measured beside this tree's, in one run."""

from __future__ import annotations

import argparse
import shutil
import subprocess
from pathlib import Path

import pytest

from support import ROOT, load_benchmark

pytestmark = pytest.mark.skipif(
    shutil.which("git") is None or not (ROOT / ".git").exists(), reason="needs a git checkout"
)


def tiny(**changes: object) -> argparse.Namespace:
    values: dict[str, object] = {
        "positions": 4,
        "rounds": 1,
        "repeats": 1,
        "ai_rounds": 0,
        "levels": "hard",
        "trials": 1,
        "baseline": "HEAD",
        "cpu_time": False,
    }
    values.update(changes)
    return argparse.Namespace(**values)


def test_a_revision_is_unpacked_and_measured_in_its_own_process(tmp_path: Path) -> None:
    bench = load_benchmark("combat")
    short = bench.unpack_revision("HEAD", tmp_path)
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    assert short == head.stdout.strip()
    assert (tmp_path / "src" / "clubfight" / "combat" / "engine" / "__init__.py").is_file()
    figures = bench.run_child(tmp_path / "src", tiny())  # raises if it imported clubfight from elsewhere
    assert set(figures) >= {"plays_per_second", "us_per_position", "analyse_us", "rounds_per_second"}
    assert all(value > 0 for value in figures.values())
    by_cpu = bench.run_child(tmp_path / "src", tiny(cpu_time=True, ai_rounds=1))  # timed by CPU time
    assert set(by_cpu) >= set(figures) | {"hard_median_ms", "hard_p95_ms"}
    assert all(value > 0 for value in by_cpu.values())


def test_a_bad_revision_is_one_line(tmp_path: Path) -> None:
    bench = load_benchmark("combat")
    with pytest.raises(SystemExit, match="is not a revision of this repository"):
        bench.unpack_revision("no-such-revision", tmp_path)


def test_the_comparison_prints_both_side_by_side(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_benchmark("combat")
    bench.compare(tiny())
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line.startswith(("legal plays", "random rounds"))]
    assert len(rows) == 2
    for row in rows:
        assert row.endswith("x") and len(row.split()) >= 6  # label, baseline, this tree, speed-up
    assert "baseline " in out and "this tree" in out
