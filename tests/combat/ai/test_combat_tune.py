"""benchmarks/combat_tune.py: ``--set NAME=VALUE`` builds a variant of expert's settings (or says
clearly what is wrong), and the shipped settings play exactly the bench's expert."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clubfight.combat.ai import EXPERT
from clubfight.combat.ai.bench import make_tasks, run_task
from clubfight.combat.ai.greedy import NORMAL
from support import load_benchmark

tune = load_benchmark("combat_tune")


def test_overrides_reach_top_level_and_nested_settings() -> None:
    variant = tune.parse_overrides(
        ["tree=false", "iterations=450", "exploration=12.5", "search.candidates=10", "search.opponent.own=2"]
    )
    assert variant.tree is False
    assert variant.iterations == 450
    assert variant.exploration == 12.5
    assert variant.search.candidates == 10
    assert variant.search.opponent == dataclasses.replace(NORMAL, own=2.0)
    assert variant.search.weights == EXPERT.search.weights  # only what was named changes
    assert (
        dataclasses.replace(variant, tree=True, iterations=EXPERT.iterations, exploration=25.0, search=EXPERT.search)
        == EXPERT
    )


def test_no_override_is_the_shipped_expert_and_the_last_of_two_wins() -> None:
    assert tune.parse_overrides([]) == EXPERT
    assert tune.parse_overrides(["iterations=600", "iterations=900"]).iterations == 900
    assert tune.parse_overrides(["tree=no", " inference = 0 "]).inference is False


@pytest.mark.parametrize(
    ("pair", "message"),
    [
        ("iterationz=600", "no setting 'iterationz': the settings here are search, tree, iterations"),
        ("search.candidate=6", "no setting 'search.candidate'"),
        ("search=3", "search is a group of settings: set one of them, e.g. search.candidates"),
        ("search.weights=2", "search.weights is a group of settings"),
        ("iterations.deep=3", "iterations is a single setting: it has no 'deep'"),
        ("tree=maybe", "tree is true or false, not 'maybe'"),
        ("iterations=6.5", "iterations is a whole number, not '6.5'"),
        ("iterations=-1", "iterations is 0 or more, not '-1'"),
        ("exploration=nan", "exploration is 0 or more, not 'nan'"),
        ("search.opponent.own=lots", "search.opponent.own is a number, not 'lots'"),
        ("iterations", "--set takes NAME=VALUE, not 'iterations'"),
        ("=3", "--set takes NAME=VALUE"),
        ("iterations=", "--set takes NAME=VALUE"),
    ],
)
def test_a_wrong_override_says_what_is_wrong(pair: str, message: str) -> None:
    with pytest.raises(tune.OverrideError, match="^" + message.replace(".", r"\.")):
        tune.parse_overrides([pair])


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=30), st.text(max_size=10))
def test_any_override_is_a_variant_or_an_override_error(name: str, value: str) -> None:
    try:
        variant = tune.parse_overrides([f"{name}={value}"])
    except tune.OverrideError as error:
        assert str(error)
    else:
        assert isinstance(variant, type(EXPERT))


@given(st.integers(min_value=0, max_value=10_000))
def test_a_whole_number_is_taken_as_given(n: int) -> None:
    assert tune.parse_overrides([f"iterations={n}", f"search.horizon={n}"]).search.horizon == n


def test_the_command_refuses_a_wrong_override_without_a_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    assert tune.main(["--rounds", "2", "--set", "iterationz=600"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("combat_tune: error: no setting 'iterationz'")
    assert "Traceback" not in err
    assert tune.main(["--rounds", "3"]) == 2
    assert "--rounds must be even" in capsys.readouterr().err


def test_the_shipped_settings_play_exactly_the_bench_s_expert() -> None:
    """The variant is seated through the bench's own ``run_task``: with no override it is expert."""
    bench_game = run_task(make_tasks(1, "expert", "hard", 5000, rounds=1)[0])
    variant_game = tune.run_variant(tune.VariantTask(make_tasks(1, tune.VARIANT, "hard", 5000, rounds=1)[0], EXPERT))
    assert variant_game.rounds == bench_game.rounds
    assert (variant_game.red, variant_game.winner) == (tune.VARIANT, bench_game.winner)
    assert len(variant_game.red_seconds) == len(bench_game.red_seconds) > 3
