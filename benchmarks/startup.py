"""Startup time: from spawning ``clubfight --level easy --seed 1`` to the first frame of the table.

Run: uv run python benchmarks/startup.py [--runs N] [--instructions]

Method: the game runs in a real pseudo-terminal (80x24) as a child process. The environment variable
CLUBFIGHT_FIRST_FRAME_FILE tells the app to write ``time.time()`` and its CPU time to that file once
the table's first frame has been drawn (``call_after_refresh`` from the table's ``on_mount``) and
then to exit.
The child runs with compiled bytecode (written by a warm-up run to a temporary PYTHONPYCACHEPREFIX),
as an installed package would (this sandbox sets PYTHONDONTWRITEBYTECODE=1, which makes every start
compile Textual from source and roughly doubles the figure). The figure is that timestamp minus the
time just before the spawn: interpreter start, imports, argument parsing, the deal, composing and
drawing the table. The child's CPU time up to that frame is printed too (``time.process_time()``,
every thread): where it is well below the wall figure, the child waited for a core. A minimal
Textual app is timed the same way in the same run, the runs of the two interleaved, so both see the
same load; the target is within 1.3x of it. This shared machine's speed drifts from run to run
(CPU time drifts with the wall time), so the ratio is also given run by run: each game run over the
baseline run beside it, and the median of those. ``--instructions`` counts instead what no load
can change: each app's machine instructions, once, under valgrind (interpreter start to exit).
"""

from __future__ import annotations

import argparse
import os
import pty
import select
import shutil
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
            out.write(f"{time.time()} {time.process_time()}\\n")
        self.exit()
Hello().run()
"""
"""--baseline: the same measurement for a two-widget Textual app, the floor this machine allows."""


def _set_size(fd: int, columns: int, rows: int) -> None:
    import fcntl
    import termios

    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))


def one_run(command: list[str], bytecode_dir: str, timeout: float = 30) -> tuple[float, float]:
    """(wall seconds to the first frame, CPU seconds the child had used by then)."""
    with tempfile.TemporaryDirectory() as tmp:
        marker = Path(tmp) / "first-frame"
        # An empty data folder of its own: a saved game of the player's would ask to be resumed.
        env = dict(os.environ, CLUBFIGHT_FIRST_FRAME_FILE=str(marker), TERM="xterm-256color", CLUBFIGHT_HOME=tmp)
        # Compiled bytecode, as an installed package has, kept out of the source tree.
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = bytecode_dir
        parent, child = pty.openpty()
        _set_size(child, 80, 24)
        start = time.time()
        process = subprocess.Popen(command, stdin=child, stdout=child, stderr=child, env=env, close_fds=True)
        os.close(child)
        deadline = start + timeout
        while process.poll() is None and time.time() < deadline:
            ready, _, _ = select.select([parent], [], [], 0.05)
            if ready:
                try:
                    os.read(parent, 65536)  # keep the terminal drained so the app never blocks on output
                except OSError:
                    break
        process.wait()
        os.close(parent)
        if not marker.exists():
            raise SystemExit(f"the app exited with status {process.returncode} before drawing the table")
        wall, cpu = (float(field) for field in marker.read_text(encoding="utf-8").split())
        return wall - start, cpu


def instructions(command: list[str], bytecode_dir: str) -> int:
    """Machine instructions the child ran, under valgrind's callgrind, from its start to its exit
    just after the first frame: a count that a busy neighbour on this shared machine can't move."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        one_run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *command], bytecode_dir, timeout=900)
        for line in out.read_text(encoding="utf-8", errors="replace").splitlines():
            if line.startswith("summary:"):
                return int(line.split()[1])
    raise SystemExit("callgrind wrote no instruction count")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=7, help="runs to time of each app (default 7); after warm-ups")
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="count each app's machine instructions once under valgrind instead (slow, about half a minute "
        "each, but the same from run to run)",
    )
    args = parser.parse_args()
    apps = {"clubfight": COMMAND, "minimal Textual app": [sys.executable, "-c", BASELINE]}
    if args.instructions:
        count_instructions(apps)
        return
    runs: dict[str, list[tuple[float, float]]] = {name: [] for name in apps}
    with tempfile.TemporaryDirectory() as bytecode_dir:
        for command in apps.values():
            one_run(command, bytecode_dir)  # warm-up: writes the bytecode and fills the OS file cache
        for _ in range(args.runs):
            for name, command in apps.items():  # interleaved: both see the same load
                runs[name].append(one_run(command, bytecode_dir))
    medians, cpu_medians = {}, {}
    for name, timed in runs.items():
        walls = [wall for wall, _ in timed]
        cpus = [cpu for _, cpu in timed]
        medians[name] = statistics.median(walls)
        cpu_medians[name] = statistics.median(cpus)
        print(
            f"{name}: startup to first frame: median {medians[name]:.3f} s, best {min(walls):.3f} s wall; "
            f"CPU to first frame median {statistics.median(cpus):.3f} s, best {min(cpus):.3f} s"
        )
    ratio = medians["clubfight"] / medians["minimal Textual app"]
    cpu_ratio = cpu_medians["clubfight"] / cpu_medians["minimal Textual app"]
    # Each run of the game over the baseline's run next to it: this machine's speed drifts between
    # runs (a neighbour's load, the clock), and a pair sees the same drift.
    paired = statistics.median(
        game[0] / baseline[0] for game, baseline in zip(runs["clubfight"], runs["minimal Textual app"], strict=True)
    )
    print(
        f"clubfight / minimal: {ratio:.2f}x wall, {cpu_ratio:.2f}x CPU, {paired:.2f}x wall run by run "
        f"(target 1.3x; {args.runs} runs each, load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)"
    )


def count_instructions(apps: dict[str, list[str]]) -> None:
    if shutil.which("valgrind") is None:
        raise SystemExit("--instructions needs valgrind (apt install valgrind)")
    counts = {}
    with tempfile.TemporaryDirectory() as bytecode_dir:
        for command in apps.values():
            one_run(command, bytecode_dir)  # warm-up: writes the bytecode, which is then only read
        for name, command in apps.items():
            counts[name] = instructions(command, bytecode_dir)
            print(f"{name}: {counts[name] / 1e9:.3f} billion instructions to the first frame and exit")
    print(f"clubfight / minimal: {counts['clubfight'] / counts['minimal Textual app']:.3f}x instructions (target 1.3x)")


if __name__ == "__main__":
    main()
