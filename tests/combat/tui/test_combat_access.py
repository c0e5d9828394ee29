"""Play by screen reader (issue 35), Combat Club's fight: each key's result, each action of either
side, counters and round ends as plain lines in the spoken log, from the model's and the log's
words; nothing there tells a hidden card (two rounds that differ only in the other side's face-down
cards say the same lines); the terminal cursor on the card or stack being chosen, and on the
counter card offered."""

from __future__ import annotations

from typing import Any

import pytest

from clubfight.combat.ai import Opponent, choose
from clubfight.combat.engine import Colour, Phase, Round, parse_action
from clubfight.combat.engine import Decline as DeclineAction
from clubfight.combat.tui.fight_model import FightModel
from clubfight.combat.tui.fight_screen import SLOT_KEYS
from clubfight.combat.tui.prompts import CounterScreen
from combat_support import make
from combat_tui_support import combat_app, counter_window, enter_attack, fight, match_of, settle
from support import async_test

RED, BLACK = Colour.RED, Colour.BLACK
GRID = "3S 4S JS / 7C KD 2H / 7H 6H 5D"
UNSAFE = "8H@4"
"""RED's 8♥ onto BLACK's 7♣ at 4: unsafe (P4)."""


def twin(fits: bool) -> Round:
    """RED attacks; BLACK's one hidden card is the 8♠ (a perfect counter to the 8♥) or the 3♠ (fits
    nothing), the other lying in BLACK's deck: everything public is the same."""
    hand, other = ("8S", "3S") if fits else ("3S", "8S")
    black_deck = " ".join(["5S", other, "6S", "9S", "AS", "2C", "3C", "4C", "5C"])
    return make(GRID, red_hand="8H 3D 9D AD", black_hand=hand, black_deck=black_deck)


def declining(monkeypatch: pytest.MonkeyPatch) -> None:
    """The computer lets every unsafe play stand, whether it could counter or not (what the player then
    hears must not tell which), and plays as easy otherwise."""

    def decide(self: FightModel) -> Any:
        if self.round.phase is Phase.COUNTER:
            return DeclineAction()
        return choose(self.round, Opponent.EASY, seed=1)

    monkeypatch.setattr(FightModel, "computer_action", decide)


async def spoken_against_the_computer(fits: bool) -> list[str]:
    app = combat_app(match_of(twin(fits)))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await enter_attack(pilot, fight(app), parse_action(UNSAFE))  # type: ignore[arg-type]
        await settle(pilot)
        return app.spoken.texts()


@async_test
async def test_against_the_computer_the_spoken_lines_never_tell_its_hidden_card(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    declining(monkeypatch)
    could_counter = await spoken_against_the_computer(True)
    nothing_fits = await spoken_against_the_computer(False)
    assert nothing_fits == could_counter
    said = "\n".join(nothing_fits)
    assert "RED plays 8♥ onto the 7♣ at 4 (unsafe): Attack 1 if it stands" in said
    assert "RED's play at 4 stands: Attack 1" in said
    assert "BLACK lets your play stand." in said
    assert "8♠" not in said and "3♠" not in said  # BLACK's face-down card, either way


async def spoken_hot_seat(fits: bool) -> list[str]:
    """RED attacks unsafely, BLACK lets it stand with n; the log as RED finds it back at the keyboard."""
    app = combat_app(match_of(twin(fits)), opponent=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # RED takes the keyboard
        await enter_attack(pilot, fight(app), parse_action(UNSAFE))  # type: ignore[arg-type]
        await settle(pilot)
        assert fight(app).model.curtain is BLACK
        await pilot.press("enter")  # BLACK takes it, and sees its own counter question
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        assert fight(app).model.curtain is RED
        await pilot.press("enter")
        await settle(pilot)
        return app.spoken.texts()


@async_test
async def test_hot_seat_the_last_players_own_lines_are_forgotten_when_the_keyboard_passes() -> None:
    could_counter = await spoken_hot_seat(True)
    nothing_fits = await spoken_hot_seat(False)
    assert nothing_fits == could_counter
    said = "\n".join(nothing_fits)
    assert "Nothing in your hand fits" not in said and "8♠" not in said and "3♠" not in said
    assert not any(line.startswith("Picked") for line in nothing_fits[:-2])  # RED's own, before BLACK's turn
    assert "RED's play at 4 stands: Attack 1" in said


@async_test
async def test_the_cursor_follows_the_card_picked_and_the_stack_aimed_at() -> None:
    app = combat_app(match_of(twin(False)))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = fight(app)
        slot = screen.model.slots().index(parse_action(UNSAFE).cards[0])  # type: ignore[union-attr]
        await pilot.press(SLOT_KEYS[slot])
        await pilot.pause()
        assert screen.query_one(f"#c-slot-{slot}").region.contains_point(app.cursor_position)
        assert app.spoken.latest.startswith("Picked 8♥.")
        lit = ", ".join(f"{p} {'safe' if safe else 'unsafe'}" for p, safe in sorted(screen.model.targets().items()))
        assert "4 unsafe" in lit and app.spoken.latest.endswith(f"Lit stacks: {lit}.")
        await pilot.press("4")
        await pilot.pause()
        cell = next(
            screen.query_one(f"#c-cell-{row}-{col}")
            for row in range(3)
            for col in range(3)
            if screen.place_at(row, col) == 4
        )
        assert cell.region.contains_point(app.cursor_position)
        assert app.spoken.latest.startswith("Picked 8♥. 8♥ onto the 7♣ at 4")


@async_test
async def test_the_counter_question_is_said_with_each_card_and_the_cursor_is_on_the_first() -> None:
    app = combat_app(match_of(counter_window()))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, CounterScreen)
        line = app.spoken.latest
        assert line.startswith("Counter?") and "You could counter with the 8♥:" in line
        assert line.endswith("y counters, n lets it stand.")
        assert app.spoken.lines[-1].private  # the defender's own cards
        assert app.screen.query_one("#counter-card-0").region.contains_point(app.cursor_position)
