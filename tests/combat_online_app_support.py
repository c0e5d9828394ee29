"""Helpers for the online app tests: apps that open an online launch with a data folder of their own,
and a player that drives one by keys (the first legal play, now and then ending the turn, countering
every other time it can)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from club_fight_tui_support import app_for
from clubfight.combat.engine import Attack, Phase
from clubfight.combat.tui.entry import CombatGame
from clubfight.combat.tui.launch import OnlineLaunch
from clubfight.combat.tui.online_banner import OnlineRoundOverScreen
from clubfight.combat.tui.online_model import OnlineFightModel
from clubfight.combat.tui.online_screen import OnlineCounterScreen, OnlineFightScreen
from clubfight.shell.app import CardGamesApp
from clubfight.shell.screens.question_screen import AskScreen
from combat_tui_support import enter_attack

WAIT = 20.0
"""Seconds any one wait for the other app or the server may take."""


def online_app(launch: OnlineLaunch, home: Path) -> CardGamesApp:
    """The app as ``clubfight combat host|join|watch`` opens it, keeping its files in ``home``."""
    app = app_for(combat=launch, seed_source=iter(range(7000, 8000)).__next__)
    app.game_of(CombatGame).side.online.home = home
    app.animation_level = "none"
    return app


def online_fight(app: CardGamesApp) -> OnlineFightScreen | None:
    for screen in reversed(app.screen_stack):
        if isinstance(screen, OnlineFightScreen):
            return screen
    return None


def model_of(app: CardGamesApp) -> OnlineFightModel:
    screen = online_fight(app)
    assert screen is not None, f"no online fight on screen: {app.screen_stack}"
    return screen.model


async def wait_for(pilots: list[Pilot[Any]], ready: Any, what: str, seconds: float = WAIT) -> None:
    """Let the apps run until ``ready()`` holds (bounded in time)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for pilot in pilots:
            await pilot.pause(0.01)
        if ready():
            return
    raise AssertionError(f"waited {seconds:g} s for {what}")


async def play_step(pilot: Pilot[Any], turn: list[int]) -> bool:
    """One key (or a few) for this app if it has something to do; False when it has nothing."""
    app = pilot.app
    screen = app.screen
    if isinstance(screen, OnlineRoundOverScreen):
        if screen.over:
            return False
        await pilot.press("enter")
        return True
    if isinstance(screen, OnlineCounterScreen):
        turn[0] += 1
        await pilot.press("y" if turn[0] % 2 else "n")
        return True
    if isinstance(screen, AskScreen):
        await pilot.press("y")
        return True
    if not isinstance(screen, OnlineFightScreen):
        return False
    model = screen.model
    if not model.humans_turn:
        return False
    r = model.round
    if r.phase is Phase.SETUP:
        await pilot.press("a", "enter")
    elif r.phase is Phase.ATTACK:
        turn[0] += 1
        attacks = [a for a in r.legal_actions() if isinstance(a, Attack)]
        if attacks and turn[0] % 6:
            await enter_attack(pilot, screen, attacks[0])
        else:
            await pilot.press("e")
    elif r.phase is Phase.DRAW:
        await pilot.press("enter")
    else:
        return False
    return True


def over(app: CardGamesApp) -> bool:
    screen = online_fight(app)
    return screen is not None and screen.model.phase == "match-over"


async def play_to_the_end(pilots: list[Pilot[Any]], *, most_steps: int = 4000, seconds: float = 120.0) -> None:
    """Both apps play by keys until both see the match over (bounded in steps and time)."""
    deadline = time.monotonic() + seconds
    turns = [[0] for _ in pilots]
    for _ in range(most_steps):
        if all(over(p.app) for p in pilots):
            return
        if time.monotonic() > deadline:
            break
        acted = False
        for pilot, turn in zip(pilots, turns, strict=True):
            acted = await play_step(pilot, turn) or acted
            await pilot.pause(0.005)
        if not acted:
            for pilot in pilots:
                await pilot.pause(0.02)
    raise AssertionError(f"the match didn't end in time: {[where(p.app) for p in pilots]}")


def where(app: CardGamesApp) -> str:
    """Where an app stands (for a failure's message)."""
    fight = online_fight(app)
    if fight is None:
        return f"no online fight in {app.screen_stack!r}"
    model = fight.model
    phase = model.round.phase if model.has_table else None
    return f"{app.screen!r}: {model.phase}, {phase}, to act: {model.humans_turn}, {model.message!r}"
