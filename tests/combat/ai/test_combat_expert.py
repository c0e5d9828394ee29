"""Expert: what the round's history tells a seat (deck bottoms, answers to its unsafe plays), worlds
that agree with it, the value model, and no peeking through the history either."""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from clubfight.combat.ai import EXPERT, Opponent, choose, observe
from clubfight.combat.ai.expert import expert
from clubfight.combat.ai.inference import (
    Clues,
    HandBelief,
    deal_world,
    hand_belief,
    public_events,
    read_clues,
)
from clubfight.combat.ai.value import FEATURES, features, win_chance
from clubfight.combat.ai.value_weights import WEIGHTS
from clubfight.combat.engine import (
    MAX_SEED,
    Attack,
    Card,
    Colour,
    Counter,
    Decline,
    Phase,
    Round,
    Rules,
    Style,
    card_fits,
    deal,
)
from clubfight.common.shuffle import SplitMix64
from combat_ai_support import DRAWS, hidden_swapped, random_history
from combat_support import BLACK, RED, accounted, card, make


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, MAX_SEED),
    style=st.sampled_from([None, Style.NINJUTSU, Style.WUSHU, Style.MMA]),
    walk=st.integers(0, 2**32),
    steps=st.integers(0, 80),
)
def test_clues_are_true_bottoms_and_the_true_hand_fits_the_answers(
    seed: int, style: Style | None, walk: int, steps: int
) -> None:
    history, r = random_history(seed, Rules(red_style=style, black_style=style), walk, steps)
    if r.is_over:
        return
    seat = r.to_act
    assert seat is not None
    clues = read_clues(history, r, seat)
    for colour in Colour:
        deck, bottom = r.deck(colour), clues.bottom(colour)
        assert deck[len(deck) - len(bottom) :] == bottom
    belief = hand_belief(observe(r, seat), clues, SplitMix64(1), 0.1)
    if belief is not None:
        assert tuple(sorted(r.hand(seat.other))) in {tuple(sorted(h)) for h in belief.hands}


def test_returned_advantage_is_known_at_the_bottom_of_its_owners_deck() -> None:
    # RED ends its turn with BLACK's 4S and 8S unused in its ADVANTAGE: they go under BLACK's deck (T4).
    r = make("5S AS QS / 9S KH KD / 6H 6D 7H", red_hand="2H", advantage="4S 8S", black_hand="", attacker=RED)
    after = r.play(r.legal_actions()[-1])  # end
    clues = read_clues([r], after, BLACK)
    assert clues.bottom(BLACK)[-2:] == (card("8S"), card("4S"))
    assert after.deck(BLACK)[-2:] == (card("8S"), card("4S"))


def stood(black_hand: str) -> tuple[list[Round], Round]:
    """RED's 5H onto BLACK's 5S, let stand: with the 6S (it fits) the engine opens a window that BLACK
    declines; with the 2S (nothing fits) it opens none. The table shows RED the same either way."""
    r = make("5S AS QS / 9S KH KD / 6H 6D 7H", red_hand="5H 2H", black_hand=black_hand, attacker=RED)
    after = r.play(Attack((card("5H"),), 1))
    if after.phase is Phase.COUNTER:
        return [r, after], after.play(Decline())
    return [r], after


def weights(belief: HandBelief) -> dict[tuple[Card, ...], float]:
    shares = [b - a for a, b in pairwise((0.0, *belief.cumulative))]
    return dict(zip(belief.hands, shares, strict=True))


def test_a_play_that_stood_tells_the_same_whether_a_window_opened_or_not() -> None:
    """Expert learns from an unsafe play that stood only that it stood: whether the engine opened a
    window (which it does only when a counter exists) is what a human attacker can't see."""
    beliefs = []
    for hand in ("6S", "2S"):
        history, after = stood(hand)
        assert after.phase is Phase.ATTACK
        clues = read_clues(history, after, RED)
        assert len(clues.answers) == 1
        belief = hand_belief(observe(after, RED), clues, SplitMix64(3), 0.1)
        assert belief is not None
        beliefs.append(weights(belief))
    assert beliefs[0] == beliefs[1]


def test_a_play_that_stood_makes_fitting_hands_unlikely_but_possible() -> None:
    history, after = stood("2S")
    belief = hand_belief(observe(after, RED), read_clues(history, after, RED), SplitMix64(3), 0.1)
    assert belief is not None
    share = weights(belief)
    top = card("5H")
    fitting = [hand for hand in share if any(card_fits(c, top, BLACK) for c in hand)]
    other = [hand for hand in share if hand not in fitting]
    assert fitting and other and (card("6S"),) in share
    assert max(share[h] for h in fitting) < min(share[h] for h in other)
    for seed in range(20):
        world = deal_world(observe(after, RED), read_clues(history, after, RED), belief, SplitMix64(seed))
        assert accounted(world)


def test_no_history_means_no_clues() -> None:
    r = make("5S AS QS / 9S KH KD / 6H 6D 7H", red_hand="5H 2H", black_hand="2S", attacker=RED)
    clues = read_clues([], r, RED)
    assert clues == Clues(RED, ((), ()), ())
    assert hand_belief(observe(r, RED), clues, SplitMix64(1), 0.1) is None


