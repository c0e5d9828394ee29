"""Seeded setup (U1, U4): the exact decks and hands of a few seeds, pinned forever.

The golden strings were taken from the engine once, after checking that each deal holds every card
exactly once; they must never change without a new COMBAT_DEAL_VERSION.
"""

from __future__ import annotations

import pytest

from clubfight.combat.engine import COMBAT_DEAL_VERSION, Colour, CombatCode, deal
from combat_support import BLACK, RED, accounted

GOLDEN = {
    0: (
        "AD QH 2H 9D",
        "JH KH 7D 10H 3D 4H 3H 9H RJ 5H JD 8H 4D 6H 8D 6D 2D KD 5D QD 7H 10D AH",
        "3S KS 8S 5C",
        "10C 2S 3C 6S 9C QS 4C AS JC 8C 10S 7C 2C KC JS 6C 5S 9S QC BJ 4S 7S AC",
    ),
    1: (
        "4H 9D 6H AD",
        "2H 2D JH QD 4D 6D 9H KH 7H 5H QH 10H JD 8H 3D KD 8D AH 7D 5D RJ 10D 3H",
        "6S JS KC 4S",
        "9C 5C AS 3S AC 2C 10C 5S 10S BJ 6C 8S 8C 7S 2S QC QS JC 3C 7C 4C 9S KS",
    ),
    777: (
        "AH QH 3H 8D",
        "6H 10H JH 3D 6D 10D 9H QD 2D KD KH AD 4H 5H 4D RJ 2H JD 9D 5D 7H 7D 8H",
        "AS 8S 5C 7S",
        "6C 3C 2S 4S 3S 7C 9C 4C 6S 10C JC 5S AC 2C 10S JS KS QC 9S QS KC 8C BJ",
    ),
    12345: (
        "4D 8D 7D 4H",
        "2H AH QH 5D 3H AD 3D 9H 7H 9D 10H 10D QD JD JH RJ 2D KH KD 5H 6H 8H 6D",
        "4C 8S 5C 5S",
        "QC 6C AC 7S JC KS 9S JS 10C 7C 6S QS 4S 2C 8C BJ 9C 10S 3C KC 3S AS 2S",
    ),
    2**64 - 1: (
        "RJ 4D 5D 3H",
        "2H 5H 7H 8H QH QD 7D KD 9H 4H AH 10D KH 9D AD 3D 6H JH 10H 8D JD 2D 6D",
        "AC JC QS 2S",
        "KC 5C 9C 7S 7C QC AS 6S 4C 8S KS 2C 6C 3S 9S 10S JS 3C BJ 5S 10C 8C 4S",
    ),
}


def text(cards: tuple[object, ...]) -> str:
    return " ".join(map(str, cards))


def test_deal_algorithm_is_version_1() -> None:
    assert COMBAT_DEAL_VERSION == 1


@pytest.mark.parametrize("seed", sorted(GOLDEN))
def test_golden_deals(seed: int) -> None:
    r = CombatCode(seed).deal()
    assert (text(r.hand(RED)), text(r.deck(RED)), text(r.hand(BLACK)), text(r.deck(BLACK))) == GOLDEN[seed]
    assert accounted(r) and r.to_act is RED and r.scores == (0, 0)


def test_golden_draw_off_and_first_draws() -> None:
    r = deal(12345)
    r = r.play(r.legal_actions()[0])
    r = r.play(r.legal_actions()[0])
    assert [(str(a), str(b)) for a, b in r.draw_off] == [("2H", "QC")]
    assert r.attacker is Colour.RED and text(r.stack(5)) == "QC"
    assert text(r.hand(RED)) == "AH 10H 5H 9H" and text(r.hand(BLACK)) == "6C"
    assert accounted(r)


def test_golden_second_round() -> None:
    r = deal(12345, round_number=2)
    assert (text(r.hand(RED)), text(r.hand(BLACK))) == ("3D AD KD 5H", "AS 4S KC JS")
