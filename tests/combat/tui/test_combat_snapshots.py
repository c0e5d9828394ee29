"""Snapshots of Combat Club's screens on fixed deals and constructed rounds (pytest-textual-snapshot;
update with --snapshot-update): setup, mid-fight at 80x24 and 120x40, a counter prompt, each
round-end banner, the help, the coach's hint previewed and the turning-point chart."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.pilot import Pilot

from clubfight.combat.ai import Opponent, choose
from clubfight.combat.engine import Attack, Colour, CombatCode
from clubfight.combat.game import Match
from clubfight.combat.tui.turning_screen import TurningScreen
from combat_support import make
from combat_tui_support import combat_app, counter_window, enter_attack, fight, match_of, settle

SnapCompare = Callable[..., bool]
RED, BLACK = Colour.RED, Colour.BLACK
MID = "9H 4S JS,QS / 9C KD,9D 2H / 7H,7C 6H 4D"


def mid_fight() -> Any:
    return match_of(make(MID, red_hand="5H 6D 7D 10H", black_hand="8S", advantage="3S", red_score=7, black_score=11))


async def waited(pilot: Pilot[Any]) -> None:
    await settle(pilot)
    await pilot.pause()


def test_combat_setup(snap_compare: SnapCompare) -> None:
    assert snap_compare(combat_app(seed=12), run_before=waited)


def test_combat_setup_arranging(snap_compare: SnapCompare) -> None:
    assert snap_compare(combat_app(seed=12), press=["z", "x"], run_before=waited)


def test_combat_mid_fight_80x24(snap_compare: SnapCompare) -> None:
    assert snap_compare(combat_app(mid_fight()), press=["x", "c"], run_before=waited, terminal_size=(80, 24))


def test_combat_mid_fight_120x40(snap_compare: SnapCompare) -> None:
    app = combat_app(mid_fight())
    assert snap_compare(app, press=["z", "x", "c", "9"], run_before=waited, terminal_size=(120, 40))


def test_combat_counter_prompt(snap_compare: SnapCompare) -> None:
    assert snap_compare(combat_app(match_of(counter_window())), run_before=waited)


def banner(grid: str, play: list[str], **fields: Any) -> Any:
    app = combat_app(match_of(make(grid, **fields)))

    async def run(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        for key in play:
            await pilot.press(key)
            await settle(pilot)
        for _ in range(5):
            await pilot.pause()

    return app, run


def test_banner_ring_out(snap_compare: SnapCompare) -> None:
    app, run = banner("9H 4S JS / 9C KD 2H / 7H 6H 5D", ["z", "1", "enter"], red_hand="10H 3D 8D AD")
    assert snap_compare(app, run_before=run)


def test_banner_submission(snap_compare: SnapCompare) -> None:
    app, run = banner("3S 4S JS / 10D KC 9H / 7H 6H 5D", ["z", "6", "enter"], red_hand="10H 3D 8D AD")
    assert snap_compare(app, run_before=run)


def test_banner_knock_out(snap_compare: SnapCompare) -> None:
    app, run = banner("3S 4S JS / 9C KC 2H / 7H 6H 5D", ["z", "9", "enter"], red_hand="6D", red_score=29)
    assert snap_compare(app, run_before=run)


def test_banner_time_out(snap_compare: SnapCompare) -> None:
    # RED ends its turn; BLACK can't draw to 4 from an empty deck, so BLACK wins by TIME OUT (T1).
    app, run = banner("3S 4S JS / 9C KC 2H / 7H 6H 5D", ["e", "y"], red_hand="6D", black_deck="")
    assert snap_compare(app, run_before=run)


def test_combat_help(snap_compare: SnapCompare) -> None:
    assert snap_compare(combat_app(mid_fight()), press=["question_mark"], run_before=waited)


def test_combat_start_screen(snap_compare: SnapCompare) -> None:
    assert snap_compare(combat_app(ask=True), run_before=waited)


def test_hot_seat_curtain(snap_compare: SnapCompare) -> None:
    assert snap_compare(combat_app(opponent=None, seed=12), run_before=waited)


async def hint_shown(pilot: Pilot[Any]) -> None:
    await settle(pilot)
    await pilot.press("h")
    screen = fight(pilot.app)  # type: ignore[arg-type]
    for _ in range(400):
        if screen.model.hinted is not None:
            break
        await pilot.pause(0.05)
    await pilot.pause()


def test_combat_hint_preview_80x24(snap_compare: SnapCompare) -> None:
    assert snap_compare(combat_app(mid_fight()), run_before=hint_shown, terminal_size=(80, 24))


def played_by_easy(seed: int, actions: int) -> Any:
    """A match dealt from ``seed`` with its first ``actions`` chosen by easy for both seats."""
    match = Match.new(CombatCode(seed))
    for i in range(actions):
        match = match.play(choose(match.current, Opponent.EASY, seed=seed * 1000 + i))
    return match


def test_combat_turning_chart_80x24(snap_compare: SnapCompare) -> None:
    """A round of 27 actions (26 played by easy for both seats, then RED's knock out by keys),
    charted from RED's side."""
    match = played_by_easy(3, 26)
    finish = choose(match.current, Opponent.EASY, seed=3 * 1000 + 26)
    assert isinstance(finish, Attack) and match.play(finish).current.is_over
    app = combat_app(match)

    async def chart(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await enter_attack(pilot, fight(pilot.app), finish)  # type: ignore[arg-type]
        await settle(pilot)
        for _ in range(5):
            await pilot.pause()
        await pilot.press("w")
        for _ in range(400):
            screen = pilot.app.screen
            if isinstance(screen, TurningScreen) and screen.analysis is not None:
                break
            await pilot.pause(0.05)
        await pilot.pause()

    assert snap_compare(app, run_before=chart, terminal_size=(80, 24))
