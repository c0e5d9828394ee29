"""Best and worst deals as docs/records.md defines them: a loss is not a best deal beside a win."""

from __future__ import annotations

from datetime import date

from hypothesis import given
from hypothesis import strategies as st

from clubfight.club_fight.engine import Level, Variant
from clubfight.club_fight.game import DealScore, GameResult
from clubfight.club_fight.game.figures import summarize

DAY = date(2026, 1, 5)


def result(deal: str, score: int) -> GameResult:
    return GameResult(DAY, deal, Level.HARD, Variant.NONE, score == 0, score, 13)


def test_one_win_and_one_loss_are_the_best_and_the_worst() -> None:
    """From real play: hard, one win and one 26-point loss showed the loss under Best deals."""
    group = summarize([result("hard-1", 0), result("hard-2", 26)]).group(Level.HARD)
    assert group is not None
    assert group.best_deals == (DealScore("hard-1", 0),)
    assert group.worst_deals == (DealScore("hard-2", 26),)


def test_a_lone_loss_is_a_worst_deal_and_a_lone_win_a_best_one() -> None:
    lost = summarize([result("hard-2", 26)]).group(Level.HARD)
    won = summarize([result("hard-1", 0)]).group(Level.HARD)
    assert lost is not None and won is not None
    assert (lost.best_deals, lost.worst_deals) == ((), (DealScore("hard-2", 26),))
    assert (won.best_deals, won.worst_deals) == ((DealScore("hard-1", 0),), ())


deal_scores = st.lists(st.tuples(st.integers(0, 7), st.integers(0, 41)), min_size=1, max_size=20)


@given(deal_scores)
def test_the_lists_follow_the_definition(games: list[tuple[int, int]]) -> None:
    group = summarize([result(f"hard-{deal}", score) for deal, score in games]).group(Level.HARD)
    assert group is not None
    lowest: dict[str, int] = {}
    highest: dict[str, int] = {}
    for deal, score in games:
        name = f"hard-{deal}"
        lowest[name] = min(lowest.get(name, 41), score)
        highest[name] = max(highest.get(name, 0), score)
    ranked = sorted(lowest.items(), key=lambda item: (item[1], item[0]))
    for index, (deal, score) in enumerate(ranked):
        listed = DealScore(deal, score) in group.best_deals
        assert listed == (index < 3 and (score == 0 or index < len(ranked) // 2)), (deal, score)
    best = {d.deal for d in group.best_deals}
    assert all(d.deal not in best and lowest[d.deal] > 0 for d in group.worst_deals)
    assert all(d.score == highest[d.deal] for d in group.worst_deals)
    assert all(d.score > 0 for d in group.worst_deals), "a win is never a worst deal"
