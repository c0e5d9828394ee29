"""What the fight says, found in real play: the whole log and each round's score by part, the preview
at 80x24 and what it says about a counter, the styles, the hot-seat words, the end-turn question over
the board, and a plain list of cards."""

from __future__ import annotations

from typing import Any

from textual.geometry import Region

from clubfight.cli.main import build_parser
from clubfight.combat.cli.play import launch_from
from clubfight.combat.engine import (
    Card,
    Colour,
    CombatCode,
    Event,
    EventKind,
    Juggle,
    PlayKind,
    Points,
    Rules,
    Style,
    TurnEnd,
    parse_action,
)
from clubfight.combat.game import CombatSave, Match, format_record
from clubfight.combat.storage.saves import save_match
from clubfight.combat.storage.stats import load_combat_stats
from clubfight.combat.tui.banners import RoundOverScreen
from clubfight.combat.tui.fight_model import FightModel
from clubfight.combat.tui.fight_text import event_text, points_text
from clubfight.combat.tui.log_screen import FullLogScreen
from clubfight.combat.tui.prompts import DrawOffScreen
from clubfight.combat.tui.start_screen import CombatStartScreen
from clubfight.shell.screens.question_screen import AskScreen
from combat_support import make
from combat_tui_support import combat_app, enter_attack, fight, match_of, screen_text, settle, settle_to_banner
from support import async_test

RED, BLACK = Colour.RED, Colour.BLACK


def visible(widget: Any) -> str:
    """The text a widget shows on screen, its lines joined by spaces (what isn't shown is cut)."""
    size = widget.size
    strips = widget.render_lines(Region(0, 0, size.width, size.height))
    return " ".join("".join(segment.text for segment in strip).strip() for strip in strips)


def squeezed(text: str) -> str:
    return " ".join(text.split())


# --- 2. the whole log, the draw-off in it, and the round's score by part ------------------------------


@async_test
async def test_l_shows_the_whole_log_with_the_draw_off_and_why_its_card_won() -> None:
    app = combat_app(seed=12)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("a", "enter")
        for _ in range(50):
            await settle(pilot)
            if isinstance(app.screen, DrawOffScreen):
                await pilot.press("escape")
                break
        await settle(pilot)
        model = fight(app).model
        draw_off = [line for line in model.log if line.startswith("Draw-off:")]
        assert draw_off and "wins the centre (" in draw_off[-1]  # who drew what, and why that card won
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, FullLogScreen)
        assert app.screen.lines == model.log
        text = squeezed(screen_text(app))
        assert squeezed(draw_off[-1]) in text
        await pilot.press("home")
        await pilot.pause()
        assert "Round 1 of combat-12" in screen_text(app)  # scrolled back to the start
        await pilot.press("escape")
        assert app.screen is fight(app)


@async_test
async def test_the_banner_shows_each_players_score_by_part() -> None:
    r = make("9H 4S JS / 9C KD 2H / 7H 6H 5D", red_hand="10H 3D 8D AD", black_score=5)
    app = combat_app(match_of(r))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await enter_attack(pilot, fight(app), parse_action("10H@1"))  # type: ignore[arg-type]
        await settle_to_banner(pilot)
        assert isinstance(app.screen, RoundOverScreen)
        text = screen_text(app)
        assert "RED 2 = Attacks 1 + Block 1" in text
        assert "BLACK 5 = Kept 5" in text  # what it started the round with


# --- 4, 5. the preview at 80x24, and whether a counter can come --------------------------------------


@async_test
async def test_the_throw_preview_is_whole_at_80x24() -> None:
    r = make("9H 4S JS / 9C KD 2H / 7H 6H 6C", red_hand="5H 6D 3D 2D", black_hand="8S")
    app = combat_app(match_of(r))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = fight(app)
        slots = screen.model.slots()
        for card in ("5H", "6D"):
            await pilot.press("zxcv"[slots.index(Card.parse(card))])
        await pilot.press("9")
        await pilot.pause()
        preview = screen.model.preview()
        assert "(UNSAFE: BLACK may counter)" in preview and "the other order" in preview
        assert squeezed(preview) in squeezed(visible(screen.query_one("#c-preview"))), "nothing of it is cut"


def test_a_defender_with_no_card_can_not_counter_and_the_preview_says_so() -> None:
    # BLACK was countered last turn: no counter card this turn (T2, C4), its hand shows "-".
    r = make("3S 4S JS / 7C KD 2H / 7H 6H 5D", red_hand="8H 3D", black_hand="", countered=True)
    m = FightModel(match_of(r))
    m.pick(m.slots().index(Card.parse("8H")))
    m.press_place(4)
    assert "may counter" not in m.preview()
    assert "(unsafe, but BLACK holds no card to counter with)" in m.preview()
    held = FightModel(match_of(make("3S 4S JS / 7C KD 2H / 7H 6H 5D", red_hand="8H 3D", black_hand="2C")))
    held.pick(held.slots().index(Card.parse("8H")))
    held.press_place(4)
    assert "(UNSAFE: BLACK may counter)" in held.preview()  # whatever the card is: it is hidden


# --- 7. styles -----------------------------------------------------------------------------------


