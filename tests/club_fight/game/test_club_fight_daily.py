"""The daily deal (docs/daily.md) and its spoiler-free share line."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from clubfight.club_fight.engine import DealCode, Level, parse_position
from clubfight.club_fight.game import Start
from clubfight.club_fight.game.daily import daily_deal, daily_seed, emoji_strip, share_line
from clubfight.common.shuffle import SplitMix64

DAY = date(2026, 11, 30)


@pytest.mark.parametrize(
    ("day", "level", "seed"),
    [
        (date(2026, 11, 30), Level.EASY, 8246542437083501847),
        (date(2026, 11, 30), Level.HARD, 8511701353933760567),
        (date(2000, 1, 1), Level.EASY, 15684875058588425561),
        (date(2000, 1, 1), Level.HARD, 4791962017252649795),
        (date(1, 1, 1), Level.EASY, 10905525725756348110),
        (date(9999, 12, 31), Level.HARD, 11739196323772674752),
    ],
)
def test_golden_daily_seeds(day: date, level: Level, seed: int) -> None:
    """Pinned: changing the derivation would change everyone's daily deal."""
    assert daily_seed(day, level) == seed


def test_the_documented_derivation() -> None:
    """docs/daily.md: the first SplitMix64 output from 2 * ordinal + (0 easy, 1 hard)."""
    for day in (DAY, date(2031, 2, 28)):
        for bit, level in enumerate((Level.EASY, Level.HARD)):
            assert daily_seed(day, level) == SplitMix64(2 * day.toordinal() + bit).next()


def test_golden_daily_deal_cards() -> None:
    assert str(daily_deal(DAY, Level.HARD)) == "hard-8511701353933760567"
    assert daily_deal(DAY, Level.HARD).deal().notation() == (
        "8H 9H QS 10D JH 2H AS 10H 6S | JC 4C 3C QC | JK 5S 5H 4S 6H 4H 3H 4D JS 5D QD JK AD JD 3D 7D 2S 9S 7H 2D "
        "KS QH 6D 8D 8S KD KH 9D AH 3S 10S 7S | 5C AC 7C KC 2C 9C 6C 10C 8C"
    )


def test_same_date_and_level_give_the_same_deal() -> None:
    assert daily_deal(DAY, Level.EASY) == daily_deal(date(2026, 11, 30), Level.EASY)
    assert daily_deal(DAY, Level.EASY).deal() == daily_deal(DAY, Level.EASY).deal()


def test_different_dates_and_levels_give_different_deals() -> None:
    codes = {daily_deal(DAY + timedelta(days=n), level) for n in range(-400, 400) for level in Level}
    assert len(codes) == 1600
    openings = {daily_deal(DAY + timedelta(days=n), Level.EASY).deal().notation() for n in range(30)}
    assert len(openings) == 30


def test_emoji_strip_grades_each_turn() -> None:
    assert emoji_strip([1, 2, 3, 4, 5, 9, 0]) == "🟥🟧🟨🟩🟦🟦⬛"
    assert emoji_strip([]) == ""


# A won position: empty grid and grid deck, one club left (as parse_position reads it).
WON = "- - - - - - - - - | KC |  |  | hard"
LOST = "5H - 9S - - JK - - 2D |  |  | "


def test_share_line_for_a_win() -> None:
    final = parse_position(WON)
    code = DealCode(Level.HARD, 1)
    moves = [Start.from_deal(code).opening().legal_moves()[0]]
    assert share_line(DAY, Level.HARD, moves, final) == (
        f"Club Fight daily 2026-11-30 hard: won with 1 club to spare {emoji_strip([len(moves[0].cleared)])}"
    )


def test_share_line_for_a_loss_names_no_card() -> None:
    final = parse_position(LOST)
    line = share_line(DAY, Level.EASY, [], final)
    assert line == "Club Fight daily 2026-11-30 easy: lost with 4 cards left"
    for card in ("5H", "9S", "2D", "JK"):
        assert card not in line


def test_share_line_mentions_all_clear() -> None:
    final = parse_position("- - - - - - - - - | KC QC |  |  | allclear")
    assert share_line(DAY, Level.EASY, [], final) == (
        "Club Fight daily 2026-11-30 easy all-clear: won with 2 clubs to spare"
    )


def test_an_assisted_daily_game_is_marked_in_the_share_line_and_its_strip() -> None:
    """Issue 10.17: "won with 0 clubs to spare" after 13 hints must not pass for an unaided win."""
    from clubfight.club_fight.engine import deal
    from clubfight.club_fight.game.daily import ASSISTED_MARK

    final = deal(Level.EASY, 1)
    plain = share_line(DAY, Level.EASY, [], final)
    marked = share_line(DAY, Level.EASY, [], final, hints=13, undos=1)
    assert "assisted" not in plain and ASSISTED_MARK not in plain
    assert "(assisted: 13 hints, 1 undo)" in marked and ASSISTED_MARK in marked
