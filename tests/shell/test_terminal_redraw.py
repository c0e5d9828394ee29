"""Issue 10, point 5: rows of the table drawn half blank "until the next change" at 120x40.

The app runs in a real pseudo-terminal read by a terminal emulator (terminal_support.py). After every
key the screen the updates left must equal a full redraw of it: a widget that forgets to repaint its
region, or changes size without a layout pass, shows as a row that differs.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from terminal_support import Terminal

REPORTED = ["--level", "hard", "--seed", "378542"]
"""The deal the stale rows were seen on."""

RANDOM_KEYS = [*"zxcv", *"mtalpe", *"123456789", "enter", "escape", "u", "r", "d", "up", "down", "left", "right"]
"""The table's keys, less those that start a search on a thread (h, w: its answer may land between
two looks at the screen) and q (it quits)."""


@pytest.fixture
def open_terminals() -> Iterator[list[Terminal]]:
    terminals: list[Terminal] = []
    yield terminals
    for terminal in terminals:
        terminal.close()


def start(terminals: list[Terminal], home: Path, size: tuple[int, int], *args: str) -> Terminal:
    terminal = Terminal(list(args), home, *size)
    terminals.append(terminal)
    return terminal


def press_and_compare(terminal: Terminal, steps: list[list[str]], where: str) -> None:
    """Type each step's keys in one burst; after each step, the screen must equal its full redraw."""
    for index, keys in enumerate(steps):
        terminal.press(*keys)
        stale = terminal.redraw_difference()
        typed = " / ".join(" ".join(step) for step in steps[: index + 1])
        assert not stale, f"{where}: after keys {typed}, rows not repainted:\n{stale}"


def test_the_reported_deal_is_drawn_whole_after_every_key(home: Path, open_terminals: list[Terminal]) -> None:
    terminal = start(open_terminals, home, (120, 40), *REPORTED)
    terminal.wait_for("To clear")
    keys = ["z", "p", "escape", "escape", "x", "e", "enter", "u", "r", "c", "m", "escape", "v", "p", "enter"]
    press_and_compare(terminal, [[key] for key in keys], "hard-378542 at 120x40")


def test_a_resumed_game_is_drawn_whole_after_undo(home: Path, open_terminals: list[Terminal]) -> None:
    first = start(open_terminals, home, (120, 40), *REPORTED)
    first.wait_for("To clear")
    for key in ["z", "m", "enter"]:  # Match with the Q♣
        first.press(key)
    first.wait_for("Turn 2/13")
    first.press("q")  # q keeps the game
    assert first.process.wait(timeout=20) == 0
    second = start(open_terminals, home, (120, 40))  # plain `clubfight` offers the kept game
    second.wait_for("Resume it")
    assert "turn 2" in second.text()
    press_and_compare(second, [["y"], ["u"], ["r"], ["u"]], "a resumed hard-378542 at 120x40")


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_random_keys_leave_no_row_unpainted(home: Path, open_terminals: list[Terminal], size: tuple[int, int]) -> None:
    seed = 20261201 + size[0]
    chance = random.Random(seed)
    steps = [chance.choices(RANDOM_KEYS, k=chance.randint(1, 3)) for _ in range(20)]  # some keys in bursts
    terminal = start(open_terminals, home, size, "--level", "easy", "--seed", "7")
    terminal.wait_for("To clear")
    press_and_compare(terminal, steps, f"easy-7 at {size[0]}x{size[1]}, keys from random seed {seed}")
