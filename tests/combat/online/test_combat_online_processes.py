"""Real processes on 127.0.0.1: the server and bots by the command line, a bot killed and started
again, the server killed with SIGKILL mid-match and restarted, and a bot that stops reading.

Every process has a deadline and is killed at the end of its test. The paused bot stops for
``CLUBFIGHT_ONLINE_PAUSE`` seconds (default 5) against a server that pings every second: the same
as a 30-second pause against the default 20-second pings (set the variable to 30 to see that too),
in a sixth of the time.
"""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from clubfight.combat.online.codes import parse_room_code

pytestmark = pytest.mark.slow

DEADLINE = 120.0
PAUSE = float(os.environ.get("CLUBFIGHT_ONLINE_PAUSE", "5"))
CLI = [sys.executable, "-m", "clubfight", "combat"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    def __init__(self, data: Path, port: int, *extra: str) -> None:
        self.data, self.port = data, port
        self.ready = data.parent / f"ready-{port}-{time.monotonic_ns()}.json"
        self.log = data.parent / f"server-{port}.log"
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                [
                    *CLI,
                    "server",
                    "--port",
                    str(port),
                    "--data",
                    str(data),
                    "--fixed-deals",
                    "--ready-file",
                    str(self.ready),
                    *extra,
                ],
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        end = time.monotonic() + 30
        while not self.ready.exists():
            assert self.process.poll() is None, self.log.read_text()
            assert time.monotonic() < end, "the server didn't start"
            time.sleep(0.05)
        self.url = json.loads(self.ready.read_text())["url"]

    def lines(self) -> str:
        return self.log.read_text(encoding="utf-8")


class Bot:
    def __init__(self, url: str, *args: str, out: Path) -> None:
        self.out = out
        self.err = out.with_suffix(".err")
        with out.open("ab") as stdout, self.err.open("ab") as stderr:
            self.process = subprocess.Popen([*CLI, "bot", "--server", url, *args], stdout=stdout, stderr=stderr)

    def first_line(self) -> str:
        end = time.monotonic() + 30
        while True:
            text = self.out.read_text()
            if "\n" in text:
                return text.splitlines()[0]
            assert self.process.poll() is None, self.err.read_text()
            assert time.monotonic() < end, "no room code"
            time.sleep(0.05)

    def finish(self) -> tuple[int, dict[str, Any]]:
        status = self.process.wait(timeout=DEADLINE)
        return status, json.loads(self.out.read_text().strip().splitlines()[-1])


@contextmanager
def cleanup() -> Iterator[list[subprocess.Popen[bytes]]]:
    processes: list[subprocess.Popen[bytes]] = []
    try:
        yield processes
    finally:
        for process in processes:
            if process.poll() is None:
                process.kill()
                process.wait(timeout=10)


MATCH = ["--deal", "combat-20261204", "--colour", "red", "--rounds", "3", "--counter-window", "0.3"]


def pair(
    url: str, tmp: Path, processes: list[Any], tag: str, *, pace: str = "0.02", session: bool = False
) -> tuple[Bot, Bot]:
    host_session = ["--session", str(tmp / f"{tag}-host.json")] if session else []
    guest_session = ["--session", str(tmp / f"{tag}-guest.json")] if session else []
    host = Bot(
        url,
        "--create",
        "--level",
        "normal",
        "--seed",
        "1",
        "--pace",
        pace,
        *MATCH,
        *host_session,
        out=tmp / f"{tag}-host.out",
    )
    processes.append(host.process)
    code = host.first_line()
    assert parse_room_code(code) == code
    guest = Bot(
        url,
        "--join",
        code,
        "--level",
        "easy",
        "--seed",
        "2",
        "--pace",
        pace,
        *guest_session,
        out=tmp / f"{tag}-guest.out",
    )
    processes.append(guest.process)
    return host, guest


def outcome(result: dict[str, Any]) -> tuple[Any, ...]:
    return (result["winner"], json.dumps(result["rounds"]), json.dumps(result["scores"]))


def test_processes_bot_against_bot_through_the_command_line(tmp_path: Path) -> None:
    with cleanup() as processes:
        server = Server(tmp_path / "data", free_port())
        processes.append(server.process)
        host, guest = pair(server.url, tmp_path, processes, "cli", pace="0")
        (host_status, host_result), (guest_status, guest_result) = host.finish(), guest.finish()
        assert (host_status, guest_status) == (0, 0), host.err.read_text() + guest.err.read_text()
        lines = host.out.read_text().splitlines()
        assert re.fullmatch(r"[A-Z0-9]{3}-[A-Z0-9]{3}", lines[0]) and len(lines) == 2
        assert set(host_result) == {"room", "colour", "winner", "rounds", "scores", "reconnects"}
        assert host_result["room"] == guest_result["room"] == lines[0]
        assert (host_result["colour"], guest_result["colour"]) == ("red", "black")
        assert outcome(host_result) == outcome(guest_result)
        assert host_result["scores"][host_result["winner"]] == 2 and host_result["reconnects"] == 0
        log = server.lines()
        assert f"room {lines[0]}: created" in log and "wins the match" in log
        server.process.send_signal(signal.SIGINT)
        assert server.process.wait(timeout=30) == 0
        assert server.lines().rstrip().endswith("stopped")


def test_processes_a_bot_killed_mid_match_starts_again_and_resumes_its_seat(tmp_path: Path) -> None:
    with cleanup() as processes:
        server = Server(tmp_path / "data", free_port())
        processes.append(server.process)
        host, guest = pair(server.url, tmp_path, processes, "kill", pace="0.05", session=True)
        time.sleep(2.0)
        assert guest.process.poll() is None, "the match ended before the kill"
        guest.process.kill()
        guest.process.wait(timeout=10)
        again = Bot(
            server.url,
            "--join",
            host.first_line(),
            "--level",
            "easy",
            "--seed",
            "2",
            "--pace",
            "0.05",
            "--session",
            str(tmp_path / "kill-guest.json"),
            out=tmp_path / "kill-guest-again.out",
        )
        processes.append(again.process)
        (host_status, host_result), (again_status, again_result) = host.finish(), again.finish()
        assert (host_status, again_status) == (0, 0), again.err.read_text()
        assert outcome(host_result) == outcome(again_result)
        assert again.out.read_text().splitlines()[0].startswith("{")  # a resumed seat prints no room code
        log = server.lines()
        assert "waiting for BLACK to reconnect" in log and "BLACK resumes its seat" in log


def test_processes_the_server_killed_mid_match_comes_back_and_the_match_ends_as_without_the_kill(
    tmp_path: Path,
) -> None:
    with cleanup() as processes:
        server = Server(tmp_path / "calm", free_port())
        processes.append(server.process)
        host, guest = pair(server.url, tmp_path, processes, "calm", pace="0.02")
        calm = [host.finish(), guest.finish()]
        assert [status for status, _ in calm] == [0, 0]

        port = free_port()
        server = Server(tmp_path / "killed", port)
        processes.append(server.process)
        host, guest = pair(server.url, tmp_path, processes, "killed", pace="0.02")
        # Killed once the first round is won (best of 3: a round at least is left), not after a fixed
        # time: on a quiet machine the whole match could end within it, and the bots never reconnect.
        end = time.monotonic() + 60
        while " wins by " not in server.lines():
            assert time.monotonic() < end, "the first round didn't end"
            time.sleep(0.02)
        assert "wins the match" not in server.lines(), "the match ended before the kill"
        assert host.process.poll() is None and guest.process.poll() is None, "the match ended before the kill"
        server.process.send_signal(signal.SIGKILL)
        server.process.wait(timeout=10)
        time.sleep(0.5)
        server = Server(tmp_path / "killed", port)
        processes.append(server.process)
        killed = [host.finish(), guest.finish()]
        assert [status for status, _ in killed] == [0, 0], host.err.read_text() + guest.err.read_text()
        assert "1 room back from the store" in server.lines()
        for (_, before), (_, after) in zip(calm, killed, strict=True):
            assert outcome(after) == outcome(before)
            assert after["reconnects"] >= 1


def test_processes_a_bot_that_stops_reading_is_dropped_and_resumes(tmp_path: Path) -> None:
    with cleanup() as processes:
        server = Server(tmp_path / "data", free_port(), "--ping-interval", "1")
        processes.append(server.process)
        host, guest = pair(server.url, tmp_path, processes, "pause", pace="0.05")
        time.sleep(1.5)
        assert guest.process.poll() is None, "the match ended before the pause"
        guest.process.send_signal(signal.SIGSTOP)
        try:
            end = time.monotonic() + PAUSE
            while time.monotonic() < end:
                time.sleep(0.1)
            assert "waiting for BLACK to reconnect" in server.lines()
        finally:
            guest.process.send_signal(signal.SIGCONT)
        (host_status, host_result), (guest_status, guest_result) = host.finish(), guest.finish()
        assert (host_status, guest_status) == (0, 0), guest.err.read_text()
        assert outcome(host_result) == outcome(guest_result)
        assert guest_result["reconnects"] >= 1
        assert "BLACK resumes its seat" in server.lines()


def test_processes_a_background_server_serves_one_match_then_stops_by_itself(tmp_path: Path) -> None:
    from clubfight.combat.online.launcher import start_background_server

    data = tmp_path / "hosted"
    started = start_background_server(data)
    with cleanup() as processes:
        try:
            host = Bot(
                started.url,
                "--create",
                "--level",
                "easy",
                "--counter-window",
                "0.2",
                "--rounds",
                "1",
                out=tmp_path / "bg-host.out",
            )
            processes.append(host.process)
            guest = Bot(started.url, "--join", host.first_line(), "--level", "easy", out=tmp_path / "bg-guest.out")
            processes.append(guest.process)
            assert host.finish()[0] == 0 and guest.finish()[0] == 0
            end = time.monotonic() + 30
            while _alive(started.pid):
                assert time.monotonic() < end, "the background server didn't stop after its match"
                time.sleep(0.2)
        finally:
            if _alive(started.pid):
                os.kill(started.pid, signal.SIGKILL)
    log = started.log.read_text()
    assert "every match has ended: stopping" in log and "stopped" in log


def test_processes_an_idle_background_server_stops_by_itself(tmp_path: Path) -> None:
    from clubfight.combat.online.launcher import start_background_server

    started = start_background_server(tmp_path / "idle", idle_exit=1.0)
    try:
        end = time.monotonic() + 30
        while _alive(started.pid):
            assert time.monotonic() < end, "the idle server didn't stop"
            time.sleep(0.2)
    finally:
        if _alive(started.pid):
            os.kill(started.pid, signal.SIGKILL)
    assert "stopping" in started.log.read_text()


def _alive(pid: int) -> bool:
    """Is ``pid`` running? (A finished child of ours is reaped here, so it can't linger as a zombie.)"""
    try:
        done, _ = os.waitpid(pid, os.WNOHANG)
    except ChildProcessError:  # not our child
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        return True
    return done == 0
