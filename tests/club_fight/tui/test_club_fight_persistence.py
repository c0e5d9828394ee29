"""The app and the data folder (issue 5): autosave and resume, undo and redo, statistics, settings,
the daily deal, the share line, exported records and their replay. Each test has its own
CLUBFIGHT_HOME (tests/app_home_support.py)."""

from __future__ import annotations

import os
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Select, Switch

from club_fight_tui_support import (
    WINNING_LINE,
    WINNING_SEED,
    app_for,
    card_ink,
    game,
    keys_for,
    make_app,
    place_slot,
    play_by_keys,
    replay_app,
    screen_lines,
    text_of,
)
from clubfight.club_fight.engine import Action, Card, DealCode, Level, Suit, Variant, deal
from clubfight.club_fight.game import Start, parse_record
from clubfight.club_fight.game.daily import daily_deal
from clubfight.club_fight.game.session import GameSession
from clubfight.club_fight.storage import load_game, load_stats, save_game
from clubfight.club_fight.tui.game_over_screen import GameOverScreen
from clubfight.club_fight.tui.questions import ResumeScreen
from clubfight.common.storage.settings import save_settings
from clubfight.shell.app import CardGamesApp
from clubfight.shell.screens.question_screen import AskScreen
from clubfight.shell.screens.settings_screen import SettingsScreen
from clubfight.shell.screens.start_screen import StartScreen
from clubfight.shell.screens.stats_screen import StatsScreen
from clubfight.shell.themes import HIGH_CONTRAST
from clubfight.shell.widgets import CardSpread
from support import async_test, load_all_settings, settings_book

DAY = date(2026, 11, 30)
SnapCompare = Callable[..., bool]


def stats_games() -> list[Any]:
    return list(load_stats().value)


async def finish_by_commit(pilot: Pilot[Any], app: CardGamesApp, lines: tuple[str, ...] | None = None) -> None:
    """Play the given lines (or the first Any move each turn, to a loss) straight through commit."""
    screen = game(app)
    if lines is not None:
        for text in lines:
            screen.commit(screen.position.parse_move(text))
    while not screen.position.is_over:
        position = screen.position
        screen.commit(position.moves_for(position.hand[0])[Action.ANY][0])
    await pilot.pause()
    await pilot.pause()


# --- autosave and resume --------------------------------------------------------------------


@async_test
async def test_every_confirmed_move_is_saved_and_a_new_app_offers_to_resume_it_exactly() -> None:
    first = make_app(WINNING_SEED)
    async with first.run_test() as pilot:
        for text in WINNING_LINE[:4]:  # col3 three times: each move refills the grid
            await play_by_keys(pilot, first, text)
        played = game(first).position
        moves = list(game(first).moves)
    # The app is gone as if killed: only what was written after each move is left.
    saved = load_game().value
    assert saved is not None and saved.position == played and list(saved.moves) == moves

    second = make_app(None, level=None)  # would show the start screen, but there is a game to resume
    async with second.run_test() as pilot:
        await pilot.pause()
        assert isinstance(second.screen, ResumeScreen)
        summary = second.screen.summary
        assert "easy-1 (easy)" in summary and "turn 5" in summary and f"score {played.score}" in summary
        await pilot.press("y")
        await pilot.pause()
        screen = game(second)
        assert screen.position == played and screen.moves == moves and str(screen.session.start.deal) == "easy-1"
        await play_by_keys(pilot, second, WINNING_LINE[4])
        assert len(screen.moves) == 5
    assert stats_games() == []  # nothing finished, nothing recorded


@async_test
async def test_a_save_from_a_crash_can_be_declined_and_counts_as_a_loss() -> None:
    session = GameSession(Start.from_deal(DealCode(Level.HARD, 99)), game_id="0123456789abcdef")
    for _ in range(3):
        session.play(session.position.legal_moves()[0])
    save_game(session.saved())  # written mid-game, then the process died

    app = make_app(7)
    async with app.run_test() as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
        assert "hard-99 (hard), turn 4" in app.screen.summary
        await pilot.press("n")
        await pilot.pause()
        # what was asked for
        assert str(game(app).session.start.deal) == "easy-7" and game(app).position.turns_played == 0
    games = stats_games()
    assert len(games) == 1
    assert games[0].deal == "hard-99" and not games[0].won and games[0].abandoned and games[0].turns == 3
    assert load_game().value is None


