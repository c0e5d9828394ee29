"""The coach's brain: ``suggest`` and ``analyse`` see only what the seat sees, and give their reasons;
``clubfight combat hint`` and ``clubfight combat analyse`` print them, and refuse bad input in one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clubfight.cli import main
from clubfight.combat.ai import AnalysisStopped, Opponent, analyse, choose, suggest
from clubfight.combat.ai.coach import measurable_loss, newly_set_up, public_action, reasons_for, sets_up
from clubfight.combat.ai.inference import read_clues
from clubfight.combat.ai.knowledge import observe
from clubfight.combat.engine import MAX_SEED, Attack, Colour, CombatCode, EndTurn, Phase, Pick, Rules, parse_action
from clubfight.combat.game import Match, format_record
from clubfight.common.shuffle import SplitMix64
from combat_ai_support import hidden_swapped, random_history
from combat_support import BLACK, RED, card, make

POSITION = (
    '{"stacks": [["5S"], ["AS", "AC", "2S", "3C"], ["QS"], ["9S"], ["KH", "9H"], ["KD"], ["6H"], '
    '["6D", "7S", "8H"], ["7H"]], "attacker": "red", "hand": ["9D", "2H", "3D", "10H"], "advantage": [], '
    '"defender_hand": ["JS"], "scores": {"red": 4, "black": 6}, "first_play": true, "punish_place": 8}'
)


@settings(max_examples=6, deadline=None)
@given(
    seed=st.integers(0, MAX_SEED), walk=st.integers(0, 2**32), steps=st.integers(0, 40), shuffle=st.integers(0, 2**32)
)
def test_suggest_sees_only_what_the_seat_sees(seed: int, walk: int, steps: int, shuffle: int) -> None:
    history, r = random_history(seed, Rules(), walk, steps)
    if r.is_over:
        return
    seat = r.to_act
    assert seat is not None
    rng = SplitMix64(shuffle)
    twin = hidden_swapped(r, seat, rng)
    twin_history = [hidden_swapped(h, seat, rng) for h in history]
    assert suggest(r, seat, 4, history) == suggest(twin, seat, 4, twin_history)


def test_suggest_gives_the_reasons_of_an_unsafe_play() -> None:
    # RED's 5H onto BLACK's 5S: unsafe; the counter risk is the share of fitting cards.
    r = make("5S AS QS / 9S KH KD / 6H 6D 7H", red_hand="5H", black_hand="2S", attacker=RED, red_score=3)
    assert isinstance(suggest(r, RED, 1).action, (Attack, EndTurn))
    view = observe(r, RED)
    reasons = reasons_for(view, RED, Attack((card("5H"),), 1), read_clues([], r, RED), SplitMix64(2))
    pool = r.hand(BLACK) + r.deck(BLACK)
    fitting = [c for c in pool if c.rank in (4, 5, 6, 12) or c.is_joker]
    assert not reasons.safe and reasons.points == 2  # 1 for the attack, 1 for the RUSH onto the 5S (S3)
    assert reasons.counter_risk == pytest.approx(len(fitting) / len(pool))
    assert reasons.hands_over == ()
    assert 0.0 <= reasons.win_chance <= 1.0


def test_sets_up_names_a_ring_out_base_with_a_ten_to_come() -> None:
    r = make("5S,9H AS QS / 9S KH KD / 6H 6D 7H", red_hand="3H 2H", black_hand="3S", attacker=RED)
    assert "ring out" in sets_up(r, RED)
    no_base = make("5S AS QS / 9S KH KD / 6H 6D 7H", red_hand="3H 2H", black_hand="3S", attacker=RED)
    assert "ring out" not in sets_up(no_base, RED)


def test_a_hint_names_only_what_its_play_sets_up() -> None:
    ready = make("5S,9H AS QS / 9S KH KD / 6H 6D 7H", red_hand="3H 2H", black_hand="3S", attacker=RED)
    elsewhere = ready.play(parse_action("2H@2"))
    assert "ring out" in sets_up(elsewhere, RED)
    assert newly_set_up(ready, elsewhere, RED) == ()  # the 9H base at 1 was ready before the play
    not_ready = make("9S AS QS / 5S KH KD / 6H 6D 7H", red_hand="9H 2H", black_hand="3S", attacker=RED)
    assert newly_set_up(not_ready, not_ready.play(parse_action("9H@1")), RED) == ("ring out",)
    for r, play, named in ((ready, "2H@2", ()), (not_ready, "9H@1", ("ring out",))):
        reasons = reasons_for(r, RED, parse_action(play), read_clues((), r, RED), SplitMix64(1))
        assert reasons.sets_up == named


def test_suggest_refuses_a_seat_not_to_act() -> None:
    r = make("5S AS QS / 9S KH KD / 6H 6D 7H", red_hand="5H", black_hand="2S", attacker=RED)
    with pytest.raises(ValueError, match="not BLACK's move"):
        suggest(r, BLACK, 1)


@pytest.mark.parametrize("seed", [5, 9])
def test_blacks_arrangement_is_suggested_with_a_chance_whatever_red_laid_face_down(seed: int) -> None:
    """RED arranges first (U4) and its cards lie face down: the worlds deal them afresh (they once
    raised "RED arranges now"), and what RED laid can't change BLACK's suggestion."""
    start = Match.new(CombatCode(seed)).current
    r = start.play(choose(start, Opponent.NORMAL, seed=1))
    assert r.phase is Phase.SETUP and r.to_act is BLACK
    suggestion = suggest(r, BLACK, 3, [start])
    assert r.play(suggestion.action).phase is not Phase.SETUP  # a legal arrangement: setup ends
    assert 0.0 < suggestion.reasons.win_chance < 1.0
    rng = SplitMix64(seed)
    assert suggest(hidden_swapped(r, BLACK, rng), BLACK, 3, [hidden_swapped(start, BLACK, rng)]) == suggestion


def short_match(seed: int) -> Match:
    """One single-round match of normal against easy."""
    match = Match.new(CombatCode(seed), Rules(rounds=1))
    rng = SplitMix64(seed)
    while not match.current.is_over:
        r = match.current
        level = Opponent.NORMAL if r.to_act is RED else Opponent.EASY
        match = match.play(choose(r, level, seed=rng.next()))
    return match


def test_analyse_sees_only_what_the_seat_sees() -> None:
    match = short_match(44)
    played = match.rounds[0]
    positions = played.positions()
    rng = SplitMix64(9)
    twins = [hidden_swapped(p, RED, rng) for p in positions]
    first = analyse([(positions, played.actions)], RED, seed=3, samples=4)
    second = analyse([(twins, played.actions)], RED, seed=3, samples=4)
    assert first == second
    assert len(first.steps) == len(played.actions)
    assert all(0.0 <= s.chance <= 1.0 for s in first.steps)
    last = first.steps[-1].chance
    assert last == (1.0 if played.result is not None and played.result.winner is RED else 0.0)


def test_analyse_stops_when_asked_and_otherwise_answers_the_same() -> None:
    match = short_match(44)
    played = match.rounds[0]
    rounds = [(played.positions(), played.actions)]
    asked: list[int] = []

    def stop_at_the_third_action() -> bool:
        asked.append(1)
        return len(asked) >= 3

    with pytest.raises(AnalysisStopped):
        analyse(rounds, RED, seed=3, samples=2, stop=stop_at_the_third_action)
    assert len(asked) == 3
    never = analyse(rounds, RED, seed=3, samples=2, stop=lambda: False)
    assert never == analyse(rounds, RED, seed=3, samples=2)


def test_analyse_names_a_turning_point_only_beyond_the_estimates_noise() -> None:
    least = measurable_loss(12)
    assert least == pytest.approx(0.159, abs=0.001) and measurable_loss(48) == pytest.approx(0.079, abs=0.001)
    named = 0
    for seed in range(40, 46):
        played = short_match(seed).rounds[0]
        for seat in (RED, BLACK):
            turning = analyse([(played.positions(), played.actions)], seat, seed=3, samples=12).turning
            if turning is not None:
                named += 1
                assert turning.loss > least
    assert named  # some plays do lose measurably


def test_analyse_hides_the_other_sides_pick() -> None:
    assert public_action(Pick(card("7S")), BLACK, RED) == "pick"
    assert public_action(Pick(card("7H")), RED, RED) == "pick 7H"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        status = main(["combat", *argv])
    except SystemExit as exit_info:
        status = int(exit_info.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


def test_hint_prints_the_play_and_ignores_the_defenders_hand(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "hint", POSITION, "--json")
    assert status == 0
    data = json.loads(out)
    assert set(data) == {"action", "points", "safe", "counter_risk", "wins", "sets_up", "hands_over", "win_chance"}
    for other in ("4S", "BJ", "KC"):
        assert json.loads(run(capsys, "hint", POSITION.replace('"JS"', f'"{other}"'), "--json")[1]) == data
    status, text, _ = run(capsys, "hint", POSITION)
    assert status == 0 and text.startswith("Expert ") and "chance to win" in text


def test_analyse_prints_chances_and_the_turning_point(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = tmp_path / "match.txt"
    record.write_text(format_record(short_match(45)))
    status, out, _ = run(capsys, "analyse", str(record), "--json", "--samples", "4", "--seat", "black")
    assert status == 0
    data = json.loads(out)
    assert data["seat"] == "black" and data["steps"]
    status, text, _ = run(capsys, "analyse", str(record), "--samples", "4")
    assert status == 0 and "RED's chance to win" in text


@pytest.mark.parametrize(
    "argv",
    [
        ["hint", "{"],
        ["hint", "[]"],
        ["hint", POSITION.replace('"red": 4', '"red": 40')],
        ["analyse", "/nonexistent/record.txt"],
        ["analyse", "{tmp}"],
        ["analyse", "{tmp}/bad.txt"],
        ["analyse", "{tmp}/bad.txt", "--seat", "green"],
        ["analyse", "{tmp}/bad.txt", "--samples", "0"],
    ],
)
def test_bad_input_exits_2_in_one_line(argv: list[str], capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "bad.txt").write_text("combat club record 1\ndeal: nonsense\n")
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err


def test_a_finished_position_is_refused_by_suggest() -> None:
    r = make("5S,9H AS QS / 9S KH KD / 6H 6D 7H", red_hand="10H 2H", black_hand="3S", attacker=RED)
    over = r.play(Attack((card("10H"),), 1))
    assert over.phase is Phase.OVER
    with pytest.raises(ValueError):
        suggest(over, Colour.RED, 1)
