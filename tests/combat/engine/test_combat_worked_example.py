"""The text's worked example (its first three turns), replayed as ruling X1 says.

The grid is built as the text's first picture shows it, RED's King in the centre; BLACK attacks
first. X1: RED counters BLACK's 7 with an 8 (the text's Queen can't go onto a 7), RED's throw goes
onto BLACK's 3 (which tops the Ace), and BLACK ends its third turn with its 2 in hand. The scores
are the text's: RED 10, BLACK 6 after RED's turn; BLACK 13 after its next (X3: not 14).
"""

from __future__ import annotations

from clubfight.combat.engine import Colour, Phase, Round
from combat_support import BLACK, EXAMPLE_GRID, RED, attack, card, cards, make, play


def opening() -> Round:
    return make(
        EXAMPLE_GRID,
        attacker=BLACK,
        black_hand="AC 2C 3C 7S",
        red_hand="8H",
        red_deck="9H 9D 2D 3D 4H 5H 5D",
        black_deck="KC 8C 9C 2S 4C 5C",
    )


def test_black_first_turn_safe_throw_then_countered_seven() -> None:
    r = play(opening(), "AC-2C-3C@2")
    assert r.last_points is not None and str(r.last_points) == "Throw 6"
    assert str(r.last_event) == "BLACK throws A♣-2♣-3♣ onto the A♠ at 2: Throw 6"
    assert r.scores == (0, 6)
    r = play(r, "7S@8")
    assert r.phase is Phase.COUNTER and r.to_act is RED
    assert r.pending_points is not None and str(r.pending_points) == "Attack 1 + Combo 1 = 2"
    r = play(r, "counter 8H")
    assert r.scores == (2, 6)  # C5: BLACK's 7 scores nothing
    assert str(r.events[0]) == "RED counters with 8♥ onto the 7♠ at 8: Counter 2"
    assert r.attacker is RED and r.hand(RED) == cards("9H 9D 2D 3D")
    assert r.hand(BLACK) == () and r.countered  # C4: BLACK draws no counter card
    assert r.advantage == ()


def test_red_turn_reaches_ten_to_six() -> None:
    r = play(opening(), "AC-2C-3C@2", "7S@8", "counter 8H")
    r = play(r, "9H@5")
    assert str(r.last_points) == "Attack 1 + Combo 1 = 2"
    r = play(r, "9D@6")
    assert str(r.last_points) == "Attack 1 + Combo 2 = 3"
    r = play(r, "2D-3D@2")  # onto BLACK's 3, unsafe, but BLACK holds nothing to counter with
    assert r.scores == (10, 6)
    assert r.attacker is BLACK  # RED's hand is empty: the turn ended by itself (T3)
    assert r.hand(BLACK) == cards("KC 8C 9C 2S") and r.hand(RED) == (card("4H"),)


def test_black_third_turn_scores_thirteen_x3() -> None:
    r = play(opening(), "AC-2C-3C@2", "7S@8", "counter 8H", "9H@5", "9D@6", "2D-3D@2")
    r = play(r, "KC@3")
    assert str(r.last_points) == "Attack 1"
    r = play(r, "8C-9C@3")
    assert str(r.last_event) == "BLACK throws 8♣-9♣ onto the K♣ at 3: Throw 3 + Combo 3 = 6"
    assert r.scores == (10, 13)
    assert attack("2S@2") in r.legal_actions()  # the 2 *could* go onto RED's 3 (X1): BLACK chooses not to
    r = play(r, "end")
    assert r.attacker is Colour.RED and r.advantage == (card("2S"),)
    assert [str(t.symbol) for t in (r.top(1), r.top(2), r.top(3))] == ["5♠", "3♦", "9♣"]
    assert [str(t.symbol) for t in (r.top(4), r.top(5), r.top(6))] == ["9♠", "9♥", "9♦"]
