"""The rating ladder: the Bradley-Terry fit, its intervals, the table, the level ratings the app shows,
and ``clubfight combat ladder`` end to end (tiny) with its refusals."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from clubfight.cli import main
from clubfight.combat.ai import LEVEL_RATINGS, LEVELS, PairScore, fit_ratings, pair_scores, ratings_table
from clubfight.combat.ai.ladder import FLOOR_RATING, expected_score
from clubfight.combat.ai.players import PLAYERS, decide
from clubfight.combat.engine import deal
from clubfight.common.shuffle import SplitMix64

PLAYERS_LADDER = ["random", "easy", "normal", "hard"]


def synthetic(truth: dict[str, float], games: int) -> list[PairScore]:
    """Each pair's expected score under the Elo model, rounded to whole wins."""
    names = list(truth)
    pairs = []
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            wins = round(games * expected_score(truth[a], truth[b]))
            pairs.append(PairScore(a, b, games, wins))
    return pairs


def test_the_fit_recovers_ratings_from_their_expected_scores() -> None:
    truth = {"random": 1000.0, "easy": 1300.0, "normal": 1550.0, "hard": 1700.0}
    ratings = {r.player: r for r in fit_ratings(PLAYERS_LADDER, synthetic(truth, 4000), "random")}
    assert ratings["random"].rating == FLOOR_RATING
    for player, value in truth.items():
        assert abs(ratings[player].rating - value) < 6, player
        assert ratings[player].low <= value <= ratings[player].high or player == "random"


def test_intervals_narrow_with_more_games() -> None:
    truth = {"random": 1000.0, "easy": 1200.0, "normal": 1400.0, "hard": 1500.0}
    few = {r.player: r for r in fit_ratings(PLAYERS_LADDER, synthetic(truth, 40), "random")}
    many = {r.player: r for r in fit_ratings(PLAYERS_LADDER, synthetic(truth, 4000), "random")}
    width = lambda r: r.high - r.low  # noqa: E731
    assert width(many["hard"]) < width(few["hard"]) / 5


def test_a_clean_sweep_gives_a_large_finite_gap() -> None:
    ratings = {r.player: r for r in fit_ratings(["random", "hard"], [PairScore("hard", "random", 100, 100)], "random")}
    gap = ratings["hard"].rating - ratings["random"].rating
    assert 700 < gap < 1200 and math.isfinite(ratings["hard"].high)


@given(st.lists(st.integers(0, 20), min_size=6, max_size=6))
def test_ratings_are_finite_and_ordered_like_their_scores_against_a_common_floor(wins: list[int]) -> None:
    pairs = [
        PairScore("easy", "random", 20, wins[0]),
        PairScore("normal", "random", 20, wins[1]),
        PairScore("hard", "random", 20, wins[2]),
        PairScore("normal", "easy", 20, wins[3]),
        PairScore("hard", "easy", 20, wins[4]),
        PairScore("hard", "normal", 20, wins[5]),
    ]
    ratings = fit_ratings(PLAYERS_LADDER, pairs, "random")
    assert len(ratings) == 4
    assert all(math.isfinite(r.rating) and r.low <= r.rating <= r.high for r in ratings)
    assert [r.rating for r in ratings] == sorted((r.rating for r in ratings), reverse=True)
    assert sum(r.wins for r in ratings) == 6 * 20


def test_pair_scores_and_the_table() -> None:
    scores = pair_scores([("hard", "easy", "hard"), ("hard", "easy", "easy"), ("easy", "hard", "hard")])
    assert scores == [PairScore("hard", "easy", 3, 2)]
    lines = ratings_table(fit_ratings(["easy", "hard"], scores, "easy"))
    assert lines[0].split()[:2] == ["player", "rating"]
    assert "(pinned)" in lines[-1] and lines[-1].startswith("easy")


def test_every_level_has_a_rating_for_the_app() -> None:
    assert set(LEVEL_RATINGS) == set(LEVELS)
    ordered = [LEVEL_RATINGS[level] for level in ("easy", "normal", "hard", "expert")]
    assert ordered == sorted(ordered) and all(r % 50 == 0 for r in ordered)


def test_the_random_player_plays_legal_actions_and_the_clairvoyant_is_not_a_level() -> None:
    assert "clairvoyant" in PLAYERS and "clairvoyant" not in LEVELS and "random" not in LEVELS
    r = deal(5)
    rng = SplitMix64(2)
    while not r.is_over:
        action = decide("random", r, rng.next())
        assert r.is_legal(action)
        r = r.play(action)


def test_the_ladder_command_rates_a_tiny_round_robin(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "ladder.json"
    status = main(["combat", "ladder", "--games", "2", "--rounds", "1", "--seed", "3", "--json", str(target)])
    out = capsys.readouterr().out
    assert status == 0
    for player in ("random", "easy", "normal", "hard", "expert"):
        assert player in out
    assert "95% interval" in out and "first attacker" in out
    data = json.loads(target.read_text())
    assert len(data["pairs"]) == 10 and sum(p["games"] for p in data["pairs"]) == 20
    assert {r["player"] for r in data["ratings"]} == {"random", "easy", "normal", "hard", "expert"}


@pytest.mark.parametrize("argv", [["--games", "3"], ["--games", "0"], ["--jobs", "0"], ["--rounds", "2"], ["--x"]])
def test_bad_ladder_arguments_exit_2_in_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    try:
        status = main(["combat", "ladder", *argv])
    except SystemExit as exit_info:
        status = exit_info.code
    err = capsys.readouterr().err
    assert status == 2 and err.count("\n") == 1 and "Traceback" not in err