@async_test
async def test_a_damaged_save_and_settings_file_are_reported_in_one_line_and_the_game_goes_on(home: Path) -> None:
    (home / "save.json").write_text('{"format": "save", "version": 1, "start": ', encoding="utf-8")
    (home / "settings.json").write_text("\x00\x01 nonsense", encoding="utf-8")
    app = make_app(7)
    async with app.run_test() as pilot:
        await pilot.pause()
        warnings = [n.message for n in app._notifications]
        assert any("saved game" in w for w in warnings) and any("settings" in w for w in warnings)
        assert all("\n" not in w for w in warnings)
        assert str(game(app).session.start.deal) == "easy-7"
        await play_by_keys(pilot, app, "5C any 2")
    assert load_game().value is not None
    assert list(home.glob("save.json.*")) and list(home.glob("settings.json.*"))  # backups kept


# --- undo and redo ----------------------------------------------------------------------------


@async_test
async def test_undo_goes_back_across_refills_to_the_start_and_redo_replays() -> None:
    app = make_app(WINNING_SEED)
    async with app.run_test() as pilot:
        screen = game(app)
        opening = screen.position
        assert not screen.session.can_undo and not screen.session.can_redo
        for text in WINNING_LINE[:3]:
            await play_by_keys(pilot, app, text)
        after = list(screen.history)
        assert after[1].grid_deck != opening.grid_deck  # the refills really happened
        await pilot.press("u", "u", "u", "u")  # the fourth press has nothing left to undo
        assert screen.position == opening and screen.moves == []
        assert "Nothing to undo" in screen.message
        assert not screen.session.can_undo and screen.session.can_redo
        await pilot.press("r", "r")
        assert screen.history == after[:3]
        assert load_game().value.position == after[2]  # type: ignore[union-attr]
        await pilot.press("r")
        assert screen.history == after and not screen.session.can_redo
        await pilot.press("u")
        await play_by_keys(pilot, app, "9C any 1")  # a different move forgets the redo
        assert not screen.session.can_redo and str(screen.moves[-1]) == "9C any 1"
        assert not screen.session.clean and screen.session.undos == 4
        saved = load_game().value
        assert saved is not None and saved.saved.undos == 4


@async_test
async def test_a_game_with_undo_or_hint_counts_but_is_not_clean() -> None:
    app = make_app(WINNING_SEED)
    async with app.run_test() as pilot:
        await play_by_keys(pilot, app, WINNING_LINE[0])
        await pilot.press("u", "r")
        await finish_by_commit(pilot, app, WINNING_LINE[1:])
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("escape")  # back to the final table: no undo past the end
        assert game(app).check_action("undo", ()) is None
        await pilot.press("u")
        assert game(app).position.is_over
    app = make_app(WINNING_SEED)
    async with app.run_test() as pilot:
        game(app).count_hint()
        await finish_by_commit(pilot, app, WINNING_LINE)
    games = stats_games()
    assert [(g.won, g.clean, g.undos, g.hints) for g in games] == [(True, False, 1, 0), (True, False, 0, 1)]
    assert load_game().value is None


@async_test
async def test_game_over_records_the_result_once() -> None:
    app = make_app(WINNING_SEED)
    async with app.run_test() as pilot:
        await finish_by_commit(pilot, app, WINNING_LINE)
        await pilot.press("a")  # play this deal again: a new game, not the same one twice
        await pilot.pause()
        await finish_by_commit(pilot, app)
        await pilot.press("escape", "n")
        await pilot.pause()
    games = stats_games()
    assert [(g.deal, g.won) for g in games] == [("easy-1", True), ("easy-1", False)]
    assert all(g.clean for g in games[:1]) and len({g.game_id for g in games}) == 2


@async_test
async def test_a_finished_table_says_the_game_is_over_and_g_brings_the_summary_back() -> None:
    """Issue 10.6: after Esc at game over, the table doesn't ask for a move; g reopens the summary."""
    from clubfight.club_fight.tui.game_over_screen import GameOverScreen

    app = make_app(7)
    async with app.run_test() as pilot:
        await finish_by_commit(pilot, app)
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("escape")
        await pilot.pause()
        table = game(app)
        assert app.screen is table
        feedback = text_of(table, "#feedback")
        assert "Game over" in feedback and "g shows the summary" in feedback and "Pick a club" not in feedback
        assert table.check_action("summary", ()) is True and table.check_action("club", (0,)) is None
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        assert app.screen.query("#winnable") and app.screen.query("#export")
        await pilot.press("n")  # and its choices still work
        await pilot.pause()
        assert game(app).position.turns_played == 0 and game(app) is not table
    assert len(stats_games()) == 1


