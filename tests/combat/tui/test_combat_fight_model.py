"""Fast tests of the fight model's transitions: no Textual, no terminal."""

from __future__ import annotations

from clubfight.combat.ai import Opponent
from clubfight.combat.engine import Arrange, Attack, Card, Colour, CombatCode, Phase, PlayKind, Points, parse_action
from clubfight.combat.game import Match
from clubfight.combat.tui.fight_model import FightModel, ai_seed, arrange_places
from clubfight.combat.tui.fight_text import fits_text
from combat_support import make
from combat_tui_support import match_of

RED, BLACK = Colour.RED, Colour.BLACK
GRID = "9H 4S JS / 9C KD 2H / 7H 6H 4D"


def model(grid: str = GRID, **fields: object) -> FightModel:
    fields.setdefault("red_hand", "5H 6D 7D 10H")
    return FightModel(match_of(make(grid, **fields)), level=Opponent.EASY)  # type: ignore[arg-type]


def slot(m: FightModel, text: str) -> int:
    return m.slots().index(Card.parse(text))


def test_picking_a_card_lights_its_stacks_safe_or_unsafe() -> None:
    m = model()
    m.pick(slot(m, "7D"))
    targets = m.targets()
    assert targets[7] is True  # onto RED's own 7♥: safe
    assert 5 in targets and targets[5] is True  # 7 onto a K (RED's K♦)
    assert all(p in targets for p in (7, 8))
    m2 = model("9H 4S JS / 8C KD 2H / 7H 6H 4D")
    m2.pick(slot(m2, "7D"))
    assert m2.targets()[4] is False  # onto BLACK's 8♣: unsafe


def test_a_throw_in_order_with_its_preview() -> None:
    m = model()
    for text in ("5H", "6D", "7D"):
        m.pick(slot(m, text))
    assert m.targets() == {9: True} or 9 in m.targets()
    m.press_place(9)
    attack = m.attack
    assert attack == parse_action("5H-6D-7D@9")
    assert m.preview().startswith("5♥-6♦-7♦ onto the 4♦ at 9: Throw 6")
    assert "(safe)" in m.preview()
    change = m.confirm()
    assert change.played == attack
    assert m.round.score(RED) >= 6
    assert m.picked == () and m.target is None


def test_pressing_the_stack_again_gives_the_throws_other_order() -> None:
    m = model("9H 4S JS / 9C KD 2H / 7H 6H 6C", red_hand="5H 6D 3D 2D")
    m.pick(slot(m, "5H"))
    m.pick(slot(m, "6D"))
    plays = [a for a in m.options() if a.to == 9]
    assert len(plays) == 2  # 5-6 onto the 6♣ and 6-5 onto it
    m.press_place(9)
    first = m.attack
    m.press_place(9)
    assert m.attack != first and m.attack in plays
    m.cycle(1)
    assert m.attack == first


def test_an_unplayable_card_is_refused_with_the_reason() -> None:
    m = model("3S 4S JS / 3C 4D 2H / 2S 3H 4C", red_hand="9H 2D")
    assert Card.parse("9H") not in m.playable()
    m.pick(slot(m, "9H"))
    assert m.picked == ()
    assert m.message.startswith("No stack takes the 9♥ now: a 9 goes onto an 8, a 9, a 10 or a K")


def test_cards_that_make_no_throw_are_explained() -> None:
    m = model(red_hand="5H 7D 2D")
    m.pick(slot(m, "5H"))
    m.pick(slot(m, "7D"))
    assert m.picked == (Card.parse("5H"),)
    assert "is no throw" in m.message and "(P5)" in m.message


def test_a_stack_that_does_not_take_the_cards_says_why() -> None:
    m = model()
    m.pick(slot(m, "5H"))
    m.press_place(3)
    assert m.target is None
    assert m.message.startswith("Not onto 3:") and "(P1)" in m.message


def test_escape_steps_back() -> None:
    m = model()
    m.pick(slot(m, "7D"))
    m.press_place(7)
    m.back()
    assert m.target is None and m.picked
    m.back()
    assert m.picked == ()


def test_ending_the_turn_asks_while_cards_are_playable() -> None:
    m = model()
    change = m.end_turn()
    assert change.ask_end and m.asking_end
    assert m.answer_end(False).played is None
    assert m.round.attacker is RED
    m.end_turn()
    assert m.answer_end(True).played is not None
    assert m.round.attacker is BLACK


