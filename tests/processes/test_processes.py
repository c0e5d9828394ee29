"""Several real processes on one data folder (issue 9): two terminals, two browser tabs.

Every result recorded at once is kept exactly once; a second window never offers, counts or
overwrites the game a first window is playing; and the game of a window killed with ``kill -9``
can be resumed.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from clubfight.club_fight.storage import load_stats

HERE = Path(__file__).parent
RECORDER = """
import sys
from datetime import date
from clubfight.club_fight.engine import Level, Variant
from clubfight.club_fight.game import GameResult
from clubfight.club_fight.storage import record_game
worker, games = int(sys.argv[1]), int(sys.argv[2])
for n in range(games):
    result = GameResult(played_on=date(2026, 1, 1), deal=f"easy-{n}", level=Level.EASY, variant=Variant.NONE,
        won=False, score=5, turns=13, hints=0, undos=0, daily=None, abandoned=False, game_id=f"w{worker}-g{n}")
    record_game(result)
    record_game(result)  # a second recording of the same game (a crash before the save was cleared)
"""

pytestmark = pytest.mark.slow


def test_processes_recording_at_once_keep_every_result_exactly_once(home: Path) -> None:
    workers, games = 4, 25
    processes = [
        subprocess.Popen([sys.executable, "-c", RECORDER, str(worker), str(games)], env=dict(os.environ))
        for worker in range(workers)
    ]
    assert [process.wait(timeout=240) for process in processes] == [0] * workers
    ids = [game.game_id for game in load_stats().value]
    assert len(ids) == workers * games  # before the lock: about half were lost
    assert sorted(ids) == sorted(f"w{w}-g{n}" for w in range(workers) for n in range(games))


class Window:
    def __init__(self, seed: int) -> None:
        self.process = subprocess.Popen(
            [sys.executable, str(HERE / "window.py"), str(seed)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=dict(os.environ),
        )
        assert self.line() == "READY"

    def line(self) -> str:
        assert self.process.stdout is not None
        return self.process.stdout.readline().strip()

    def ask(self, command: str) -> str:
        assert self.process.stdin is not None
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        return self.line()

    def state(self) -> tuple[str, str, str]:
        screen, game_id, *notes = self.ask("state").split(" ", 2)
        return screen, game_id, notes[0] if notes else ""

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)


@contextmanager
def window(seed: int) -> Iterator[Window]:
    opened = Window(seed)
    try:
        yield opened
    finally:
        if opened.process.poll() is None:
            opened.ask("quit")
            opened.process.wait(timeout=60)


def saved_id(path: Path) -> str:
    return str(json.loads(path.read_text(encoding="utf-8"))["id"])


def test_a_second_window_never_touches_the_first_windows_game(home: Path) -> None:
    with window(1) as first:
        assert first.ask("move") == "OK"
        _, first_id, _ = first.state()
        assert saved_id(home / "save.json") == first_id
        before = (home / "save.json").read_bytes()
        with window(2) as second:
            screen, second_id, notes = second.state()
            assert screen == "GameScreen" and second_id != first_id  # not offered the live game
            assert "open in another window" in notes
            assert second.ask("move") == "OK"
            assert saved_id(home / "save-2.json") == second_id  # its own save
            assert (home / "save.json").read_bytes() == before  # the first window's is untouched
            assert load_stats().value == []  # nothing counted as abandoned
        assert first.ask("finish") == "OK"
    games = load_stats().value
    assert [(game.game_id, game.abandoned) for game in games] == [(first_id, False)]  # recorded, once


def test_the_game_of_a_killed_window_can_be_resumed(home: Path) -> None:
    first = Window(1)
    assert first.ask("move") == "OK"
    _, first_id, _ = first.state()
    first.kill()
    with window(2) as second:
        screen, _, _ = second.state()
        assert screen == "ResumeScreen"
        assert second.ask("resume") == "OK"
        screen, game_id, _ = second.state()
        assert (screen, game_id) == ("GameScreen", first_id)
