"""Tables set at a chosen moment (a round built by hand), for the table and no-leak tests."""

from __future__ import annotations

from clubfight.combat.engine import Colour, CombatCode, Round
from clubfight.combat.game import Match, PlayedRound
from clubfight.combat.online.options import RoomOptions
from clubfight.combat.online.table import Stage, Table
from combat_support import make

RED, BLACK = Colour.RED, Colour.BLACK
GRID = "5S AS QS / 9S KH KD / 6H 6D 7H"
"""The text's first picture: BLACK's 5 A Q in front, 9 K K in the middle, RED's 6 6 7."""


def table_at(r: Round, options: RoomOptions | None = None) -> Table:
    """A table in play at round ``r`` (RED hosts), both players connected."""
    options = options or RoomOptions(counter_window=3.0)
    code = CombatCode(1)
    table = Table("KX7-4PM", options, code, RED, match=Match(code, r.rules, (PlayedRound(1, r, (), r),)))
    for seat, token in ((RED, "red-token"), (BLACK, "black-token")):
        table.tokens[seat] = token
        table.present[seat] = True
    table.stage = Stage.PLAY
    return table


def attack_position(defender_hand: str) -> Round:
    """RED to attack with 9D (unsafe onto BLACK's 9S at 4) among others; BLACK holds ``defender_hand``.
    The defender's deck is the rest of its cards in a fixed order, so two positions differ only in the
    hand card (and where it sits in the deck)."""
    return make(GRID, red_hand="9D 2H 3D 4D", black_hand=defender_hand, attacker=RED)
