"""Setup's fourth card, the draw-off's pace, and keys that answer: points found in real play.

- After three picks the fourth card goes to the neutral row by itself; pressing it keeps it there
  (it used to take it back out, and Enter then did nothing).
- The draw-off waits for the player at every step (it used to move on by itself, so Enter on "Next
  step" could close it before its last step was shown).
- q, Ctrl+Q and Ctrl+C answer while a question of the fight is up; u, h, d, g and a digit with no
  card picked each answer in one line.
"""

from __future__ import annotations

import asyncio

from textual.geometry import Region

from clubfight.combat.ai import Opponent
from clubfight.combat.engine import Arrange, Colour, CombatCode, EventKind
from clubfight.combat.game import Match
from clubfight.combat.tui.fight_model import FightModel
from clubfight.combat.tui.prompts import CounterScreen, DrawOffScreen
from combat_support import make
from combat_tui_support import combat_app, counter_window, fight, match_of, screen_text, settle
from support import async_test

RED = Colour.RED


def test_pressing_the_card_that_went_to_the_neutral_row_by_itself_keeps_it_there() -> None:
    m = FightModel(Match.new(CombatCode(3)), level=Opponent.EASY)
    hand = m.round.hand(RED)
    for card in hand[:3]:
        m.pick(m.slots().index(card))
    assert m.arrangement == hand
    m.pick(m.slots().index(hand[3]))  # the fourth key
    assert m.arrangement == hand, "the auto-placed card stays placed"
    assert "goes to place 6 by itself" in m.message
    assert m.confirm().played == Arrange(RED, (hand[0], hand[1], hand[2]), hand[3])


def test_taking_a_front_row_card_back_out_also_frees_the_fourth() -> None:
    m = FightModel(Match.new(CombatCode(3)), level=Opponent.EASY)
    hand = m.round.hand(RED)
    for card in hand[:3]:
        m.pick(m.slots().index(card))
    m.pick(m.slots().index(hand[1]))  # the card for place 8 comes out
    assert m.arrangement == (hand[0], hand[2])  # the fourth is no longer decided
    m.pick(m.slots().index(hand[3]))
    assert m.arrangement == (hand[0], hand[2], hand[3], hand[1])


@async_test
async def test_the_fourth_key_in_the_app_keeps_the_arrangement_and_enter_plays_it() -> None:
    app = combat_app(seed=12)
    async with app.run_test() as pilot:
        await settle(pilot)
        model = fight(app).model
        hand = model.round.hand(RED)
        await pilot.press("z", "x", "c", "v")
        assert model.arrangement == model.slots() == hand
        await pilot.press("enter")
        assert model.match.rounds[-1].actions[:1] == (Arrange(RED, (hand[0], hand[1], hand[2]), hand[3]),)


def draw_off_seed() -> int:
    """A match whose draw-off takes more than one step (a 10, a joker or equal values)."""
    for seed in range(1, 400):
        m = FightModel(Match.new(CombatCode(seed)), level=Opponent.EASY)
        m.auto_arrange()
        m.confirm()
        m.play(m.computer_action())
        if sum(1 for e in m.round.events if e.kind is EventKind.DRAW_OFF) >= 2:
            return seed
    raise AssertionError("no draw-off of two steps")


@async_test
async def test_the_draw_off_waits_for_the_player_at_every_step() -> None:
    app = combat_app(seed=draw_off_seed())
    async with app.run_test() as pilot:
        await settle(pilot)
        fight(app).pace = 0.05  # the computer's pace, which the draw-off used to step at
        await pilot.press("a", "enter")
        for _ in range(100):
            await pilot.pause()
            if isinstance(app.screen, DrawOffScreen):
                break
        screen = app.screen
        assert isinstance(screen, DrawOffScreen)
        await asyncio.sleep(0.5)  # ten paces
        await pilot.pause()
        assert screen.shown == 1, "no step goes by without the player"
        assert "Next step" in screen_text(app)
        for step in range(2, len(screen.steps) + 1):
            await pilot.press("enter")
            assert screen.shown == step and app.screen is screen
        assert "Fight!" in screen_text(app)
        await pilot.press("enter")
        assert app.screen is not screen


@async_test
async def test_quit_keys_answer_while_the_counter_question_is_up() -> None:
    for key in ("q", "ctrl+q"):
        app = combat_app(match_of(counter_window()))
        async with app.run_test() as pilot:
            await settle(pilot)
            assert isinstance(app.screen, CounterScreen)
            await pilot.press(key)
            await pilot.pause()
            assert app.return_code is not None, key  # the app is on its way out


@async_test
async def test_ctrl_c_says_how_to_quit_while_the_counter_question_is_up() -> None:
    app = combat_app(match_of(counter_window()))
    async with app.run_test(notifications=True) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, CounterScreen)
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert any("to quit" in str(n.message) for n in app._notifications)


@async_test
async def test_every_key_of_the_other_game_and_a_lone_digit_answer_in_one_line() -> None:
    r = make("9H 4S JS / 9C KD 2H / 7H 6H 5D", red_hand="10H 3D 8D AD")
    app = combat_app(match_of(r))
    async with app.run_test() as pilot:
        await settle(pilot)
        model = fight(app).model
        answers = {}
        for key in ("u", "d", "g", "5"):  # h is the coach's hint now (test_combat_coach_app.py)
            model.message = ""
            await pilot.press(key)
            await pilot.pause()
            answers[key] = model.message
            assert model.message and "\n" not in model.message, key
            shown = fight(app).query_one("#c-message")
            size = shown.size
            lines = shown.render_lines(Region(0, 0, size.width, size.height))
            text = " ".join("".join(s.text for s in line).strip() for line in lines)
            assert " ".join(model.message.split()) in " ".join(text.split()), f"{key}: the answer is cut"
        assert answers["5"].startswith("Place 5:") and "Pick a card first" in answers["5"]
        assert "discard" in answers["d"]
        assert "Nothing to take back" in answers["u"]
