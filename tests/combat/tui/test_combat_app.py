"""Pilot tests of Combat Club in the app: whole matches by keyboard and by mouse, counters, throws,
wins, the end-turn question, hot-seat hand hiding and resuming after a crash."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from clubfight.combat.ai import Opponent
from clubfight.combat.engine import Attack, Card, Colour, Phase, Win, parse_action
from clubfight.combat.game import format_record, parse_record
from clubfight.combat.storage.saves import combat_save_path, load_match
from clubfight.combat.storage.stats import load_combat_stats
from clubfight.combat.tui.banners import RoundOverScreen
from clubfight.combat.tui.fight_screen import SLOT_KEYS, FightScreen
from clubfight.combat.tui.prompts import CounterScreen, DrawOffScreen
from clubfight.shell.screens.question_screen import AskScreen
from combat_tui_support import (
    combat_app,
    counter_window,
    enter_attack,
    fight,
    first_attack,
    make,
    match_of,
    screen_text,
    settle,
)
from support import async_test

RED, BLACK = Colour.RED, Colour.BLACK

# RED (the player) attacks; BLACK's front row 1-3 at the top, RED's 7-9 at the bottom.
RING_OUT_GRID = "9H 4S JS / 9C KD 2H / 7H 6H 5D"
SUBMISSION_GRID = "3S 4S JS / 10D KC 9H / 7H 6H 5D"


def ask_screen(app: Any) -> AskScreen | None:
    return app.screen if isinstance(app.screen, AskScreen) else None


async def play_keyboard(pilot: Pilot[Any], *, max_steps: int = 3000, stop_after_round: bool = False) -> None:
    """Play as the person by keys only until the match (or the round) is over: the first legal play
    each time, and an arrangement by the computer."""
    app = pilot.app
    for _ in range(max_steps):
        await settle(pilot)
        screen = app.screen
        if isinstance(screen, RoundOverScreen):
            if stop_after_round or screen.match.is_over:
                return
            await pilot.press("enter")
        elif isinstance(screen, DrawOffScreen):
            await pilot.press("enter")
        elif isinstance(screen, (CounterScreen, AskScreen)):
            await pilot.press("y")
        elif isinstance(screen, FightScreen):
            model = screen.model
            r = model.round
            if not model.humans_turn:
                await pilot.pause(0.01)
                continue
            if r.phase is Phase.SETUP:
                await pilot.press("a", "enter")
            elif r.phase is Phase.ATTACK:
                attacks = [a for a in r.legal_actions() if isinstance(a, Attack)]
                if attacks and len(model.match.rounds[-1].actions) % 7 != 6:
                    await enter_attack(pilot, screen, attacks[0])
                else:
                    await pilot.press("e")
        else:
            await pilot.pause(0.01)
    raise AssertionError("the match never ended")


@async_test
async def test_whole_match_against_easy_by_keyboard(home: Path) -> None:
    app = combat_app(seed=21, opponent=Opponent.EASY, rounds=3)
    async with app.run_test() as pilot:
        await play_keyboard(pilot)
        match = fight(app).model.match
        assert match.is_over
        banner = app.screen
        assert isinstance(banner, RoundOverScreen)
        assert "Match (best of 3)" in screen_text(app)
        await pilot.press("x")  # export the record
        exported = list((home / "records").glob("combat-21-*.txt"))
        assert len(exported) == 1
        assert format_record(parse_record(exported[0].read_text())) == format_record(match)
    stats = load_combat_stats().value
    assert len(stats) == 1 and stats[0].opponent == "easy"
    assert stats[0].won == (match.winner is RED)
    assert not combat_save_path().exists()  # a finished match leaves no save


def _center(widget: Any) -> tuple[int, int]:
    region = widget.region
    return (region.x + region.width // 2, region.y + region.height // 2)


async def click(pilot: Pilot[Any], selector: str) -> None:
    widget = pilot.app.screen.query_one(selector)
    assert widget.display, selector
    await pilot.click(selector)


@async_test
async def test_one_round_by_mouse_only() -> None:
    app = combat_app(seed=33, opponent=Opponent.EASY)
    async with app.run_test() as pilot:
        for _ in range(2000):
            await settle(pilot)
            screen = app.screen
            if isinstance(screen, RoundOverScreen):
                break
            if isinstance(screen, DrawOffScreen):
                await click(pilot, "#draw-off-next")
            elif isinstance(screen, CounterScreen):
                await click(pilot, "#no")
            elif isinstance(screen, AskScreen):
                await click(pilot, "#yes")
            elif isinstance(screen, FightScreen):
                model = screen.model
                r = model.round
                if not model.humans_turn:
                    await pilot.pause(0.01)
                elif r.phase is Phase.SETUP:
                    hand = r.hand(RED)
                    for card in hand[:3]:
                        await click(pilot, f"#c-slot-{model.slots().index(card)}")
                    assert len(model.arrangement) == 4  # the fourth goes to the neutral row by itself
                    await click(pilot, "#c-confirm")
                else:
                    attacks = [a for a in r.legal_actions() if isinstance(a, Attack)]
                    if not attacks:
                        await click(pilot, "#c-end")
                        continue
                    attack = attacks[-1]
                    for card in attack.cards:
                        await click(pilot, f"#c-slot-{model.slots().index(card)}")
                    row, col = next(
                        (row, col) for row in range(3) for col in range(3) if screen.place_at(row, col) == attack.to
                    )
                    await click(pilot, f"#c-cell-{row}-{col}")
                    for _ in range(3):
                        if model.attack == attack:
                            break
                        await click(pilot, f"#c-cell-{row}-{col}")  # again: the throw's other order
                    assert model.attack == attack
                    await click(pilot, "#c-confirm")
        else:
            raise AssertionError("the round never ended")
        assert fight(app).model.round.is_over
        assert fight(app).model.match.round_number == 1


@async_test
async def test_a_counter_taken() -> None:
    app = combat_app(match_of(counter_window()))
    async with app.run_test() as pilot:
        await settle(pilot)
        assert isinstance(app.screen, CounterScreen)
        text = screen_text(app)
        assert "COUNTER?" in text and "7♣" in text
        assert "Counter with the 8♥: Counter 2" in text
        await pilot.press("right")  # the other card: 7♦ on the 7♣ is a perfect counter
        assert "Perfect counter 4" in screen_text(app)
        await pilot.press("left", "y")
        await settle(pilot)
        model = fight(app).model
        assert model.round.score(RED) == 2
        assert model.round.score(BLACK) == 0  # C5: the countered play scores nothing
        assert any("RED counters with 8♥ onto the 7♣ at 8: Counter 2" in line for line in model.log)
        assert model.round.attacker is RED


@async_test
async def test_a_counter_declined() -> None:
    app = combat_app(match_of(counter_window()))
    async with app.run_test() as pilot:
        await settle(pilot)
        assert isinstance(app.screen, CounterScreen)
        await pilot.press("n")
        await settle(pilot)
        model = fight(app).model
        assert any("BLACK's play at 8 stands" in line for line in model.log)
        assert model.round.score(RED) == 0
        assert model.round.score(BLACK) >= 1


@async_test
async def test_the_computer_counters_and_it_is_announced() -> None:
    # RED plays 8♥ onto BLACK's 7♣ at 4: unsafe, and BLACK holds the 8♠ (a perfect counter).
    r = make("3S 4S JS / 7C KD 2H / 7H 6H 5D", red_hand="8H 3D", black_hand="8S")
    app = combat_app(match_of(r))
    async with app.run_test() as pilot:
        await settle(pilot)
        await enter_attack(pilot, fight(app), parse_action("8H@4"))  # type: ignore[arg-type]
        await settle(pilot)
        model = fight(app).model
        assert any("BLACK counters with 8♠ onto the 8♥ at 4: Perfect counter 4" in line for line in model.log)
        assert model.round.score(RED) == 0
        assert "BLACK COUNTERS with the 8♠: Perfect" in screen_text(app)


@async_test
async def test_a_throw() -> None:
    r = make("3S 4S JS / 9C KD 2H / 7H 6H 4D", red_hand="5H 6D 7D AD")
    app = combat_app(match_of(r))
    async with app.run_test() as pilot:
        await settle(pilot)
        screen = fight(app)
        slots = screen.model.slots()
        for card in ("5H", "6D", "7D"):
            await pilot.press(SLOT_KEYS[slots.index(Card.parse(card))])
        assert 9 in screen.model.targets()
        await pilot.press("9")
        assert "Throw 6" in screen.model.preview() and "(safe)" in screen.model.preview()
        await pilot.press("enter")
        await settle(pilot)
        assert screen.model.round.stack(9)[-3:] == tuple(Card.parse(c) for c in ("5H", "6D", "7D"))
        assert any("RED throws 5♥-6♦-7♦ onto the 4♦ at 9: Throw 6" in line for line in screen.model.log)
        assert screen.model.round.score(RED) >= 6


async def win_by_keys(pilot: Pilot[Any], play: str) -> RoundOverScreen:
    app = pilot.app
    await settle(pilot)
    await enter_attack(pilot, fight(app), parse_action(play))  # type: ignore[arg-type, arg-type]
    await settle(pilot)
    for _ in range(10):
        if isinstance(app.screen, RoundOverScreen):
            return app.screen
        await pilot.pause()
    raise AssertionError("no banner")


@async_test
async def test_a_ring_out() -> None:
    r = make(RING_OUT_GRID, red_hand="10H 3D 8D AD")
    app = combat_app(match_of(r))
    async with app.run_test() as pilot:
        banner = await win_by_keys(pilot, "10H@1")
        result = banner.match.current.outcome
        assert result is not None and result.winner is RED and result.how is Win.RING_OUT
        assert "You win the round by ring out!" in screen_text(app)
        await pilot.press("enter")  # next round
        await settle(pilot)
        assert fight(app).model.match.round_number == 2


@async_test
async def test_a_submission() -> None:
    r = make(SUBMISSION_GRID, red_hand="10H 3D 8D AD")
    app = combat_app(match_of(r))
    async with app.run_test() as pilot:
        banner = await win_by_keys(pilot, "10H@6")
        result = banner.match.current.outcome
        assert result is not None and result.how is Win.SUBMISSION
        assert "by submission" in screen_text(app)


@async_test
async def test_the_end_turn_question() -> None:
    r = make(RING_OUT_GRID, red_hand="3D 8D", black_hand="")
    app = combat_app(match_of(r))
    async with app.run_test() as pilot:
        await settle(pilot)
        await pilot.press("e")
        question = ask_screen(app)
        assert question is not None and question.id == "end-turn"
        assert "You could still play" in screen_text(app)
        await pilot.press("n")  # go back and play on
        model = fight(app).model
        assert model.round.attacker is RED and model.round.phase is Phase.ATTACK
        await pilot.press("e", "y")
        await settle(pilot)
        assert model.round.attacker is BLACK or model.round.is_over or model.round.passes == 0
        assert any("RED's turn ends (ended by choice)" in line for line in model.log)


def hidden_now(model: Any) -> set[Card]:
    """The cards the player at the keyboard must not see: the other player's hand."""
    viewer = model.viewer
    if viewer is None:
        return set(model.round.hand(RED)) | set(model.round.hand(BLACK))
    return set(model.round.hand(viewer.other))


