"""Statistics: the figures computed from recorded games."""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from clubfight.club_fight.engine import Level, Variant
from clubfight.club_fight.game import DealScore, GameResult, summarize
from clubfight.club_fight.storage.stats import load_stats, record_game, reset_stats
from support import deal_start, greedy_game

DAY = date(2026, 11, 30)


def game(
    score: int,
    *,
    level: Level = Level.EASY,
    deal: str | None = "",
    variant: Variant = Variant.NONE,
    hints: int = 0,
    undos: int = 0,
    daily: date | None = None,
) -> GameResult:
    code = f"{level.value}-{score}" if deal == "" else deal  # "" picks a code; None is a custom position
    return GameResult(DAY, code, level, variant, score == 0, score, 13, hints, undos, daily)


def test_win_rate_streaks_and_average() -> None:
    scores = [0, 0, 5, 0, 0, 0, 2, 0]
    group = summarize([game(s) for s in scores]).group(Level.EASY)
    assert group is not None
    assert (group.played, group.won) == (8, 6)
    assert group.win_percent == 75.0
    assert (group.current_streak, group.best_streak) == (1, 3)
    assert group.average_score == 7 / 8


def test_a_loss_at_the_end_breaks_the_current_streak() -> None:
    group = summarize([game(0), game(0), game(1)]).group(Level.EASY)
    assert group is not None and (group.current_streak, group.best_streak) == (0, 2)


def test_histogram_counts_each_score() -> None:
    group = summarize([game(s) for s in (0, 3, 3, 41 - 1, 0, 0)]).group(Level.EASY)
    assert group is not None
    assert len(group.histogram) == 42
    assert group.histogram[0] == 3 and group.histogram[3] == 2 and group.histogram[40] == 1
    assert sum(group.histogram) == group.played


def test_clean_wins_need_no_undo_and_no_hint() -> None:
    games = [game(0), game(0, hints=1), game(0, undos=2), game(4), game(0, hints=2, undos=1)]
    group = summarize(games).group(Level.EASY)
    assert group is not None
    assert group.won == 4  # hints and undo still count as won
    assert group.clean_wins == 1
    assert group.hints_used == 3
    assert group.games_with_undo == 2


def test_levels_and_variants_are_kept_apart() -> None:
    games = [
        game(0),
        game(5, level=Level.HARD),
        game(0, variant=Variant.ALL_CLEAR),
        game(0, variant=Variant.ALL_CLEAR, deal="easy-9"),
        game(2, level=Level.HARD, variant=Variant.ALL_CLEAR),
    ]
    summary = summarize(games)
    assert [g.name for g in summary.groups] == ["easy", "hard", "easy all-clear", "hard all-clear"]
    plain, all_clear = summary.group(Level.EASY), summary.group(Level.EASY, Variant.ALL_CLEAR)
    assert plain is not None and all_clear is not None
    assert (plain.played, all_clear.played) == (1, 2)
    assert summary.played == 5 and summary.won == 3


def test_best_and_worst_deals_by_score() -> None:
    games = [game(9, deal="easy-1"), game(2, deal="easy-1"), game(0, deal="easy-2"), game(14, deal="easy-3")]
    games += [game(5, deal="easy-4"), game(5, deal=None)]
    group = summarize(games).group(Level.EASY)
    assert group is not None
    # a loss is a best deal only from the better half of the deals (docs/records.md)
    assert group.best_deals == (DealScore("easy-2", 0), DealScore("easy-1", 2))
    # a deal among the best isn't repeated among the worst (issue 10.19)
    assert group.worst_deals == (DealScore("easy-3", 14), DealScore("custom position", 5), DealScore("easy-4", 5))


def test_daily_streak_counts_consecutive_days_and_lapses() -> None:
    days = [DAY - timedelta(days=n) for n in (9, 8, 7, 3, 2, 1, 1, 0)]
    games = [game(n % 3, daily=day) for n, day in enumerate(days)]
    summary = summarize(games, today=DAY)
    assert (summary.daily_played, summary.daily_streak, summary.best_daily_streak) == (8, 4, 4)
    assert summarize(games, today=DAY + timedelta(days=1)).daily_streak == 4  # today's is still to play
    assert summarize(games, today=DAY + timedelta(days=2)).daily_streak == 0
    assert summarize(games[:3], today=DAY).best_daily_streak == 3


