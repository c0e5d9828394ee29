"""Pilot tests of the move flow: every action, Esc at every step, refusals, blocks, and the side screens."""

from __future__ import annotations

import pytest

from club_fight_tui_support import (
    answer_blocking_question,
    click_button,
    click_card,
    game,
    make_app,
    place_slot,
    strip_button,
    text_of,
)
from clubfight.club_fight.engine import Action, Card, Level, Variant
from clubfight.club_fight.tui.discard_screen import DiscardScreen
from clubfight.club_fight.tui.plan import Plan
from clubfight.shell.screens.help_screen import HelpScreen
from clubfight.shell.screens.start_screen import StartScreen
from clubfight.shell.screens.too_small_screen import TooSmallScreen
from clubfight.shell.widgets import CardSlot, CardSpread
from clubfight.shell.widgets.button_strip import ButtonStrip
from clubfight.shell.widgets.buttons import FlatButton
from support import async_test

# easy-7 opens with   4S 5H JD / AS 4D 10D / QH 6S QS, hand 3C 5C 10C 9C; Line and Up/Down are blocked.
# easy-1 opens with   7S 9H 4S / 8D 8S AH / JS 6S 10H, hand 2C 10C 5C 3C; Up/Down and Run are blocked.
# easy-4 opens with   7H JH 2D / AH KH 10D / JS 2S QD, hand AC 4C 7C 9C; Line and Run are blocked.


def card(place: int, app: object) -> CardSlot:
    return place_slot(app, place)  # type: ignore[arg-type]


def marked(app: object, style: str) -> set[int]:
    """The grid places whose card is drawn with the state ``style`` (``-clear``, ``-picked``)."""
    return {p for p in range(1, 10) if style in card(p, app).states}


@async_test
async def test_match_previews_exactly_the_cards_it_clears() -> None:
    app = make_app(1)
    async with app.run_test() as pilot:
        screen = game(app)
        await pilot.press("x", "m")  # 10C, Match
        assert screen.plan == Plan(club=Card.parse("10C"), action=Action.MATCH)
        cleared = marked(app, "-clear")
        assert cleared == {9}
        assert card(9, app).mark == "✕"
        assert "Match: 1 card ✓" in text_of(screen, "#feedback")
        await pilot.press("enter")
        assert screen.moves[-1] == screen.history[0].parse_move("10C match")
        assert screen.position.discard == (Card.parse("10C"), Card.parse("10H"))


@async_test
async def test_seven_asks_up_or_down() -> None:
    app = make_app(4)
    async with app.run_test() as pilot:
        screen = game(app)
        await pilot.press("c", "p")  # 7C, Up/Down
        assert "Up or down?" in text_of(screen, "#feedback")
        await pilot.press("enter")
        assert screen.position.turns_played == 0
        assert "up or down" in text_of(screen, "#message")
        await pilot.press("down")
        below = marked(app, "-clear")
        opening = screen.position
        assert below == {p for p in range(1, 10) if (c := opening.card_at(p)) and 0 < c.value < 7}
        await pilot.press("up")
        above = marked(app, "-clear")
        assert above == {p for p in range(1, 10) if (c := opening.card_at(p)) and c.value > 7}
        await pilot.press("enter")
        assert str(screen.moves[-1]) == "7C up"


@async_test
async def test_seven_direction_by_mouse() -> None:
    app = make_app(4)
    async with app.run_test() as pilot:
        screen = game(app)
        await click_card(pilot, app, "#hand", 2)
        await click_button(pilot, app, "#actions", "updown")
        labels = [str(b.label) for b in screen.query(".choice").results(FlatButton) if b.display]
        assert labels == ["↓ Down (3)", "↑ Up (5)"]
        await pilot.click("#choice-0")
        await click_button(pilot, app, "#confirm-row", "confirm")
        await answer_blocking_question(pilot, app)
        assert str(screen.moves[-1]) == "7C down"


