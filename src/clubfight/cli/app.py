"""Open the app with every game (``clubfight.games``) on the launch a command asked for."""

from __future__ import annotations

import gc
import os

FIRST_FRAME_ENV = "CLUBFIGHT_FIRST_FRAME_FILE"
"""benchmarks/startup.py: when set, the app writes the time of a game's first frame there and exits."""


def run_app(launch: object) -> int:
    gc.disable()  # until the first frame (the app turns it back on): see CardGamesApp.on_ready
    from clubfight.games import registered  # after gc.disable(): Textual loads with the collector off
    from clubfight.shell.app import CardGamesApp

    app = CardGamesApp(registered(), launch)
    first_frame_file = os.environ.get(FIRST_FRAME_ENV)
    if first_frame_file:
        app.first_frame_file = first_frame_file
    app.run()
    return 0
