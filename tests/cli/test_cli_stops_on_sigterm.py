"""``clubfight serve`` and ``clubfight combat server`` stop cleanly on SIGTERM, with a connection
open: real processes on 127.0.0.1, every wait bounded. (``serve`` with a tab open used to wait a
whole minute for the tab, as textual-serve never closes it.)"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

STOPPED_WITHIN = 8.0
"""Seconds a process may take to stop after SIGTERM (it takes well under one)."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def running(*args: str, log: Path) -> Iterator[subprocess.Popen[bytes]]:
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "clubfight", *args], stdout=out, stderr=subprocess.STDOUT, env=dict(os.environ)
        )
    try:
        yield process
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=10)


def connected(url: str, seconds: float = 30.0) -> ClientConnection:
    deadline = time.monotonic() + seconds
    for _ in range(1000):  # bounded in count and time
        try:
            return connect(url, open_timeout=5)
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)
    raise AssertionError(f"couldn't connect to {url}")


def stopped_by_sigterm(process: subprocess.Popen[bytes]) -> tuple[int, float]:
    start = time.monotonic()
    process.send_signal(signal.SIGTERM)
    status = process.wait(timeout=STOPPED_WITHIN + 30)
    return status, time.monotonic() - start


def read_until_closed(tab: ClientConnection) -> int | None:
    for _ in range(10_000):  # bounded: each read waits at most 10 s
        try:
            tab.recv(timeout=10)
        except ConnectionClosed:
            return tab.close_code
        except TimeoutError:
            return None
    return None


def test_serve_stops_on_sigterm_with_a_tab_open(tmp_path: Path) -> None:
    pytest.importorskip("textual_serve", reason="textual-serve (the web extra) is not installed")
    port = free_port()
    serve = ("serve", "--host", "127.0.0.1", "--port", str(port))
    with running(*serve, log=tmp_path / "serve.log") as server, connected(f"ws://127.0.0.1:{port}/ws") as tab:
        tab.recv(timeout=30)  # the tab's app has started and drawn
        status, seconds = stopped_by_sigterm(server)
        assert read_until_closed(tab) == 1001  # going away
    assert status == 0, (tmp_path / "serve.log").read_text()
    assert seconds < STOPPED_WITHIN, seconds


def test_the_combat_server_stops_on_sigterm_with_a_player_connected(tmp_path: Path) -> None:
    ready = tmp_path / "ready.json"
    args = ("combat", "server", "--port", "0", "--data", str(tmp_path / "data"), "--ready-file", str(ready))
    with running(*args, log=tmp_path / "server.log") as server:
        deadline = time.monotonic() + 30
        while not ready.exists():
            assert server.poll() is None and time.monotonic() < deadline, (tmp_path / "server.log").read_text()
            time.sleep(0.05)
        with connected(json.loads(ready.read_text())["url"]) as player:
            player.send(json.dumps({"protocol": 1, "type": "create", "options": {}}))
            assert json.loads(player.recv(timeout=10))["type"] == "joined"
            status, seconds = stopped_by_sigterm(server)
            assert read_until_closed(player) == 1001
    assert status == 0, (tmp_path / "server.log").read_text()
    assert seconds < STOPPED_WITHIN, seconds
    assert (tmp_path / "server.log").read_text().rstrip().endswith("stopped")