def assert_nothing_hidden_shown(app: Any) -> None:
    from clubfight.combat.tui.cards import CombatCard

    screen = fight(app)
    model = screen.model
    hidden = hidden_now(model)
    text = screen_text(app)
    for card in hidden:
        assert card.symbol not in text, f"{card.symbol} is on screen for {model.viewer}"
    if app.screen is screen:
        for widget in screen.query(CombatCard):
            if widget.display and widget.combat_card is not None and widget.region.area:
                assert widget.combat_card not in hidden, widget.id
    if model.round.phase is Phase.SETUP and model.viewer is not None:
        other = [c for s in model.round.stacks for c in s if c.colour is model.viewer.other]
        for card in other:  # U2: the other player's arrangement is face down until both have arranged
            assert card.symbol not in text


@async_test
async def test_hot_seat_never_shows_a_hidden_card() -> None:
    app = combat_app(opponent=None, seed=44)
    async with app.run_test() as pilot:
        curtains = 0
        for _ in range(300):
            if curtains >= 10:
                break
            await settle(pilot)
            assert_nothing_hidden_shown(app)
            screen = app.screen
            if isinstance(screen, RoundOverScreen):
                break
            if isinstance(screen, (DrawOffScreen, AskScreen)):
                await pilot.press("enter" if isinstance(screen, DrawOffScreen) else "y")
                continue
            if isinstance(screen, CounterScreen):
                await pilot.press("n")
                continue
            model = fight(app).model
            if model.curtain is not None:
                curtains += 1
                text = screen_text(app)
                assert f"Pass the keyboard to {model.curtain}" in text
                for colour in Colour:  # behind the curtain, no hand at all is drawn
                    for card in model.round.hand(colour):
                        assert card.symbol not in text
                await pilot.press("enter")
                continue
            r = model.round
            if r.phase is Phase.SETUP:
                await pilot.press("a", "enter")
            elif r.phase is Phase.ATTACK:
                attacks = [a for a in r.legal_actions() if isinstance(a, Attack)]
                if attacks and len(model.match.rounds[-1].actions) % 5 != 4:
                    await enter_attack(pilot, fight(app), attacks[0])
                else:
                    await pilot.press("e")
        assert curtains >= 4


