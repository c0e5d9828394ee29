"""Startup time: from spawning ``clubfight --level easy --seed 1`` to the first frame of the table.

Run: uv run python benchmarks/startup.py [--runs N]

Method: the game runs in a real pseudo-terminal (80x24) as a child process. The environment variable
CLUBFIGHT_FIRST_FRAME_FILE tells the app to write ``time.time()`` to that file once the table's
first frame has been drawn (``call_after_refresh`` from the table's ``on_mount``) and then to exit.
The child runs with compiled bytecode (written by a warm-up run to a temporary PYTHONPYCACHEPREFIX),
as an installed package would (this sandbox sets PYTHONDONTWRITEBYTECODE=1, which makes every start
compile Textual from source and roughly doubles the figure). The figure is that timestamp minus the
time just before the spawn: interpreter start, imports, argument parsing, the deal, composing and
drawing the table. Target: under 0.5 s. The child's CPU time is printed too: on a busy machine the
wall figure partly measures waiting for a core. --baseline times a minimal Textual app the same way.
"""

from __future__ import annotations

import argparse
import os
import pty
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path

COMMAND = [sys.executable, "-m", "clubfight", "--level", "easy", "--seed", "1"]
BASELINE = """
import os, sys, time
from textual.app import App
from textual.widgets import Footer, Static
class Hello(App[None]):
    def compose(self):
        yield Static("hello")
        yield Footer()
    def on_mount(self):
        self.call_after_refresh(self.shown)
    def shown(self):
        with open(os.environ["CLUBFIGHT_FIRST_FRAME_FILE"], "w") as out:
            out.write(f"{time.time()}\\n")
        self.exit()
Hello().run()
"""
"""--baseline: the same measurement for a two-widget Textual app, the floor this machine allows."""


def _set_size(fd: int, columns: int, rows: int) -> None:
    import fcntl
    import termios

    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


def one_run(command: list[str], bytecode_dir: str) -> tuple[float, float]:
    """(wall seconds to the first frame, CPU seconds the whole child used)."""
    with tempfile.TemporaryDirectory() as tmp:
        marker = Path(tmp) / "first-frame"
        env = dict(os.environ, CLUBFIGHT_FIRST_FRAME_FILE=str(marker), TERM="xterm-256color")
        # Compiled bytecode, as an installed package has, kept out of the source tree.
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = bytecode_dir
        parent, child = pty.openpty()
        _set_size(child, 80, 24)
        start = time.time()
        process = subprocess.Popen(command, stdin=child, stdout=child, stderr=child, env=env, close_fds=True)
        os.close(child)
        deadline = start + 30
        while process.poll() is None and time.time() < deadline:
            ready, _, _ = select.select([parent], [], [], 0.05)
            if ready:
                try:
                    os.read(parent, 65536)  # keep the terminal drained so the app never blocks on output
                except OSError:
                    break
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        os.close(parent)
        if not marker.exists():
            raise SystemExit(f"the app exited with status {process.returncode} before drawing the table")
        return float(marker.read_text(encoding="utf-8")) - start, usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=5, help="runs to time (default 5); after one warm-up run")
    parser.add_argument("--baseline", action="store_true", help="time a minimal Textual app instead, for comparison")
    args = parser.parse_args()
    command = [sys.executable, "-c", BASELINE] if args.baseline else COMMAND
    with tempfile.TemporaryDirectory() as bytecode_dir:
        one_run(command, bytecode_dir)  # warm-up: writes the bytecode and fills the OS file cache
        runs = [one_run(command, bytecode_dir) for _ in range(args.runs)]
    walls = [wall for wall, _ in runs]
    cpus = [cpu for _, cpu in runs]
    print(
        f"{'minimal Textual app' if args.baseline else 'clubfight'}: startup to first frame: "
        f"median {statistics.median(walls):.3f} s, best {min(walls):.3f} s "
        f"wall; child CPU median {statistics.median(cpus):.3f} s ({args.runs} runs, load average "
        f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)"
    )


if __name__ == "__main__":
    main()