@async_test
async def test_line_chooses_among_the_valid_lines_with_a_preview() -> None:
    app = make_app(1)
    async with app.run_test() as pilot:
        screen = game(app)
        await pilot.press("x", "l")  # 10C, Line: row 3 or column 3
        assert "Which line?" in text_of(screen, "#feedback")
        await pilot.press("9")
        assert marked(app, "-clear") == {7, 8, 9}
        await pilot.press("9")  # again: the other line through place 9
        assert marked(app, "-clear") == {3, 6, 9}
        await pilot.press("1")  # no legal line through place 1
        assert "No legal line through place 1" in text_of(screen, "#message")
        await pilot.press("right")
        assert marked(app, "-clear") == {7, 8, 9}
        await pilot.press("enter")
        assert str(screen.moves[-1]) == "10C line row3"


@async_test
async def test_sum_gives_live_feedback_and_refuses_a_wrong_total() -> None:
    app = make_app(7)
    async with app.run_test() as pilot:
        screen = game(app)
        await pilot.press("c", "t", "2")  # 10C, Sum, the 5H
        assert "Sum 5 of 10" in text_of(screen, "#feedback")
        assert "-picked" in card(2, app).states
        await pilot.press("enter")
        assert screen.position.turns_played == 0
        assert "add up to 5, not 10" in text_of(screen, "#message")
        await pilot.press("4", "5")  # + AS + 4D = 10
        assert "Sum 10 of 10 ✓" in text_of(screen, "#feedback")
        await pilot.press("enter")
        await answer_blocking_question(pilot, app)
        assert str(screen.moves[-1]) == "10C sum 2 4 5"


@async_test
async def test_run_gives_live_feedback_and_refuses_a_broken_run() -> None:
    app = make_app(7)
    async with app.run_test() as pilot:
        screen = game(app)
        await pilot.press("z", "e", "1", "5")  # 3C, Run, 4S and 4D: two fours
        assert "Run 3-4-4 ✗" in text_of(screen, "#feedback")
        await pilot.press("enter")
        assert screen.position.turns_played == 0
        assert "not an unbroken sequence" in text_of(screen, "#message")
        await pilot.press("5", "2")
        assert "Run 3-4-5 ✓" in text_of(screen, "#feedback")
        await pilot.press("enter")
        assert str(screen.moves[-1]) == "3C run 1 2"


@async_test
async def test_any_picks_one_card_and_may_take_a_joker() -> None:
    app = make_app(6)  # easy-6 has the joker at place 6
    async with app.run_test() as pilot:
        screen = game(app)
        assert "-joker" in card(6, app).states
        await pilot.press("z", "a", "1", "6")  # the second pick replaces the first
        assert screen.plan.picked == {6}
        await pilot.press("enter")
        assert str(screen.moves[-1]) == "JC any 6"


@async_test
async def test_escape_steps_back_one_step_at_a_time() -> None:
    app = make_app(7)
    async with app.run_test() as pilot:
        screen = game(app)
        await pilot.press("escape")  # nothing chosen: nothing happens
        assert screen.plan == Plan()
        await pilot.press("c", "t", "2", "4")
        assert screen.plan.picked == {2, 4}
        await pilot.press("escape")
        assert screen.plan == Plan(club=Card.parse("10C"), action=Action.SUM)
        await pilot.press("escape")
        assert screen.plan == Plan(club=Card.parse("10C"))
        await pilot.press("escape")
        assert screen.plan == Plan()
        assert screen.position.turns_played == 0


@async_test
async def test_escape_undoes_a_line_choice_first() -> None:
    app = make_app(1)
    async with app.run_test() as pilot:
        screen = game(app)
        await pilot.press("x", "l", "9")
        assert screen.plan.choice is not None
        await pilot.press("escape")
        assert screen.plan == Plan(club=Card.parse("10C"), action=Action.LINE)
        assert not any("-clear" in card(p, app).states for p in range(1, 10))
        await pilot.press("escape", "escape")
        assert screen.plan == Plan() and screen.position.turns_played == 0


