"""The online lobby has no round on the table: the spoken log must not ask it for the play being
entered (``clubfight combat join`` with no server at the address ended in a traceback)."""

from __future__ import annotations

from clubfight.combat.engine import Colour
from clubfight.combat.tui.fight_model import FightChange
from clubfight.combat.tui.online_model import OnlineFightModel
from clubfight.combat.tui.spoken_text import spoken_lines


def test_the_lobby_says_nothing_of_a_play_before_a_round_is_on_the_table() -> None:
    model = OnlineFightModel.for_seat(Colour.BLACK, "KX7-4PM")
    assert not model.has_table
    assert spoken_lines(model, [], FightChange()) == []
