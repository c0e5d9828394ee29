"""A plain start (``clubfight`` with play options only) is read by a parser of the play options alone,
without building every command's parser (start-up time, benchmarks/startup.py); every command line
is still read exactly as the whole parser reads it."""

from __future__ import annotations

import argparse
import contextlib
import io
import subprocess
import sys
from collections.abc import Callable

from hypothesis import example, given, settings
from hypothesis import strategies as st

from clubfight.cli.main import build_parser, parse_command_line
from support import modules_loaded

WORDS = st.sampled_from(
    [
        "--level", "easy", "hard", "medium", "--seed", "7", "-1", "x", "--deal", "easy-7", "hard-", "--daily",
        "--variant", "all-clear", "--autoplay", "--strength", "fast", "expert", "-h", "--help", "--version",
        "--lev", "--", "-", "", "=", "--seed=3", "--level=easy", "stats", "moves", "combat", "serve", "é", "\x00",
    ]
)  # fmt: skip


def outcome(parse: Callable[[list[str]], argparse.Namespace], argv: list[str]) -> tuple[object, str, str]:
    """What reading ``argv`` gives: the namespace or the exit status, and what was printed."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            result: object = vars(parse(argv))
        except SystemExit as exit_:
            result = ("exit", exit_.code)
    return result, out.getvalue(), err.getvalue()


@settings(max_examples=300, deadline=None)
@given(st.lists(WORDS, max_size=6))
@example([])
@example(["--level", "easy", "--seed", "1"])
@example(["--level", "easy", "-h"])
@example(["--lev", "hard"])
@example(["--deal", "stats"])
@example(["--level", "easy", "moves", "easy-7"])
def test_every_command_line_reads_as_the_whole_parser_reads_it(argv: list[str]) -> None:
    assert outcome(parse_command_line, argv) == outcome(lambda a: build_parser().parse_args(a), argv)


def test_a_plain_start_loads_none_of_combat_clubs_commands() -> None:
    """Combat Club's command modules (bench, ladder, server...) load only with the whole parser."""
    assert modules_loaded(("clubfight.combat.cli",), "clubfight.cli.main") == ""
    assert "clubfight.combat.cli" not in _loaded_by(["--level", "easy", "--seed", "1"])
    assert "clubfight.combat.cli" in _loaded_by(["combat", "bot", "--help"])


def _loaded_by(argv: list[str]) -> str:
    """The modules a fresh interpreter has loaded once ``argv`` is read (the whole parser for a command)."""
    code = (
        "import contextlib, io, sys\nfrom clubfight.cli.main import parse_command_line\n"
        f"with contextlib.suppress(SystemExit), contextlib.redirect_stdout(io.StringIO()):\n"
        f"    parse_command_line({argv!r})\n"
        "print(','.join(sorted(sys.modules)))"
    )
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