def test_counter_options_with_their_points() -> None:
    r = make(
        "3S 4S JS / 9C KD 2H / 7H 6H,7C 5D",
        red_hand="8H 7D",
        attacker=BLACK,
        phase=Phase.COUNTER,
        pending=parse_action("7C@8"),
        pending_points=Points(PlayKind.ATTACK, base=1),
    )
    m = FightModel(match_of(r), level=Opponent.EASY)
    options = {str(card): str(points) for card, points, _ in m.counter_options()}
    assert options == {"7D": "Perfect counter 4", "8H": "Counter 2"}
    m.cycle(1)
    change = m.confirm()
    assert change.played is not None and str(change.played).startswith("counter")
    assert m.round.attacker is RED


def test_setup_arranges_left_to_right_then_the_neutral_card() -> None:
    match = Match.new(CombatCode(3))
    m = FightModel(match, level=Opponent.EASY)
    hand = m.round.hand(RED)
    for card in hand[:3]:
        m.pick(m.slots().index(card))
    assert m.arrangement == hand  # the fourth goes to the neutral row by itself
    assert m.arranged() == dict(zip(arrange_places(RED), hand, strict=True))
    change = m.confirm()
    assert change.played == Arrange(RED, (hand[0], hand[1], hand[2]), hand[3])


def test_black_arranges_its_front_row_as_it_sees_it() -> None:
    assert arrange_places(BLACK) == (3, 2, 1, 4)
    assert arrange_places(RED) == (7, 8, 9, 6)


def test_auto_arrange_and_the_draw_off() -> None:
    m = FightModel(Match.new(CombatCode(3)), level=Opponent.EASY)
    m.auto_arrange()
    assert len(m.arrangement) == 4
    m.confirm()
    assert m.computer_to_act
    change = m.play(m.computer_action())
    assert change.draw_off
    assert m.round.phase is not Phase.SETUP


def test_the_computer_decides_the_same_way_again() -> None:
    match = Match.new(CombatCode(8))
    assert ai_seed(match) == ai_seed(Match.new(CombatCode(8)))
    assert ai_seed(match) != ai_seed(match.play(match.current.legal_actions()[0]))


def test_hot_seat_curtain_hides_every_hand_until_the_player_takes_the_keyboard() -> None:
    m = FightModel(Match.new(CombatCode(9)), humans=frozenset(Colour), level=None)
    assert m.curtain is RED and m.viewer is None
    assert m.slots() == ()
    assert not m.humans_turn
    m.reveal()
    assert m.viewer is RED and m.slots() == m.round.hand(RED)
    m.auto_arrange()
    change = m.confirm()
    assert change.curtain and m.curtain is BLACK and m.viewer is None
    assert m.slots() == ()
    m.reveal()
    assert m.slots() == m.round.hand(BLACK)


def test_fits_text_names_p1() -> None:
    assert fits_text(Card.parse("AH")) == "an A goes onto an A, a 2 or a J (or a 10 of your own colour)"
    assert fits_text(Card.parse("5S")) == "a 5 goes onto a 4, a 5, a 6 or a Q"
    assert fits_text(Card.parse("RJ")).startswith("a joker goes onto any stack")


def test_attacks_never_leak_from_the_other_hand() -> None:
    m = model(black_hand="8S 9S")
    assert all(c.colour is RED or c in m.round.advantage for c in m.slots())
    assert isinstance(next(a for a in m.round.legal_actions() if isinstance(a, Attack)), Attack)


def test_a_card_keeps_its_slot_and_key_all_turn() -> None:
    """A play leaves its slot empty; the cards after it don't move left under the player's keys."""
    m = model()
    before = m.slots()
    m.pick(slot(m, "7D"))
    m.press_place(7)
    assert m.confirm().played == parse_action("7D@7")
    after = m.slots()
    assert after == tuple(None if card == Card.parse("7D") else card for card in before)
    assert m.pick(before.index(Card.parse("7D"))) is not None and m.picked == ()  # the empty slot does nothing
    m.pick(before.index(Card.parse("5H")))
    assert m.picked == (Card.parse("5H"),)  # the same key as before the play


def test_keys_of_another_phase_are_hidden_not_offered() -> None:
    setup = FightModel(Match.new(CombatCode(3)), level=Opponent.EASY)
    assert setup.can("arrange") is True and setup.can("end_turn") is False
    attacking = model()
    assert attacking.round.phase is Phase.ATTACK
    assert attacking.can("arrange") is False and attacking.can("end_turn") is True
    assert attacking.can("skip") is False  # nobody is thinking
    curtain = FightModel(Match.new(CombatCode(9)), humans=frozenset(Colour), level=None)
    assert curtain.curtain is not None
    assert curtain.can("confirm") is True and curtain.can("pick") is False and curtain.can("end_turn") is False