def test_karates_plus_one_is_its_own_part() -> None:
    chained = Points(PlayKind.ATTACK, base=1, combo=2)  # one chained card, with KARATE's +1 in combo
    assert points_text(chained, Style.KARATE) == "Attack 1 + Combo 1 + Karate 1 = 3"
    assert points_text(chained) == "Attack 1 + Combo 2 = 3"


def test_a_karate_play_previews_its_plus_one_apart() -> None:
    r = make("9H 4S JS / 9C KD 2H / 7H 6H 4D", red_hand="9D 3D", rules=Rules(red_style=Style.KARATE))
    m = FightModel(match_of(r))
    m.pick(m.slots().index(Card.parse("9D")))
    m.press_place(1)  # 9♦ onto RED's 9♥ at 1, beside BLACK's 9♣ at 4: a chain of two
    assert "Combo 1 + Karate 1" in m.preview(), m.preview()


@async_test
async def test_the_start_screen_says_what_the_highlighted_style_does() -> None:
    app = combat_app(ask=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, CombatStartScreen)
        await pilot.press("y")  # your style: KARATE
        assert "KARATE: a perfect counter against this player scores 2" in squeezed(screen_text(app))
        await pilot.press("t", "t")  # the computer's: KRAV MAGA
        assert "KRAV MAGA: a single-card UNSAFE play" in squeezed(screen_text(app))
        await pilot.press("f")  # hot-seat: the styles name their players
        text = screen_text(app)
        assert "RED's style: KARATE" in text and "BLACK's style: KRAV MAGA" in text


@async_test
async def test_the_match_shows_its_styles_juggle_and_survival() -> None:
    rules = Rules(red_style=Style.KARATE, juggle=Juggle.COMBO, survival=True)
    r = make("9H 4S JS / 9C KD 2H / 7H 6H 5D", red_hand="10H 3D 8D AD", rules=rules)
    app = combat_app(Match(CombatCode(1), rules, match_of(r).rounds))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "Styles: RED KARATE, BLACK none" in text
        assert "Juggle: combo" in text and "Survival" in text


def parse(*argv: str) -> Any:
    return launch_from(build_parser().parse_args(["combat", *argv]))


def test_hot_seat_takes_a_style_for_each_player() -> None:
    rules = parse("--hot-seat", "--style", "karate", "--other-style", "sumo").rules()
    assert (rules.red_style, rules.black_style) == (Style.KARATE, Style.SUMO)
    rules = parse("--hot-seat", "--colour", "black", "--style", "karate").rules()
    assert (rules.red_style, rules.black_style) == (None, Style.KARATE)
    rules = parse("--opponent", "hard", "--style", "mma", "--other-style", "wushu").rules()
    assert (rules.red_style, rules.black_style) == (Style.MMA, Style.WUSHU)
    assert parse("--style", "karate").rules().black_style is None  # as before: --style is yours alone


# --- 8. hot-seat words and records -------------------------------------------------------------------


@async_test
async def test_the_hot_seat_resume_question_says_who_plays_and_what_starting_afresh_does(home: Any) -> None:
    match = Match.new(CombatCode(77))
    save_match(CombatSave(format_record(match), None, RED, "hotseat0001"))
    app = combat_app(seed=78)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        question = app.screen
        assert isinstance(question, AskScreen) and question.id == "combat-resume"
        text = squeezed(screen_text(app))
        assert "against two players" not in text
        assert "RED and BLACK at this terminal (hot-seat)" in text
        assert "not in the statistics" in text and "counts as a loss" not in text
        await pilot.press("n")
        await settle(pilot)
    assert load_combat_stats().value == []  # and nothing is counted, as it said


# --- 9. the end-turn question over the board ------------------------------------------------------


@async_test
async def test_the_end_turn_question_leaves_the_board_in_view() -> None:
    r = make("9H 4S JS / 9C KD 2H / 7H 6H 5D", red_hand="3D 8D", black_hand="")
    app = combat_app(match_of(r))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, AskScreen) and app.screen.id == "end-turn"
        text = screen_text(app)
        assert "You could still play: 3♦ 8♦" in text
        question = app.screen
        assert question.styles.background.a == 0, "the question doesn't cover the screen"
        box = question.query_one("#end-turn-box")
        cells = list(fight(app).query(".c-grid-card"))
        assert len(cells) == 9
        for cell in cells:
            assert not box.region.overlaps(cell.region), f"the question hides {cell.id}"


# --- 10. a plain list of cards -----------------------------------------------------------------------


def test_cards_left_as_advantage_are_a_list_not_a_throw() -> None:
    event = Event(EventKind.END_TURN, BLACK, cards=(Card.parse("9C"), Card.parse("3C")), end=TurnEnd.CHOSEN)
    assert event_text(event, Rules()) == "BLACK's turn ends (ended by choice); 9♣ 3♣ become RED's ADVANTAGE"


def test_both_banners_name_how_the_round_was_won_in_the_same_words() -> None:
    from clubfight.combat.engine import Win
    from clubfight.combat.tui.banners import how_won

    assert how_won([Win.KNOCK_OUT], judged=False) == "knock out"
    assert how_won([Win.TIME_OUT], judged=True) == "time out on the judges' decision"
    assert how_won([Win.RING_OUT, Win.KNOCK_OUT], judged=False) == "ring out (also knock out)"
