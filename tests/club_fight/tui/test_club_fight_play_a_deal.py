""" "Play a deal…" on the start screen and in the palette: a deal code, a bare seed or a position
string, read as ``clubfight --deal`` (and ``--seed``) read them, with the same one-line messages."""

from __future__ import annotations

import contextlib
import io
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from textual.widgets import Input

from club_fight_tui_support import app_for, game, make_app, text_of
from clubfight.cli import main
from clubfight.club_fight.engine import DealCode, Level, Variant
from clubfight.club_fight.game import DealTextError, read_deal
from clubfight.club_fight.storage import load_stats
from clubfight.club_fight.tui.deal_prompt import launch_from_text
from clubfight.club_fight.tui.launch import ClubFightLaunch
from clubfight.shell.games import Refused
from clubfight.shell.screens.start_screen import StartScreen
from clubfight.shell.screens.text_prompt import TextPrompt
from support import async_test

POSITION = "- - - - - - - - JK | AC 2C | |"

texts = st.one_of(
    st.sampled_from(["hard-12345", "easy-7", "hard-x", "medium-3", "12345", "1_000", "", " ", "1 2 3", "AH |"]),
    st.sampled_from([POSITION, "JK | AC | |", "easy-99999999999999999999999", "١٢٣", "hard-"]),
    st.text(alphabet="ehard-0123456789 |JKACHS", max_size=30),
)


@settings(max_examples=150, deadline=None)
@given(texts)
def test_the_app_reads_a_deal_as_the_command_line_does(text: str) -> None:
    """The same refusals, word for word, and the same deals. (Empty text is refused in the app; on
    the command line ``--deal ""`` is no deal at all, and opens the start screen.)"""
    if not text:
        with pytest.raises(Refused):
            launch_from_text(text, ClubFightLaunch())
        return
    try:
        deal = read_deal(text)
    except DealTextError as error:
        refused = str(error)
        option = "--seed" if text.isascii() and text.isdigit() else "--deal"
        err = io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.suppress(SystemExit):
            status = main([f"{option}={text}"])  # (with =, a text that starts with - is still the value)
            assert status == 2
        said = err.getvalue().removeprefix("clubfight: error: ").removesuffix("\n")
        said = said.removeprefix("argument --seed: ").removesuffix(" (see clubfight --help)")
        assert said == refused
        with pytest.raises(Refused, match="^" + re.escape(refused) + "$"):
            launch_from_text(text, ClubFightLaunch())
        return
    if deal.code is not None:
        assert deal.code == DealCode.parse(text)
    elif deal.seed is not None:
        assert str(deal.seed) == text.lstrip("0") or deal.seed == 0
    else:
        assert deal.position is not None and "|" in text


def test_a_code_plays_at_once_and_a_bare_seed_waits_for_its_level() -> None:
    plain = ClubFightLaunch(variant=Variant.ALL_CLEAR)
    coded = launch_from_text("hard-12345", plain)
    assert (coded.level, coded.seed, coded.variant, coded.asks) == (Level.HARD, 12345, Variant.ALL_CLEAR, False)
    seeded = launch_from_text("12345", plain)
    assert (seeded.level, seeded.seed, seeded.asks) == (None, 12345, True)
    placed = launch_from_text(POSITION, plain)
    assert placed.position is not None and not placed.asks


async def type_in(pilot: object, app: object, text: str) -> None:
    prompt = app.screen  # type: ignore[attr-defined]
    assert isinstance(prompt, TextPrompt)
    prompt.query_one(Input).value = text
    await pilot.press("enter")  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]


@async_test
async def test_the_start_screen_plays_a_deal_by_its_code() -> None:
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        await pilot.press("p")
        await pilot.pause()
        await type_in(pilot, app, "hard-x")
        assert isinstance(app.screen, TextPrompt)  # refused: the box stays, saying why
        assert "bad deal code 'hard-x'" in text_of(app.screen, "#prompt-error")
        await type_in(pilot, app, "12345")
        assert isinstance(app.screen, StartScreen)
        assert text_of(app.screen, "#start-prompt") == "Deal 12345: choose its level."
        await pilot.press("p")
        await pilot.pause()
        await type_in(pilot, app, "hard-777")
        assert game(app).deal_label == "hard-777"


@async_test
async def test_the_palette_plays_a_deal_and_the_game_left_counts_as_given_up() -> None:
    app = make_app(7)
    async with app.run_test(size=(80, 24)) as pilot:
        table = game(app)
        table.commit(table.position.legal_moves()[0])
        await pilot.pause()
        app.game_of(type(table.host)).ask_deal()  # type: ignore[arg-type]
        await pilot.pause()
        await type_in(pilot, app, "99")  # a bare seed plays at this table's level
        assert game(app).deal_label == "easy-99" and game(app) is not table
    games = load_stats().value
    assert len(games) == 1 and games[0].abandoned and games[0].deal == "easy-7"
