"""The match server in this process, on 127.0.0.1: matches, hostile clients, resuming, claims,
timers, slow readers and a restart from the room store. Every wait is bounded (combat_online_support.TIMEOUT)."""

from __future__ import annotations

import asyncio
import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

from clubfight.combat.cli.server import room_store
from clubfight.combat.engine import Card
from clubfight.combat.game import parse_record
from clubfight.combat.online.server import Conn, ServerSettings, token_hash
from clubfight.combat.online.store import MemoryStore
from clubfight.combat.online.table import Table
from combat_online_support import LOCAL, Raw, cards_named, running_server, seated_pair
from support import async_test

FAST = {"counter_window": 0.2}


async def play_out(raw: Raw, seat: str, rng: random.Random, *, stop_at: int | None = None) -> dict[str, Any]:
    """Answer every decision of ``seat`` at random from its legal list until the match is over (or
    the room reaches step ``stop_at``); the last state seen."""
    acted_step = None
    sent: set[tuple[str, int]] = set()
    for _ in range(5000):
        message = await raw.recv()
        if message["type"] == "error":
            assert message["code"] in ("not-now", "stale"), message
            continue
        if message["type"] != "state":
            continue
        view = message["view"]
        if view["phase"] == "match-over" or (stop_at is not None and message["step"] >= stop_at):
            return message
        if seat not in view["to_act"] or message["step"] == acted_step:
            continue
        phase = view["phase"]
        if phase in ("setup", "round-over"):
            if (phase, view["round"]) in sent:
                continue
            sent.add((phase, view["round"]))
        acted_step = message["step"]
        if phase == "round-over":
            await raw.send({"type": "ready"})
        elif view["legal"]:
            step = None if phase == "setup" else message["step"]
            await raw.send({"type": "act", "action": rng.choice(view["legal"]), **({"step": step} if step else {})})
    raise AssertionError("the match went on too long")


async def play_match(
    url: str, seed: int, options: dict[str, Any] | None = None
) -> tuple[dict[str, Any], dict[str, Any]]:
    host, guest, _, hj, gj = await seated_pair(url, {**FAST, "rounds": 1, **(options or {})})
    rng = random.Random(seed)
    ends = await asyncio.wait_for(
        asyncio.gather(
            play_out(host, hj["seat"], random.Random(rng.random())),
            play_out(guest, gj["seat"], random.Random(rng.random())),
        ),
        60,
    )
    await host.close()
    await guest.close()
    return ends[0], ends[1]


@async_test
async def test_a_whole_match_through_the_server_ends_the_same_for_both_with_its_record() -> None:
    async with running_server() as (server, url, log):
        host_end, guest_end = await play_match(url, 1, {"rounds": 3})
        assert host_end["view"]["match"] == guest_end["view"]["match"]
        winner = host_end["view"]["match"]["winner"]
        assert winner in ("red", "black")
        record = host_end["view"]["record"]
        assert parse_record(record).winner.value == winner
        assert any("created" in line for line in log) and any("wins the match" in line for line in log)
        assert server.actions > 10


@async_test
async def test_each_seat_gets_its_own_view_and_a_spectator_the_public_one() -> None:
    async with running_server() as (_, url, _):
        host, guest, room, hj, gj = await seated_pair(url, FAST)
        watcher = await Raw.open(url)
        await watcher.send({"type": "watch", "room": room.lower()})
        assert (await watcher.until("watching"))["room"] == room
        host_state = await host.state(phase="setup")
        guest_state = await guest.state(phase="setup")
        public = await watcher.state(phase="setup")
        assert host_state["seat"] == hj["seat"] and guest_state["seat"] == gj["seat"]
        assert not set(host_state["view"]["hand"]) & set(guest_state["view"]["hand"])
        assert "hand" not in public["view"] and public["view"]["legal"] == [] and public["seat"] is None
        # Scanned token by token, the room code left out: a substring search found "7C" in a room
        # code such as "K7C-4PM" now and then (a code can hold a card's name), failing at random.
        host_cards = {Card.parse(name) for name in host_state["view"]["hand"]}
        guest_cards = {Card.parse(name) for name in guest_state["view"]["hand"]}
        hidden = host_cards | guest_cards
        assert cards_named(host_state, hidden) == host_cards  # the scan finds what is there
        assert cards_named(guest_state, hidden) == guest_cards
        assert not cards_named(public, hidden)
        await watcher.send({"type": "act", "action": "end"})
        assert (await watcher.until("error"))["code"] == "spectator"
        for raw in (host, guest, watcher):
            await raw.close()


