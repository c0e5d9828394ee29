"""The game in a real browser (issue 9): ``clubfight serve`` on 127.0.0.1, headless Chromium through
Playwright, one turn by keyboard and one by mouse.

Debian's ``chromium`` is used (Playwright's own browser download isn't reachable here); .ci/run
installs it. Without it, or without the ``playwright`` package, the test skips and says why.

The page draws the terminal on a canvas, so the test reads what the app sent it (the websocket's
frames, escape codes stripped) and finds the widgets' cells by laying the same deal out headless at
the terminal size the page asked for.
"""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from clubfight.club_fight.engine import Action, Move, Position
from clubfight.club_fight.game import Start
from clubfight.club_fight.storage import load_game
from clubfight.common.storage.settings import save_settings
from support import settings_book

CHROMIUM = os.environ.get("CLUBFIGHT_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-dev-shm-usage"]
ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>]|\x1b\][^\x07]*\x07")
KEYS = {"enter": "Enter", "right": "ArrowRight", "left": "ArrowLeft", "up": "ArrowUp", "down": "ArrowDown"}

pytestmark = pytest.mark.slow


def browser_or_skip() -> Any:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("the playwright package is not installed (a dev dependency: uv sync)")
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        pytest.skip(f"no Chromium at {CHROMIUM}: apt-get install chromium (.ci/run does)")
    pytest.importorskip("textual_serve", reason="textual-serve (the web extra) is not installed")
    return sync_playwright


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def simple_move(position: Position) -> Move:
    """A move played by club, action and cards alone: no choice of line or direction to click."""
    from club_fight_tui_support import choice_index
    from clubfight.club_fight.tui.plan import Plan

    for move in position.legal_moves():
        simple = move.action in (Action.SUM, Action.RUN, Action.ANY, Action.MATCH)
        if simple and choice_index(position, Plan(club=move.club, action=move.action), move) is None:
            return move
    raise AssertionError("no simple move in this position")


def regions(code: str, size: tuple[int, int]) -> dict[str, tuple[float, float]]:
    """The centre cell of each widget the mouse turn clicks, laid out headless at the page's size."""
    from club_fight_tui_support import app_for
    from clubfight.shell.widgets import CardSpread
    from clubfight.shell.widgets.button_strip import ButtonStrip

    async def lay_out() -> dict[str, tuple[float, float]]:
        start = Start.parse(code)
        app = app_for(level=start.level, seed=start.deal.seed if start.deal else None)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            found = {}
            for spread in app.screen.query(CardSpread):  # the grid and the hand: cards of one widget each
                for index in range(len(spread.slots)):
                    r = spread.card_region(index)
                    found[f"{spread.id}:{index}"] = (r.x + r.width / 2, r.y + r.height / 2)
            for strip in app.screen.query(ButtonStrip):  # the actions and Confirm: lines of one widget each
                for button in strip.buttons:
                    r = strip.button_region(button.name)
                    found[f"{strip.id}:{button.name}"] = (r.x + r.width / 2, r.y + 0.5)
            return found

    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as thread:  # Playwright's own event loop runs on this one
        return thread.submit(asyncio.run, lay_out()).result()


def test_a_turn_by_keyboard_and_a_turn_by_mouse_in_chromium(home: Path) -> None:
    sync_playwright = browser_or_skip()
    from club_fight_tui_support import keys_for, places_to_pick
    from clubfight.club_fight.tui.table_model import hand_slots

    save_settings(settings_book(confirm_blocking_move=False, animations=False))
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "clubfight", "serve", "--host", "127.0.0.1", "--port", str(port)],
        env=dict(os.environ),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    frames: list[str] = []
    sockets: list[str] = []

    def seen() -> str:
        return ANSI.sub("", "".join(frames))

    def wait_for(pattern: str, timeout: float = 60) -> re.Match[str]:
        deadline = time.time() + timeout
        while time.time() < deadline:
            found = re.search(pattern, seen())
            if found:
                return found
            page.wait_for_timeout(200)
        raise AssertionError(f"the page never showed {pattern!r}; it showed: {seen()[-2000:]!r}")

    def on_socket(ws: Any) -> None:
        sockets.append(ws.url)
        ws.on(
            "framereceived",
            lambda data: frames.append(data if isinstance(data, str) else data.decode("utf-8", "replace")),
        )

    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.on("websocket", on_socket)
            deadline = time.time() + 30
            while True:
                try:
                    page.goto(f"http://127.0.0.1:{port}")
                    break
                except Exception:
                    if time.time() > deadline:
                        raise
                    time.sleep(0.5)
            wait_for(r"Choose your level")
            # No click and no focus() first: the page takes keys as soon as it loads (issue 35).
            page.keyboard.press("e")
            code = wait_for(r"Deal (easy-\d+)", timeout=15)[1]

            # A turn by keyboard.
            position = Start.parse(code).opening()
            first = simple_move(position)
            for key in keys_for(position, first):
                page.keyboard.press(KEYS.get(key, key))
            wait_for(r"Turn 2/13")

            # A turn by mouse, at the cells the same layout puts the widgets on.
            size = re.search(r"width=(\d+)&height=(\d+)", sockets[0])
            assert size, sockets
            columns, rows = int(size[1]), int(size[2])
            cells = regions(code, (columns, rows))
            box = page.locator(".xterm-screen").bounding_box()
            assert box is not None
            cell_w, cell_h = box["width"] / columns, box["height"] / rows

            def click(widget_id: str) -> None:
                x, y = cells[widget_id]
                page.mouse.click(box["x"] + x * cell_w, box["y"] + y * cell_h)
                page.wait_for_timeout(300)

            opening, position = position, position.play(first)
            second = simple_move(position)
            slots = hand_slots([opening, position], [first])  # the drawn club fills the played one's slot
            click(f"hand:{slots.index(second.club)}")
            click(f"actions:{second.action.value}")
            for place in places_to_pick(position, second):  # a single way is picked for the player
                click(f"grid:{place - 1}")
            click("confirm-row:confirm")
            wait_for(r"Turn 3/13")
            page.screenshot(path=str(home / "browser.png"))
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=30)
    saved = load_game(next(home.glob("save*.json"))).value
    assert saved is not None and list(saved.moves) == [first, second]  # the tab's own save: both turns
