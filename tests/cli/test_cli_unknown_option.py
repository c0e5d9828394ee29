"""An unknown option is named as the mistake: ``clubfight --lev hard`` said "argument COMMAND: invalid
choice: 'hard'". Every other message stays argparse's own, byte for byte."""

from __future__ import annotations

import contextlib
import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clubfight.cli import build_parser
from clubfight.common.command_line import OneLineParser


def refusal(argv: list[str]) -> str:
    """What the command line prints for ``argv`` when it refuses it ("" when it accepts it)."""
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):
        build_parser().parse_args(argv)
    return err.getvalue()


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--lev", "hard"], "clubfight: error: unknown option --lev (did you mean --level?) (see clubfight --help)\n"),
        (["--sed", "5"], "clubfight: error: unknown option --sed (did you mean --seed?) (see clubfight --help)\n"),
        (
            ["combat", "--oppo", "hard"],
            "clubfight combat: error: unknown option --oppo (did you mean --opponent?) (see clubfight combat --help)\n",
        ),
        (["--x", "hard"], "clubfight: error: unknown option --x (see clubfight --help)\n"),
    ],
)
def test_an_unknown_option_before_a_value_is_named(argv: list[str], said: str) -> None:
    assert refusal(argv) == said


TOKENS = st.sampled_from(
    ["--lev", "--level", "hard", "easy", "--seed", "5", "x", "solve", "combat", "--opponent", "--json", "--", "-z"]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(TOKENS, max_size=5))
def test_every_other_message_is_argparses_own(
    argv: list[str],
) -> None:
    said = refusal(argv)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(OneLineParser, "_unknown_option", lambda self, message: None)
        before = refusal(argv)
    assert said == before or (said.count(": error: unknown option --") == 1 and "invalid choice" in before), argv