@async_test
async def test_hostile_clients_get_errors_or_are_closed_and_other_rooms_play_on() -> None:
    settings = ServerSettings(host=LOCAL, port=0, guesses_per_address=8, guess_refill_seconds=600)
    async with running_server(settings) as (_, url, log):
        other_room = asyncio.create_task(play_match(url, 7))
        host, guest, room, hj, _ = await seated_pair(url, FAST)
        host_seat = hj["seat"]
        rogue = await Raw.open(url)
        for frame, code in [
            (os.urandom(64), "bad-frame"),
            ('{"protocol": 1, "type": "act", "action": "7C', "bad-json"),
            ("not json at all", "bad-json"),
            ("[]", "bad-json"),
            (json.dumps({"protocol": 1, "type": "fly"}), "unknown-type"),
            (json.dumps({"protocol": 1, "type": "act", "action": 7, "step": "x"}), "bad-field"),
            (json.dumps({"protocol": 1, "type": "create", "options": {"rounds": "many", "colour": 3}}), "bad-field"),
            (json.dumps({"protocol": 1, "type": "join", "room": None}), "bad-field"),
            (json.dumps({"protocol": 1, "type": "resume", "room": room, "token": {"a": 1}}), "bad-field"),
            (json.dumps({"protocol": 1, "type": "act", "action": "end"}), "not-in-room"),
            (json.dumps({"protocol": 1, "type": "create", "options": {"deal": "combat-5"}}), "bad-field"),
        ]:
            await rogue.send(frame)
            error = await rogue.until("error")
            assert error["code"] == code and "\n" not in error["message"], (frame, error)
        # The players' own mistakes: out of turn, for the other seat, illegal, stale.
        setup = await host.state(phase="setup")
        other_colour = "black" if host_seat == "red" else "red"
        await host.send({"type": "act", "action": f"{other_colour} arrange AH 2H 3H | 4H"})
        assert (await host.until("error"))["code"] in ("wrong-seat", "illegal-action")
        await host.send({"type": "act", "action": setup["view"]["legal"][0]})
        await guest.send({"type": "act", "action": (await guest.state(phase="setup"))["view"]["legal"][0]})
        play = await host.state(phase="attack")
        attacker = play["view"]["attacker"]
        idle, busy = (guest, host) if attacker == host_seat else (host, guest)
        await idle.send({"type": "act", "action": "end"})
        assert (await idle.until("error"))["code"] == "wrong-seat"
        await idle.send({"type": "act", "action": "decline"})
        assert (await idle.until("error"))["code"] == "not-your-turn"
        await busy.send({"type": "act", "action": "end", "step": play["step"] + 5})
        assert (await busy.until("error"))["code"] == "stale"
        await busy.send({"type": "act", "action": "AH-KS@4"})
        assert (await busy.until("error"))["code"] == "illegal-action"
        # A replayed token takes the seat over and closes the first connection.
        thief = await Raw.open(url)
        await thief.send({"type": "resume", "room": room, "token": hj["token"]})
        assert (await thief.until("joined"))["resumed"]
        taken = await host.until("error")
        assert taken["code"] == "taken-over" and taken["fatal"]
        assert await host.closed() == 4002
        # Guessing codes: a few on one connection, then it closes; then the address is held off.
        guesser = await Raw.open(url)
        for n in range(5):
            await guesser.send({"type": "join", "room": f"AAA-AA{'ACDEF'[n]}"})
            error = await guesser.until("error")
            assert error["code"] == "no-such-room"
        assert error["fatal"]
        assert await guesser.closed() == 4003
        second = await Raw.open(url)
        codes = []
        for n in range(4):
            await second.send({"type": "join", "room": f"AAA-AC{'ACDE'[n]}"})
            codes.append((await second.until("error"))["code"])
        assert codes[-1] == "too-many-attempts" and "no-such-room" in codes
        await second.send({"type": "join", "room": room})  # even the right code waits now
        assert (await second.until("error"))["code"] == "too-many-attempts"
        # Too big: the frame is refused by closing the connection.
        big = await Raw.open(url)
        await big.send(json.dumps({"protocol": 1, "type": "act", "action": "x" * 20_000}))
        assert await big.closed() == 1009
        # Another protocol: one line, then closed.
        old = await Raw.open(url)
        await old.send(json.dumps({"protocol": 2, "type": "create"}))
        error = await old.until("error")
        assert error["message"] == "this server speaks protocol 1; update clubfight"
        assert await old.closed() == 4001
        # Through all this the other room played its match to the end, and the server still serves.
        host_end, _ = await asyncio.wait_for(other_room, 60)
        assert host_end["view"]["phase"] == "match-over"
        fresh = await Raw.open(url)
        await fresh.send({"type": "create"})
        assert (await fresh.until("joined"))["room"]
        assert not any("internal error" in line for line in log)
        for raw in (guest, thief, second, fresh):
            await raw.close()


