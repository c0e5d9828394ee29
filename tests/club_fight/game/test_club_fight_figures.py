"""The statistics' figures: best and worst deals."""

from __future__ import annotations

from datetime import date

from clubfight.club_fight.engine import Level, Variant
from clubfight.club_fight.game import GameResult
from clubfight.club_fight.game.figures import summarize

DAY = date(2026, 1, 5)


def test_a_deal_is_never_listed_among_both_the_best_and_the_worst() -> None:
    """Issue 10.19: with few games the same deals showed up in both lists."""
    for count in range(1, 8):
        games = [GameResult(DAY, f"easy-{n}", Level.EASY, Variant.NONE, n == 0, n * 3, 13) for n in range(count)]
        group = summarize(games).group(Level.EASY)
        assert group is not None
        best = {d.deal for d in group.best_deals}
        worst = {d.deal for d in group.worst_deals}
        assert best and not best & worst, (count, best, worst)
        assert len(best | worst) == min(count, 6)