def test_no_games_no_groups() -> None:
    summary = summarize([])
    assert summary.groups == () and summary.played == 0 and summary.daily_streak == 0
    assert summary.to_json()["groups"] == []


def test_from_game_records_a_finished_and_an_abandoned_game() -> None:
    start = deal_start("hard-21", variant=Variant.ALL_CLEAR)
    _, positions = greedy_game(start)
    final = positions[-1]
    result = GameResult.from_game(start, final, played_on=DAY, hints=2, undos=1)
    assert (result.deal, result.level, result.variant) == ("hard-21", Level.HARD, Variant.ALL_CLEAR)
    assert (result.score, result.won, result.turns) == (final.score, final.score == 0, final.turns_played)
    _, partial = greedy_game(start, 2)
    abandoned = GameResult.from_game(start, partial[-1], played_on=DAY, abandoned=True)
    assert not abandoned.won and abandoned.abandoned and abandoned.score == partial[-1].score > 0


def test_declining_a_resume_counts_as_a_loss_in_the_figures() -> None:
    start = deal_start("easy-5")
    _, partial = greedy_game(start, 3)
    declined = GameResult.from_game(start, partial[-1], played_on=DAY, abandoned=True)
    group = summarize([game(0), declined]).group(Level.EASY)
    assert group is not None and (group.played, group.won, group.current_streak) == (2, 1, 0)


def test_record_load_and_reset_round_trip(home: Path) -> None:
    games = [game(0), game(3, level=Level.HARD, daily=DAY, hints=1), game(0, deal=None, variant=Variant.ALL_CLEAR)]
    for result in games:
        assert record_game(result) is None
    assert load_stats().value == games
    reset_stats()
    assert load_stats().value == []
    assert (home / "stats.json").exists()


def test_summary_json_shape() -> None:
    data = summarize([game(0), game(3)], today=DAY).to_json()
    group = data["groups"][0]
    assert group["histogram"] == {"0": 1, "3": 1}
    assert group["win_percent"] == 50.0 and group["average_score"] == 1.5
    assert set(data) == {"played", "won", "daily", "groups"}


games_strategy = st.lists(
    st.builds(
        lambda level, all_clear, score, hints, undos: game(
            score, level=level, variant=Variant.ALL_CLEAR if all_clear else Variant.NONE, hints=hints, undos=undos
        ),
        st.sampled_from(list(Level)),
        st.booleans(),
        st.integers(0, 40),
        st.integers(0, 2),
        st.integers(0, 2),
    ),
    max_size=40,
)


def longest_run(flags: list[bool]) -> int:
    """Brute force: the longest window of consecutive True values."""
    n = len(flags)
    return max((j - i for i in range(n + 1) for j in range(i, n + 1) if all(flags[i:j])), default=0)


@given(games_strategy)
def test_figures_match_a_brute_force_count(games: list[GameResult]) -> None:
    summary = summarize(games)
    assert summary.played == len(games)
    for group in summary.groups:
        mine = [g for g in games if g.level is group.level and g.variant == group.variant]
        wins = [g.won for g in mine]
        assert group.played == len(mine) > 0
        assert group.won == sum(wins)
        assert group.best_streak == longest_run(wins)
        trailing = len(wins) - max((i + 1 for i, w in enumerate(wins) if not w), default=0)
        assert group.current_streak == trailing
        assert list(group.histogram) == [sum(g.score == s for g in mine) for s in range(42)]
        assert group.clean_wins == sum(g.won and g.hints == 0 and g.undos == 0 for g in mine)
        won = {g.deal_label for g in mine if g.won}
        if group.best_deals or won:
            assert group.best_deals[0].score == min(g.score for g in mine)
        best = {d.deal for d in group.best_deals}
        rest = [g.score for g in mine if g.deal_label not in best | won]
        assert (group.worst_deals[0].score if group.worst_deals else None) == max(rest, default=None)