@async_test
async def test_a_dropped_player_keeps_the_seat_and_resumes_with_the_same_view() -> None:
    async with running_server() as (_, url, log):
        host, guest, room, _, gj = await seated_pair(url, {**FAST, "grace": 60})
        await host.state(phase="setup")
        before = (await guest.state(phase="setup"))["view"]
        await guest.close()
        presence = await host.until("presence")
        while presence["seats"][gj["seat"]]["away_for"] is None:
            presence = await host.until("presence")
        away = presence["seats"][gj["seat"]]
        assert away["connected"] is False and away["away_for"] is not None and away["claimable_in"] > 50
        back = await Raw.open(url)
        await back.send({"type": "resume", "room": room, "token": gj["token"]})
        joined = await back.until("joined")
        assert joined["resumed"] and joined["seat"] == gj["seat"]
        assert (await back.until("state"))["view"] == before
        await back.send({"type": "resume", "room": room, "token": gj["token"]})
        assert (await back.until("error"))["code"] == "already-in-room"
        other = await Raw.open(url)
        await other.send({"type": "resume", "room": room, "token": "x" + gj["token"]})
        assert (await other.until("error"))["code"] == "bad-token"
        presence = await host.until("presence")
        while not presence["seats"][gj["seat"]]["connected"]:
            presence = await host.until("presence")
        assert any(f"waiting for {gj['seat'].upper()} to reconnect" in line for line in log)
        for raw in (host, back, other):
            await raw.close()


@async_test
async def test_after_the_grace_period_the_round_may_be_claimed() -> None:
    async with running_server() as (_, url, _):
        host, guest, _, hj, gj = await seated_pair(url, {**FAST, "grace": 1, "rounds": 1})
        await host.send({"type": "claim"})
        assert (await host.until("error"))["code"] == "not-now"
        await guest.close()
        told = await host.until("presence", timeout=5)
        while told["seats"][gj["seat"]]["claimable_in"] != 0:
            told = await host.until("presence", timeout=5)
        await host.send({"type": "claim"})
        over = await host.state(phase="match-over")
        assert over["view"]["result"]["claimed"] and over["view"]["result"]["winner"] == hj["seat"]
        assert over["view"]["record"] is None
        await host.close()


@async_test
async def test_the_turn_timer_decides_for_a_player_who_doesnt() -> None:
    async with running_server() as (_, url, _):
        host, guest, _, _, _ = await seated_pair(url, {**FAST, "turn_timer": 1})
        state = await host.state(phase="setup")
        assert state["view"]["timer"]["seconds"] == 1.0
        play = await host.state(phase="attack", timeout=5)
        attacker = play["view"]["attacker"]
        after = await host.state(timeout=5)
        kinds = [e["kind"] for e in after["events"]]
        assert "timer" in kinds and after["view"]["attacker"] != attacker
        for raw in (host, guest):
            await raw.close()


@async_test
async def test_a_connection_whose_client_doesnt_read_is_closed_not_waited_for() -> None:
    class Stuck:
        remote_address = ("127.0.0.1", 1)

        def __init__(self) -> None:
            self.closed: tuple[int, str] | None = None

        async def send(self, text: str) -> None:
            await asyncio.Event().wait()  # the client never reads

        async def close(self, code: int, reason: str) -> None:
            self.closed = (code, reason)

    ws = Stuck()
    conn = Conn(ws, ServerSettings(send_queue=3), 0.0)  # type: ignore[arg-type]
    writer = asyncio.create_task(conn.write())
    for n in range(5):
        conn.send({"type": "presence", "n": n})
        await asyncio.sleep(0)
    assert conn.closing
    await asyncio.sleep(2.2)
    assert ws.closed == (4004, "too slow: resume to go on")
    writer.cancel()


