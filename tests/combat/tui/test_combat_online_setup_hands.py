"""In setup the table shows how many cards the other player holds (hand sizes are public, T6), online
as in a local match: four until it has arranged, then none (its cards lie face down on the grid)."""

from __future__ import annotations

from clubfight.combat.engine import Colour
from clubfight.combat.online.options import RoomOptions
from clubfight.combat.online.protocol import encode
from clubfight.combat.online.seat_view import SeatState, parse_server_message
from clubfight.combat.online.table import Table
from clubfight.combat.online.views import state_view
from clubfight.combat.tui.online_model import OnlineFightModel
from combat_online_support import new_table

RED, BLACK = Colour.RED, Colour.BLACK
ROOM = "KX7-4PM"  # new_table's room


def model_for(table: Table, seat: Colour) -> OnlineFightModel:
    """The online fight's model after the server's state for ``seat`` (read as the client reads it)."""
    view = state_view(table, seat, 0.0)
    message = {"type": "state", "room": ROOM, "step": table.step, "seat": seat.value, "events": [], "view": view}
    state = parse_server_message(encode(message))
    assert isinstance(state, SeatState)
    model = OnlineFightModel.for_seat(seat, ROOM)
    model.receive(state, 0.0)
    return model


def test_black_sees_reds_four_cards_in_hand_until_red_arranges() -> None:
    table = new_table(11, RoomOptions(rounds=1))
    black = model_for(table, BLACK)
    assert black.round.hand(RED) == ()  # the engine's round has RED's stand-ins on the grid
    assert black.cards_in_hand(RED) == 4
    table.act(RED, state_view(table, RED, 0.0)["legal"][0], 0.0)
    black = model_for(table, BLACK)
    assert black.cards_in_hand(RED) == 0  # now face down on the grid, as in a local match
    assert black.cards_in_hand(BLACK) == 4


def test_red_sees_blacks_four_cards_in_hand_in_setup() -> None:
    table = new_table(11, RoomOptions(rounds=1))
    assert model_for(table, RED).cards_in_hand(BLACK) == 4