@async_test
async def test_giving_up_mid_game_with_a_new_deal_counts_as_a_loss() -> None:
    app = make_app(7)
    async with app.run_test() as pilot:
        await play_by_keys(pilot, app, "5C any 2")
        await pilot.press("n", "n")
        await pilot.pause()
        assert game(app).position.turns_played == 0
    games = stats_games()
    assert len(games) == 1 and games[0].abandoned and games[0].deal == "easy-7"


# --- the blocking-move question -------------------------------------------------------------


@async_test
async def test_a_move_that_leaves_a_block_it_could_lift_asks_first_when_the_setting_is_on() -> None:
    save_settings(settings_book(confirm_blocking_move=True))  # off by default (docs/rules.md, "Blocks")
    app = make_app(317855)  # easy-317855 opens with 4 ♠ blocking Up/Down; K♣ Sum 2 5 leaves 3 of them
    async with app.run_test() as pilot:
        screen = game(app)
        move = screen.position.parse_move("KC sum 2 5")
        await pilot.press(*keys_for(screen.position, move))
        await pilot.pause()
        detail = text_of(app.screen, ".ask-detail")
        assert isinstance(app.screen, AskScreen) and "Up/Down blocked by 3 ♠, while Sum" in detail
        assert "with the K♣ would lift it" in detail
        await pilot.press("n")
        await pilot.pause()
        assert screen.moves == [] and app.screen is screen
        await pilot.press("enter")  # the move is still planned: confirm it again
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert [str(m) for m in screen.moves] == ["KC sum 2 5"]


# --- statistics and settings from the app ---------------------------------------------------


@async_test
async def test_stats_screen_opens_from_the_table_with_this_game_counted() -> None:
    app = make_app(WINNING_SEED, today=lambda: DAY)
    async with app.run_test(size=(100, 40)) as pilot:
        await finish_by_commit(pilot, app, WINNING_LINE)
        await pilot.press("escape", "s")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        from clubfight.club_fight.game import summarize
        from clubfight.club_fight.storage.stats import load_stats

        group = summarize(load_stats().value, DAY).group(Level.EASY)
        assert group is not None and (group.played, group.won, group.clean_wins) == (1, 1, 1)
        assert app.screen.query("#stats-figures")
        await pilot.press("escape")
        assert app.screen is game(app)


@async_test
async def test_settings_screen_applies_theme_and_four_colour_deck_live_and_at_start_up() -> None:
    app = make_app(1)  # easy-1: 8D (diamond) at place 4, 9H at 2, 7S at 1
    async with app.run_test() as pilot:
        hearts, diamonds = place_slot(app, 2).card, place_slot(app, 4).card
        assert isinstance(hearts, Card) and hearts.suit is Suit.HEARTS
        assert isinstance(diamonds, Card) and diamonds.suit is Suit.DIAMONDS
        assert card_ink(app, "#grid", 1) == card_ink(app, "#grid", 3)  # two-colour deck: both red
        await pilot.press("o")
        await pilot.pause()
        settings_screen = app.screen
        assert isinstance(settings_screen, SettingsScreen)
        settings_screen.query_one("#theme", Select).value = HIGH_CONTRAST.name
        settings_screen.query_one("#four_colour_deck", Switch).value = True
        settings_screen.query_one("#animations", Switch).value = False
        await pilot.pause()
        assert app.theme == HIGH_CONTRAST.name and app.has_class("-four-colour")
        assert app.animation_level == "none"
        await pilot.press("escape")
        await pilot.pause()
        colours = {card_ink(app, "#grid", 1), card_ink(app, "#grid", 3), card_ink(app, "#grid", 0)}
        assert len(colours) == 3  # hearts, diamonds, spades each distinct (and clubs, in the hand)
        assert card_ink(app, "#hand", 0) not in colours
    assert load_all_settings().value == settings_book(theme=HIGH_CONTRAST.name, four_colour_deck=True, animations=False)
    again = make_app(1)
    async with again.run_test() as pilot:
        await pilot.pause()
        assert again.theme == HIGH_CONTRAST.name and again.has_class("-four-colour")


