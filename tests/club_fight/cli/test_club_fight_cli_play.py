"""``clubfight`` with no command: options are checked before Textual loads, and bad ones exit 2 in one line."""

from __future__ import annotations

import subprocess
import sys

import pytest

from clubfight.cli import UsageError, build_parser, main
from clubfight.club_fight.cli.play import resolve
from clubfight.club_fight.engine import Level
from support import ROOT


def parse(*argv: str) -> tuple[Level | None, int | None]:
    return resolve(build_parser().parse_args(list(argv)))


def test_level_seed_and_deal_code_resolve() -> None:
    assert parse() == (None, None)
    assert parse("--level", "easy") == (Level.EASY, None)
    assert parse("--seed", "42") == (None, 42)
    assert parse("--deal", "hard-12345") == (Level.HARD, 12345)
    assert parse("--deal", "easy-7", "--level", "easy") == (Level.EASY, 7)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--deal", "medium-3"], "bad deal code"),
        (["--deal", "easy-3", "--seed", "4"], "--deal already names the seed"),
        (["--deal", "easy-3", "--level", "hard"], "contradicts"),
        (["--daily", "--seed", "4"], "--daily takes its seed from today's UTC date"),
        (["--autoplay", "--daily", "--level", "easy"], "--autoplay would spoil the daily deal"),
    ],
)
def test_bad_play_options_exit_2_with_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(UsageError, match=message):
        parse(*argv)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err


def test_play_options_do_not_load_textual() -> None:
    """--help and usage errors stay instant: Textual loads only once the app is about to run."""
    code = (
        "import sys\n"
        "from clubfight.cli import main\n"
        "status = main(['--deal', 'nope'])\n"
        "print(status, any(m.split('.')[0] in ('textual', 'rich') for m in sys.modules))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.split() == ["2", "False"]


def test_the_readme_playing_examples_run_as_written_after_the_quick_start() -> None:
    """Issue 10.23: neither clubfight nor uv is on PATH after the Quick start, so every example says
    python3 -m uv run, and each one's arguments parse."""
    import shlex

    from clubfight.cli.main import build_parser

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Playing", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    lines = [line.split("#", 1)[0].strip() for line in section.strip().splitlines()]
    assert lines and all(line.startswith("python3 -m uv run clubfight") for line in lines), lines
    for line in lines:
        build_parser().parse_args(shlex.split(line)[5:])
