"""The bot at --level expert reads clues from the round so far, as the app's expert does: it keeps
the positions its seat has seen of the round in play (``SeenRounds``), and only those."""

from __future__ import annotations

from clubfight.combat.ai.inference import NO_CLUES_BOTTOMS, read_clues
from clubfight.combat.engine import Colour
from clubfight.combat.online.bot import SeenRounds
from clubfight.combat.online.protocol import encode
from clubfight.combat.online.seat_view import SeatState, parse_server_message
from combat_online_support import random_game, sent_to

ROOM = "KX7-4PM"  # new_table's room


def states_of(seed: int, seat: Colour) -> list[SeatState]:
    """Every state the server sends ``seat`` over a random match, read as the client reads it."""
    states = []
    for table, change, now in random_game(seed):
        message = {"type": "state", "room": ROOM, "seat": seat.value, **sent_to(table, change, seat, now)}
        state = parse_server_message(encode(message))
        assert isinstance(state, SeatState)
        states.append(state)
    return states


def test_the_history_is_the_rounds_positions_seen_before_this_one_and_starts_afresh_each_round() -> None:
    seen = SeenRounds()
    rounds_started = 0
    for state in states_of(5, Colour.RED):
        before = len(seen.positions) if state.round_number == seen.round_number else 0
        seen.saw(state)
        if state.phase not in ("setup", "draw", "attack", "counter"):
            continue
        rounds_started += before == 0
        assert seen.before(state) == tuple(seen.positions[:before])
        assert seen.positions[-1] == state.to_round()
    assert rounds_started >= 2  # best of 3: a history afresh for each round


def test_expert_finds_clues_in_the_history_the_bot_keeps() -> None:
    clues_found = 0
    for seat in Colour:
        seen = SeenRounds()
        for state in states_of(8, seat):
            seen.saw(state)
            if state.my_turn and state.phase in ("draw", "attack", "counter"):
                clues = read_clues(seen.before(state), state.to_round(), seat)
                clues_found += clues.bottoms != NO_CLUES_BOTTOMS or bool(clues.answers)
                assert read_clues((), state.to_round(), seat).bottoms == NO_CLUES_BOTTOMS  # none without it
    assert clues_found > 0
