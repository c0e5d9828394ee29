"""``clubfight combat``: the options that start a match, and one-line errors with status 2."""

from __future__ import annotations

import pytest

from clubfight.cli.main import build_parser, main
from clubfight.combat.ai import Opponent
from clubfight.combat.cli.play import launch_from
from clubfight.combat.engine import Colour, Juggle, Style


def launch(*argv: str):  # type: ignore[no-untyped-def]
    return launch_from(build_parser().parse_args(["combat", *argv]))


def test_no_option_opens_the_start_screen() -> None:
    assert launch().ask


def test_options_start_a_match_at_once() -> None:
    got = launch("--opponent", "hard", "--deal", "combat-77", "--rounds", "5", "--colour", "black")
    assert not got.ask and got.opponent is Opponent.HARD and got.seed == 77 and got.rounds == 5
    assert got.colour is Colour.BLACK
    styled = launch("--style", "karate", "--survival", "--juggle")
    assert styled.style is Style.KARATE and styled.survival and styled.juggle is Juggle.COMBO
    assert styled.rules().red_style is Style.KARATE
    assert launch("--hot-seat").opponent is None


@pytest.mark.parametrize(
    "argv",
    [
        ["--opponent", "master"],
        ["--rounds", "2"],
        ["--colour", "green"],
        ["--style", "boxing"],
        ["--seed", "x"],
        ["--hot-seat", "--opponent", "easy"],
        ["--seed", "3", "--deal", "combat-3"],
        ["--deal", "hard-3"],
    ],
)
def test_bad_options_are_one_line_and_status_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    try:
        status = main(["combat", *argv])
    except SystemExit as exit:
        status = exit.code  # type: ignore[assignment]
    assert status == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "error" in err
