"""The real app in a real pseudo-terminal, read by a terminal emulator (pyte): what a player's
terminal shows, built from the very bytes Textual writes, partial updates and all.

Pilot tests see the app's own idea of the screen; a region the app forgets to repaint only shows in
a terminal, as rows left half blank "until the next change" (issue 10). ``redraw_difference`` finds
them: it compares the screen as the updates left it with the screen after a full redraw (a resize
forces one, as it does in any terminal).
"""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pyte

KEYS = {"enter": b"\r", "escape": b"\x1b", "up": b"\x1b[A", "down": b"\x1b[B", "right": b"\x1b[C", "left": b"\x1b[D"}
"""What the terminal sends for the keys these tests press by name; any other key is its character."""


class Terminal:
    """``clubfight ARGS`` running at ``columns`` x ``rows`` on ``home``, animations off (no timers
    change the screen between two looks at it)."""

    def __init__(self, args: list[str], home: Path, columns: int, rows: int) -> None:
        self.columns, self.rows = columns, rows
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)
        env = dict(os.environ, CLUBFIGHT_HOME=str(home), TERM="xterm-256color", TEXTUAL_ANIMATIONS="none")
        parent, child = pty.openpty()
        self.fd = parent
        self._set_size(columns, rows)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "clubfight", *args], stdin=child, stdout=child, stderr=child, env=env
        )
        os.close(child)

    def _set_size(self, columns: int, rows: int) -> None:
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))

    def settle(self, quiet: float = 0.5, limit: float = 20.0, first: float = 0.0) -> bool:
        """Read the app's output until it has been quiet for ``quiet`` seconds: long enough that a busy
        machine doesn't pass for a finished frame (a stale region stays stale however long one waits).
        The first output may take up to ``first`` seconds to come (a starved app answers late).
        Returns whether anything came."""
        deadline = time.monotonic() + limit
        came = False
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.fd], [], [], quiet if came else max(quiet, first))
            if not ready:
                return came
            came = True
            try:
                data = os.read(self.fd, 65536)
            except OSError:  # the app has exited
                return came
            self.stream.feed(data)
        raise AssertionError(f"the app never went quiet:\n{self.text()}")

    def wait_for(self, text: str, limit: float = 20.0) -> None:
        deadline = time.monotonic() + limit
        while text not in self.text():
            if time.monotonic() > deadline:
                raise AssertionError(f"{text!r} never appeared:\n{self.text()}")
            self.settle(quiet=0.1, limit=limit)
        self.settle()

    def press(self, *keys: str) -> None:
        """Type ``keys`` in one burst (as a fast typist or a pasted string does), then wait for quiet."""
        os.write(self.fd, b"".join(KEYS.get(key, key.encode()) for key in keys))
        self.settle(first=2.0)

    def resize(self, columns: int, rows: int) -> None:
        self._set_size(columns, rows)
        self.screen.resize(rows, columns)
        self.process.send_signal(signal.SIGWINCH)  # the pty has no controlling process group to tell
        if not self.settle(first=10.0):
            raise AssertionError("the app drew nothing after a resize")

    def cells(self) -> list[str]:
        """Each row's characters with their colours: a repaint that leaves the right text in the wrong
        colour counts too."""
        return ["".join(self._cell(x, y) for x in range(self.columns)) for y in range(self.rows)]

    def _cell(self, x: int, y: int) -> str:
        char = self.screen.buffer[y][x]
        return f"{char.data}\x00{char.fg}\x00{char.bg}\x00{int(char.reverse)}\x01"

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def redraw_difference(self) -> str:
        """The rows where the screen the updates built differs from a full redraw of it ("" when none)."""
        before_text, before = self.screen.display[:], self.cells()
        self.resize(self.columns + 1, self.rows)
        self.resize(self.columns, self.rows)
        after_text, after = self.screen.display[:], self.cells()
        rows = [y for y in range(self.rows) if before[y] != after[y]]
        return "\n".join(f"row {y}:\n  drawn  {before_text[y]!r}\n  redraw {after_text[y]!r}" for y in rows)

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(timeout=10)
        os.close(self.fd)
