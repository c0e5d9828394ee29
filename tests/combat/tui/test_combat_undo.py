"""Undo against the computer (u): the player takes back their own last action while the computer hasn't
answered it. A match with an undo counts as assisted in the statistics, old statistics and saves
still load, and there is no undo in hot-seat."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

from clubfight.combat.engine import Colour, CombatCode, Rules, Win, parse_action
from clubfight.combat.game import CombatResult, CombatSave, Match
from clubfight.combat.storage.saves import combat_save_path
from clubfight.combat.storage.stats import load_combat_stats, read_combat_result, record_match
from clubfight.combat.tui.fight_model import FightModel
from combat_support import make
from combat_tui_support import combat_app, enter_attack, fight, match_of, settle, settle_to_banner
from support import async_test

RED, BLACK = Colour.RED, Colour.BLACK
GRID = "9H 4S JS / 9C KD 2H / 7H 6H 5D"


def model(**fields: object) -> FightModel:
    fields.setdefault("red_hand", "10H 3D 8D 7D")
    return FightModel(match_of(make(GRID, **fields)))  # type: ignore[arg-type]


def test_a_play_is_taken_back_and_the_match_counts_as_assisted() -> None:
    m = model()
    before = m.match
    log = list(m.log)
    assert m.play(parse_action("8D@7")).played is not None  # safe: onto RED's own 7♥
    change = m.undo()
    assert change.undone
    assert m.match == before and m.round == before.current
    assert m.log[: len(log)] == log
    assert m.assisted
    assert "assisted" in m.message


def test_nothing_to_take_back_once_the_computer_has_answered() -> None:
    m = model()
    m.play(parse_action("8D@4"))  # onto BLACK's 9♣: unsafe; the computer answers
    assert m.computer_to_act
    m.play(m.computer_action())
    assert not m.undo().undone
    assert "answered" in m.message
    assert not m.assisted


def test_no_take_back_of_an_action_that_showed_a_card() -> None:
    m = model(black_hand="")
    m.play(parse_action("8D@7"))
    m.end_turn()
    change = m.answer_end(True)  # BLACK's turn starts, RED draws its counter card
    assert change.played is not None
    assert not m.undo().undone
    assert "card you hadn't seen" in m.message or "answered" in m.message


def test_no_undo_in_hot_seat() -> None:
    m = FightModel(match_of(make(GRID, red_hand="10H 3D 8D 7D")), humans=frozenset(Colour), level=None)
    m.reveal()
    m.play(parse_action("8D@7"))
    assert not m.undo().undone
    assert m.message.startswith("No undo in hot-seat")


@async_test
async def test_u_in_the_app_takes_the_play_back_and_the_statistics_say_assisted(home: Path) -> None:
    r = make(GRID, red_hand="10H 3D 8D 7D", rules=Rules(rounds=1))
    app = combat_app(Match(CombatCode(1), r.rules, match_of(r).rounds))
    async with app.run_test() as pilot:
        await settle(pilot)
        screen = fight(app)
        await enter_attack(pilot, screen, parse_action("8D@7"))  # type: ignore[arg-type]
        await settle(pilot)
        assert screen.model.round.stack(7)[-1].symbol == "8♦"
        await pilot.press("u")
        await settle(pilot)
        assert screen.model.round.stack(7)[-1].symbol == "7♥"
        saved = json.loads(combat_save_path().read_text())
        assert saved["assisted"] is True  # a resume keeps it
        await enter_attack(pilot, screen, parse_action("10H@1"))  # type: ignore[arg-type]
        await settle_to_banner(pilot)
        assert screen.model.match.is_over
    results = load_combat_stats().value
    assert len(results) == 1 and results[0].won and results[0].assisted


def test_assisted_is_written_only_when_true_so_older_files_read_back_the_same(tmp_path: Path) -> None:
    wins = (Win.RING_OUT, Win.KNOCK_OUT)
    plain = CombatResult(date(2026, 1, 2), "combat-1", "easy", RED, True, 2, 0, wins_by=wins)
    assert "assisted" not in plain.to_json()
    assert not read_combat_result(plain.to_json()).assisted
    helped = CombatResult(date(2026, 1, 2), "combat-1", "easy", RED, True, 2, 0, wins_by=wins, assisted=True)
    assert read_combat_result(helped.to_json()).assisted
    path = tmp_path / "stats.json"
    record_match(plain, path)
    assert load_combat_stats(path).value == [plain]
    assert "assisted" not in CombatSave("x", None, RED).to_json()
    assert CombatSave("x", None, RED, assisted=True).to_json()["assisted"] is True
