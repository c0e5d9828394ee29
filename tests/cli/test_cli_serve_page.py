"""``clubfight serve`` (issue 35): the page it serves focuses the terminal as soon as the app is
connected, so keys work with no click (the Chromium test in tests/web presses keys with no click);
the README gives the clone's command for the web extra as well as the index's."""

from __future__ import annotations

import os
import shlex
import socket
import subprocess
import sys
import time
import urllib.request

import pytest

from clubfight.cli.main import build_parser
from clubfight.cli.serve import TAKE_KEYS, with_take_keys
from support import ROOT


def test_the_script_goes_in_just_before_the_body_ends() -> None:
    page = "<html><body><div id='terminal'></div></body></html>"
    served = with_take_keys(page)
    assert served == page.replace("</body>", TAKE_KEYS + "</body>")
    assert with_take_keys("no body here") == "no body here"
    assert ".xterm-helper-textarea" in TAKE_KEYS and "focus(" in TAKE_KEYS


def test_the_served_page_focuses_the_terminal() -> None:
    pytest.importorskip("textual_serve", reason="textual-serve (the web extra) is not installed")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    server = subprocess.Popen(
        [sys.executable, "-m", "clubfight", "serve", "--host", "127.0.0.1", "--port", str(port)],
        env=dict(os.environ),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        page = ""
        deadline = time.monotonic() + 30
        for _ in range(300):  # bounded in count and time
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as response:
                    page = response.read().decode("utf-8")
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
    finally:
        server.terminate()
        server.wait(timeout=30)
    assert 'id="terminal"' in page  # textual-serve's own page, not one of ours
    assert page.count(TAKE_KEYS) == 1 and page.index(TAKE_KEYS) < page.index("</body>")


def test_the_readme_gives_the_clones_command_for_the_web_extra() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Play in your browser", 1)[1].split("\n## ", 1)[0]
    assert "pip install 'clubfight[web]'" in section
    clone = [line.split("#", 1)[0].strip() for line in section.splitlines() if "--extra web" in line]
    assert clone == ["python3 -m uv run --extra web clubfight serve"]
    words = shlex.split(clone[0])
    extra = words[words.index("--extra") + 1]
    optional = (ROOT / "pyproject.toml").read_text(encoding="utf-8").split("[project.optional-dependencies]")[1]
    assert f"\n{extra} = [" in optional.split("\n[", 1)[0]  # an extra the project declares
    build_parser().parse_args(words[words.index("clubfight") + 1 :])
