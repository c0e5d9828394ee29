"""Bad command-line input gets one clear line and status 2, never a traceback."""

from __future__ import annotations

import pytest

from clubfight.cli import main
from clubfight.club_fight.engine import IllegalMoveError, parse_position


@pytest.mark.parametrize("seed", ["1_000", "١٢٣", "-1", "12.5", "", "18446744073709551616"])
def test_seed_must_be_plain_ascii_digits(seed: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--seed", seed])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "seed" in err


def test_a_position_missing_its_bars_is_not_called_a_bad_deal_code(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["moves", "6H 6S 9S 2D AD 4H 5D JK KD 3C 6C QC 8C"]) == 2
    err = capsys.readouterr().err
    assert "neither a deal code" in err and err.count("\n") == 1


@pytest.mark.parametrize("text", ["AC down", "KC up", "2C up", "QC down"])
def test_up_down_out_of_range_names_ruling_U1(text: str) -> None:
    position = parse_position("6H 6S 9S 2D AD 4H 5D JK KD | AC KC 2C QC | 7H 3S | 8C")
    with pytest.raises(IllegalMoveError, match=r"\(U1\)"):
        position.parse_move(text)


def test_cli_seed_bound_is_the_engines() -> None:
    """cli.py restates MAX_SEED so --help needn't import the engine; the two must agree."""
    from clubfight import cli
    from clubfight.club_fight import engine
    from clubfight.combat import engine as combat_engine

    assert cli.MAX_SEED == engine.MAX_SEED == combat_engine.MAX_SEED


def test_cli_variants_and_levels_are_the_engines() -> None:
    """club_fight/names.py lists them so that parsing arguments never loads the engine."""
    from clubfight.club_fight import engine, names

    assert names.VARIANTS == engine.VARIANT_NAMES
    assert tuple(level.value for level in engine.Level) == names.LEVELS


def test_cli_and_settings_hint_strengths_are_the_hint_engines() -> None:
    """One list (club_fight/names.py), which the hint engine's strengths are built from."""
    from clubfight.club_fight.ai.hints import STRENGTHS
    from clubfight.club_fight.names import HINT_STRENGTHS

    assert tuple(STRENGTHS) == HINT_STRENGTHS


def test_a_pasted_file_as_a_deal_code_is_quoted_by_its_start() -> None:
    from clubfight.club_fight.engine import DealCode, NotationError

    with pytest.raises(NotationError) as error:
        DealCode.parse("x" * 100_000)
    assert len(str(error.value)) < 200 and "100000 characters" in str(error.value)


def test_solve_on_a_finished_lost_game_says_lost(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "- - - - - 5D - - - | | | "]) == 0
    assert capsys.readouterr().out.startswith("lost: the clubs are used up with 1 card left")
