"""The package as a user gets it (issue 9): build the wheel, install it into a fresh venv, run it."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from support import ROOT

pytestmark = pytest.mark.slow


def uv() -> list[str]:
    found = shutil.which("uv")
    if found:
        return [found]
    probe = subprocess.run([sys.executable, "-m", "uv", "--version"], capture_output=True)
    if probe.returncode == 0:
        return [sys.executable, "-m", "uv"]
    pytest.skip("uv is not installed: it builds the wheel and the fresh venv")


def test_the_wheel_installs_and_runs_in_a_fresh_venv(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    subprocess.run([*uv(), "build", "--wheel", "-q", "--out-dir", str(dist)], cwd=ROOT, check=True, timeout=300)
    (wheel,) = dist.glob("clubfight-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {"clubfight/docs/rules.md", "clubfight/docs/combat-rules.md"} <= names  # the games' help
    assert {"clubfight/py.typed", "clubfight/docs/notation.md"} <= names
    assert any(name.endswith(".dist-info/licenses/LICENSE") for name in names)

    venv = tmp_path / "venv"
    subprocess.run([*uv(), "venv", "-q", "--python", sys.executable, str(venv)], check=True, timeout=120)
    python = venv / ("Scripts" if sys.platform == "win32" else "bin") / "python"
    subprocess.run([*uv(), "pip", "install", "-q", "--python", str(python), str(wheel)], check=True, timeout=300)
    clubfight = python.parent / "clubfight"

    from clubfight import __version__

    version = subprocess.run([str(clubfight), "--version"], capture_output=True, text=True, check=True)
    assert version.stdout.strip() == f"clubfight {__version__}"
    moves = subprocess.run([str(clubfight), "moves", "easy-7"], capture_output=True, text=True, check=True)
    assert moves.stdout.strip() and not moves.stderr
    rules = subprocess.run(
        [
            str(python),
            "-c",
            "from clubfight.club_fight.tui import help as a; from clubfight.combat.tui import help as b; "
            "print(a.rules_markdown() != a.RULES_MISSING, b.combat_rules_markdown() != b.RULES_MISSING)",
        ],
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,  # not the checkout: the installed package's own copy
    )
    assert rules.stdout.strip() == "True True"


def test_the_sdist_ships_the_benchmark_scripts_but_not_their_results(tmp_path: Path) -> None:
    """The results stay in the repository, where the docs quote them (benchmarks/results/README.md)."""
    subprocess.run([*uv(), "build", "--sdist", "-q", "--out-dir", str(tmp_path)], cwd=ROOT, check=True, timeout=300)
    (sdist,) = tmp_path.glob("clubfight-*.tar.gz")
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    scripts = {f"benchmarks/{path.name}" for path in (ROOT / "benchmarks").glob("*.py")}
    assert scripts and scripts <= names
    assert not {name for name in names if name.startswith("benchmarks/results")}


def test_the_man_page_and_completions_come_from_the_parser(tmp_path: Path) -> None:
    subprocess.run([sys.executable, str(ROOT / "scripts" / "release_assets.py"), str(tmp_path)], check=True)
    man = (tmp_path / "man" / "clubfight.1").read_text(encoding="utf-8")
    assert man.startswith(".TH CLUBFIGHT") and "serve" in man and "legal move" in man
    for shell in ("bash", "zsh", "tcsh"):
        completion = (tmp_path / "completions" / f"clubfight.{shell}").read_text(encoding="utf-8")
        assert "moves" in completion and "--strength" in completion
