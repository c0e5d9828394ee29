"""Combat Club online in the app: two apps (each with its own data folder) and a match server on
127.0.0.1 in one test, played by keys; rejoining after a window closes; a spectator who sees no
hidden card; the errors that send a player back to the start screen in one line."""

from __future__ import annotations

import json
import socket
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from websockets.asyncio.server import ServerConnection, serve

from clubfight.combat.engine import Colour, CombatCode
from clubfight.combat.game import parse_record
from clubfight.combat.online.options import RoomOptions
from clubfight.combat.online.server import ServerSettings
from clubfight.combat.storage.online_seats import load_online_seats, online_seats_path
from clubfight.combat.storage.stats import load_combat_stats
from clubfight.combat.tui.launch import OnlineLaunch
from clubfight.combat.tui.online_banner import OnlineRoundOverScreen
from clubfight.combat.tui.start_screen import CombatStartScreen
from clubfight.shell.app import CardGamesApp
from combat_online_app_support import model_of, online_app, online_fight, play_to_the_end, wait_for
from combat_online_support import LOCAL, running_server, seated_pair
from combat_tui_support import screen_text
from support import async_test

RED, BLACK = Colour.RED, Colour.BLACK


def fixed(deal: int, **options: object) -> RoomOptions:
    return RoomOptions(rounds=1, colour="red", counter_window=0.2, deal=CombatCode(deal), **options)  # type: ignore[arg-type]


@async_test
async def test_two_apps_play_a_whole_match_by_keys(tmp_path: Path) -> None:
    settings = ServerSettings(host=LOCAL, port=0, fixed_deals=True)
    async with running_server(settings) as (_server, url, _lines):
        host = online_app(OnlineLaunch("host", server=url, options=fixed(41)), tmp_path / "host")
        async with host.run_test(size=(80, 24), notifications=True) as host_pilot:
            await wait_for([host_pilot], lambda: bool(model_of(host).room), "the room")
            room = model_of(host).room
            lobby = str(host.screen.query_one("#c-lobby-text").render())
            assert f"clubfight combat join {room} --server {url}" in lobby
            guest = online_app(OnlineLaunch("join", room=room, server=url), tmp_path / "guest")
            async with guest.run_test(size=(80, 24), notifications=True) as guest_pilot:
                pilots = [host_pilot, guest_pilot]
                await wait_for(pilots, lambda: model_of(host).has_table and model_of(guest).has_table, "the table")
                assert model_of(host).seat is RED and model_of(guest).seat is BLACK
                assert "RED online" in str(online_fight(host).query_one("#c-status").render())  # type: ignore[union-attr]
                await play_to_the_end(pilots)
                await wait_for(pilots, lambda: isinstance(host.screen, OnlineRoundOverScreen), "the banner")
                banner = host.screen.query_one("#round-over").region
                assert banner.x == (80 - banner.width) // 2  # centred, as a local match's banner
                await host_pilot.press("x")
                exported = list((tmp_path / "host" / "records").glob("combat-41-*.txt"))  # named by its deal
                assert len(exported) == 1
                match = parse_record(exported[0].read_text(encoding="utf-8"))
                assert match.code == CombatCode(41) and match.is_over
                winner = match.winner
    for home, colour in ((tmp_path / "host", RED), (tmp_path / "guest", BLACK)):
        results = load_combat_stats(home / "combat-stats.json").value
        assert [(r.opponent, r.colour, r.won) for r in results] == [("online", colour, winner is colour)]
        assert load_online_seats(online_seats_path(home)).value == []  # the match is over: no seat kept


async def back_at_the_start(app: CardGamesApp, pilot: Pilot[Any]) -> str:
    """Wait for Combat Club's start screen after a failed online launch; the toast's text as drawn
    (what each row shows right of the toast's edge, ▌, joined)."""
    await wait_for([pilot], lambda: isinstance(app.screen, CombatStartScreen), "the start screen")
    await pilot.pause(0.1)
    rows = [line.rsplit("▌", 1)[1] for line in screen_text(app).splitlines() if "▌" in line]
    return " ".join(" ".join(rows).split())


@async_test
async def test_a_wrong_room_code_is_said_on_the_start_screen(tmp_path: Path) -> None:
    async with running_server() as (_server, url, _lines):
        app = online_app(OnlineLaunch("join", room="KX7-4PM", server=url), tmp_path / "a")
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            drawn = await back_at_the_start(app, pilot)
            assert "there is no room KX7-4PM" in drawn, drawn
            assert all("\n" not in str(n.message) for n in app._notifications)


@async_test
async def test_a_full_room_is_said_on_the_start_screen(tmp_path: Path) -> None:
    async with running_server() as (_server, url, _lines):
        host, guest, room, _, _ = await seated_pair(url)
        app = online_app(OnlineLaunch("join", room=room, server=url), tmp_path / "a")
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            drawn = await back_at_the_start(app, pilot)
            assert f"both seats of room {room} are taken" in drawn, drawn
        await host.close()
        await guest.close()


@async_test
async def test_an_unreachable_server_is_said_on_the_start_screen(tmp_path: Path) -> None:
    with socket.socket() as spare:  # a port nothing listens on: bound, never listening
        spare.bind((LOCAL, 0))
        url = f"ws://{LOCAL}:{spare.getsockname()[1]}"
        app = online_app(OnlineLaunch("join", room="KX7-4PM", server=url), tmp_path / "a")
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            drawn = await back_at_the_start(app, pilot)
            assert f"can't reach {url}" in drawn, drawn


@async_test
async def test_a_server_of_another_protocol_is_said_on_the_start_screen(tmp_path: Path) -> None:
    async def speak_protocol_two(ws: ServerConnection) -> None:
        async for _frame in ws:
            await ws.send(json.dumps({"protocol": 2, "type": "joined"}))

    async with serve(speak_protocol_two, LOCAL, 0) as other:
        url = f"ws://{LOCAL}:{next(iter(other.sockets)).getsockname()[1]}"
        app = online_app(OnlineLaunch("join", room="KX7-4PM", server=url), tmp_path / "a")
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            drawn = await back_at_the_start(app, pilot)
            assert "this server speaks protocol 2; update clubfight" in drawn, drawn


@async_test
async def test_a_spectator_sees_the_table_without_the_players_buttons(tmp_path: Path) -> None:
    async with running_server(ServerSettings(host=LOCAL, port=0, fixed_deals=True)) as (_server, url, _lines):
        red, black, room, _red_joined, _black_joined = await seated_pair(url, {"rounds": 1})
        try:
            watcher = online_app(OnlineLaunch("watch", room=room, server=url), tmp_path / "watcher")
            async with watcher.run_test(size=(120, 40), notifications=True) as pilot:
                await wait_for([pilot], lambda: model_of(watcher).has_table, "the table")
                await pilot.pause(0.1)
                fight = online_fight(watcher)
                assert fight is not None and model_of(watcher).spectator
                assert not fight.query_one("#c-buttons").display
                assert "Confirm" not in screen_text(watcher)
        finally:
            await red.close()
            await black.close()