@async_test
async def test_the_hint_strength_chosen_in_settings_serves_the_open_table_and_the_next_start() -> None:
    app = make_app(1)
    async with app.run_test() as pilot:
        assert game(app).hint_strength == "fast"
        await pilot.press("o")
        await pilot.pause()
        app.screen.query_one("#hint_strength", Select).value = "expert"
        await pilot.pause()
        assert game(app).hint_strength == "expert"  # live, on the table under the settings screen
    assert load_all_settings().value["hint_strength"] == "expert"
    again = make_app(1)
    async with again.run_test() as pilot:
        await pilot.pause()
        assert game(again).hint_strength == "expert"
    this_run = app_for(level=Level.EASY, seed=1, hint_strength="strong")  # --strength strong
    async with this_run.run_test() as pilot:
        await pilot.pause()
        assert game(this_run).hint_strength == "strong"


# --- the daily deal -------------------------------------------------------------------------


@async_test
async def test_the_daily_deal_is_the_same_for_two_runs_on_the_same_date() -> None:
    codes = []
    for _ in range(2):
        app = app_for(level=Level.HARD, daily=True, today=lambda: DAY)
        async with app.run_test() as pilot:
            await pilot.pause()
            codes.append((game(app).session.start.deal, game(app).position, game(app).session.daily))
    assert codes[0] == codes[1]
    assert codes[0][0] == daily_deal(DAY, Level.HARD) and codes[0][2] == DAY
    other_day = app_for(level=Level.HARD, daily=True, today=lambda: date(2026, 12, 1))
    async with other_day.run_test() as pilot:
        assert game(other_day).session.start.deal != codes[0][0]


@async_test
async def test_the_start_screen_offers_the_daily_deal_and_the_all_clear_variant() -> None:
    app = make_app(None, level=None, today=lambda: DAY)
    async with app.run_test() as pilot:
        assert isinstance(app.screen, StartScreen)
        await pilot.press("d", "a")
        assert "ON" in str(app.screen.query_one("#daily").label)
        await pilot.press("e")
        await pilot.pause()
        screen = game(app)
        assert screen.session.start.deal == daily_deal(DAY, Level.EASY) and Variant.ALL_CLEAR in screen.position.variant
        assert screen.session.daily == DAY and "+all-clear" in screen.deal_label
        await finish_by_commit(pilot, app)
    (result,) = stats_games()
    assert result.daily == DAY and result.variant is Variant.ALL_CLEAR


@async_test
async def test_a_daily_game_over_shows_a_spoiler_free_share_line_to_copy() -> None:
    app = app_for(level=Level.EASY, daily=True, today=lambda: DAY)
    app.animation_level = "none"
    async with app.run_test(size=(100, 40)) as pilot:
        await finish_by_commit(pilot, app)
        over = app.screen
        assert isinstance(over, GameOverScreen)
        share = text_of(over, "#share-line")
        assert share == game(app).session.share_line()
        assert share.startswith("Club Fight daily 2026-11-30 easy: lost with ")
        assert not any(str(card) in share.split(":")[1] for card in game(app).history[0].grid if card)
        await pilot.press("c")
        assert app.clipboard == share
    summary = load_stats().value
    assert summary[0].daily == DAY


@async_test
async def test_an_ordinary_game_over_has_no_share_line() -> None:
    app = make_app(WINNING_SEED)
    async with app.run_test() as pilot:
        await finish_by_commit(pilot, app, WINNING_LINE)
        assert isinstance(app.screen, GameOverScreen) and not app.screen.query("#share-line")


# --- records and the replay -----------------------------------------------------------------


@async_test
async def test_export_writes_the_record_and_the_replay_steps_through_it(home: Path) -> None:
    app = make_app(WINNING_SEED)
    async with app.run_test(size=(100, 40)) as pilot:
        await finish_by_commit(pilot, app, WINNING_LINE)
        await pilot.press("x")
        await pilot.pause()
        shown = text_of(app.screen, "#export-result")
        final = game(app).position
    (path,) = (home / "records").glob("*.txt")
    # Folder and file name each whole on a line of its own, so a narrow dialog never cuts the path.
    assert f"{path.parent}{os.sep}" in shown.splitlines() and path.name in shown.splitlines()
    record = parse_record(path.read_text(encoding="utf-8"))
    assert record.final == final and [str(m) for m in record.moves] == list(WINNING_LINE)

    replay = replay_app(record.positions, record.moves, "easy-1")
    async with replay.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        screen = replay.screen
        assert screen.index == 0 and "Move 1: 10C line col3" in text_of(screen, "#replay-now")
        assert "-clear" in screen.query_one("#grid", CardSpread).slots[2].states
        await pilot.press("right", "right")
        assert screen.index == 2 and "Move 3: 2C line col3" in text_of(screen, "#replay-now")
        assert screen.query_one("#grid", CardSpread).slots[0].card == record.positions[2].card_at(1)
        await pilot.press("left")
        assert screen.index == 1
        await pilot.press("end")
        assert screen.index == len(record.moves) and "won" in text_of(screen, "#replay-now")
        await pilot.press("right")  # nothing past the end
        assert screen.index == len(record.moves) and screen.check_action("step", (1,)) is None
        await pilot.press("home")
        assert screen.index == 0 and screen.check_action("step", (-1,)) is None


