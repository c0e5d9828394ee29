"""Seeded deals (D1) and deal codes (D2): a seed means the same deal everywhere, forever.

The golden strings below were taken from the engine once, after checking that each holds every
card exactly once; they must never change without a new DEAL_VERSION. This file runs on every
supported Python version in CI.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from clubfight.club_fight.engine import DEAL_VERSION, DealCode, Level, NotationError, Variant, deal, parse_position
from reference import CLUB_CARDS, GRID_CARDS, spec_deal, spec_splitmix64

GOLDEN = {
    "easy-0": "7D JD 9H 6D 2S QS 10D 10H 3S | 4C QC 7C 6C | AH JH 7H 9D 8H KH KD 5D 2H 3D 5H AD 6H 4D 10S 5S "
    "8D 8S AS QD 6S QH JS 7S 4S 2D 9S 3H KS JK 4H | 9C 8C JC 3C KC 5C 2C AC 10C",
    "easy-1": "7S 9H 4S 8D 8S AH JS 6S 10H | 2C 10C 5C 3C | JH 5S KS 3H 2S JD 5D 7D 4D 2H AS 4H KH KD 10D 3D 9S "
    "10S 8H QH 3S 6H 7H JK 5H AD 2D 6D 9D QD QS | KC 9C QC JC 4C 6C AC 8C 7C",
    "easy-12345": "6D 9D KD 2D JK 10H KS QH 7S | KC 9C 6C 5C | 10S 2S 5H 8S 3S QS 5D 8H 3H 9H 9S 4H 4S JH JD 7D 4D "
    "AS JS 8D 5S 6H 2H 10D QD AH 3D 7H 6S AD KH | 4C 8C 3C 7C QC AC JC 10C 2C",
    "hard-1": "QH 3S 7S 8S KH 5S JD 10S 2D | 2C 10C 5C 3C | 2S 9S 5D 5H JH 9H 7D 10H JK 6S 4S 6D QS 8D JK 7H 6H QD "
    "8H 10D AD 4H 3D 2H AH KD 4D KS AS 9D 3H JS | KC 9C QC JC 4C 6C AC 8C 7C",
    "hard-7": "3D 3H JK 10S 9H 4D 2S 7S 5S | 3C 5C 10C 9C | AH QD 2H AD 10H 8H JS 6D 4H 8S 6S 7H 4S KH 6H JH 9D 3S "
    "9S QH 5D 7D AS KS JD 2D 10D 5H JK 8D QS KD | 7C JC 6C 2C 8C 4C KC AC QC",
    "hard-18446744073709551615": "9H QD 6H 9S JD JS 2H 5S 7D | 9C 6C 2C JC | 10S 8H JH KD KS 7H AS 5H 2D 2S 10H "
    "3H KH 7S 4H 3S QH 8D 10D 9D JK 5D 6D QS 4D JK 6S AH 3D 4S AD 8S | AC QC 8C 4C 7C 3C KC 10C 5C",
}


def test_deal_algorithm_is_version_1() -> None:
    """The golden deals below belong to version 1; a new shuffle must bump the version and the goldens."""
    assert DEAL_VERSION == 1


@pytest.mark.parametrize("code", sorted(GOLDEN))
def test_ruling_D1_golden_deals(code: str) -> None:
    position = DealCode.parse(code).deal()
    assert position.notation() == GOLDEN[code]
    level = DealCode.parse(code).level
    cards = [*position.grid, *position.hand, *position.grid_deck, *position.clubs_deck]
    assert len(cards) == 52 + level.jokers
    counts = Counter(str(c) for c in cards)
    assert counts == Counter([*GRID_CARDS, *CLUB_CARDS, *["JK"] * level.jokers])


def test_splitmix64_matches_published_vectors() -> None:
    """Vigna's reference SplitMix64 seeded with 1234567 starts with these outputs."""
    assert spec_splitmix64(1234567)[:5] == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
        4593380528125082431,
        16408922859458223821,
    ]


@pytest.mark.parametrize("code", sorted(GOLDEN))
def test_golden_deals_follow_the_documented_shuffle(code: str) -> None:
    level, seed = code.split("-")
    assert spec_deal(level, int(seed)) == GOLDEN[code]


@given(st.sampled_from(["easy", "hard"]), st.integers(0, 2**64 - 1))
def test_ruling_D1_any_seed_follows_the_documented_shuffle(level: str, seed: int) -> None:
    position = deal(Level(level), seed)
    assert position.notation() == spec_deal(level, seed)
    assert position.turns_played == 0 and position.discard == ()
    assert deal(Level(level), seed) == position, "a deal is a pure function of (level, seed)"


@pytest.mark.parametrize("seed", [-1, 2**64])
def test_deal_refuses_seeds_out_of_range(seed: int) -> None:
    with pytest.raises(ValueError, match="seed"):
        deal(Level.EASY, seed)


def test_ruling_D2_deal_codes_round_trip() -> None:
    for code in GOLDEN:
        parsed = DealCode.parse(code)
        assert str(parsed) == code
        assert parsed.deal() == deal(parsed.level, parsed.seed)
    assert DealCode.parse("  HARD-12345 ") == DealCode(Level.HARD, 12345)
    assert str(DealCode(Level.EASY, 0)) == "easy-0"


def test_ruling_D2_explicit_position_reproduces_the_deal() -> None:
    """The position-string form of a deal is independent of the shuffle: it reads back as the same deal."""
    for code, text in GOLDEN.items():
        position = parse_position(text)
        assert position == DealCode.parse(code).deal()
        assert position.level is DealCode.parse(code).level
        assert position.legal_moves() == DealCode.parse(code).deal().legal_moves()


def test_all_clear_deal_is_the_same_deal_with_the_variant_on() -> None:
    plain = DealCode.parse("easy-12345").deal()
    variant = DealCode.parse("easy-12345").deal(variant=Variant.ALL_CLEAR)
    assert Variant.ALL_CLEAR in variant.variant and Variant.ALL_CLEAR not in plain.variant
    assert variant.grid == plain.grid and variant.hand == plain.hand
    assert variant.grid_deck == plain.grid_deck and variant.clubs_deck == plain.clubs_deck
    assert variant.notation() == GOLDEN["easy-12345"] + " | allclear"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "easy",
        "easy-",
        "-12",
        "medium-5",
        "easy-12a",
        "easy--5",
        "easy-+5",
        "easy-1.5",
        "easy 5",
        "hard-18446744073709551616",
        "hard-99999999999999999999",
        "hard-123456789012345678901",
        "easy-١٢٣",  # Arabic-Indic digits: a deal code is ASCII
        "easy-１２",  # full-width digits
        "easy-1_000",
    ],
)
def test_ruling_D2_malformed_deal_codes_are_refused(text: str) -> None:
    with pytest.raises(NotationError) as error:
        DealCode.parse(text)
    assert repr(text) in str(error.value)
