"""Play by screen reader (issue 35), the shell's part: the Screen reader setting (no animations,
blank card borders, the cursor shown, each spoken line in the terminal's title), and the spoken
log that F2 opens."""

from __future__ import annotations

import json

import pytest

from club_fight_tui_support import game, make_app
from clubfight.common.storage.paths import settings_path
from clubfight.common.storage.settings import save_settings
from clubfight.common.text import sentence
from clubfight.shell.app import CardGamesApp
from clubfight.shell.screens.spoken_log_screen import SpokenLogScreen
from clubfight.shell.spoken import KEPT, SpokenLog, title_sequence
from clubfight.shell.widgets.card_spread import BOXES
from support import async_test, settings_book

BOX_DRAWING = {char for box in BOXES.values() for line in box for char in line if char != " "}


def test_the_spoken_log_says_a_line_once_keeps_the_newest_and_forgets_private_lines() -> None:
    log = SpokenLog()
    assert log.add("You:  Sum 12\nwith the Q♣.")
    assert not log.add("You: Sum 12 with the Q♣.")  # the same line again: said once
    assert not log.add("   ")
    log.add("Picked 7♥.", private=True)
    log.add("BLACK plays 9♠.")
    log.forget_private()
    assert log.texts() == ["You: Sum 12 with the Q♣.", "BLACK plays 9♠."]
    for n in range(KEPT + 10):
        log.add(f"line {n}")
    assert len(log.lines) == KEPT and log.latest == f"line {KEPT + 9}"


def test_the_title_sequence_carries_no_control_character() -> None:
    assert title_sequence("You: Sum 12.") == "\x1b]2;You: Sum 12.\x07"
    sequence = title_sequence("a\x07b\x1b]0;evil\x9cc")
    assert sequence.count("\x07") == 1 and sequence.count("\x1b") == 1 and "\x9c" not in sequence


def recorded_controls(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What the app writes to the terminal itself (a headless app writes nothing)."""
    sent: list[str] = []
    monkeypatch.setattr(CardGamesApp, "terminal_control", lambda self, sequence: sent.append(sequence))
    return sent


def grid_text(app: CardGamesApp) -> str:
    return "\n".join(str(line) for line in [game(app).query_one("#grid").render()])


@async_test
async def test_the_screen_reader_setting_stills_the_table_shows_the_cursor_and_titles_each_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sent = recorded_controls(monkeypatch)
    save_settings(settings_book(screen_reader=True))
    app = make_app()
    app.animation_level = "full"
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.animation_level == "none"  # no glow that fades, nothing moving
        assert app.has_class("-screen-reader")
        assert "\x1b[?25h" in sent  # Textual hides the cursor; screen readers follow it
        text = grid_text(app)
        assert not BOX_DRAWING & set(text), "box drawing around the cards"
        assert "♠" in text and " 1 " in text  # the cards and the places' numbers stay
        await pilot.press("z")
        await pilot.pause()
        assert sent[-1] == title_sequence(app.spoken.latest)
        assert app.spoken.latest == "2♣ selected. Pick an action."


@async_test
async def test_without_the_setting_the_cards_keep_their_boxes_and_no_title_is_written(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sent = recorded_controls(monkeypatch)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("z")
        await pilot.pause()
        assert BOX_DRAWING & set(grid_text(app))
        assert not app.has_class("-screen-reader")
        assert sent == [] and app.spoken.latest == "2♣ selected. Pick an action."


@async_test
async def test_f2_shows_the_spoken_log_and_esc_closes_it() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("z", "t")
        await pilot.press("f2")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SpokenLogScreen)
        text = str(screen.query_one("#spoken-lines").render())
        assert text.splitlines()[0].startswith("Club Fight, deal easy-")
        assert text.splitlines()[-2:] == ["2♣ selected. Pick an action.", "Sum: nothing adds up to 2."]
        assert app.cursor_position.y == screen.query_one("#spoken-log").content_region.y + 2  # the newest line
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is game(app)


def test_a_sentence_ends_each_part_once() -> None:
    assert sentence("You: Sum 12", "", "  3 cards\n", "Sum 12 of 12 ✓", "Hint: go.") == (
        "You: Sum 12. 3 cards. Sum 12 of 12 ✓ Hint: go."
    )


@async_test
async def test_the_setting_is_switched_on_in_settings_and_saved_only_once_changed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sent = recorded_controls(monkeypatch)
    save_settings(settings_book())
    before = (home_file := settings_path()).read_bytes()
    assert b"screen_reader" not in before  # a file from before the setting keeps its bytes
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("o")
        await pilot.pause()
        await pilot.click("#screen_reader")
        await pilot.pause()
        assert app.has_class("-screen-reader") and "\x1b[?25h" in sent  # live, under the settings screen
        await pilot.press("escape")
        await pilot.pause()
        assert not BOX_DRAWING & set(grid_text(app))
    assert json.loads(home_file.read_text())["screen_reader"] is True


@async_test
async def test_a_moved_cursor_is_drawn_at_once_under_the_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    """Textual moves the terminal cursor only with a frame: without one, it trailed a key behind."""
    from textual.screen import Screen

    recorded_controls(monkeypatch)
    save_settings(settings_book(screen_reader=True))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = game(app)
        repaints: list[Screen[object]] = []
        refresh = Screen.refresh
        monkeypatch.setattr(Screen, "refresh", lambda self, *a, **k: (repaints.append(self), refresh(self, *a, **k))[1])
        await pilot.press("x")
        await pilot.pause()
        assert table.query_one("#hand").region.contains_point(app.cursor_position)
        assert table in repaints


@async_test
async def test_other_screens_get_the_cursor_on_their_first_entry_or_the_focused_widget() -> None:
    from textual.widgets import Select

    from clubfight.shell.screens.start_screen import StartScreen

    app = make_app(seed=None, level=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        first = app.screen.query(".entry").first()
        assert first.region.contains_point(app.cursor_position)  # e  Easy
        await pilot.press("o")
        await pilot.pause()
        await pilot.press("tab")
        await pilot.pause()
        focused = app.screen.focused
        assert isinstance(focused, Select) and focused.region.contains_point(app.cursor_position)
