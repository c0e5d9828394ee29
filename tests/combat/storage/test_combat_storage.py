"""Combat Club's files: the save (a record replayed on load) and the statistics per opponent level."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from clubfight.combat.engine import Colour, CombatCode, Win
from clubfight.combat.game import CombatResult, CombatSave, Match, combat_figures, format_record
from clubfight.combat.storage.saves import (
    claim_free_match_slot,
    claim_unfinished_match,
    clear_match,
    combat_save_path,
    load_match,
    save_match,
)
from clubfight.combat.storage.stats import load_combat_stats, read_combat_result, record_match

DAY = date(2026, 11, 30)


def result(won: bool, *, opponent: str = "easy", match_id: str | None = None, best: int = 12) -> CombatResult:
    return CombatResult(
        played_on=DAY,
        deal="combat-7",
        opponent=opponent,
        colour=Colour.RED,
        won=won,
        rounds_won=2 if won else 1,
        rounds_lost=1 if won else 2,
        wins_by=(Win.RING_OUT, Win.KNOCK_OUT) if won else (Win.SUBMISSION,),
        losses_by=(Win.TIME_OUT,) if won else (Win.KNOCK_OUT, Win.KNOCK_OUT),
        best_score=best,
        match_id=match_id,
    )


def test_the_save_round_trips_through_the_record(home: Path) -> None:
    match = Match.new(CombatCode(42))
    match = match.play(match.current.legal_actions()[0])
    save_match(CombatSave(format_record(match), "hard", Colour.BLACK, "abc"))
    loaded = load_match()
    assert loaded.warning is None and loaded.value is not None
    save, again = loaded.value
    assert save.opponent == "hard" and save.colour is Colour.BLACK and save.match_id == "abc"
    assert format_record(again) == format_record(match)
    clear_match()
    assert not combat_save_path().exists()


def test_a_tampered_save_is_set_aside(home: Path) -> None:
    save_match(CombatSave("combat club record 1\ndeal: combat-1\nround 1\nKH@3\n", "easy", Colour.RED))
    loaded = load_match()
    assert loaded.value is None and loaded.warning is not None and "makes no sense" in loaded.warning


def test_figures_per_level_with_streaks_and_win_types(home: Path) -> None:
    for won, level in ((True, "easy"), (True, "easy"), (False, "easy"), (True, "easy"), (False, "hard")):
        record_match(result(won, opponent=level))
    figures = {f.opponent: f for f in combat_figures(load_combat_stats().value)}
    easy = figures["easy"]
    assert (easy.matches, easy.matches_won, easy.matches_lost) == (4, 3, 1)
    assert (easy.rounds_won, easy.rounds_lost) == (7, 5)
    assert easy.wins_by[Win.RING_OUT] == 3 and easy.wins_by[Win.SUBMISSION] == 1
    assert easy.best_streak == 2 and easy.current_streak == 1
    assert figures["hard"].matches_won == 0
    assert list(figures) == ["easy", "hard"]


def test_a_match_is_recorded_once(home: Path) -> None:
    record_match(result(True, match_id="m1"))
    record_match(result(True, match_id="m1"))
    assert len(load_combat_stats().value) == 1


def test_club_fight_files_are_kept_apart(home: Path) -> None:
    record_match(result(True))
    assert (home / "combat-stats.json").exists()
    assert not (home / "stats.json").exists()


def test_a_result_must_add_up() -> None:
    bad = result(True).to_json()
    bad["wins_by"] = []
    try:
        read_combat_result(bad)
    except ValueError:
        pass
    else:
        raise AssertionError("a result with no win types for its rounds was read")


def test_a_match_belongs_to_the_window_that_plays_it(home: Path) -> None:
    """Issue 9's rule for Combat Club too: a held match is never offered elsewhere; once let go, it is."""
    match = Match.new(CombatCode(3))
    first = claim_free_match_slot()
    first.save(CombatSave(format_record(match), "easy", Colour.RED, "first"))
    elsewhere = claim_unfinished_match()
    assert elsewhere.slot is None and elsewhere.loaded.value is None and elsewhere.busy == 1
    second = claim_free_match_slot()
    assert second.path == home / "combat-save-2.json"  # a new match of its own, beside the first
    second.release()
    first.release()  # its window exited (or was killed: the operating system lets go then too)
    claimed = claim_unfinished_match()
    assert claimed.slot is not None and claimed.loaded.value is not None
    assert claimed.loaded.value[0].match_id == "first"
    claimed.slot.release()