@settings(max_examples=8, deadline=None)
@given(
    seed=st.integers(0, MAX_SEED),
    walk=st.integers(0, 2**32),
    steps=st.integers(0, 40),
    ai_seed=st.integers(0, MAX_SEED),
    shuffle_seed=st.integers(0, 2**32),
)
def test_no_peeking_expert_through_the_history(
    seed: int, walk: int, steps: int, ai_seed: int, shuffle_seed: int
) -> None:
    """Every position of the history and the events in it re-dealt where the seat is blind: the same
    decision."""
    history, r = random_history(seed, Rules(), walk, steps)
    if r.is_over:
        return
    seat = r.to_act
    assert seat is not None
    rng = SplitMix64(shuffle_seed)
    decision = choose(r, Opponent.EXPERT, seed=ai_seed, history=history)
    twin_history = [hidden_swapped(h, seat, rng) for h in history]
    twin = hidden_swapped(r, seat, rng)
    assert choose(twin, Opponent.EXPERT, seed=ai_seed, history=twin_history) == decision


def test_public_events_count_the_other_sides_draws_without_naming_them() -> None:
    r = deal(12)
    while r.phase is Phase.SETUP:
        r = r.play(r.legal_actions()[0])
    seen = public_events(r, RED)
    draws = [e for e in seen if e.kind in DRAWS and e.colour is BLACK]
    assert draws and all(e.cards == () and e.count > 0 for e in draws)


def test_expert_takes_a_safe_ring_out_and_counters() -> None:
    r = make("5S,9H AS QS / 9S KH KD / 6H 6D 7H", red_hand="10H 2H", black_hand="3S", attacker=RED)
    assert choose(r, Opponent.EXPERT, seed=1) == Attack((card("10H"),), 1)
    pending = make("5S AS QS / 9S KH KD / 6H 6D 7H", red_hand="6D", black_hand="7S", attacker=BLACK)
    after = pending.play(Attack((card("7S"),), 8))
    assert isinstance(choose(after, Opponent.EXPERT, seed=2), Counter)


def test_the_flat_and_tree_searches_both_give_legal_actions() -> None:
    r = deal(31)
    history: list[Round] = []
    for flat in (True, False):
        s = replace(EXPERT, tree=not flat, iterations=40, search=replace(EXPERT.search, playouts=40))
        while r.phase is Phase.SETUP:
            history.append(r)
            r = r.play(choose(r, Opponent.NORMAL, seed=1))
        seat = r.to_act
        assert seat is not None
        action = expert(observe(r, seat), seat, SplitMix64(5), read_clues(history, r, seat), s)
        assert r.is_legal(action)


def test_the_value_model_reads_both_sides_alike() -> None:
    assert len(WEIGHTS) == len(FEATURES)
    r = make("5S,9H AS QS / 9S KH KD / 6H 6D 7H", red_hand="10H 2H", black_hand="3S", attacker=RED, red_score=12)
    assert len(features(r, RED)) == len(FEATURES)
    red, black = win_chance(r, RED), win_chance(r, BLACK)
    assert 0.0 < black < 0.5 < red < 1.0  # RED leads, attacks, and holds a 10 over a ring-out base
    assert abs(red + black - 1.0) < 0.05


def test_a_ring_out_threat_is_worth_something_to_the_value_model() -> None:
    base = make("5S,9H AS QS / 9S KH KD / 6H 6D 7H", red_hand="10H 2H", black_hand="3S", attacker=RED)
    no_ten = make("5S,9H AS QS / 9S KH KD / 6H 6D 7H", red_hand="3H 2H", black_hand="3S", attacker=RED)
    assert win_chance(base, RED) > win_chance(no_ten, RED)


def test_bottom_cards_stay_at_the_bottom_of_every_world() -> None:
    r = make("5S AS QS / 9S KH KD / 6H 6D 7H", red_hand="2H", advantage="4S 8S", black_hand="", attacker=RED)
    after = r.play(r.legal_actions()[-1])
    seat = after.to_act
    assert seat is not None
    clues = read_clues([r], after, seat)
    bottom: tuple[Card, ...] = clues.bottom(BLACK)
    assert bottom
    for seed in range(10):
        world = deal_world(observe(after, seat), clues, None, SplitMix64(seed))
        assert world.deck(BLACK)[-len(bottom) :] == bottom and accounted(world)


def test_expert_is_offered_wherever_a_level_is_chosen() -> None:
    from clubfight.combat.ai import LEVELS
    from clubfight.combat.ai.players import PLAYERS
    from clubfight.combat.cli.bench import LEVEL_NAMES
    from clubfight.combat.game import OPPONENTS
    from clubfight.combat.names import OPPONENTS as COMBAT_OPPONENTS
    from clubfight.combat.tui.start_screen import OPPONENTS as SCREEN_OPPONENTS

    assert "expert" in LEVELS
    assert tuple(COMBAT_OPPONENTS) == LEVELS == OPPONENTS
    assert set(LEVEL_NAMES) == set(PLAYERS)
    assert [level.value for level in SCREEN_OPPONENTS if level is not None] == list(LEVELS)


def test_the_history_twins_differ_where_the_seat_is_blind() -> None:
    """The history test is only worth something if its twins really hide other cards: the other
    side's drawn cards in the events and its hand and deck in the positions are dealt afresh."""
    history, r = random_history(7, Rules(), 3, 30)
    seat = r.to_act
    assert seat is not None and len(history) > 10
    rng = SplitMix64(5)
    twins = [hidden_swapped(h, seat, rng) for h in history]
    drawn = [e.cards for h in history for e in h.events if e.kind in DRAWS and e.colour is not seat]
    twin_drawn = [e.cards for h in twins for e in h.events if e.kind in DRAWS and e.colour is not seat]
    assert drawn and drawn != twin_drawn
    assert any(h.hand(seat.other) != t.hand(seat.other) for h, t in zip(history, twins, strict=True))
    assert all(observe(h, seat) == observe(t, seat) for h, t in zip(history, twins, strict=True))
