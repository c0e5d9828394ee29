"""The room's match as the server runs it (pure): setup at once, refusals, the counter window,
timers, claims, snapshots and the record at the end."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clubfight.combat.engine import Attack, Phase, Style, parse_action
from clubfight.combat.game import parse_record
from clubfight.combat.online.options import RoomOptions
from clubfight.combat.online.snapshot import SnapshotError, table_from_snapshot, table_snapshot
from clubfight.combat.online.table import Refusal, Stage, pending_round
from clubfight.combat.online.views import may_win, state_view
from combat_online_support import BLACK, RED, new_table, random_game
from combat_online_table_support import attack_position, table_at

STYLES = [None, *Style]


def refusal(call: object, *args: object) -> Refusal:
    with pytest.raises(Refusal) as caught:
        call(*args)  # type: ignore[operator]
    return caught.value


# --- setup -----------------------------------------------------------------------------------------


def test_both_arrange_at_once_in_either_order_and_neither_sees_the_other_first() -> None:
    table = new_table(3)
    black = state_view(table, BLACK, 0.0)["legal"][5]
    red = state_view(table, RED, 0.0)["legal"][7]
    change = table.act(BLACK, black, 1.0)
    assert change.game and table.stage is Stage.SETUP and table.step == 2
    for seat in (RED, BLACK, None):
        view = state_view(table, seat, 1.0)
        assert all(stack == [] for stack in view["stacks"])
        assert view["arranged"] == {"red": False, "black": True}
    assert state_view(table, BLACK, 1.0)["arrangement"] == black
    assert state_view(table, RED, 1.0)["arrangement"] is None
    assert [n.public["kind"] for n in change.notes] == ["arranged"]
    table.act(RED, red, 2.0)
    assert table.stage is Stage.PLAY
    assert [str(a) for a in table.match.rounds[0].actions[:2]] == [red, black]  # RED's goes in first (U4)


def test_setup_refuses_the_wrong_colour_a_second_arrangement_and_cards_not_held() -> None:
    table = new_table(3)
    black = state_view(table, BLACK, 0.0)["legal"][0]
    assert refusal(table.act, RED, black, 0.0).code == "wrong-seat"
    assert refusal(table.act, RED, "end", 0.0).ruling == "U2"
    table.act(BLACK, black, 0.0)
    assert refusal(table.act, BLACK, black, 0.0).code == "not-now"
    wrong = refusal(table.act, RED, "red arrange AH 2H 3H | 4H", 0.0)
    assert wrong.code == "illegal-action" or wrong.code == "not-now"
    assert refusal(table.act, RED, "arrange everything", 0.0).code == "bad-action"


# --- refusals in play ------------------------------------------------------------------------------


def test_out_of_turn_for_the_other_seat_and_illegal_actions_are_refused_and_change_nothing() -> None:
    table = table_at(attack_position("8S"))
    before = json.dumps(table_snapshot(table)), table.step
    assert refusal(table.act, BLACK, "9D@4", 0.0).code == "wrong-seat"  # an attack: RED's to make
    assert refusal(table.act, BLACK, "end", 0.0).code == "wrong-seat"
    assert refusal(table.act, BLACK, "counter 8S", 0.0).code == "not-your-turn"
    illegal = refusal(table.act, RED, "9D@1", 0.0)  # 9 onto BLACK's 5
    assert (illegal.code, illegal.ruling) == ("illegal-action", "P1")
    assert refusal(table.act, RED, "KS@4", 0.0).ruling == "T3"  # not in hand
    assert refusal(table.act, RED, "counter 8S", 0.0).ruling == "C1"
    assert refusal(table.act, RED, "9D@12", 0.0).code == "bad-action"
    assert refusal(table.ready_for_next, RED, 0.0).code == "not-now"
    assert refusal(table.claim, RED, 0.0).code == "not-now"
    assert (json.dumps(table_snapshot(table)), table.step) == before


# --- the counter window ----------------------------------------------------------------------------


@pytest.mark.parametrize("defender_hand", ["8S", "JC"])
def test_every_unsafe_play_opens_a_window_that_only_a_counter_ends_early(defender_hand: str) -> None:
    table = table_at(attack_position(defender_hand))
    change = table.act(RED, "9D@4", 10.0)
    assert change.game and table.window is not None and table.window.closes_at == 13.0
    view = state_view(table, RED, 10.5)
    assert view["phase"] == "counter" and view["pending"]["to"] == 4 and view["window"] == {"seconds": 3.0, "left": 2.5}
    assert view["scores"] == {"red": 0, "black": 0} and view["to_act"] == ["black"]
    black = state_view(table, BLACK, 10.5)
    assert black["legal"][-1] == "decline"
    assert table.tick(12.9) == []
    assert refusal(table.act, RED, "2H@5", 11.0).code == "not-your-turn"
    assert refusal(table.act, RED, "decline", 11.0).code == "wrong-seat"
    decline = table.act(BLACK, "decline", 11.0)
    assert not decline.game and decline.private_to is BLACK and table.window.declined
    assert [n.seen_by(RED) for n in decline.notes] == [None]
    assert refusal(table.act, BLACK, "decline", 11.5).code == "not-now"
    (closed,) = table.tick(13.0)
    assert closed.game and table.window is None
    assert closed.notes[0].public["kind"] == "stand"
    assert state_view(table, RED, 13.0)["scores"]["red"] > 0


def test_a_counter_ends_the_window_at_once() -> None:
    table = table_at(attack_position("8S"))
    table.act(RED, "9D@4", 0.0)
    assert refusal(table.act, BLACK, "counter 2S", 0.5).ruling == "C1"  # not in hand
    change = table.act(BLACK, "counter 8S", 0.5)
    assert change.game and table.window is None
    assert [n.public["kind"] for n in change.notes][:2] == ["counter", "end-turn"]
    assert table.current.attacker is BLACK


def test_the_window_without_a_counter_shows_what_the_engine_shows_with_one() -> None:
    for hand in ("8S", "JC"):
        before = attack_position(hand)
        attack = parse_action("9D@4")
        assert isinstance(attack, Attack)
        shown = pending_round(before, attack, before.points_of(attack))
        if hand == "8S":
            assert before.play(attack) == shown
        else:
            assert before.play(attack).phase is Phase.ATTACK  # the engine skips the window
            assert shown.phase is Phase.COUNTER and shown.legal_actions() == [parse_action("decline")]


@settings(max_examples=15)
@given(st.integers(0, 10**6), st.sampled_from(STYLES), st.sampled_from(STYLES))
def test_unsafe_plays_always_open_a_window_and_it_matches_the_engines(seed: int, red: object, black: object) -> None:
    options = RoomOptions(rounds=1, host_style=red, guest_style=black, counter_window=1.0)  # type: ignore[arg-type]
    for table, change, now in random_game(seed, options):
        play = next((n.public for n in change.notes if n.public["kind"] == "play"), None)
        if play is None:
            continue
        if not play["safe"]:
            assert table.window is not None and table.window.closes_at == now + 1.0
            if table.current.phase is Phase.COUNTER:
                assert table.window.shown == table.current
        else:
            assert table.window is None


# --- timers and claims -----------------------------------------------------------------------------


def test_the_turn_timer_ends_the_turn_arranges_and_readies() -> None:
    table = new_table(5, RoomOptions(turn_timer=10.0, rounds=1))
    assert table.deadline == 10.0
    (setup,) = table.tick(10.0)
    assert table.stage is Stage.PLAY and [n.public["kind"] for n in setup.notes][:2] == ["timer", "arranged"]
    attacker = table.current.attacker
    assert table.deadline == 20.0
    (ended,) = table.tick(20.0)
    kinds = [n.public.get("kind") for n in ended.notes]
    assert kinds[:2] == ["timer", "end-turn"] and ended.notes[0].public["did"] == "end"
    assert table.current.attacker is attacker.other


def test_a_ninjutsu_defender_out_of_time_gets_its_top_card_unnamed() -> None:
    for seed in range(40):
        table = new_table(seed, RoomOptions(turn_timer=5.0, host_style=Style.NINJUTSU, guest_style=Style.NINJUTSU))
        now = 0.0
        while table.stage is Stage.SETUP or (table.stage is Stage.PLAY and table.current.phase is not Phase.DRAW):
            now += 5.0
            table.tick(now)
            if table.stage is not Stage.PLAY and table.stage is not Stage.SETUP:
                break
        if table.stage is Stage.PLAY and table.current.phase is Phase.DRAW:
            defender = table.current.attacker.other
            top = table.current.deck(defender)[0]
            (change,) = table.tick(now + 5.0)
            timer = change.notes[0]
            assert timer.public["did"] == "draw" and str(top) not in json.dumps(timer.public)
            assert top in table.current.hand(defender)
            return
    pytest.fail("no NINJUTSU counter draw was reached")


def test_a_player_away_past_the_grace_period_loses_the_round_by_claim() -> None:
    table = table_at(attack_position("8S"), RoomOptions(grace=60.0, rounds=3))
    table.detach(BLACK, 100.0)
    assert table.next_deadline() == 160.0
    assert "away 60 s" in refusal(table.claim, RED, 159.0).message
    assert refusal(table.claim, BLACK, 170.0).code == "not-now"  # RED is here
    (told,) = table.tick(160.0)
    assert told.presence and told.notes[0].public["kind"] == "claimable"
    change = table.claim(RED, 161.0)
    assert table.stage is Stage.ROUND_OVER and table.round_wins(RED) == 1
    assert change.notes[-1].public == {**change.notes[-1].public, "kind": "round-over", "claimed": True}
    table.ready_for_next(RED, 162.0)
    change = table.claim(RED, 163.0)  # still away: the next round starts and goes the same way
    assert table.stage is Stage.MATCH_OVER and table.winner is RED
    assert state_view(table, RED, 164.0)["record"] is None  # a claimed round can't be replayed


def test_a_claim_during_a_window_lets_the_play_stand_first() -> None:
    table = table_at(attack_position("8S"), RoomOptions(grace=1.0, counter_window=30.0))
    table.act(RED, "9D@4", 0.0)
    table.detach(BLACK, 0.0)
    change = table.claim(RED, 2.0)
    kinds = [n.public["kind"] for n in change.notes]
    assert kinds[0] == "stand" and "round-over" in kinds and table.window is None


def test_back_before_the_grace_period_ends_nothing_is_claimable() -> None:
    table = table_at(attack_position("8S"), RoomOptions(grace=60.0))
    table.detach(BLACK, 0.0)
    table.attach(BLACK, 30.0)
    assert table.next_deadline() is None
    assert refusal(table.claim, RED, 100.0).code == "not-now"


# --- snapshots and the record -----------------------------------------------------------------------


@settings(max_examples=10)
@given(st.integers(0, 10**6), st.sampled_from(STYLES), st.sampled_from(STYLES), st.sampled_from([1, 3]))
def test_a_snapshot_at_any_moment_reads_back_to_the_same_room(
    seed: int, red: object, black: object, rounds: int
) -> None:
    options = RoomOptions(rounds=rounds, host_style=red, guest_style=black, counter_window=1.0)  # type: ignore[arg-type]
    for table, change, now in random_game(seed, options):
        if not change.game and change.private_to is None:
            continue
        snapshot = json.loads(json.dumps(table_snapshot(table)))
        back = table_from_snapshot(snapshot, now)
        assert table_snapshot(back) == snapshot
        for seat in (RED, BLACK, None):
            assert _timeless(state_view(back, seat, now)) == _timeless(state_view(table, seat, now))
        if table.window is not None:
            assert back.window is not None and back.window.shown == table.window.shown
            assert back.window.held == table.window.held


def _timeless(view: dict[str, object]) -> dict[str, object]:
    return {k: v for k, v in view.items() if k not in ("window", "timer")}


def test_a_snapshot_that_cant_be_a_room_is_refused() -> None:
    table = new_table(4)
    good = table_snapshot(table)
    for bad in (
        {**good, "rounds": [{"actions": ["9D@4"], "claimed_by": None}]},
        {**good, "stage": "play"},
        {**good, "deal": "easy-4"},
        {**good, "options": {"rounds": 2}},
        {**good, "tokens": {"red": 5, "black": None}},
        {**good, "window": {"declined": False}},
        {k: v for k, v in good.items() if k != "step"},
    ):
        with pytest.raises(SnapshotError):
            table_from_snapshot(bad, 0.0)


def test_the_finished_match_gives_its_record_which_replays_to_the_same_result() -> None:
    table, _, now = list(random_game(11, RoomOptions(rounds=3, counter_window=1.0)))[-1]
    assert table.stage is Stage.MATCH_OVER
    record = state_view(table, RED, now)["record"]
    assert isinstance(record, str)
    match = parse_record(record)
    assert match.summary() == table.match.summary() and match.winner is table.winner


def winning_plays_checked(seed: int, options: RoomOptions) -> int:
    """Check ``may_win`` on every winning play of a random match; how many there were."""
    checked = 0
    for table, _, _ in random_game(seed, options):
        r = table.current
        if table.stage is not Stage.PLAY or table.window is not None or r.phase is not Phase.ATTACK:
            continue
        for action in r.legal_actions():
            if isinstance(action, Attack) and r.wins_of(action):
                assert may_win(action, r.score(r.attacker), r.points_of(action)), action
                checked += 1
    return checked


@settings(max_examples=10)
@given(st.integers(0, 10**6), st.sampled_from(STYLES), st.sampled_from(STYLES))
def test_the_previews_shortcut_to_wins_misses_none(seed: int, red: object, black: object) -> None:
    """``may_win`` skips the engine's ``wins_of`` for plays that can't win: it must never skip one that does."""
    winning_plays_checked(seed, RoomOptions(rounds=1, host_style=red, guest_style=black, counter_window=1.0))  # type: ignore[arg-type]


def test_winning_plays_are_met_often_enough_to_check_the_shortcut() -> None:
    assert sum(winning_plays_checked(seed, RoomOptions(rounds=1, host_style=Style.SUMO)) for seed in range(6)) > 10