@async_test
async def test_blocked_action_refuses_its_key_and_its_click() -> None:
    app = make_app(7)  # 3 diamonds block Line
    async with app.run_test() as pilot:
        screen = game(app)
        await pilot.press("z")
        button = strip_button(app, "#actions", "line")
        assert not button.enabled
        assert "blocked by 3 ♦" in str(button.label)
        await pilot.press("l")
        assert screen.plan.action is None
        assert "Line: blocked by 3 ♦" in text_of(screen, "#message")  # the key says why (issue 10.10)
        await click_button(pilot, app, "#actions", "line")
        assert screen.plan.action is None
        assert "♦ 3/3" in text_of(screen, "#suits") and "Line blocked" in text_of(screen, "#suits")


@async_test
async def test_unavailable_action_is_dimmed_and_says_why() -> None:
    app = make_app(7)
    async with app.run_test() as pilot:
        screen = game(app)
        await pilot.press("z")  # 3C: no 3 in the grid
        match = strip_button(app, "#actions", "match")
        assert not match.enabled and "no 3 in the grid" in str(match.label)
        assert "6 ways" in str(strip_button(app, "#actions", "run").label)
        await pilot.press("m")
        assert screen.plan.action is None


def test_every_key_of_a_game_in_progress_acts_or_says_why_not() -> None:
    """Issue 10.10: a blocked action, a digit before a club, a redo with nothing to redo all answer."""
    from clubfight.club_fight.engine import DealCode
    from clubfight.club_fight.game import GameSession, Start
    from clubfight.club_fight.tui.table_screen import GameScreen

    screen = GameScreen(GameSession(Start.from_deal(DealCode(Level.EASY, 7))))
    assert screen.check_action("confirm", ()) is None
    for key, args in (("act", ("match",)), ("place", (1,)), ("club", (0,)), ("undo", ()), ("redo", ())):
        assert screen.check_action(key, args) is True, key
    model = screen.model
    model.press_place(1)
    assert "Pick a club first" in model.message
    model.select_club(0)
    model.press_place(1)
    assert "Pick an action" in model.message
    model.choose_action(Action.LINE)  # 3 ♦ block Line on easy-7
    assert model.message == "Line: blocked by 3 ♦." and model.plan.action is None
    model.choose_action(Action.MATCH)  # the 3♣: no 3 in the grid
    assert model.message.startswith("Match: no 3 in the grid")
    model.undo()
    assert "Nothing to undo" in model.message
    model.redo()
    assert model.message == "Nothing to redo."
    assert screen.check_action("act", ("allclear",)) is False  # variant off: hidden
    assert screen.check_action("stop_demo", ()) is False  # not a demo: the demo's keys are hidden


@async_test
async def test_refill_is_highlighted_until_the_next_club() -> None:
    app = make_app(7)
    async with app.run_test() as pilot:
        screen = game(app)
        await pilot.press("z", "e", "1", "2", "enter")
        assert screen.fresh == {1, 2}
        assert "-fresh" in card(1, app).states and card(1, app).mark == "+"
        assert "New cards at 1 2" in text_of(screen, "#message")
        await pilot.press("z")
        assert "-fresh" not in card(1, app).states


@async_test
async def test_refill_highlight_fades_when_animations_are_on(monkeypatch: pytest.MonkeyPatch) -> None:
    import clubfight.club_fight.tui.table_screen

    monkeypatch.setattr(clubfight.club_fight.tui.table_screen, "FRESH_SECONDS", 0.01)
    app = make_app(7)
    app.animation_level = "full"
    async with app.run_test() as pilot:
        await pilot.press("z", "e", "1", "2", "enter")
        for _ in range(200):  # wait for the timer to fire, not for a fixed time (a loaded CI machine is slow)
            if not game(app).fresh:
                break
            await pilot.pause(0.01)
        assert game(app).fresh == frozenset()
        assert "-fresh" not in card(1, app).states


@async_test
async def test_discard_pile_by_key_and_by_click() -> None:
    app = make_app(1)
    async with app.run_test() as pilot:
        await pilot.press("x", "m", "enter", "d")
        assert isinstance(app.screen, DiscardScreen)
        listing = text_of(app.screen, "#discard-list")
        assert "Turn  1" in listing and "10♣" in listing and "10♥" in listing
        await pilot.press("escape")
        assert app.screen is game(app)
        await click_button(pilot, app, "#confirm-row", "pile")
        assert isinstance(app.screen, DiscardScreen)