@async_test
async def test_the_replay_wears_the_players_high_contrast_theme() -> None:
    save_settings(settings_book(theme=HIGH_CONTRAST.name, confirm_blocking_move=False))
    start = deal(Level.EASY, WINNING_SEED)
    move = start.parse_move(WINNING_LINE[0])
    replay = replay_app([start, start.play(move)], [move], "easy-1")
    async with replay.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert replay.theme == HIGH_CONTRAST.name


def test_the_record_file_is_refused_clearly_when_damaged(tmp_path: Path) -> None:
    from clubfight.cli import main

    bad = tmp_path / "bad.txt"
    bad.write_text("clubfight record 1\ndeal: easy-1\nvariants: none\n10C line col3\n7C up\n", encoding="utf-8")
    assert main(["replay", str(bad)]) == 2


# --- snapshot -------------------------------------------------------------------------------


def test_resume_prompt_snapshot(snap_compare: SnapCompare) -> None:
    session = GameSession(Start.from_deal(DealCode(Level.EASY, 7)), game_id="0123456789abcdef")
    session.play(session.position.parse_move("5C any 2"))
    save_game(session.saved())
    assert snap_compare(make_app(7), terminal_size=(80, 24))


@async_test
async def test_escape_at_the_resume_prompt_resumes_rather_than_losing_the_game() -> None:
    session = GameSession(Start.from_deal(DealCode(Level.EASY, 7)), game_id="0123456789abcdef")
    session.play(session.position.parse_move("5C any 2"))
    save_game(session.saved())
    app = make_app(None, level=None)
    async with app.run_test() as pilot:
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert game(app).position == session.position
    assert stats_games() == []


@async_test
async def test_a_daily_deal_code_still_fits_the_status_line_at_80_columns() -> None:
    app = make_app(None, Level.HARD, variant=Variant.ALL_CLEAR, daily=True, today=lambda: DAY)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        status = text_of(game(app), "#status")
        assert len(status) <= 80 and str(daily_deal(DAY, Level.HARD)) in status and status.endswith("Left 41")


@async_test
async def test_a_save_of_a_finished_game_left_by_a_crash_is_recorded_once_without_asking() -> None:
    session = GameSession(Start.from_deal(DealCode(Level.EASY, WINNING_SEED)), game_id="00000000000000ff")
    for text in WINNING_LINE:
        session.play(session.position.parse_move(text))
    save_game(session.saved())  # the last move was saved, then the process died before recording it
    for _ in range(2):
        app = make_app(7)
        async with app.run_test() as pilot:
            await pilot.pause()
            assert not isinstance(app.screen, ResumeScreen) and str(game(app).session.start.deal) == "easy-7"
    assert [(g.deal, g.won, g.game_id) for g in stats_games()] == [("easy-1", True, "00000000000000ff")]
    assert load_game().value is None


@async_test
async def test_the_start_screen_opens_statistics_and_settings_too() -> None:
    app = make_app(None, level=None)
    async with app.run_test() as pilot:
        await pilot.press("s")
        assert isinstance(app.screen, StatsScreen)
        await pilot.press("escape", "o")
        assert isinstance(app.screen, SettingsScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, StartScreen)


