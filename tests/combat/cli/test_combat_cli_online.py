"""``clubfight combat server`` and ``clubfight combat bot`` on bad input: one line, never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from clubfight.cli.main import main

CLI = [sys.executable, "-m", "clubfight", "combat"]


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["combat", "bot", "--server", "ws://127.0.0.1:1"], "one of the arguments --create --join is required"),
        (["combat", "bot", "--server", "ws://127.0.0.1:1", "--create", "--join", "KX7-4PM"], "not allowed with"),
        (["combat", "bot", "--server", "ws://127.0.0.1:1", "--join", "KX7-4P0"], "is not a room code"),
        (
            ["combat", "bot", "--server", "ws://127.0.0.1:1", "--join", "KX7-4PM", "--rounds", "3"],
            "--rounds sets up a room",
        ),
        (["combat", "bot", "--server", "ws://127.0.0.1:1", "--create", "--deal", "easy-4"], "options.deal"),
        (["combat", "bot", "--server", "ws://127.0.0.1:1", "--create", "--pace", "-1"], "--pace"),
        (["combat", "bot", "--server", "ws://127.0.0.1:1", "--create", "--level", "master"], "--level"),
        (["combat", "server", "--port", "70000"], "--port"),
        (["combat", "server", "--idle-exit", "0"], "--idle-exit"),
    ],
)
def test_bad_arguments_are_one_line_and_status_2(
    argv: list[str], named: str, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        status = main(argv)
    except SystemExit as exit:  # argparse's own errors
        status = int(exit.code or 0)
    assert status == 2
    err = capsys.readouterr().err.strip()
    assert named in err and len(err.splitlines()) == 1 and "Traceback" not in err


def test_a_bot_that_cant_reach_its_server_gives_up_in_one_line(tmp_path: Path) -> None:
    result = subprocess.run(
        [*CLI, "bot", "--server", "ws://127.0.0.1:1", "--create", "--give-up", "1"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 1 and "Traceback" not in result.stderr
    line = json.loads(result.stdout.strip().splitlines()[-1])
    assert line["winner"] is None and "gave up" in line["error"]


def test_a_bot_given_no_server_address_stops_at_once() -> None:
    result = subprocess.run(
        [*CLI, "bot", "--server", "nowhere", "--create"], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 1 and "not a server address" in result.stdout and "Traceback" not in result.stderr


def test_a_second_server_on_the_same_folder_is_refused(tmp_path: Path) -> None:
    from clubfight.common.storage.lock import hold

    claim = hold(tmp_path / "online" / "rooms")
    assert claim is not None
    try:
        result = subprocess.run(
            [*CLI, "server", "--port", "0", "--data", str(tmp_path / "online")],
            capture_output=True,
            text=True,
            timeout=60,
        )
    finally:
        claim.release()
    assert result.returncode == 2
    assert (
        result.stderr.strip()
        == f"clubfight: error: another server is using {tmp_path / 'online'}: give this one its own --data folder"
    )
