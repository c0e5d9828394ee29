"""The palette's Screenshot saves in the data folder (a fresh account has no ~/Downloads), or says
where it could not save and why."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from club_fight_tui_support import make_app
from support import async_test

WAIT_SECONDS = 5.0


async def notified(app: object, text: str) -> list[str]:
    """The notifications so far, once one contains ``text`` (or after WAIT_SECONDS)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT_SECONDS
    while True:
        messages = [str(n.message) for n in app._notifications]  # type: ignore[attr-defined]
        if any(text in message for message in messages) or loop.time() > deadline:
            return messages
        await asyncio.sleep(0.05)


@async_test
async def test_the_screenshot_is_saved_in_the_data_folder(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "fresh-account"))  # no Downloads folder there
    monkeypatch.setenv("XDG_DOWNLOAD_DIR", str(tmp_path / "fresh-account" / "Downloads"))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.deliver_screenshot()
        messages = await notified(app, "Saved screenshot")
        saved = list((home / "screenshots").glob("*.svg"))
        assert len(saved) == 1 and "<svg" in saved[0].read_text(encoding="utf-8"), messages
        assert any(str(saved[0]) in message for message in messages), messages


@async_test
async def test_a_screenshot_that_cant_be_saved_says_where_and_why(home: Path) -> None:
    home.mkdir(parents=True, exist_ok=True)
    (home / "screenshots").write_text("a file where the folder should be", encoding="utf-8")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.deliver_screenshot()
        messages = await notified(app, "Couldn't save the screenshot")
        assert any(f"Couldn't save the screenshot in {home / 'screenshots'}: " in m for m in messages), messages


@async_test
async def test_a_failed_write_names_the_file_and_the_reason() -> None:
    from textual import events

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        error = PermissionError(13, "Permission denied", "/nowhere/shot.svg")
        app.post_message(events.DeliveryFailed(key="k", exception=error, name="screenshot"))
        messages = await notified(app, "Couldn't save")
        assert "Couldn't save the screenshot as /nowhere/shot.svg: Permission denied." in messages, messages
        assert not any("Failed to save screenshot" in m for m in messages)
