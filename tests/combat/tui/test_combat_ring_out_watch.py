"""Two-play ring outs: "arrange for me" never leaves one open when the same four cards can avoid it,
the optional danger marks judge from public information only, and the help opens on a first-fight
page with the tips that decide most rounds.

A stack is open when the opponent could ring it out within two plays: one card of theirs onto it,
then one of their 10s onto that card (W2). The oracle here asks the engine itself: it plays both
plays in a world where the opponent holds exactly those two cards."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from clubfight.combat.ai import Opponent, choose
from clubfight.combat.engine import (
    BLACK_DECK,
    RED_DECK,
    Arrange,
    Attack,
    Card,
    Colour,
    Phase,
    Round,
    Win,
    card_fits,
    deal,
    front_row,
    is_locked,
)
from clubfight.combat.storage.settings import CombatSettings
from clubfight.combat.tui.fight_model import FightModel
from clubfight.combat.tui.help import COMBAT_HELP
from clubfight.combat.tui.ring_out_watch import open_stacks
from clubfight.common.shuffle import SplitMix64, shuffled
from combat_support import make
from combat_tui_support import combat_app, fight, match_of, screen_text, settle
from support import async_test

RED, BLACK = Colour.RED, Colour.BLACK


# --- 11. arrange for me ----------------------------------------------------------------------------


def open_before_any_card_is_seen(front: tuple[Card, ...], colour: Colour) -> int:
    """How many of these front-row cards the opponent, any of whose cards may come, could ring out in two
    plays: their card that fits (not onto a 10 of ours, P2), then their 10 onto it (a real card, W2)."""
    them = colour.other
    theirs = BLACK_DECK if them is BLACK else RED_DECK
    tens = [c for c in theirs if c.is_ten]
    count = 0
    for top in front:
        if is_locked(top, them):
            continue
        if any(
            not y.is_joker and card_fits(y, top, them) and any(t != y and card_fits(t, y, them) for t in tens)
            for y in theirs
        ):
            count += 1
    return count


HANDS = st.lists(st.sampled_from([c for c in RED_DECK if not c.is_ten]), min_size=4, max_size=4, unique=True)


@given(HANDS, st.integers(min_value=1, max_value=10**6))
def test_arrange_for_me_never_leaves_a_two_play_ring_out_open_that_it_could_avoid(hand: list[Card], seed: int) -> None:
    start = deal(seed)
    rest = tuple(c for c in RED_DECK if c not in hand)
    r = start.replace(red_hand=tuple(hand), red_deck=rest)
    model = FightModel(match_of(r, seed), level=Opponent.EASY)
    model.auto_arrange()
    placed = model.arranged()
    chosen = tuple(placed[p] for p in front_row(RED))
    best = min(open_before_any_card_is_seen(a.front, RED) for a in r.legal_actions() if isinstance(a, Arrange))
    assert open_before_any_card_is_seen(chosen, RED) == best, (hand, placed)


def test_the_reported_arrangement_no_longer_puts_the_ace_in_front() -> None:
    # A♦ 4♥ 5♦ Q♥: the A can go to the neutral row, leaving 4 5 Q in front, none of them open.
    r = deal(5).replace(red_hand=tuple(Card.parse(c) for c in ("AD", "4H", "5D", "QH")))
    model = FightModel(match_of(r), level=Opponent.EASY)
    model.auto_arrange()
    assert model.arranged()[6] == Card.parse("AD")


# --- 12. the danger marks -------------------------------------------------------------------------


def engine_says_open(r: Round, colour: Colour, place: int) -> bool:
    """Could ``colour.other`` ring ``place`` out with one card then one 10 (or, its card already on top,
    one 10), each from its hidden cards? Asked of the engine in a world where it holds just those."""
    them = colour.other
    hidden = r.hidden_from(colour)
    tens = [c for c in hidden if c.is_ten]

    def world(hand: tuple[Card, ...]) -> Round:
        rest = tuple(c for c in hidden if c not in hand)
        hands = {them: hand, colour: ()}
        decks = {them: rest, colour: r.deck(colour)}
        return r.replace(
            red_hand=hands[RED],
            black_hand=hands[BLACK],
            red_deck=decks[RED],
            black_deck=decks[BLACK],
            advantage=(),
            attacker=them,
            phase=Phase.ATTACK,
            pending=None,
            pending_points=None,
            last_place=None,
            red_score=0,
            black_score=0,
        )

    def rings_out(w: Round, ten: Card) -> bool:
        attack = Attack((ten,), place)
        return w.attacker is them and w.is_legal(attack) and Win.RING_OUT in w.wins_of(attack)

    for ten in tens:
        if rings_out(world((ten,)), ten):
            return True
        for card in hidden:
            if card == ten:
                continue
            w = world((card, ten))
            first = Attack((card,), place)
            if not w.is_legal(first):
                continue
            after = w.play(first)  # the other side holds nothing: it stands
            if not after.is_over and rings_out(after, ten):
                return True
    return False


def positions(seed: int, steps: int = 120) -> list[Round]:
    r = deal(seed)
    found = []
    for n in range(steps):
        if r.is_over:
            break
        if r.phase is Phase.ATTACK and r.attacker is RED:
            found.append(r)
        r = r.play(choose(r, Opponent.EASY, seed=seed * 1000 + n))
    return found


def with_hidden_shuffled(r: Round, colour: Colour, rng: SplitMix64) -> Round:
    """The same public round with the opponent's hidden cards dealt again between hand and deck."""
    them = colour.other
    pool = shuffled(r.hand(them) + r.deck(them), rng)
    size = len(r.hand(them))
    hands = {them: pool[:size], colour: r.hand(colour)}
    decks = {them: pool[size:], colour: r.deck(colour)}
    return r.replace(red_hand=hands[RED], black_hand=hands[BLACK], red_deck=decks[RED], black_deck=decks[BLACK])