@async_test
async def test_help_shows_keys_and_rules() -> None:
    from clubfight.club_fight.tui.help import CLUB_FIGHT_HELP, rules_markdown
    from clubfight.shell.screens.help_screen import HelpText, help_width, parsed, readable_links

    app = make_app(1)
    async with app.run_test() as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        keys, rules = parsed(CLUB_FIGHT_HELP)
        assert "**Enter**: confirm the move" in keys.markup
        assert rules.markup == readable_links(rules_markdown())
        await pilot.pause()
        text = app.screen.query_one(HelpText)
        assert text.scrollable_content_region.width == help_width(app.size.width)  # drawn ahead at that width
        assert all(line.cell_length <= text.scrollable_content_region.width for line in text._lines)
        shown = "\n".join(line.text for line in text._lines)
        assert "Enter: confirm the move" in shown and "installed as clubfight/docs/notation.md" in shown
        await pilot.press("escape")
        assert app.screen is game(app)
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)


def test_help_bundles_docs_rules() -> None:
    from clubfight.club_fight.tui.help import RULES_MISSING, rules_markdown
    from clubfight.shell.screens.help_screen import SOURCE_DOCS

    if not (SOURCE_DOCS / "rules.md").exists():
        pytest.skip("docs/rules.md is not written yet")
    assert rules_markdown() != RULES_MISSING
    assert rules_markdown() == (SOURCE_DOCS / "rules.md").read_text(encoding="utf-8")


@async_test
async def test_too_small_terminal_asks_for_more_room() -> None:
    app = make_app(1)
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "Please enlarge the terminal to 80x24" in text_of(app.screen, "#too-small")
        assert "70x20" in text_of(app.screen, "#too-small")
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert app.screen is game(app)


@async_test
async def test_large_terminal_gets_bigger_cards() -> None:
    app = make_app(1)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert game(app).has_class("-wide") and game(app).has_class("-tall")
        grid = game(app).query_one("#grid", CardSpread)
        card_region = grid.card_region(0)
        assert card_region.width > 8 and card_region.height > 5


@async_test
async def test_no_color_game_is_playable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(7)
    assert app.no_color
    async with app.run_test() as pilot:
        screen = game(app)
        suits = text_of(screen, "#suits")
        assert "♦ 3/3" in suits and "Line blocked" in suits and "♥ 2/3" in suits
        await pilot.press("z", "e", "1", "2")
        assert card(1, app).mark == "✕"  # the preview reads without colour
        await pilot.press("enter")
        assert screen.position.turns_played == 1


@async_test
async def test_start_screen_picks_a_level_by_key() -> None:
    app = make_app(5, level=None)
    async with app.run_test() as pilot:
        assert isinstance(app.screen, StartScreen)
        assert "Deal 5" in text_of(app.screen, "#start-prompt")
        await pilot.press("h")
        assert game(app).deal_label == "hard-5"
        assert game(app).position.level is Level.HARD


@async_test
async def test_start_screen_picks_a_level_by_click_and_draws_a_seed() -> None:
    app = make_app(None, level=None)
    async with app.run_test() as pilot:
        await pilot.click("#easy")
        await pilot.pause()
        assert game(app).deal_label == "easy-1000"
        assert "Deal easy-1000" in text_of(game(app), "#status")


@async_test
async def test_new_game_key_deals_a_fresh_seed() -> None:
    app = make_app(7)
    async with app.run_test() as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert game(app).deal_label == "easy-1000"


@async_test
async def test_new_game_mid_game_takes_a_second_press() -> None:
    app = make_app(1)
    async with app.run_test() as pilot:
        await pilot.press("x", "m", "enter", "n")
        assert game(app).deal_label == "easy-1"
        assert "press n again" in text_of(game(app), "#message")
        await pilot.press("n")
        await pilot.pause()
        assert game(app).deal_label == "easy-1000"


