"""One clubfight window in a process of its own, for the tests of two windows on one data folder.

Runs the real app headless (``run_test``) on ``$CLUBFIGHT_HOME`` and obeys one command a line on
standard input, answering one line each:

- ``state``: ``<screen> <game id or -> <notifications joined by |>``
- ``move``: play the first legal move; ``finish``: play first legal moves to the end
- ``resume`` / ``decline``: answer the resume question; ``quit``: exit
"""

from __future__ import annotations

import asyncio
import sys

from clubfight.club_fight.engine import Level
from clubfight.club_fight.tui.entry import ClubFightGame
from clubfight.club_fight.tui.launch import ClubFightLaunch
from clubfight.games import registered
from clubfight.shell.app import CardGamesApp


async def main(seed: int) -> None:
    app = CardGamesApp(registered(), ClubFightLaunch(level=Level.EASY, seed=seed))
    async with app.run_test(size=(100, 40), notifications=True) as pilot:
        await pilot.pause()
        print("READY", flush=True)
        while True:
            command = (await asyncio.to_thread(sys.stdin.readline)).strip()
            table = app.game_of(ClubFightGame).table
            if command == "state":
                notes = "|".join(str(n.message) for n in app._notifications)
                game_id = table.session.game_id if table is not None else "-"
                print(type(app.screen).__name__, game_id, notes, flush=True)
                continue
            if command == "move" and table is not None:
                table.commit(table.position.legal_moves()[0])
            elif command == "finish" and table is not None:
                while not table.position.is_over:
                    table.commit(table.position.legal_moves()[0])
                    await pilot.pause()
            elif command in ("resume", "decline"):
                await pilot.press("y" if command == "resume" else "n")
            elif command in ("quit", ""):
                break
            await pilot.pause()
            await pilot.pause()
            print("OK", flush=True)


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1])))