@given(st.integers(min_value=1, max_value=10**6))
def test_the_marks_depend_on_public_information_only(seed: int) -> None:
    rng = SplitMix64(seed)
    for r in positions(seed):
        marked = open_stacks(r, RED)
        for _ in range(3):
            assert open_stacks(with_hidden_shuffled(r, RED, rng), RED) == marked


def test_the_marks_are_the_stacks_the_engine_lets_the_opponent_ring_out() -> None:
    checked = marked = 0
    for seed in (3, 8, 21):
        for r in positions(seed, 60)[:8]:
            shown = open_stacks(r, RED)
            for place in front_row(RED):
                assert (place in shown) == engine_says_open(r, RED, place), (seed, place, str(r))
                checked += 1
                marked += place in shown
    assert checked >= 30 and 0 < marked < checked


def test_the_setting_marks_against_easy_by_default() -> None:
    assert CombatSettings().marks_for("easy") and not CombatSettings().marks_for("normal")
    assert not CombatSettings().marks_for(None)
    assert CombatSettings(ring_out_marks="always").marks_for("hard")
    assert not CombatSettings(ring_out_marks="never").marks_for("easy")


@async_test
async def test_the_marks_show_against_easy_and_follow_the_setting(home: Any) -> None:
    # RED's J♥ at 7 takes BLACK's A, then BLACK's 10: open. The Q♦ at 9 takes nothing that a 10 fits.
    r = make("3S 4S JS / 9C KD 2H / JH 6H QD", red_hand="5H 6D")
    app = combat_app(match_of(r), opponent=Opponent.EASY)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = fight(app)
        assert screen.model.open_to_ring_out() == {7}
        assert "danger" in screen_text(app)
        app.apply_settings(app.settings.with_section(CombatSettings(ring_out_marks="never")))
        await pilot.pause()
        assert "danger" not in screen_text(app)


# --- 12. learning the game -------------------------------------------------------------------------


def test_the_help_opens_on_a_first_fight_page_with_the_three_tips() -> None:
    first, *rest = COMBAT_HELP.parts()
    assert first.startswith("# Combat Club: your first fight")
    assert "How to read the screen" in first and "How a turn goes" in first
    assert "two-play ring out" in first
    assert "A counter buys a turn with no counter risk" in first
    assert "Cover your ADVANTAGE cards before ending the turn" in first
    assert rest and rest[0].startswith("# Combat Club: how to play")  # then the whole rules
    assert len(first.splitlines()) < len(rest[0].splitlines()) // 3  # short