@async_test
async def test_rooms_come_back_from_the_store_after_a_restart(tmp_path: Path) -> None:
    folder = tmp_path / "online"
    async with running_server(store=room_store(folder)) as (_, url, _):
        host, guest, room, hj, gj = await seated_pair(url, {**FAST, "rounds": 1})
        rng = random.Random(3)
        ends = await asyncio.gather(
            play_out(host, hj["seat"], rng, stop_at=8), play_out(guest, gj["seat"], rng, stop_at=8)
        )
        step = max(e["step"] for e in ends)
        await host.close()
        await guest.close()
    assert (folder / "rooms" / room / "room.json").is_file()
    async with running_server(store=room_store(folder)) as (server, url, log):
        assert room in server.rooms and any("back from the store" in line for line in log)
        host, guest = await Raw.open(url), await Raw.open(url)
        await host.send({"type": "resume", "room": room, "token": hj["token"]})
        await guest.send({"type": "resume", "room": room, "token": gj["token"]})
        await host.until("joined")
        state = await host.until("state")
        assert state["step"] == step
        host.backlog.insert(0, state)
        await guest.until("joined")
        ends = await asyncio.wait_for(
            asyncio.gather(play_out(host, hj["seat"], random.Random(1)), play_out(guest, gj["seat"], random.Random(2))),
            60,
        )
        assert ends[0]["view"]["match"] == ends[1]["view"]["match"]
        await host.close()
        await guest.close()


@async_test
async def test_a_damaged_room_file_is_set_aside_and_the_others_load(tmp_path: Path) -> None:
    folder = tmp_path / "online"
    for room in ("KX7-4PM", "KX7-4PA"):
        (folder / "rooms" / room).mkdir(parents=True)
    (folder / "rooms" / "KX7-4PM" / "room.json").write_text("{ not json", encoding="utf-8")
    (folder / "rooms" / "KX7-4PA" / "room.json").write_text(
        json.dumps({"format": "clubfight-online-room", "version": 1, "room": "KX7-4PA", "rounds": []}), encoding="utf-8"
    )
    async with running_server(store=room_store(folder)) as (server, _, log):
        assert server.rooms == {}
    assert sum("set aside" in line or "a copy of the original" in line for line in log) == 2
    assert not list((folder / "rooms").glob("*/room.json"))
    assert len(list((folder / "rooms").glob("*/room.json.corrupt-*"))) == 2


@async_test
async def test_a_bug_on_one_message_is_logged_and_answered_and_the_room_goes_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(self: Table, colour: object, now: float) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(Table, "claim", broken)
    async with running_server() as (_, url, log):
        host, guest, _, _, _ = await seated_pair(url, FAST)
        await host.send({"type": "claim"})
        assert (await host.until("error"))["code"] == "server-error"
        setup = await host.state(phase="setup")
        await host.send({"type": "act", "action": setup["view"]["legal"][0]})
        assert (await host.state())["view"]["arranged"]
        assert any("internal error" in line and "boom" in line for line in log)
        await host.close()
        await guest.close()


@async_test
async def test_a_full_server_refuses_new_rooms() -> None:
    async with running_server(ServerSettings(host=LOCAL, port=0, max_rooms=1)) as (_, url, _):
        first, second = await Raw.open(url), await Raw.open(url)
        await first.send({"type": "create"})
        await first.until("joined")
        await second.send({"type": "create"})
        assert (await second.until("error"))["code"] == "server-full"
        await first.close()
        await second.close()


@async_test
async def test_the_store_keeps_token_hashes_never_tokens() -> None:
    store = MemoryStore()
    async with running_server(store=store) as (_, url, _):
        host, guest, room, hj, gj = await seated_pair(url, FAST)
        await host.state(phase="setup")
        kept = store.rooms[room]
        for joined in (hj, gj):
            assert joined["token"] not in kept and token_hash(joined["token"]) in kept
        await host.close()
        await guest.close()