@async_test
async def test_a_resumed_all_clear_game_played_again_keeps_all_clear() -> None:
    """Bug: "Play this deal again" after resuming an All Clear game dealt it without All Clear, because
    the app replayed its own launch options rather than the game's start."""
    first = make_app(14, variant=Variant.ALL_CLEAR)
    async with first.run_test() as pilot:
        await pilot.pause()
        screen = game(first)
        screen.commit(screen.position.moves_for(screen.position.hand[0])[Action.ANY][0])
        await pilot.pause()
    second = make_app(None, None)  # plain `clubfight`: no level, no variant on the command line
    async with second.run_test() as pilot:
        await pilot.pause()
        assert isinstance(second.screen, ResumeScreen)
        await pilot.press("y")
        await pilot.pause()
        assert Variant.ALL_CLEAR in game(second).position.variant
        await finish_by_commit(pilot, second)
        assert isinstance(second.screen, GameOverScreen)
        await pilot.press("a")
        await pilot.pause()
        again = game(second)
        assert again.position.turns_played == 0 and str(again.session.start.deal) == "easy-14"
        assert Variant.ALL_CLEAR in again.position.variant


def outside(lines: list[str], region: Any) -> str:
    """Every character drawn outside ``region`` (a dialog's box), row by row."""
    rows = []
    for y, line in enumerate(lines):
        line = line.ljust(region.x + region.width)
        if region.y <= y < region.y + region.height:
            rows.append(line[: region.x] + line[region.x + region.width :])
        else:
            rows.append(line)
    return "".join(rows)


@async_test
async def test_dialogs_at_80x24_cover_the_table_and_each_other_fully() -> None:
    """Issue 10.4: nothing of the panel shows beside the game-over box, nor of it beside the verdict box."""
    from clubfight.club_fight.tui.game_over_screen import GameOverScreen
    from clubfight.club_fight.tui.verdict_screen import VerdictScreen

    app = make_app(7)
    async with app.run_test(size=(80, 24)) as pilot:
        await finish_by_commit(pilot, app)
        assert isinstance(app.screen, GameOverScreen)
        assert outside(screen_lines(app), app.screen.query_one("#game-over").region).strip() == ""
        await pilot.press("w")
        await pilot.pause()
        assert isinstance(app.screen, VerdictScreen)
        assert outside(screen_lines(app), app.screen.query_one("#verdict").region).strip() == ""


@async_test
async def test_start_up_warnings_at_80x24_leave_the_resume_box_readable(home: Path) -> None:
    first = make_app(7)
    async with first.run_test() as pilot:
        await play_by_keys(pilot, first, "5C any 2")
    (home / "settings.json").write_text("\x00\x01 nonsense", encoding="utf-8")
    (home / "stats.json").write_text("\x00\x01 nonsense", encoding="utf-8")
    second = make_app(None, level=None)
    async with second.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        assert isinstance(second.screen, ResumeScreen)
        box = second.screen.query_one(".ask").region
        toasts = [toast.region for toast in second.screen.query("Toast")]
        assert not any(box.overlaps(toast) for toast in toasts)
        lines = screen_lines(second)
        assert "settings file" in " ".join(lines) and any("Resume it" in line for line in lines)
        assert outside(lines, box).strip() == ""


@async_test
async def test_the_block_meter_inks_diamonds_as_the_four_colour_deck_does() -> None:
    """Issue 10.14: with the four-colour deck, ♦ is blue on the cards and in the meter alike."""
    from clubfight.club_fight.tui.suit_counter import SuitCounter

    def inks(app: CardGamesApp) -> dict[str, str]:
        content = game(app).query_one(SuitCounter).render()
        spans = {str(span.style) for span in getattr(content, "spans", [])}
        text = str(content)
        found = {}
        for span in content.spans:  # type: ignore[attr-defined]
            glyph = text[span.start : span.end].strip()
            if glyph in ("♥", "♦"):
                found[glyph] = str(span.style)
        assert spans
        return found

    save_settings(settings_book(four_colour_deck=True))
    app = make_app(7)
    async with app.run_test() as pilot:
        await pilot.pause()
        found = inks(app)
        assert found["♥"] != found["♦"]


@async_test
async def test_a_daily_table_says_so_and_an_assisted_share_line_is_marked() -> None:
    """Issue 10.17: the table shows the daily marker; hints show in the share line and its strip."""
    from clubfight.club_fight.game.daily import ASSISTED_MARK

    app = make_app(None, daily=True, today=lambda: DAY)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = game(app)
        assert "Daily" in text_of(table, "#status")
        table.count_hint()
        await finish_by_commit(pilot, app)
        share = text_of(app.screen, "#share-line")
        assert "assisted: 1 hint" in share and ASSISTED_MARK in share
    wide = make_app(None, daily=True, today=lambda: DAY)
    async with wide.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert f"Daily {DAY.isoformat()}" in text_of(game(wide), "#status")
