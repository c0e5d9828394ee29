"""The coach in the Combat Club app: h previews expert's play with its reasons and Enter (or the Confirm
button) plays it, in every kind of decision; a hint counts as assisted; it sees only what the seat
sees (two matches that differ only in the other seat's hidden cards give the same hint and screen);
w on the round's banner opens the turning-point chart."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from clubfight.combat.ai import AnalysedStep, Analysis, Opponent, Turning, choose
from clubfight.combat.engine import (
    Arrange,
    Attack,
    Colour,
    CombatCode,
    Counter,
    Decline,
    Draw,
    EndTurn,
    Phase,
    Pick,
    Round,
    Rules,
    Style,
    parse_action,
)
from clubfight.combat.game import Match
from clubfight.combat.storage.saves import combat_save_path
from clubfight.combat.storage.stats import load_combat_stats
from clubfight.combat.tui import fight_screen
from clubfight.combat.tui.banners import RoundOverScreen
from clubfight.combat.tui.coach_hint import CoachHint, CoachRequest, ask_coach
from clubfight.combat.tui.fight_model import FightModel
from clubfight.combat.tui.fight_screen import FightScreen
from clubfight.combat.tui.online_model import OnlineFightModel
from clubfight.combat.tui.prompts import CounterScreen
from clubfight.combat.tui.turning_chart import BLOCKS, analysed_seat, chart_lines, chart_text, columns, masked
from clubfight.combat.tui.turning_screen import TurningScreen
from combat_support import make
from combat_tui_support import combat_app, counter_window, fight, match_of, screen_text, settle, settle_to_banner
from support import async_test

RED, BLACK = Colour.RED, Colour.BLACK
MID = "9H 4S JS,QS / 9C KD,9D 2H / 7H,7C 6H 4D"
POLL = 0.05
POLLS = 400
"""A hint or an analysis is waited for at most POLLS × POLL seconds."""


def mid_fight(**fields: Any) -> Round:
    fields.setdefault("black_hand", "8S")
    return make(MID, red_hand="5H 6D 7D 10H", advantage="3S", red_score=7, black_score=11, **fields)


async def hinted(pilot: Pilot[Any], screen: FightScreen) -> CoachHint:
    """Press h and wait for the hint to be on the table."""
    await pilot.press("h")
    for _ in range(POLLS):
        if screen.model.hinted is not None:
            await pilot.pause()
            return screen.model.hinted
        await pilot.pause(POLL)
    raise AssertionError(f"no hint came: {screen.model.message}")


def last_action(screen: FightScreen) -> object:
    return screen.model.match.rounds[-1].actions[-1]


# --- the model --------------------------------------------------------------------------------------


def test_the_hint_is_previewed_as_if_entered_and_counts_as_assisted() -> None:
    model = FightModel(match_of(mid_fight()), level=Opponent.EASY)
    request = model.coach_request()
    assert isinstance(request, CoachRequest) and request.seat is RED
    hint = ask_coach(request)
    change = model.show_hint(hint)
    assert change.hinted and model.assisted
    assert model.message.startswith("Hint: ") and model.message.endswith("Enter plays it.")
    assert "win chance" in model.message
    if isinstance(hint.action, Attack):
        assert model.attack == hint.action
    model.confirm()
    assert model.match.rounds[-1].actions[0] == hint.action


def test_a_hint_for_a_table_that_moved_on_is_dropped() -> None:
    model = FightModel(match_of(mid_fight()), level=Opponent.EASY)
    request = model.coach_request()
    assert isinstance(request, CoachRequest)
    hint = ask_coach(request)
    model.play(parse_action("5H@8"))  # the player moved on before the hint came
    assert not model.show_hint(hint).hinted
    assert not model.assisted and model.hinted is None


def test_no_hint_while_the_computer_acts_nor_online() -> None:
    model = FightModel(match_of(mid_fight(attacker=BLACK)), level=Opponent.EASY)
    assert isinstance(model.coach_request(), str)
    online = OnlineFightModel.for_seat(RED, "room")
    assert online.coach_request() == "No hints online: this room's options don't allow the coach."


def test_hot_seat_hints_the_player_at_the_keyboard_and_the_next_one_sees_none_of_it() -> None:
    model = FightModel(match_of(mid_fight()), humans=frozenset(Colour), level=None)
    assert isinstance(model.coach_request(), str)  # behind the curtain nobody has the keyboard yet
    model.reveal()
    request = model.coach_request()
    assert isinstance(request, CoachRequest) and request.seat is RED
    assert ask_coach(request).line.startswith("Hint: ")
    model.show_hint(CoachHint(model.round, EndTurn(), "Hint: end the turn. Enter plays it."))
    model.confirm()
    assert model.curtain is BLACK  # the keyboard passes: the hint and its words are gone
    assert model.hinted is None and "Hint" not in model.message


def test_a_hinted_end_of_turn_is_played_by_enter() -> None:
    model = FightModel(match_of(mid_fight()), level=Opponent.EASY)
    model.show_hint(CoachHint(model.round, EndTurn(), "Hint: end the turn."))
    assert model.ready()
    change = model.confirm()
    assert change.played == EndTurn()


def test_a_wushu_defender_chooses_its_draw_and_the_coach_can_choose_it() -> None:
    r = make(MID, red_hand="", black_hand="5S", attacker=BLACK, phase=Phase.DRAW, rules=Rules(red_style=Style.WUSHU))
    model = FightModel(match_of(r), level=Opponent.EASY)
    assert model.humans_turn and model.draw_options() == [Draw(1), Draw(2)]
    assert "draw 1 counter card" in model.preview()
    model.cycle(1)
    assert "draw 2 counter cards" in model.preview()
    request = model.coach_request()
    assert isinstance(request, CoachRequest)
    hint = ask_coach(request)
    assert isinstance(hint.action, Draw)
    model.show_hint(hint)
    assert model.confirm().played == hint.action


def test_a_ninjutsu_defender_picks_from_its_deck() -> None:
    rules = Rules(red_style=Style.NINJUTSU)
    r = make(MID, red_hand="", black_hand="5S", attacker=BLACK, phase=Phase.DRAW, rules=rules)
    model = FightModel(match_of(r), level=Opponent.EASY)
    picks = model.draw_options()
    assert picks and all(isinstance(p, Pick) for p in picks)
    hint = ask_coach(model.coach_request())  # type: ignore[arg-type]
    model.show_hint(hint)
    assert model.confirm().played == hint.action


def test_a_hinted_arrangement_is_laid_out_for_enter() -> None:
    model = FightModel(Match.new(CombatCode(12)), level=Opponent.EASY)
    assert model.round.phase is Phase.SETUP
    hint = ask_coach(model.coach_request())  # type: ignore[arg-type]
    assert isinstance(hint.action, Arrange)
    model.show_hint(hint)
    assert len(model.arrangement) == 4
    assert model.confirm().played == hint.action


def test_blacks_arrangement_is_hinted_with_its_chance() -> None:
    """RED arranges first (U4) and its cards lie face down: BLACK's hint weighs worlds where they are
    dealt afresh, and gives a chance like any other."""
    match = Match.new(CombatCode(5))
    match = match.play(choose(match.current, Opponent.EASY, seed=1))
    model = FightModel(match, humans=frozenset({BLACK}), level=Opponent.EASY)
    assert model.round.phase is Phase.SETUP and model.humans_turn
    hint = ask_coach(model.coach_request())  # type: ignore[arg-type]
    assert isinstance(hint.action, Arrange) and hint.action.colour is BLACK
    assert "win chance" in hint.line and "no win chance" not in hint.line
    model.show_hint(hint)
    assert model.confirm().played == hint.action


# --- the app ------------------------------------------------------------------------------------------


@async_test
async def test_h_then_enter_plays_the_hint_and_the_save_says_assisted(home: Path) -> None:
    app = combat_app(match_of(mid_fight()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = fight(app)
        hint = await hinted(pilot, screen)
        assert "Hint: " in " ".join(screen_text(app).split())
        assert json.loads(combat_save_path().read_text())["assisted"] is True  # saved at once
        await pilot.press("enter")
        await settle(pilot)
        assert screen.model.match.rounds[-1].actions[0] == hint.action


@async_test
async def test_h_then_the_confirm_button_plays_the_hint() -> None:
    app = combat_app(match_of(mid_fight()))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = fight(app)
        hint = await hinted(pilot, screen)
        assert isinstance(hint.action, Attack)  # previewed on the grid: the Confirm button plays it
        await pilot.click("#c-confirm")
        await settle(pilot)
        assert screen.model.match.rounds[-1].actions[0] == hint.action


@async_test
async def test_the_screen_stays_live_while_the_coach_thinks_and_a_play_drops_the_hint(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    release = threading.Event()
    asked: list[CoachRequest] = []

    def slow_coach(request: CoachRequest) -> CoachHint:
        asked.append(request)
        release.wait(10)  # bounded: the test releases it long before
        return ask_coach(request)

    monkeypatch.setattr(fight_screen, "ask_coach", slow_coach)
    app = combat_app(match_of(mid_fight()))
    async with app.run_test() as pilot:
        await settle(pilot)
        screen = fight(app)
        model = screen.model
        await pilot.press("h")
        assert model.message.startswith("The coach is thinking") and screen.coach_thinking
        await pilot.press("h")  # a second h for the same table waits for the first answer
        await pilot.press("z", "8")  # keys answer while the coach thinks: 5♥ onto RED's own 6♥
        assert model.attack == parse_action("5H@8")
        await pilot.press("enter")
        await settle(pilot)
        assert model.match.rounds[-1].actions[0] == parse_action("5H@8")
        release.set()
        for _ in range(POLLS):
            if not screen.coach_thinking:
                break
            await pilot.pause(POLL)
        await pilot.pause()
        assert len(asked) == 1
        assert model.hinted is None and not model.assisted  # the hint was for a table that's gone


@async_test
async def test_h_in_the_counter_question_chooses_the_answer_for_enter() -> None:
    app = combat_app(match_of(counter_window()))
    async with app.run_test() as pilot:
        await settle(pilot)
        question = app.screen
        assert isinstance(question, CounterScreen)
        await pilot.press("h")
        for _ in range(POLLS):
            if question.coach_text.startswith("Hint"):
                break
            await pilot.pause(POLL)
        hint = fight(app).model.hinted
        assert hint is not None and isinstance(hint.action, (Counter, Decline))
        assert fight(app).model.assisted
        await pilot.press("enter")
        await settle(pilot)
        assert fight(app).model.match.rounds[-1].actions[0] == hint.action


@async_test
async def test_the_hint_sees_only_what_the_seat_sees(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """BLACK's hidden hand and deck order differ; RED's hint and the whole screen are the same."""
    seen = []
    for black_hand, black_deck in (("8S", None), ("2S", "reversed")):
        monkeypatch.setenv("CLUBFIGHT_HOME", str(tmp_path / black_hand))  # each its own save: no resume question
        r = mid_fight(black_hand=black_hand)
        if black_deck:
            r = r.replace(black_deck=tuple(reversed(r.deck(BLACK))))
        app = combat_app(match_of(r))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            screen = fight(app)
            hint = await hinted(pilot, screen)
            seen.append((hint.action, hint.line, screen_text(app)))
    assert seen[0][2] and "Hint: " in seen[0][2].replace("\n", " ")
    assert seen[0] == seen[1]


@async_test
async def test_a_match_with_a_hint_is_recorded_as_assisted(home: Path) -> None:
    r = make("9H 4S JS / 9C KD 2H / 7H 6H 5D", red_hand="10H 3D 8D AD", rules=Rules(rounds=1))
    app = combat_app(match_of(r))
    async with app.run_test() as pilot:
        await settle(pilot)
        screen = fight(app)
        await hinted(pilot, screen)
        await pilot.press("enter")
        await settle_to_banner(pilot)
        assert screen.model.match.is_over
    results = load_combat_stats().value
    assert len(results) == 1 and results[0].assisted


@async_test
async def test_w_on_the_banner_opens_the_chart_and_esc_closes_it() -> None:
    r = make("9H 4S JS / 9C KD 2H / 7H 6H 5D", red_hand="10H 3D 8D AD")
    app = combat_app(match_of(r))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for key in ("z", "1", "enter"):
            await pilot.press(key)
        await settle(pilot)
        for _ in range(10):
            await pilot.pause()
        assert isinstance(app.screen, RoundOverScreen)
        await pilot.click("#turning-open")
        chart = app.screen
        assert isinstance(chart, TurningScreen)
        for _ in range(POLLS):
            if chart.analysis is not None:
                break
            await pilot.pause(POLL)
        await pilot.pause()
        text = screen_text(app)
        assert "RED's chance to win the round" in text and "100%" in text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, RoundOverScreen)
        assert chart.closed.is_set()  # what the analysis thread asks before each action (stop=)


# --- the chart --------------------------------------------------------------------------------------------


def test_the_chart_rises_with_the_chance() -> None:
    lines = chart_lines([0.0, 0.5, 1.0], rows=2)
    assert lines == ["  █", " ██"]
    assert chart_lines([0.01, 0.0], rows=1) == [BLOCKS[0] + " "]
    assert len(columns([0.5] * 200)) <= 64 and len(columns([0.5] * 10)) == 30


def test_hot_seat_analyses_the_loser_and_hides_picks() -> None:
    r = make("9H 4S JS / 9C KD 2H / 7H 6H 5D", red_hand="10H 3D 8D AD")
    match = match_of(r).play(parse_action("10H@1"))
    assert match.current.is_over
    assert analysed_seat(match, None) is BLACK and analysed_seat(match, RED) is RED
    assert masked("pick 7S", True) == "pick" and masked("pick 7S", False) == "pick the 7♠ from your deck"
    assert masked("8D@7", False) == "8♦ at 7"
    steps = (AnalysedStep(1, 0, RED, "8D@7", 0.4), AnalysedStep(1, 1, BLACK, "pick", 0.7))
    analysis = Analysis(BLACK, steps, Turning(1, 0, "pick 7S", "pick 9S", 0.4, 0.6))
    text = chart_text(analysis, hot_seat=True)
    assert "7♠" not in text and "9♠" not in text and "the round's loser" in text
    assert "▲" in text and "The better play: pick" in text
