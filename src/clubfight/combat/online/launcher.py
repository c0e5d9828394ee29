"""A match server started in the background for one match: what ``clubfight combat host`` needs.

``start_background_server`` runs ``clubfight combat server`` as a child process in a session of
its own (so closing the app, or its terminal, doesn't stop it) with ``--exit-when-done`` and
``--idle-exit``: it serves until every match it held has ended and nobody is connected, or until an
hour passes with nobody connected. Its log goes to ``server.log`` in the data folder. It writes the
address it listens on to a ready file, which this function waits for (a bounded wait).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

IDLE_EXIT = 3600.0
READY_TIMEOUT = 20.0


class ServerStartError(RuntimeError):
    """The background server didn't start; the message says why in one line."""


@dataclass(frozen=True, slots=True)
class BackgroundServer:
    url: str
    pid: int
    log: Path


def server_command(
    data: Path, *, host: str, port: int, idle_exit: float, ready_file: Path, python: str = sys.executable
) -> list[str]:
    return [
        python,
        "-m",
        "clubfight",
        "combat",
        "server",
        "--host",
        host,
        "--port",
        str(port),
        "--data",
        str(data),
        "--exit-when-done",
        "--idle-exit",
        f"{idle_exit:g}",
        "--ready-file",
        str(ready_file),
    ]


def start_background_server(
    data: Path,
    *,
    host: str = "127.0.0.1",
    port: int = 0,
    idle_exit: float = IDLE_EXIT,
    timeout: float = READY_TIMEOUT,
) -> BackgroundServer:
    """Start a server for one match and return its address once it listens (``port`` 0: any free one)."""
    data.mkdir(parents=True, exist_ok=True)
    ready = data / f"server-ready-{os.getpid()}-{time.monotonic_ns()}.json"
    log_path = data / "server.log"
    command = server_command(data, host=host, port=port, idle_exit=idle_exit, ready_file=ready)
    detach: dict[str, object] = {}
    if os.name == "posix":
        detach["start_new_session"] = True
    else:  # pragma: no cover - Windows
        detach["creationflags"] = subprocess.CREATE_NEW_PROCESS_GROUP | subprocess.DETACHED_PROCESS  # type: ignore[attr-defined]
    with log_path.open("ab") as log:
        process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT, **detach)  # type: ignore[call-overload]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if ready.exists():
            try:
                url = str(json.loads(ready.read_text(encoding="utf-8"))["url"])
            except (OSError, ValueError, KeyError):
                time.sleep(0.05)
                continue
            ready.unlink(missing_ok=True)
            return BackgroundServer(url, process.pid, log_path)
        if process.poll() is not None:
            raise ServerStartError(f"the server stopped at once: {_last_line(log_path)}")
        time.sleep(0.05)
    process.terminate()
    raise ServerStartError(f"the server didn't start within {timeout:g} s: {_last_line(log_path)}")


def _last_line(path: Path) -> str:
    try:
        lines = path.read_text(encoding="utf-8", errors="replace").strip().splitlines()
    except OSError:
        return "no log"
    return lines[-1] if lines else "no log"