@async_test
async def test_felt_theme_by_default_and_built_in_themes_work() -> None:
    app = make_app(7)
    async with app.run_test() as pilot:
        assert app.theme == "clubfight-felt"
        app.theme = "dracula"
        await pilot.press("z", "e", "1")
        assert app.theme == "dracula"
        assert "Run 3-4 ✓" in text_of(game(app), "#feedback")


@async_test
async def test_all_clear_variant_has_its_action() -> None:
    app = make_app(14, variant=Variant.ALL_CLEAR)  # easy-14 opens with 8C AC 9C 10C
    async with app.run_test() as pilot:
        screen = game(app)
        assert "allclear" in [button.name for button in screen.query_one("#actions", ButtonStrip).buttons]
        assert screen.deal_label == "easy-14 +all-clear"
        await pilot.press("z", "k", "enter")
        assert str(screen.moves[-1]) == "8C 9C 10C allclear"
        assert screen.position.turns_played == 1 and len(screen.position.hand) == 4


@async_test
async def test_all_clear_is_hidden_without_the_variant() -> None:
    app = make_app(14)
    async with app.run_test() as pilot:
        screen = game(app)
        assert "allclear" not in [button.name for button in screen.query_one("#actions", ButtonStrip).buttons]
        await pilot.press("z", "k")
        assert screen.plan.action is None


@async_test
async def test_the_discard_pile_lines_up_counts_what_is_left_and_shows_its_own_keys() -> None:
    """Issue 10.16: a 10♣ row sits in line; the pile's complement by suit; only the pile's keys."""
    app = make_app(1)
    async with app.run_test() as pilot:
        table = game(app)
        table.commit(table.position.parse_move("10C line col3"))  # a 10♣ row
        table.commit(table.position.parse_move("5C line col3"))
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        rows = [line for line in text_of(app.screen, "#discard-list").splitlines() if line.startswith("Turn")]
        assert len(rows) == 2 and rows[0].index("Line") == rows[1].index("Line")
        left = text_of(app.screen, "#discard-left")
        pile = table.position.discard
        hearts = 13 - sum(c.suit is not None and c.suit.name == "HEARTS" for c in pile)
        assert f"♥ {hearts}" in left.splitlines()[0] and "★ 1" in left
        keys = " ".join(str(k.render()) for k in app.screen.query("FooterKey"))
        assert "Close" in keys and "Hint" not in keys


@async_test
async def test_big_cards_show_their_ranks_pips() -> None:
    """Issue 10.13: at 120x40 a 7 shows seven pips in its middle (plus its two corner pips), not two."""
    from clubfight.club_fight.tui.grid_view import GridView

    app = make_app(7)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        grid = game(app).query_one(GridView)
        lines = str(grid.render()).splitlines()
        seen = set()
        for index, region in enumerate(grid.places(*grid.content_size)):
            card = grid.card_at(index + 1)
            if card is None or card.is_joker or card.suit is None:
                continue
            assert region.width == 13 and region.height == 8  # the big cards
            face = [line[region.x : region.right] for line in lines[region.y : region.bottom]]
            drawn = "".join(face).count(card.suit.symbol)
            if card.rank <= 10:
                assert drawn == card.rank + 2, (card, face)
                seen.add(card.rank)
            else:
                assert card.rank_name in face[len(face) // 2]
        assert len(seen) >= 3


@async_test
async def test_the_start_screen_centres_its_logo_and_lines_up_its_keys_at_120x40() -> None:
    """Issue 10.20: the logo sat left while the menu was centred, and the key letters didn't line up."""
    from club_fight_tui_support import screen_lines

    app = make_app(None, level=None)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        logo = app.screen.query_one("#title-art").region
        assert abs(logo.x - (120 - logo.right)) <= 1
        lines = screen_lines(app)
        columns = set()
        for button in app.screen.query(".entry"):
            row = lines[button.region.y]
            label = str(button.label).strip()
            columns.add(row.index(label))
        assert len(columns) == 1, columns
