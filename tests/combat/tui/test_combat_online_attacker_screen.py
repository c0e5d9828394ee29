"""Nothing hidden leaks through the attacker's online screen: two matches that differ only in the
defender's hidden card (one can counter the play, one can't) draw the attacker the same screen at
the same steps, through the counter window and the rest of the turn. The wire has this test
(tests/combat/online/test_combat_online_no_leak.py); this one reads the screen as drawn."""

from __future__ import annotations

import re

from club_fight_tui_support import app_for
from clubfight.combat.engine import Colour
from clubfight.combat.online.client import OnlineSession
from clubfight.combat.online.protocol import encode
from clubfight.combat.online.seat_view import Joined, SeatState, parse_server_message
from clubfight.combat.online.table import Change, Stage, Table
from clubfight.combat.online.views import state_view
from clubfight.combat.tui.online_model import OnlineFightModel
from clubfight.combat.tui.online_screen import OnlineFightScreen
from combat_online_support import sent_to
from combat_online_table_support import attack_position, table_at
from combat_tui_support import screen_text
from support import async_test

RED, BLACK = Colour.RED, Colour.BLACK
ROOM = "KX7-4PM"  # table_at's room


class NoServer:
    """The online fight's host with no connection: the test hands the screen the server's states."""

    async def connect(self, screen: OnlineFightScreen) -> OnlineSession | None:
        return None

    def seated(self, screen: OnlineFightScreen, joined: Joined) -> None:
        pass

    def match_over(self, screen: OnlineFightScreen, state: SeatState) -> None:
        pass

    def export(self, screen: OnlineFightScreen) -> str:
        return ""

    def failed(self, screen: OnlineFightScreen, reason: str, code: str | None = None) -> None:
        raise AssertionError(reason)

    def cancel(self, screen: OnlineFightScreen) -> None:
        pass

    def leave(self, screen: OnlineFightScreen) -> None:
        pass


def attacker_states(table: Table, changes: list[Change], now: float) -> list[SeatState]:
    """The states the server sends RED, the attacker, for ``changes``."""
    states = []
    for change in changes:
        if change.game or change.private_to is RED:
            message = {"type": "state", "room": ROOM, "seat": "red", **sent_to(table, change, RED, now)}
            state = parse_server_message(encode(message))
            assert isinstance(state, SeatState)
            states.append(state)
    return states


def attacker_timeline(table: Table, answer: str | None) -> list[list[SeatState]]:
    """RED plays 9D@4 unsafe at 10.0, BLACK answers ``answer`` at 10.5 or lets the window run out,
    and RED plays on (the first legal play, then ``end``) until BLACK must decide: RED's states, time
    by time."""
    timeline = [attacker_states(table, [table.act(RED, "9D@4", 10.0)], 10.0)]
    for now in (10.5, 11.0, 12.0, 12.99, 13.0, 13.5):
        changes = [table.act(BLACK, answer, now)] if answer is not None and now == 10.5 else []
        timeline.append(attacker_states(table, [*changes, *table.tick(now)], now))
    now = 14.0
    for _ in range(12):  # bounded
        if table.stage is not Stage.PLAY or table.current.to_act is not RED:
            break
        if table.window is not None:
            now = table.window.closes_at
            timeline.append(attacker_states(table, table.tick(now), now))
            continue
        now += 1.0
        legal = state_view(table, RED, now)["legal"]
        timeline.append(attacker_states(table, [table.act(RED, legal[0], now)], now))
    return timeline


def without_clock(text: str) -> str:
    """The screen with the digits of its status line's countdowns masked: they run on this machine's
    clock (the seconds they count from are the wire's, which the wire's own test finds identical)."""
    lines = text.splitlines()
    assert "online" in lines[1], lines[:2]
    lines[1] = re.sub(r"\d", "#", lines[1])
    return "\n".join(lines)


async def attacker_screens(defender_hand: str, answer: str | None = None) -> list[str]:
    table = table_at(attack_position(defender_hand))
    first = parse_server_message(
        encode(
            {
                "type": "state",
                "room": ROOM,
                "seat": "red",
                "step": table.step,
                "events": [],
                "view": state_view(table, RED, 9.0),
            }
        )
    )
    assert isinstance(first, SeatState)
    timeline = [[first], *attacker_timeline(table, answer)]
    app = app_for(seed_source=iter(range(100)).__next__)
    app.animation_level = "none"
    screens = []
    async with app.run_test(size=(120, 40)) as pilot:
        model = OnlineFightModel.for_seat(RED, ROOM)
        model.take_seat(RED, ROOM)
        model.went_online()
        screen = OnlineFightScreen(model, online=NoServer())
        screen.seated_once = True
        await app.push_screen(screen)
        await pilot.pause()
        for states in timeline:
            for state in states:
                await screen.handle(state)
            await pilot.pause(0.05)
            screens.append(without_clock(screen_text(app)))
    return screens


@async_test
async def test_the_attackers_screen_is_the_same_whatever_the_defender_holds() -> None:
    can_counter = await attacker_screens("8S")
    cannot = await attacker_screens("JC")
    assert len(can_counter) > 8 and any("9♦" in s for s in can_counter)
    for step, (one, other) in enumerate(zip(can_counter, cannot, strict=True)):
        assert one == other, f"step {step}:\n{one}\n---\n{other}"


@async_test
async def test_the_attackers_screen_does_change_when_the_defender_counters() -> None:
    """The comparison above can fail: a counter the defender plays is on the attacker's screen."""
    quiet = await attacker_screens("8S")
    countered = await attacker_screens("8S", "counter 8S")
    assert quiet[:2] == countered[:2]  # the play, before the answer
    assert quiet[2] != countered[2]
