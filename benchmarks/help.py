"""How long the help takes to open: from pressing ? on the table to the help screen drawn.

Run: uv run python benchmarks/help.py [--runs N]

The app runs headless (Textual's ``run_test``) on a fresh data folder. Each run sends the ``?`` key
(``App.simulate_key``, as a click on the footer does) and stops the clock once the help is the screen
and its first frame is drawn (``call_after_refresh``), then closes it. Pilot's own waits are left
out of the figure: they alone cost about 0.15 s a step. For comparison the same harness opens an
empty screen: the difference is the help's own cost. Target: under 0.2 s.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))


async def measure(runs: int) -> tuple[list[float], list[float]]:
    from textual.screen import Screen

    from clubfight.club_fight.engine import Level
    from clubfight.club_fight.tui.launch import ClubFightLaunch
    from clubfight.games import registered
    from clubfight.shell.app import HELP_PREPARE_DELAY, CardGamesApp
    from clubfight.shell.screens.help_screen import HelpScreen

    app = CardGamesApp(registered(), ClubFightLaunch(level=Level.EASY, seed=1))
    helps: list[float] = []
    empties: list[float] = []
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause(HELP_PREPARE_DELAY + 0.5)  # the first frame, then the help drawn on its thread
        for _ in range(runs):
            for kind, out in ((HelpScreen, helps), (Screen, empties)):
                start = time.perf_counter()
                if kind is HelpScreen:
                    app.simulate_key("question_mark")
                else:
                    app.push_screen(Screen())
                while not isinstance(app.screen, kind):
                    await asyncio.sleep(0.001)
                drawn = asyncio.Event()
                app.screen.call_after_refresh(drawn.set)
                await drawn.wait()
                out.append(time.perf_counter() - start)
                app.pop_screen()
                await pilot.pause()
    return helps, empties


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=10, help="times to open the help (default 10)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        os.environ["CLUBFIGHT_HOME"] = home
        helps, empties = asyncio.run(measure(args.runs))
    print(
        f"help opens in: median {statistics.median(helps):.3f} s, first {helps[0]:.3f} s, best {min(helps):.3f} s; "
        f"an empty screen "
        f"in the same harness: median {statistics.median(empties):.3f} s ({args.runs} runs, load average "
        f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)"
    )


if __name__ == "__main__":
    main()
