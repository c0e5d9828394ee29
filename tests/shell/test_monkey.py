"""The monkey test (issue 9): random keys, clicks and resizes must never crash the app.

Each run is seeded: a failure prints ``MONKEY_SEED=<seed>``, and running with that variable set
replays exactly the same stream. The default budget is small and fixed; with the ``thorough``
hypothesis profile (``HYPOTHESIS_PROFILE=thorough``) each run is twenty times longer.

The stream covers the start screen, the table (both levels, All Clear), help, statistics,
settings, the command palette, game over, the verdict (the solver's worker), the replay and the
hint worker, at sizes above and below the minimum. Quitting is allowed: a new app takes over.
"""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import settings

from club_fight_tui_support import app_for, club_fight
from clubfight.club_fight.engine import Level, Variant
from clubfight.shell.app import CardGamesApp
from support import async_test

RUNS = 4
EVENTS = 300 if settings().max_examples < 1000 else 6000
"""Per run: 4 x 300 random events in the default run, 4 x 6000 under the thorough profile."""
SIZES = [(80, 24), (100, 40), (120, 45), (160, 50), (79, 24), (60, 20), (200, 60)]
KEYS = [
    *"zxcv", *"mtalpek", *"123456789", "enter", "escape", "up", "down", "left", "right",
    "h", "h", "u", "r", "d", "s", "o", "question_mark", "f1", "n", "w", "x", "a", "c", "y", "space",
    "tab", "shift+tab", "ctrl+p", "ctrl+p", "ctrl+p", "ctrl+p",
    "j", "k", "pageup", "pagedown", "home", "end", "backspace",
    "w", "w", "x", "escape", "escape", "enter",
]  # fmt: skip


def new_app(rng: random.Random) -> CardGamesApp:
    seeds = iter(range(10_000, 20_000))
    level = rng.choice([Level.EASY, Level.HARD, None])
    variant = rng.choice([Variant.NONE, Variant.ALL_CLEAR])
    app = app_for(level=level, seed=rng.randrange(1000), variant=variant, seed_source=lambda: next(seeds))
    if rng.random() < 0.5:
        app.animation_level = "none"
    return app


async def monkey(seed: int, budget: int) -> None:
    rng = random.Random(seed)
    done = 0
    while done < budget:
        app = new_app(rng)
        async with app.run_test(size=rng.choice(SIZES[:4])) as pilot:
            while done < budget and app.is_running:
                done += 1
                roll = rng.random()
                if roll < 0.02:  # the palette around a resize below the minimum (once: DuplicateIds)
                    await pilot.press("ctrl+p")
                    await pilot.resize_terminal(*rng.choice(SIZES[4:6]))
                    await pilot.press("ctrl+p", rng.choice(KEYS))
                    await pilot.resize_terminal(*rng.choice(SIZES[:4]))
                elif roll < 0.025:
                    await pilot.press("q")  # quits from most screens: the monkey then starts a new app
                elif roll < 0.55:
                    await pilot.press(rng.choice(KEYS))
                elif roll < 0.64:
                    width, height = app.size
                    await pilot.click(offset=(rng.randrange(width), rng.randrange(height)))
                elif roll < 0.72:
                    await pilot.resize_terminal(*rng.choice(SIZES))
                elif roll < 0.93:  # play a legal move: games reach their end, and game over and the verdict
                    table = club_fight(app).table
                    if table is not None and app.top is not table and rng.random() < 0.7:
                        await pilot.press("escape")  # back to the table, as a player would
                    if table is not None and app.top is table and not table.position.is_over and not table.playing:
                        to_the_end = rng.random() < 0.3
                        while not table.position.is_over:
                            moves = table.position.legal_moves()
                            table.commit(moves[rng.randrange(len(moves))])
                            if not to_the_end:
                                break
                else:  # the palette's commands, the replay among them
                    commands = list(app.get_system_commands(app.top))
                    replays = [c for c in commands if c.title.startswith("Replay")]
                    command = rng.choice(replays if replays and rng.random() < 0.5 else commands)
                    if command.title not in ("Quit", "Screenshot"):
                        result = command.callback()
                        if hasattr(result, "__await__"):
                            await result
                await pilot.pause()
                assert app.return_code in (None, 0), f"the app failed (return code {app.return_code})"
        assert app._exception is None, repr(app._exception)


def seeds() -> list[int]:
    fixed = os.environ.get("MONKEY_SEED")
    return [int(fixed)] if fixed else [9001 + run for run in range(RUNS)]


@pytest.mark.slow
@pytest.mark.parametrize("seed", seeds())
@async_test
async def test_random_input_never_crashes_the_app(seed: int) -> None:
    try:
        await monkey(seed, EVENTS)
    except BaseException:
        print(f"\nThe monkey test failed: replay it with MONKEY_SEED={seed} uv run pytest tests/shell/test_monkey.py")
        raise