@async_test
async def test_resume_after_a_crash(home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    crashed = tmp_path / "crashed"
    app = combat_app(seed=55, opponent=Opponent.NORMAL)
    async with app.run_test() as pilot:
        await settle(pilot)
        await pilot.press("a", "enter")
        await settle(pilot)
        if isinstance(app.screen, DrawOffScreen):
            await pilot.press("escape")
            await settle(pilot)
        model = fight(app).model
        while not model.humans_turn or model.round.phase is not Phase.ATTACK:
            if isinstance(app.screen, CounterScreen):
                await pilot.press("n")
            await settle(pilot)
        await enter_attack(pilot, fight(app), first_attack(model.round))
        await settle(pilot)
        record = format_record(model.match)
        saved = load_match().value
        assert saved is not None and format_record(saved[1]) == record  # saved after every action
        shutil.copytree(home, crashed)  # the data folder as a crash would leave it, mid-match
    monkeypatch.setenv("CLUBFIGHT_HOME", str(crashed))
    again = combat_app(seed=99)
    async with again.run_test() as pilot:
        await settle(pilot)
        question = ask_screen(again)
        assert question is not None and question.id == "combat-resume"
        assert "combat-55" in screen_text(again)
        points = f"RED {model.round.score(RED)} - BLACK {model.round.score(BLACK)} points"
        assert points in question.detail  # where the round stands, not just the rounds won
        await pilot.press("y")
        await settle(pilot)
        resumed = fight(again).model
        assert resumed.level is Opponent.NORMAL
        assert format_record(resumed.match).splitlines()[:1] == record.splitlines()[:1]
        assert resumed.match.rounds[0].actions[: len(parse_record(record).rounds[0].actions)] == (
            parse_record(record).rounds[0].actions
        )


@async_test
async def test_declining_the_resume_counts_a_loss(home: Path) -> None:
    app = combat_app(seed=56)
    async with app.run_test() as pilot:
        await settle(pilot)
        await pilot.press("a", "enter")
        await settle(pilot)
    again = combat_app(seed=57)
    async with again.run_test() as pilot:
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        assert fight(again).model.match.code.seed == 57
    stats = load_combat_stats().value
    assert len(stats) == 1 and not stats[0].won and stats[0].abandoned


@async_test
async def test_club_fight_start_screen_offers_combat_club() -> None:
    from club_fight_tui_support import make_app

    app = make_app(5, level=None)
    async with app.run_test() as pilot:
        await pilot.pause()
        assert "Combat Club (2 players)" in screen_text(app)
        await pilot.press("c")
        await pilot.pause()
        from clubfight.combat.tui.start_screen import CombatStartScreen

        assert isinstance(app.screen, CombatStartScreen)
        await pilot.press("h", "c", "r")  # hard, BLACK, best of 5
        launch = app.screen.launch
        assert launch.opponent is Opponent.HARD and launch.colour is BLACK and launch.rounds == 5
        await pilot.click("#cs-survival")
        assert app.screen.launch.survival
        await pilot.press("enter")
        await settle(pilot)
        model = fight(app).model
        assert model.humans == frozenset({BLACK}) and model.match.rules.rounds == 5


@async_test
async def test_help_renders_the_combat_rules() -> None:
    r = make(RING_OUT_GRID, red_hand="10H 3D 8D AD")
    app = combat_app(match_of(r))
    async with app.run_test(size=(100, 40)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        text = screen_text(app)
        assert "How to read the screen" in text
        await pilot.press("escape")
        assert isinstance(app.screen, FightScreen)


@async_test
async def test_a_second_window_never_takes_the_first_windows_match(home: Path) -> None:
    first = combat_app(seed=58)
    async with first.run_test() as pilot:
        await settle(pilot)
        await pilot.press("a", "enter")
        await settle(pilot)
        assert combat_save_path().exists()
        before = combat_save_path().read_bytes()
        second = combat_app(seed=59)
        async with second.run_test(notifications=True) as other:
            await settle(other)
            assert ask_screen(second) is None  # not offered the live match
            assert fight(second).model.match.code.seed == 59
            assert any("open in another window" in str(n.message) for n in second._notifications)
            await other.press("a", "enter")
            await settle(other)
            assert (home / "combat-save-2.json").exists()  # its own file
        assert combat_save_path().read_bytes() == before  # the first window's match is untouched
    assert load_combat_stats().value == []  # nothing counted as abandoned
