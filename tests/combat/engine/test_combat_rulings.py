"""One test (at least) per ruling of COMBAT-RULINGS.md, named after it, on hand-built rounds.

Most rounds are built with ``make`` (combat_support): a grid written row by row from BLACK's front
row (places 1-3) down to RED's (7-9), hands, and decks that default to every other card.
M1 and M2 play whole matches of random rounds (``Match``, clubfight.combat.game).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from clubfight.combat.engine import (
    ALL_CARDS,
    BLACK_DECK,
    BLACK_JOKER,
    NEIGHBOURS,
    NEUTRAL_ROW,
    RED_DECK,
    RED_JOKER,
    Arrange,
    Attack,
    Card,
    Colour,
    CombatCode,
    Decline,
    Draw,
    EndTurn,
    IllegalActionError,
    Juggle,
    NotationError,
    Phase,
    Pick,
    PlayKind,
    Points,
    Round,
    Rules,
    Style,
    Suit,
    Win,
    deal,
    front_row,
    round_seed,
)
from clubfight.combat.game import Match
from clubfight.common.shuffle import SplitMix64, shuffled
from combat_support import (
    BLACK,
    EXAMPLE_GRID,
    RED,
    accounted,
    attack,
    card,
    cards,
    finish_match,
    finish_round,
    grid,
    make,
    play,
    refused,
)
from support import ROOT

G = EXAMPLE_GRID
RULING_IDS = [
    "K1",
    "K2",
    "K3",
    "U1",
    "U2",
    "U3",
    "U4",
    "P1",
    "P2",
    "P3",
    "P4",
    "P5",
    "S1",
    "S2",
    "S3",
    "S4",
    "S5",
    "S6",
    "T1",
    "T2",
    "T3",
    "T4",
    "T5",
    "T6",
    "C1",
    "C2",
    "C3",
    "C4",
    "C5",
    "W1",
    "W2",
    "W3",
    "W4",
    "W5",
    "W6",
    "W7",
    "M1",
    "M2",
    "F1",
    "F2",
    "X1",
    "X2",
    "X3",
]


RULES_DOC = ROOT / "docs" / "combat-rules.md"


def test_every_ruling_is_in_the_rules_doc() -> None:
    rules = RULES_DOC.read_text(encoding="utf-8")
    for ruling in RULING_IDS:
        assert re.search(rf"\b{ruling}\b", rules), f"docs/combat-rules.md does not state ruling {ruling}"
    for style in Style:
        assert style.title in rules, f"docs/combat-rules.md does not describe {style.title}"
    for heading in ("## How to read the screen", "## Keys", "## This game's readings of the finer points"):
        assert heading in rules


def test_every_ruling_has_a_named_test() -> None:
    names = re.findall(r"def (test_combat_ruling_\w+)", Path(__file__).read_text(encoding="utf-8"))
    for ruling in RULING_IDS:
        assert any(n.startswith(f"test_combat_ruling_{ruling}_") for n in names), f"no test for {ruling}"
    for style in Style:
        assert any(n.startswith(f"test_combat_ruling_F1_{style.name.lower()}") for n in names), style


def pts(r: Round, text: str) -> str:
    return str(r.points_of(attack(text)))


def listed(r: Round, text: str) -> bool:
    return attack(text) in r.legal_actions()


# --- cards, players, grid --------------------------------------------------------------------


def test_combat_ruling_K1_two_decks_of_27() -> None:
    assert len(RED_DECK) == len(BLACK_DECK) == 27
    assert {c.suit for c in RED_DECK} == {Suit.HEARTS, Suit.DIAMONDS, None}
    assert {c.suit for c in BLACK_DECK} == {Suit.SPADES, Suit.CLUBS, None}
    assert [c for c in RED_DECK if c.is_joker] == [RED_JOKER]
    assert [c for c in BLACK_DECK if c.is_joker] == [BLACK_JOKER]
    assert all(c.colour is RED for c in RED_DECK) and all(c.colour is BLACK for c in BLACK_DECK)
    assert len(set(ALL_CARDS)) == 54


def test_combat_ruling_K2_values_faces_tokens_and_owners() -> None:
    assert [card(t).value for t in ["AH", "2D", "9S", "10C", "JH", "QD", "KS"]] == [1, 2, 9, 10, 11, 12, 13]
    assert [card(t).is_face for t in ["10C", "JH", "QD", "KS"]] == [False, True, True, True]
    assert card("RJ").is_joker and card("RJ").colour is RED and card("BJ").colour is BLACK
    assert card("10H").symbol == "10♥" and card("RJ").symbol == "RJ" and card("QS").symbol == "Q♠"
    for c in ALL_CARDS:
        assert Card.parse(str(c).lower()) == c and Card.parse(f" {c} ") is not None
    for bad in ("1H", "11S", "JK", "A\u017f", "", "10", "RJX", "KX"):
        with pytest.raises(NotationError):
            Card.parse(bad)
    # A card belongs to its colour wherever it is: BLACK's 8 played by RED from the ADVANTAGE stays BLACK's.
    r = play(make(G, red_hand="4H", advantage="8C"), "8C@9")
    assert r.owner(9) is BLACK


def test_combat_ruling_K3_grid_places_rows_and_owners() -> None:
    assert front_row(BLACK) == (1, 2, 3) and front_row(RED) == (7, 8, 9) and NEUTRAL_ROW == (4, 5, 6)
    assert NEIGHBOURS[5] == (2, 4, 6, 8) and NEIGHBOURS[1] == (2, 4) and NEIGHBOURS[9] == (6, 8)
    r = make("5S AS,QH QS / 9S KH KD / 6H 6D 7H")
    assert r.owner(1) is BLACK and r.owner(2) is RED and r.owner(5) is RED
    assert r.stack(2) == cards("AS QH") and r.top(2) == card("QH")
    with pytest.raises(NotationError):
        attack("8H@10")
    error = make(G, red_hand="8H").explain(Attack(cards("8H"), 10))
    assert error is not None and error.ruling == "K3"


# --- setup -----------------------------------------------------------------------------------


def test_combat_ruling_U1_hands_hold_no_ten_and_set_aside_tens_are_shuffled_back() -> None:
    found_aside = False
    for seed in range(60):
        r = deal(seed)
        assert r.phase is Phase.SETUP and accounted(r)
        rng = SplitMix64(round_seed(seed, 1))
        decks = [shuffled(RED_DECK, rng), shuffled(BLACK_DECK, rng)]
        for colour, deck in zip((RED, BLACK), decks, strict=True):
            hand = [c for c in deck if c.rank != 10][:4]
            assert list(r.hand(colour)) == hand
            depth = deck.index(hand[-1]) + 1
            aside = tuple(c for c in deck[:depth] if c.rank == 10)
            if aside:
                found_aside = True
                assert r.deck(colour) == shuffled(deck[depth:] + aside, rng)
            else:
                assert r.deck(colour) == deck[depth:]
    assert found_aside


def test_combat_ruling_U2_arrange_front_row_and_neutral_on_own_right() -> None:
    r = deal(5)
    assert r.to_act is RED
    actions = r.legal_actions()
    assert len(actions) == 24 and all(isinstance(a, Arrange) and a.colour is RED for a in actions)
    hand = r.hand(RED)
    bad = Arrange(RED, (hand[0], hand[1], BLACK_DECK[0]), hand[3])
    refused(r, str(bad), "U2")
    r = r.play(Arrange(RED, (hand[0], hand[1], hand[2]), hand[3]))
    assert [r.stack(p) for p in (7, 8, 9, 6)] == [(c,) for c in hand]
    assert r.hand(RED) == () and r.to_act is BLACK
    black = r.hand(BLACK)
    r = r.play(Arrange(BLACK, (black[3], black[2], black[1]), black[0]))
    assert [r.top(p) for p in (1, 2, 3, 4)] == [black[3], black[2], black[1], black[0]]
    assert r.phase in (Phase.ATTACK, Phase.OVER) and r.top(5) is not None


def setup_round(red_top: str, black_top: str) -> Round:
    red_hand, black_hand = cards("2H 3H 4H 5H"), cards("2S 3S 4S 5S")
    red_first, black_first = cards(red_top), cards(black_top)
    red = red_first + tuple(c for c in RED_DECK if c not in red_hand + red_first)
    black = black_first + tuple(c for c in BLACK_DECK if c not in black_hand + black_first)
    r = Round([()] * 9, red, black, red_hand, black_hand, phase=Phase.SETUP, rng_state=42)
    return play(r, "red arrange 2H 3H 4H | 5H", "black arrange 2S 3S 4S | 5S")


def test_combat_ruling_U3_centre_draw_off() -> None:
    r = setup_round("KH", "9S")  # a face beats a number
    assert r.draw_off == ((card("KH"), card("9S")),)
    assert r.stack(5) == (card("KH"),) and r.first_defender is RED and r.attacker is BLACK
    assert card("9S") in r.deck(BLACK) + r.hand(BLACK) and len(r.hand(BLACK)) == 4 and len(r.hand(RED)) == 1
    assert accounted(r)
    r = setup_round("4H", "8S")  # two numbers: the higher wins
    assert r.first_defender is BLACK and r.top(5) == card("8S") and r.attacker is RED
    r = setup_round("QH", "JS")  # two faces: J < Q < K
    assert r.first_defender is RED and r.top(5) == card("QH")
    r = setup_round("10H", "9S")  # a 10 goes back and is drawn again; BLACK's 9 stays showing
    assert r.draw_off[0] == (card("10H"), card("9S")) and r.draw_off[1][1] == card("9S")
    assert all(c.rank != 10 and not c.is_joker for c in r.draw_off[-1])
    r = setup_round("7H", "7S")  # equal: both go back and both draw again
    assert r.draw_off[0] == (card("7H"), card("7S")) and len(r.draw_off) >= 2
    assert accounted(r)
    assert [e.kind.value for e in r.events[:3]] == ["arrange", "draw-off", "draw-off"]


def test_combat_ruling_U4_seeded_deterministic_red_first_and_round_seeds() -> None:
    def run(seed: int) -> Round:
        r = deal(seed)
        for _ in range(40):
            if r.is_over:
                break
            actions = r.legal_actions()
            r = r.play(actions[len(actions) // 2])
        return r

    assert run(99) == run(99) and deal(99) == deal(99)
    assert deal(99) != deal(99, round_number=2) and deal(99) != deal(100)
    assert round_seed(12345, 1) == SplitMix64(12345).next()
    r = deal(1)
    black = r.hand(BLACK)
    refused(r, str(Arrange(BLACK, (black[0], black[1], black[2]), black[3])), "U4")
    code = CombatCode.parse(" COMBAT-12345 ")
    assert code.seed == 12345 and str(code) == "combat-12345" and code.deal() == deal(12345)
    assert CombatCode.parse(f"combat-{2**64 - 1}").seed == 2**64 - 1
    for bad in ("combat-", "combat-1x", "combat-\u0661\u0662", f"combat-{2**64}", "hard-12", "combat--1"):
        with pytest.raises(NotationError):
            CombatCode.parse(bad)


# --- playing a card --------------------------------------------------------------------------


def test_combat_ruling_P1_values_faces_and_wrap_on_own_colour() -> None:
    r = make("AS KS 5S / 9S AH KD / 10H 6D 7H", red_hand="10D JH AD 8H")
    for text in ("8H@9", "8H@4", "8H@6", "AD@1", "10D@5", "AD@7", "JH@6", "JH@1", "JH@5"):
        assert listed(r, text), text
    for text in ("8H@8", "JH@3", "AD@6"):
        assert not listed(r, text), text
    error = refused(r, "10D@1", "P1")  # 10 onto BLACK's Ace: a wrap onto the other colour
    assert "own colour" in error.reason
    refused(r, "JH@2", "P1")  # J onto BLACK's King: no wrap
    refused(r, "8H@8", "P1")


def test_combat_ruling_P2_ten_lock() -> None:
    r = make("10S AS QS / 9S KH KD / 6H 6D 7H", red_hand="9H")
    refused(r, "9H@1", "P2")
    assert not any(isinstance(a, Attack) and a.to == 1 for a in r.legal_actions())
    assert listed(make("10S AS QS / 9S KH KD / 6H 6D 7H", black_hand="9C", attacker=BLACK), "9C@1")
    assert listed(make("10S,9C AS QS / 9S KH KD / 6H 6D 7H", red_hand="9H"), "9H@1")  # covered: open again


def test_combat_ruling_P3_jokers() -> None:
    r = make(G, red_hand="RJ 5H 7D")
    assert {a.to for a in r.legal_actions() if isinstance(a, Attack) and a.cards == (RED_JOKER,)} == set(range(1, 10))
    refused(make("10S AS QS / 9S KH KD / 6H 6D 7H", red_hand="RJ"), "RJ@1", "P2")
    assert listed(make("BJ AS QS / 9S KH KD / 6H 6D 7H", red_hand="KH"), "KH@1")  # anything onto a joker
    assert listed(r, "5H-RJ-7D@8")  # the joker stands for the missing 6
    refused(r, "5H-RJ@8", "P3")  # never the top card
    assert listed(r, "RJ-5H@9") and listed(r, "RJ-5H@3")  # judged as 6 onto 7, as 4 or 6 with a Q
    refused(r, "RJ-5H@5", "P1")  # neither 4 nor 6 goes with a K
    assert sum(1 for a in r.legal_actions() if a == attack("RJ-5H@9")) == 1
    refused(make(G, red_hand="RJ JH QH"), "JH-RJ-QH@1", "P3")  # a joker is a number only
    # never part of a COMBO or RUSH
    assert pts(make("5S AS QS / 9S BJ KD / 6H 6D 7H", red_hand="9H"), "9H@6") == "Attack 1"
    assert pts(make("5S AS QS / 9S KH KD / 6H 5S,RJ 7H", red_hand="5H"), "5H@8") == "Attack 1"
    assert pts(make("5S AS QS / 9S KH KD / 6H 6D 7H", red_hand="RJ"), "RJ@7") == "Attack 1"


def test_combat_ruling_P4_safe_and_unsafe() -> None:
    r = make(G, red_hand="8H RJ 9D", advantage="8C")
    assert r.is_safe(attack("8H@9")) and not r.is_safe(attack("8H@4")) and r.is_safe(attack("RJ@4"))
    assert not r.is_safe(attack("RJ-8H@4"))  # a throw is judged by the card it covers
    assert r.is_safe(attack("8C@9")) and not r.is_safe(attack("8C@4"))  # ADVANTAGE: by what it covers
    after = play(r, "8C@9")
    assert after.owner(9) is BLACK and after.phase is Phase.ATTACK  # safe: no counter window


def test_combat_ruling_P5_throws() -> None:
    r = make("4S AS QS / 9S KH KD / 6H 6D 7H", red_hand="5H 6H 7H 9D", advantage="6S JS QC KC")
    assert listed(r, "5H-6H-7H@1")
    refused(r, "7H-6H-5H@1", "P1")  # a sequence, but its first card can't go onto the 4
    refused(r, "5H-7H@1", "P5")
    assert listed(r, "5H-6S-7H@1")  # hand and ADVANTAGE mixed
    assert listed(r, "JS-QC-KC@2") and listed(r, "KC-QC@5")
    refused(make(G, red_hand="9H 10H JH"), "9H-10H-JH@4", "P5")  # numbers and faces don't mix
    refused(make(G, red_hand="9H 10H AH"), "9H-10H-AH@4", "P5")  # no wrap inside
    after = play(r, "5H-6H-7H@1")
    assert after.stack(1) == cards("4S 5H 6H 7H") and after.top(1) == card("7H")


# --- scoring ---------------------------------------------------------------------------------


def test_combat_ruling_S1_base_points() -> None:
    r = make("4S AS QS / 9S KH KD / 6H 6D 7H", red_hand="5H 6H 7H 8H")
    assert r.points_of(attack("5H@1")).base == 1
    assert [r.points_of(attack(t)).base for t in ("5H-6H@1", "5H-6H-7H@1", "5H-6H-7H-8H@1")] == [3, 6, 10]
    assert r.points_of(attack("5H-6H@1")).kind is PlayKind.THROW


def test_combat_ruling_S2_combo_touch_chain() -> None:
    r = make(G, red_hand="9H")
    assert pts(r, "9H@5") == "Attack 1 + Combo 1 = 2"
    assert pts(play(make(G, red_hand="9H 9D"), "9H@5"), "9D@6") == "Attack 1 + Combo 2 = 3"
    assert pts(make("9S AS QS / 2C KH KD / 6H 6D 7H", red_hand="9H"), "9H@5") == "Attack 1"  # diagonal
    assert pts(make("5S AS QS / 9S QH KD / 6H 6D 7H", red_hand="KH"), "KH@5") == "Attack 1 + Combo 1 = 2"
    assert pts(make("5S AS QS / 9S KS KD / 6H 6D 7H", red_hand="QH"), "QH@5") == "Attack 1"  # Q doesn't chain K


def test_combat_ruling_S3_rush() -> None:
    assert pts(make("3S,3C AS QS / 9S KH KD / 6H 6D 7H", red_hand="3H"), "3H@1") == "Attack 1 + Rush 2 = 3"
    assert pts(make("3S,4C,3C AS QS / 9S KH KD / 6H 6D 7H", red_hand="3H"), "3H@1") == "Attack 1 + Rush 1 = 2"
    assert pts(make("JS,JC AS QS / 9S KH KD / 6H 6D 7H", red_hand="JH"), "JH@1") == "Attack 1 + Rush 2 = 3"
    r = make("3S AS QS / 9S KH KD / 6H 6D 7H", red_hand="3H 2H")
    assert pts(r, "2H-3H@1") == "Throw 3"  # below the top 3 lies the throw's 2


def test_combat_ruling_S4_block() -> None:
    r = make(G, red_hand="10H 8D 9D")
    assert pts(r, "10H@4") == "Attack 1 + Block 1 = 2"
    assert pts(make("5S AS QS / 9S KH KD / 6H 6D 7H", red_hand="8D 9D 10H"), "8D-9D-10H@9") == "Throw 6 + Block 1 = 7"
    counters = make(G, black_hand="10S", attacker=RED, red_hand="9H").counters_to(attack("9H@4"))
    assert [(str(c), str(p)) for c, p, _ in counters] == [("10S", "Counter 2 + Block 1 = 3")]


def test_combat_ruling_S5_punish() -> None:
    r = make(G, red_hand="8H 8D", punish_place=4)
    assert pts(r, "8H@4") == "Attack 1 + Punish 1 = 2"
    r = play(r, "8H@9")
    assert pts(r, "8D@4") == "Attack 1"  # only the first play of the turn
    # A countered play counts as the last play: RED's counter then RED's first play onto that place.
    r = make(G, attacker=BLACK, black_hand="7S 2S", red_hand="8H", red_deck="8D 9H 2D 3D 4D")
    r = play(r, "7S@8", "counter 8H")
    assert r.punish_place == 8 and pts(r, "8D@8") == "Attack 1 + Rush 1 + Punish 1 = 3"  # onto RED's own 8
    # After a turn with no play there is no punish place.
    r = play(make(G, red_hand="8H", punish_place=4), "end")
    assert r.punish_place is None


def test_combat_ruling_S6_points_name_their_parts() -> None:
    assert str(Points(PlayKind.THROW, base=3, combo=3)) == "Throw 3 + Combo 3 = 6"
    assert str(Points(PlayKind.ATTACK, base=1, punish=1)) == "Attack 1 + Punish 1 = 2"
    assert str(Points(PlayKind.COUNTER, counter=2)) == "Counter 2"
    assert str(Points(PlayKind.PERFECT_COUNTER, counter=4)) == "Perfect counter 4"
    p = Points(PlayKind.THROW, base=6, combo=2, rush=0, block=1, punish=1)
    assert p.total == 10 and str(p) == "Throw 6 + Combo 2 + Block 1 + Punish 1 = 10"


# --- a turn ----------------------------------------------------------------------------------


def test_combat_ruling_T1_draw_to_four_or_win_by_time_out() -> None:
    r = play(make(G, red_hand="8H", black_hand="2C"), "end")
    assert r.attacker is BLACK and len(r.hand(BLACK)) == 4 and r.hand(BLACK)[0] == card("2C")
    r = play(make(G, red_hand="8H", black_hand="2C", black_deck="3C 4C"), "end")
    assert r.is_over and r.outcome is not None
    assert r.outcome.winner is BLACK and r.outcome.how is Win.TIME_OUT and not r.outcome.judged


def test_combat_ruling_T2_defender_draws_one_counter_card() -> None:
    r = play(make(G, red_hand="8H", red_deck="2H 3H 4H 5H", black_hand=""), "end")
    assert r.attacker is BLACK and r.hand(RED) == (card("2H"),) and r.deck(RED) == cards("3H 4H 5H")
    r = play(make(G, red_hand="8H", red_deck="", black_hand=""), "end")
    assert r.hand(RED) == () and r.phase is not Phase.DRAW  # an empty deck gives nothing


def test_combat_ruling_T3_end_any_time_or_when_no_play_is_left() -> None:
    r = make(G, red_hand="8H 9D")
    assert r.legal_actions()[-1] == EndTurn() and listed(r, "8H@9")
    assert play(r, "end").attacker is BLACK
    r = play(make(G, red_hand="8H 3D", black_deck="2C 3C 4C 5C 6C"), "8H@9")  # the 3 has no place: turn over
    assert r.attacker is BLACK and r.advantage == (card("3D"),)
    assert any(e.kind.value == "end-turn" and e.end is not None and e.end.value == "no play left" for e in r.events)


def test_combat_ruling_T4_hand_becomes_advantage_unused_advantage_under_owner_deck() -> None:
    r = make(G, red_hand="8H 2D", advantage="2C 3C 4C", black_deck="5C 6C 7C 8C 9C")
    r = play(r, "2C@2", "end")
    assert r.attacker is BLACK and r.advantage == cards("8H 2D")
    assert r.hand(BLACK) == cards("5C 6C 7C 8C") and r.deck(BLACK) == cards("9C 4C 3C")  # 3C, given first, deepest
    assert r.hand(RED) != () and len(r.hand(RED)) == 1


def test_combat_ruling_T5_unused_counter_card_stays_and_counts_toward_four() -> None:
    r = make(G, attacker=BLACK, black_hand="8S", red_hand="2H", red_deck="3H 4H 5H 6H 7D")
    r = play(r, "end")
    assert r.attacker is RED and r.hand(RED) == cards("2H 3H 4H 5H") and r.deck(RED) == cards("6H 7D")


def test_combat_ruling_T6_hidden_cards() -> None:
    r = make(G, red_hand="8H 2D", black_hand="3C", advantage="4C", black_deck="5C 6C")
    assert r.hidden_from(RED) == cards("3C 5C 6C")  # BLACK's hand and deck, not the ADVANTAGE
    assert r.hidden_from(BLACK) == tuple(sorted(r.hand(RED) + r.deck(RED)))
    assert card("4C") not in r.hidden_from(RED) and card("4C") not in r.hidden_from(BLACK)


# --- counters --------------------------------------------------------------------------------


def test_combat_ruling_C1_counter_window_after_unsafe_play() -> None:
    r = make(G, red_hand="8H 8D", black_hand="9C 2C")
    after = play(r, "8H@4")  # onto BLACK's 9: unsafe
    assert after.phase is Phase.COUNTER and after.to_act is BLACK and after.pending == attack("8H@4")
    assert [str(a) for a in after.legal_actions()] == ["counter 9C", "decline"]
    refused(after, "counter 2C", "C1")
    refused(after, "8D@9", "C1")
    stood = after.play(Decline())
    assert stood.phase is Phase.ATTACK and stood.scores == (1, 0) and str(stood.events[0]).endswith("stands: Attack 1")
    assert play(r, "8H@9").phase is Phase.ATTACK  # safe: no window
    assert play(make(G, red_hand="8H 8D", black_hand="2C"), "8H@4").phase is Phase.ATTACK  # no counter held


def test_combat_ruling_C2_counter_points() -> None:
    r = make(G, red_hand="8H", black_hand="8S 9C BJ 7C")
    found = {str(c): str(p) for c, p, _ in r.counters_to(attack("8H@4"))}
    assert found == {"8S": "Perfect counter 4", "9C": "Counter 2", "BJ": "Counter 0", "7C": "Counter 2"}
    after = play(r, "8H@4", "counter 8S")
    assert after.scores == (0, 4) and after.last_points is not None and after.last_points.counter == 4


def test_combat_ruling_C3_counter_may_answer_a_ten() -> None:
    r = make(G, red_hand="10H 8D", black_hand="9C")
    after = play(r, "10H@4")
    assert after.phase is Phase.COUNTER and [str(a) for a in after.legal_actions()] == ["counter 9C", "decline"]
    after = play(after, "counter 9C")
    assert after.top(4) == card("9C") and after.scores == (0, 2)


def test_combat_ruling_C4_counter_ends_turn_and_costs_next_counter_draw() -> None:
    r = make(G, red_hand="8H 8D 2D", black_hand="9C", black_deck="AC 2C 3C 4C 5C")
    r = play(r, "8H@4", "counter 9C")
    assert r.attacker is BLACK and r.advantage == cards("8D 2D")
    assert r.hand(RED) == () and r.countered  # RED, countered, drew no counter card
    assert r.hand(BLACK) == cards("AC 2C 3C 4C")


def test_combat_ruling_C5_countered_play_scores_nothing() -> None:
    r = make(G, red_hand="9D", black_hand="9C", red_score=5)
    assert r.points_of(attack("9D@4")).total == 2  # 9 onto 9 rushes
    r = play(r, "9D@4", "counter 9C")
    assert r.scores == (5, 4) and r.stack(4) == cards("9S 9D 9C")


# --- winning ---------------------------------------------------------------------------------


def test_combat_ruling_W1_knock_out_at_thirty() -> None:
    r = play(make(G, red_hand="8H 8D", red_score=29), "8H@9")
    assert r.outcome is not None and r.outcome.how is Win.KNOCK_OUT and r.outcome.winner is RED
    r = make(G, red_hand="8H 8D", black_hand="9C", red_score=29)
    pending = play(r, "8H@4")
    assert not pending.is_over and pending.scores == (29, 0)  # C5: only once the window closes
    assert play(pending, "decline").outcome is not None
    assert not play(pending, "counter 9C").is_over
    assert play(make(G, red_hand="8H", black_hand="9C", black_score=28), "8H@4", "counter 9C").outcome is not None


def test_combat_ruling_W2_ring_out_safe_ten_in_opponent_front_row() -> None:
    r = make("5S,9H AS QS / 9S KH KD / 6H 6D 7H", red_hand="10D 8D")
    assert r.wins_of(attack("10D@1")) == {Win.RING_OUT}
    won = play(r, "10D@1")
    assert won.outcome is not None and won.outcome.how is Win.RING_OUT and won.outcome.winner is RED
    unsafe = make("9S AS QS / 9C KH KD / 6H 6D 7H", red_hand="10D", black_hand="2C")
    assert unsafe.wins_of(attack("10D@1")) == frozenset()
    assert not play(unsafe, "10D@1").is_over
    over_joker = make("5S,RJ AS QS / 9S KH KD / 6H 6D 7H", red_hand="10D")
    assert over_joker.is_safe(attack("10D@1")) and over_joker.wins_of(attack("10D@1")) == frozenset()
    assert make("5S AS QS / 9S KH 9H / 6H 6D 7H", red_hand="10D").wins_of(attack("10D@6")) == frozenset()


def test_combat_ruling_W3_submission_two_own_tens_in_neutral_row() -> None:
    safe = make("5S AS QS / 9S,10H KH 9H / 6H 6D 7H", red_hand="10D")
    assert play(safe, "10D@6").outcome is not None
    assert play(safe, "10D@6").outcome.how is Win.SUBMISSION  # type: ignore[union-attr]
    r = make("5S AS QS / 9S,10H KH 9S / 6H 6D 7H", red_hand="10D", black_hand="9C")
    assert r.wins_of(attack("10D@6")) == {Win.SUBMISSION}
    pending = play(r, "10D@6")
    assert pending.phase is Phase.COUNTER
    assert play(pending, "decline").outcome is not None
    assert not play(pending, "counter 9C").is_over  # the counter cancels it
    apart = make("5S AS QS / 10H KH 9H / 6H 6D 7H", red_hand="10D")
    assert apart.wins_of(attack("10D@6")) == {Win.SUBMISSION}  # they don't have to touch
    # the DEFENDER can submit too, with a counter
    r = make("5S AS QS / 10S KH 9S / 6H 6D 7H", red_hand="9H", black_hand="10C")
    assert [w for _, _, w in r.counters_to(attack("9H@6"))] == [{Win.SUBMISSION}]
    won = play(r, "9H@6", "counter 10C")
    assert won.outcome is not None and won.outcome.winner is BLACK and won.outcome.how is Win.SUBMISSION


def test_combat_ruling_W4_time_out_is_T1() -> None:
    r = play(make(G, red_hand="8H", black_deck="3C 4C 5C"), "end")
    assert r.outcome is not None and r.outcome.winner is BLACK and r.outcome.ways == (Win.TIME_OUT,)
    assert play(make(G, red_hand="8H", black_deck="3C 4C 5C 6C"), "end").phase is Phase.ATTACK


def test_combat_ruling_W5_tens_from_advantage_win_nothing() -> None:
    r = make("5S,9H AS QS / 9S,10H KH 9H / 6H 6D 7H", red_hand="8D", advantage="10S 10C")
    assert str(r.points_of(attack("10S@1"))) == "Attack 1 + Combo 1 + Block 1 = 3"
    assert r.wins_of(attack("10S@1")) == frozenset() and r.wins_of(attack("10C@6")) == frozenset()
    assert not play(r, "10S@1").is_over


def test_combat_ruling_W6_stalemate_judge() -> None:
    r = play(make(G, red_hand="8H", passes=1, red_score=3, black_score=5), "end")
    assert r.outcome is not None and r.outcome.winner is BLACK and r.outcome.judged
    assert r.outcome.how is Win.TIME_OUT
    # equal scores: fewer cards left (RED has 5 cards in the grid, BLACK 4)
    r = play(make(G, red_hand="8H", passes=1), "end")
    assert r.outcome is not None and r.outcome.winner is RED
    # still equal: the first DEFENDER
    even = "5S AS QS / 9S KH,KS KD / 6H 6D 7H"
    for first in (RED, BLACK):
        r = play(make(even, red_hand="8H", passes=1, first_defender=first), "end")
        assert r.outcome is not None and r.outcome.winner is first
    assert not play(make(G, red_hand="8H"), "end").is_over  # one pass is not a stalemate
    assert play(make(G, red_hand="8H 8D", passes=1), "8H@9", "end").passes == 0


def test_combat_ruling_W7_several_wins_reported_in_order() -> None:
    r = play(make("5S,9H AS QS / 9S KH KD / 6H 6D 7H", red_hand="10D", red_score=28), "10D@1")
    assert r.outcome is not None and r.outcome.ways == (Win.RING_OUT, Win.KNOCK_OUT)
    assert r.outcome.how is Win.RING_OUT and str(r.outcome) == "RED wins by ring-out (also knock-out)"
    refused(r, "end", "W7")


# --- a match -------------------------------------------------------------------------------


def test_combat_ruling_M1_best_of_one_three_five() -> None:
    assert [Rules(rounds=n).wins_needed for n in (1, 3, 5)] == [1, 2, 3] and Rules().rounds == 3
    for bad in (0, 2, 4, 7):
        with pytest.raises(ValueError):
            Rules(rounds=bad)
    rng = SplitMix64(1)
    for rounds, seed in ((1, 3), (3, 4), (5, 5), (3, 6), (5, 7)):
        code = CombatCode(seed)
        match = Match.new(code, Rules(rounds=rounds))
        assert match.round_number == 1 and match.current == deal(seed, Rules(rounds=rounds))
        match = finish_match(match, rng)
        winner = match.winner
        assert winner is not None and match.is_over
        assert match.round_wins(winner) == rounds // 2 + 1 and match.round_wins(winner.other) <= rounds // 2
        assert rounds // 2 + 1 <= match.round_number <= rounds
        assert [p.result.winner for p in match.rounds if p.result].count(winner) == rounds // 2 + 1
        for played in match.rounds:  # a fresh setup, full decks, scores from 0, round k from seed and k
            assert played.start == deal(seed, match.rules, played.number)
            assert played.start.scores == (0, 0) and accounted(played.start)
            assert played.positions()[-1] == played.final
        with pytest.raises(IllegalActionError, match="the match is over") as error:
            match.next_round()
        assert error.value.ruling == "M1"
    unfinished = Match.new(CombatCode(8))
    with pytest.raises(IllegalActionError, match="round 1 is not over yet"):
        unfinished.next_round()


def test_combat_ruling_M2_survival_scores_carry() -> None:
    rules = Rules(survival=True)
    assert rules.survival and not Rules().survival
    r = deal(8, rules, 2, red_score=17)
    assert r.scores == (17, 0) and r.rules is rules
    rng = SplitMix64(2)
    carried = 0
    for seed in range(6):
        match = Match.new(CombatCode(seed), Rules(rounds=5, survival=True))
        while True:
            match = finish_round(match, rng)
            if match.is_over:
                break
            result = match.current.outcome
            assert result is not None
            loser = result.winner.other
            kept = match.current.score(loser)
            carried += kept > 0
            match = match.next_round()
            assert match.current.score(loser) == kept and match.current.score(result.winner) == 0
            assert match.current == deal(seed, match.rules, match.round_number, **scores_of(loser, kept))
        assert match.round_wins(match.winner or RED) == 3  # still M1's number of round wins
    assert carried  # some loser did carry points
    plain = finish_round(Match.new(CombatCode(0)), rng)
    assert plain.next_round().current.scores == (0, 0)


def scores_of(colour: Colour, score: int) -> dict[str, int]:
    return {"red_score": score, "black_score": 0} if colour is RED else {"red_score": 0, "black_score": score}


# --- advanced rules --------------------------------------------------------------------------


def styled(colour: object, style: Style, **fields: object) -> Rules:
    return Rules(red_style=style) if colour is RED else Rules(black_style=style)


def test_combat_ruling_F1_karate() -> None:
    rules = styled(RED, Style.KARATE)
    assert pts(make(G, red_hand="9H", rules=rules), "9H@5") == "Attack 1 + Combo 2 = 3"
    assert pts(make(G, red_hand="8H", rules=rules), "8H@9") == "Attack 1"  # no combo, no bonus
    r = make(G, red_hand="8H", black_hand="8S 9C", rules=rules)
    assert {str(c): p.total for c, p, _ in r.counters_to(attack("8H@4"))} == {"8S": 2, "9C": 2}


def test_combat_ruling_F1_krav_maga() -> None:
    r = make(G, red_hand="8H 9D 7D", black_hand="8S", rules=styled(RED, Style.KRAV_MAGA))
    assert pts(r, "8H@4") == "Attack 2" and pts(r, "8H@9") == "Attack 1" and pts(r, "9D-8H@4") == "Throw 3"
    assert {str(c): p.total for c, p, _ in r.counters_to(attack("8H@4"))} == {"8S": 4}
    b = make(G, attacker=BLACK, black_hand="7S", red_hand="8H", rules=styled(RED, Style.KRAV_MAGA))
    assert [p.total for _, p, _ in b.counters_to(attack("7S@8"))] == [2]  # never on counters


def test_combat_ruling_F1_mma() -> None:
    rules = styled(RED, Style.MMA)
    r = play(make(G, red_hand="8H 9H 2D", red_deck="3D 4D", rules=rules), "8H-9H@5")
    assert r.hand(RED) == cards("2D 3D") and r.deck(RED) == cards("4D")
    r = play(make(G, red_hand="8H 2D", red_deck="3D 4D", rules=rules), "8H@9")
    assert r.hand(RED) == cards("2D")  # a single card draws nothing
    r = play(make(G, red_hand="8H 9H", red_deck="", rules=rules, black_deck="AC 2C 3C 4C"), "8H-9H@5")
    assert r.attacker is BLACK and not r.is_over  # an empty deck gives nothing, no TIME OUT mid-turn
    r = play(make(G, red_hand="7D 8D 2D", black_hand="8C", red_deck="3D", rules=rules), "8D-7D@4", "counter 8C")
    assert card("3D") in r.deck(RED) or card("3D") in r.hand(RED)  # countered throw: no extra card
    assert r.advantage == cards("2D")


def test_combat_ruling_F1_jeet_kune_do() -> None:
    rules = styled(RED, Style.JEET_KUNE_DO)
    r = make("3S,3C AS QS / 9S KH KD / 6H 6D 7H", red_hand="3H", rules=rules)
    assert pts(r, "3H@1") == "Attack 1 + Rush 5 = 6"  # 1+2+3
    r = make("3S,4C,3C AS QS / 9S KH KD / 6H 6D 7H", red_hand="3H", rules=rules)
    assert r.points_of(attack("3H@1")).total == 3  # 1+2
    assert pts(make(G, red_hand="8H", rules=rules), "8H@9") == "Attack 1"


def test_combat_ruling_F1_wushu() -> None:
    rules = styled(BLACK, Style.WUSHU)
    r = play(make(G, red_hand="8H", black_hand="", black_deck="8S 9C 2C 3C", rules=rules, attacker=BLACK), "end")
    assert r.phase is Phase.DRAW and r.to_act is BLACK and r.legal_actions() == [Draw(1), Draw(2)]
    refused(r, "pick 8S", "F1")
    two = play(r, "draw 2")
    assert two.hand(BLACK) == cards("8S 9C") and two.phase is Phase.ATTACK
    one = play(r, "draw 1")
    assert one.hand(BLACK) == cards("8S")
    held = make(G, red_hand="8H", black_hand="8S 9C", rules=rules)
    assert {str(c): p.total for c, p, _ in held.counters_to(attack("8H@4"))} == {"8S": 2, "9C": 1}
    single = make(G, red_hand="8H", black_hand="8S", rules=rules)
    assert [p.total for _, p, _ in single.counters_to(attack("8H@4"))] == [4]
    both = make(G, red_hand="8H", black_hand="8S 9C", rules=Rules(red_style=Style.KARATE, black_style=Style.WUSHU))
    assert {str(c): p.total for c, p, _ in both.counters_to(attack("8H@4"))} == {"8S": 1, "9C": 1}
    after = play(held, "8H@4", "counter 9C")
    assert after.hand(BLACK)[0] == card("8S")  # the other card stays in hand


def test_combat_ruling_F1_kung_fu() -> None:
    rules = styled(RED, Style.KUNG_FU)
    r = play(make(G, red_hand="9H 2D", red_deck="3D 4D", rules=rules), "9H@5")  # a combo
    assert r.hand(RED) == cards("2D 3D")
    r = play(make("3S,3C AS QS / 9S KH KD / 6H 6D 7H", red_hand="3H 2D", red_deck="3D", rules=rules), "3H@1")
    assert r.hand(RED) == cards("2D 3D")  # a rush
    r = play(make(G, red_hand="8H 2D", red_deck="3D", rules=rules), "8H@9")
    assert r.hand(RED) == cards("2D")


def test_combat_ruling_F1_ninjutsu() -> None:
    rules = styled(RED, Style.NINJUTSU)
    r = play(make(G, red_hand="8H", red_deck="2H 3H 4H 5H 6H", black_hand="", rules=rules), "end")
    assert r.phase is Phase.DRAW and r.to_act is RED
    assert r.legal_actions() == [Pick(c) for c in cards("2H 3H 4H 5H 6H")]
    refused(r, "draw 1", "F1")
    refused(r, "pick 7H", "F1")
    picked = play(r, "pick 5H")
    assert picked.hand(RED) == (card("5H"),) and picked.phase is Phase.ATTACK
    assert sorted(picked.deck(RED)) == sorted(cards("2H 3H 4H 6H")) and picked.rng_state != r.rng_state


def test_combat_ruling_F1_wrestling() -> None:
    r = make("4S AS QS / 9S KH KD / 6H 6D 7H", red_hand="5H 6H 7H", rules=styled(RED, Style.WRESTLING))
    assert pts(r, "5H-6H@1") == "Throw 5" and pts(r, "5H-6H-7H@1") == "Throw 9" and pts(r, "5H@1") == "Attack 1"


def test_combat_ruling_F1_sumo() -> None:
    rules = styled(RED, Style.SUMO)
    unsafe = make("9S AS QS / 9C KH KD / 6H 6D 7H", red_hand="10D", black_hand="2C", rules=rules)
    assert unsafe.wins_of(attack("10D@1")) == {Win.RING_OUT}
    assert play(unsafe, "10D@1").outcome is not None  # BLACK holds no counter
    column = make("9H AS QS / 10H KH KD / 6H 6D 7H", red_hand="10D", rules=rules)
    assert column.wins_of(attack("10D@1")) == {Win.RING_OUT, Win.SUBMISSION}
    front = make("5S AS QS / 9S KH KD / 9H 10H 7H", red_hand="10D", rules=rules)
    assert front.wins_of(attack("10D@7")) == {Win.SUBMISSION}
    assert make("5S AS QS / 9S KH KD / 9H 10H 7H", red_hand="10D").wins_of(attack("10D@7")) == frozenset()
    over_joker = make("9S,RJ AS QS / 9C KH KD / 6H 6D 7H", red_hand="10D", rules=rules)
    assert over_joker.wins_of(attack("10D@1")) == frozenset()
    # never on counters: a SUMO defender's 10 in a column is no submission
    r = make("5S AS QS / 9S KH 10S / 6H 6D 9C", red_hand="9H", black_hand="10C", rules=styled(BLACK, Style.SUMO))
    assert [(str(c), w) for c, _, w in r.counters_to(attack("9H@9"))] == [("10C", frozenset())]
    sumo_attack = r.replace(
        attacker=BLACK, black_hand=cards("10C"), red_hand=(), stacks=grid("5S AS QS / 9S KH 10S / 6H 6D 9C,9H")
    )
    assert sumo_attack.wins_of(attack("10C@9")) == {Win.RING_OUT, Win.SUBMISSION}  # as an attack it would


def test_combat_ruling_F2_juggle_combo_and_rush() -> None:
    g = "5S 8S QS / 2S JS 4D / 6H 6D 7H"
    assert pts(make(g, red_hand="3H", rules=Rules(juggle=Juggle.COMBO)), "3H@6") == "Attack 1 + Combo 2 = 3"
    assert pts(make(g, red_hand="3H", rules=Rules(juggle=Juggle.BOTH)), "3H@6") == "Attack 1 + Combo 2 = 3"
    assert pts(make(g, red_hand="3H"), "3H@6") == "Attack 1"
    assert pts(make(g, red_hand="3H", rules=Rules(juggle=Juggle.RUSH)), "3H@6") == "Attack 1"
    s = "3S,JS AS QS / 9S KH KD / 6H 6D 7H"
    assert pts(make(s, red_hand="2H", rules=Rules(juggle=Juggle.RUSH)), "2H@1") == "Attack 1 + Rush 2 = 3"
    assert pts(make(s, red_hand="2H", rules=Rules(juggle=Juggle.COMBO)), "2H@1") == "Attack 1"
    assert Juggle("both").combo and Juggle("both").rush and not Juggle.NONE.combo


# --- where the text contradicts itself ---------------------------------------------------------


def test_combat_ruling_X1_the_example_breaks_P1() -> None:
    r = make(G, attacker=BLACK, black_hand="7S 2S", red_hand="QH 8H")
    refused(r, "7S@3", "P1")  # "can play [a 7] on their QUEEN": a Q takes only 4-6
    pending = play(r, "7S@8")
    assert [str(a) for a in pending.legal_actions()] == ["counter 8H", "decline"]
    refused(pending, "counter QH", "C1")  # RED can't counter a 7 with a Queen
    later = make("5S AS,2S,3S QS / 9S KH KD / 6H 6D 7H", red_hand="2D 3D")
    assert listed(later, "2D-3D@2")  # onto BLACK's 3, which tops the Ace
    assert listed(make("5S 3D KC / 9S 9H 9D / 6H QH 7H", attacker=BLACK, black_hand="2S"), "2S@2")


def test_combat_ruling_X2_the_four_readings() -> None:
    r = make(G, red_hand="8H RJ 9D")
    assert EndTurn() in r.legal_actions()  # the attacker may end a turn at any time
    drawn = play(make(G, red_hand="8H", red_deck="2H 3H"), "end")
    assert drawn.phase is Phase.ATTACK and drawn.hand(RED) == (card("2H"),)  # the counter draw is automatic
    assert not r.is_safe(attack("RJ-8H@4")) and r.is_safe(attack("RJ@4"))  # only a lone joker is safe
    joker = make("5S,RJ AS QS / 9S KH KD / 6H 6D 7H", red_hand="10D")
    assert joker.wins_of(attack("10D@1")) == frozenset()  # a ring out needs a real card under it


def test_combat_ruling_X3_eight_nine_throw_scores_six() -> None:
    r = make("5S AS,2C,3C,2D,3D QS,KC / 9S KH,9H KD,9D / 6H 6D,7S,8H 7H", attacker=BLACK, black_hand="8C 9C 2S")
    assert pts(r, "8C-9C@3") == "Throw 3 + Combo 3 = 6"
