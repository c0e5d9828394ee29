"""Every parser refuses abbreviations, every command and option explains itself, and no input gives a
traceback (issue 9)."""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clubfight.cli import build_parser, main
from clubfight.club_fight.game import Start
from clubfight.club_fight.storage import load_stats, record_game
from clubfight.club_fight.tui.autosave import new_session


def parsers(parser: argparse.ArgumentParser, path: str = "clubfight") -> Iterator[tuple[str, argparse.ArgumentParser]]:
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, command in action.choices.items():
                yield from parsers(command, f"{path} {name}")


def test_every_parser_refuses_abbreviations_and_explains_every_option() -> None:
    for path, parser in parsers(build_parser()):
        assert parser.allow_abbrev is False, path
        assert parser.description, f"{path} has no description"
        for action in parser._actions:
            if not isinstance(action, (argparse._HelpAction, argparse._SubParsersAction)):
                assert action.help, f"{path} {'/'.join(action.option_strings) or action.dest} has no help"


def test_hint_strength_has_help() -> None:
    (hint,) = [p for path, p in parsers(build_parser()) if path == "clubfight hint"]
    (strength,) = [a for a in hint._actions if "--strength" in a.option_strings]
    assert strength.help and "strong" in strength.help


def test_stats_re_ye_is_refused_and_clears_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    from datetime import date

    record_game(new_session(Start.parse("easy-7")).result(date(2026, 1, 1), abandoned=True))
    with pytest.raises(SystemExit) as exit_:
        main(["stats", "--re", "--ye"])
    assert exit_.value.code == 2
    assert "unrecognized arguments: --re --ye" in capsys.readouterr().err
    assert len(load_stats().value) == 1  # was: read as --reset --yes, and every statistic was gone


def test_serve_without_the_web_extra_says_how_to_get_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "textual_serve", None)
    monkeypatch.setitem(sys.modules, "textual_serve.server", None)
    assert main(["serve"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "pip install 'clubfight[web]'" in err


WORDS = st.sampled_from(
    [
        "moves", "hint", "stats", "replay", "combat", "serve", "solve", "--json", "--reset", "--yes", "--re", "--ye",
        "--strength", "fast", "strong", "--variant", "all-clear", "--seed", "7", "-1", "99999999999999999999999",
        "easy-7", "hard-0", "easy-", "x", "", "-", "--", "--port", "0", "70000", "--host", "--nodes", "1",
        "--time-limit", "nan", "inf", "1e9", "\x00", "é", "--level", "medium", "--deal", "--daily", "-h",
    ]
)  # fmt: skip


@settings(max_examples=60, deadline=None)
@given(st.lists(WORDS, min_size=1, max_size=6))
def test_no_command_line_gives_a_traceback(argv: list[str]) -> None:
    if argv[0] not in ("moves", "hint", "stats", "replay", "combat", "serve"):
        argv = ["moves", *argv]  # never start the app or the server: those wait for a person
    if argv[0] == "serve" and "-h" not in argv:
        argv.append("--port=0")  # refused by the parser, before anything listens
    if argv[0] == "hint" and "--strength" in argv:
        argv = [a for a in argv if a != "strong"]
    stdin, sys.stdin = sys.stdin, io.StringIO("")
    try:
        status = main(argv)
    except SystemExit as exit_:
        status = exit_.code if isinstance(exit_.code, int) else 2
    finally:
        sys.stdin = stdin
    assert status in (0, 1, 2)


def test_every_parsers_help_prints() -> None:
    """argparse formats each help line with ``%``: a bare ``95%`` in one broke ``clubfight combat --help``."""
    for path, parser in parsers(build_parser()):
        text = parser.format_help()
        assert text.startswith("usage: "), path
