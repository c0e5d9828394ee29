"""Helpers for the Combat Club app tests: apps on fixed matches or constructed rounds, waiting for the
computer, and driving plays by keys or by mouse."""

from __future__ import annotations

import html
import re
from typing import Any

from textual.pilot import Pilot

from club_fight_tui_support import app_for
from clubfight.combat.ai import Opponent
from clubfight.combat.engine import Attack, Colour, CombatCode, Phase, PlayKind, Points, Round, Rules, parse_action
from clubfight.combat.game import Match, PlayedRound
from clubfight.combat.tui.banners import RoundOverScreen
from clubfight.combat.tui.entry import CombatGame
from clubfight.combat.tui.fight_screen import SLOT_KEYS, FightScreen
from clubfight.combat.tui.launch import CombatLaunch
from clubfight.shell.app import CardGamesApp
from combat_support import make

__all__ = ["make"]


def match_of(start: Round, seed: int = 1) -> Match:
    """A match whose first round is ``start`` (any constructed round)."""
    return Match(CombatCode(seed), start.rules, (PlayedRound(1, start, (), start),))


def combat_app(
    match: Match | None = None,
    *,
    opponent: Opponent | None = Opponent.EASY,
    seed: int = 11,
    rounds: int = 3,
    ask: bool = False,
    **launch: Any,
) -> CardGamesApp:
    """An app that enters Combat Club at once, with no pauses between the computer's moves."""
    app = app_for(
        combat=CombatLaunch(opponent=opponent, seed=seed, rounds=rounds, ask=ask, **launch),
        seed_source=iter(range(5000, 6000)).__next__,
    )
    app.game_of(CombatGame).side.match_for_test = match
    app.animation_level = "none"
    return app


def fight(app: CardGamesApp) -> FightScreen:
    for screen in reversed(app.screen_stack):
        if isinstance(screen, FightScreen):
            return screen
    raise AssertionError("no fight on screen")


async def settle(pilot: Pilot[Any], rounds: int = 400) -> None:
    """Wait until the computer has nothing left to do for now."""
    app = pilot.app
    for _ in range(rounds):
        await pilot.pause()
        screens = [s for s in app.screen_stack if isinstance(s, FightScreen)]
        if not screens or not screens[-1].busy:
            await pilot.pause()
            if not screens or not screens[-1].busy:
                return
    raise AssertionError("the computer never settled")


async def settle_to_banner(pilot: Pilot[Any], turns: int = 20) -> None:
    """Let the computer play on, a settled turn at a time, until the round's banner shows (or
    ``turns`` run out: the caller's assertions then say what is missing)."""
    for _ in range(turns):
        await settle(pilot)
        if isinstance(pilot.app.screen, RoundOverScreen):
            return


def keys_for(screen: FightScreen, attack: Attack) -> list[str]:
    """The keys that enter ``attack``: its cards in order, the stack, the other order if needed."""
    slots = screen.model.slots()
    return [SLOT_KEYS[slots.index(c)] for c in attack.cards] + [str(attack.to)]


async def enter_attack(pilot: Pilot[Any], screen: FightScreen, attack: Attack) -> None:
    for key in keys_for(screen, attack):
        await pilot.press(key)
    for _ in range(4):
        if screen.model.attack == attack:
            break
        await pilot.press("right")
    assert screen.model.attack == attack, (screen.model.attack, attack, screen.model.message)
    await pilot.press("enter")


def screen_text(app: CardGamesApp) -> str:
    """Every character on the screen as rendered (the screenshot's text, tags stripped)."""
    svg = app.export_screenshot()
    texts = re.findall(r"<text[^>]*>(.*?)</text>", svg, flags=re.S)
    return html.unescape("".join(texts)).replace("\xa0", " ")


def attacker_round(grid: str, **fields: Any) -> Round:
    fields.setdefault("rules", Rules())
    return make(grid, **fields)


def first_attack(r: Round) -> Attack:
    return next(a for a in r.legal_actions() if isinstance(a, Attack))


def is_setup(r: Round) -> bool:
    return r.phase is Phase.SETUP


def counter_window() -> Round:
    """BLACK (the computer) has just played 7♣ onto RED's 6♥ at 8, unsafely; RED holds 8♥ and 7♦."""
    return make(
        "3S 4S JS / 9C KD 2H / 7H 6H,7C 5D",
        red_hand="8H 7D",
        black_hand="2C 9S",
        attacker=Colour.BLACK,
        phase=Phase.COUNTER,
        pending=parse_action("7C@8"),
        pending_points=Points(PlayKind.ATTACK, base=1),
    )
