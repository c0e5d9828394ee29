"""The Combat Club computer: no peeking, legal actions in every phase, determinism, and its greedy
judgement agreeing with the engine."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clubfight.combat.ai import Opponent, choose, determinize, observe
from clubfight.combat.ai.greedy import CounterOdds, judge
from clubfight.combat.engine import (
    MAX_SEED,
    Action,
    Arrange,
    Attack,
    Counter,
    Decline,
    EndTurn,
    Juggle,
    Phase,
    Round,
    Rules,
    Style,
    card_fits,
    deal,
)
from clubfight.common.shuffle import SplitMix64
from combat_ai_support import permuted
from combat_support import BLACK, RED, accounted, card, make
from support import ROOT, absolute_imports, ui_libraries_loaded

AI_DIR = ROOT / "src" / "clubfight" / "combat" / "ai"
PHASES = [Phase.SETUP, Phase.ATTACK, Phase.COUNTER]
styles = st.sampled_from([None, *Style])
rules_strategy = st.builds(Rules, red_style=styles, black_style=styles, juggle=st.sampled_from(list(Juggle)))


def random_position(seed: int, rules: Rules, walk: int, phase: Phase, steps: int) -> Round | None:
    """A round reached by random legal play, stopped at the first ``phase`` after ``steps`` actions
    (SETUP: RED's or BLACK's arrangement); None if the round ends first."""
    rng = SplitMix64(walk)
    r = deal(seed, rules)
    if phase is Phase.SETUP:
        return r if steps % 2 == 0 else r.play(r.legal_actions()[rng.below(24)])
    for count in range(2000):
        if r.is_over:
            return None
        if count >= steps and r.phase is phase:
            return r
        actions = r.legal_actions()
        attacks = [a for a in actions if isinstance(a, Attack)]
        # Mostly plays, and mostly declines, so that rounds run long and counter windows open.
        if attacks and rng.below(6):
            r = r.play(attacks[rng.below(len(attacks))])
        elif Decline() in actions and rng.below(3):
            r = r.play(Decline())
        else:
            r = r.play(actions[rng.below(len(actions))])
    return None


def check_no_peeking(r: Round, level: Opponent, seed: int, shuffle_seed: int) -> None:
    seat = r.to_act
    assert seat is not None
    rng = SplitMix64(shuffle_seed)
    twins = [permuted(r, seat, rng) for _ in range(2)]
    for twin in twins:
        assert accounted(twin)
        assert twin.hand(seat) == r.hand(seat) and len(twin.hand(seat.other)) == len(r.hand(seat.other))
        if r.phase is not Phase.SETUP:
            assert twin.legal_actions() == r.legal_actions()
    decision = choose(r, level, seed=seed)
    assert [choose(twin, level, seed=seed) for twin in twins] == [decision, decision]


@given(
    seed=st.integers(0, MAX_SEED),
    rules=rules_strategy,
    walk=st.integers(0, 2**32),
    phase=st.sampled_from(PHASES),
    steps=st.integers(0, 40),
    ai_seed=st.integers(0, MAX_SEED),
    shuffle_seed=st.integers(0, 2**32),
    level=st.sampled_from([Opponent.EASY, Opponent.NORMAL]),
)
def test_no_peeking_easy_and_normal(
    seed: int, rules: Rules, walk: int, phase: Phase, steps: int, ai_seed: int, shuffle_seed: int, level: Opponent
) -> None:
    r = random_position(seed, rules, walk, phase, steps)
    if r is not None:
        check_no_peeking(r, level, ai_seed, shuffle_seed)


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, MAX_SEED),
    walk=st.integers(0, 2**32),
    phase=st.sampled_from(PHASES),
    steps=st.integers(0, 30),
    ai_seed=st.integers(0, MAX_SEED),
    shuffle_seed=st.integers(0, 2**32),
    level=st.sampled_from([Opponent.HARD, Opponent.EXPERT]),
)
def test_no_peeking_hard_and_expert(
    seed: int, walk: int, phase: Phase, steps: int, ai_seed: int, shuffle_seed: int, level: Opponent
) -> None:
    """Expert reads the round's history too: tests/combat/test_expert.py re-deals that as well."""
    r = random_position(seed, Rules(), walk, phase, steps)
    if r is not None:
        check_no_peeking(r, level, ai_seed, shuffle_seed)


def test_the_permutation_changes_what_is_hidden() -> None:
    """The no-peeking test is only worth something if its twins really differ where the seat is blind."""
    r = random_position(11, Rules(), 3, Phase.ATTACK, 6)
    assert r is not None
    seat = r.attacker
    twin = permuted(r, seat, SplitMix64(1))
    assert twin.hand(seat.other) != r.hand(seat.other) or twin.deck(seat.other) != r.deck(seat.other)
    assert twin.deck(seat) != r.deck(seat)
    assert observe(twin, seat) == observe(r, seat)


def test_a_peeking_ai_would_be_caught() -> None:
    """A decision that reads the other hand differs between twins: the check above can fail."""

    def peeking(r: Round) -> Action:
        actions = r.legal_actions()
        return actions[sum(c.rank for c in r.hand(r.attacker.other)) % len(actions)]

    caught = 0
    for walk in range(20):
        r = random_position(5, Rules(), walk, Phase.ATTACK, 8)
        if r is None or len(r.legal_actions()) < 3:
            continue
        twin = permuted(r, r.attacker, SplitMix64(walk))
        caught += peeking(r) != peeking(twin)
    assert caught > 0


def test_observe_keeps_what_is_public_and_nothing_else() -> None:
    r = random_position(21, Rules(), 9, Phase.ATTACK, 10)
    assert r is not None
    seat = r.attacker
    view = observe(r, seat)
    assert view.stacks == r.stacks and view.scores == r.scores and view.advantage == r.advantage
    assert view.hand(seat) == r.hand(seat)
    for colour in (RED, BLACK):
        assert len(view.deck(colour)) == len(r.deck(colour)) and len(view.hand(colour)) == len(r.hand(colour))
    assert view.deck(seat) == tuple(sorted(r.deck(seat)))
    assert view.rng_state == 0 and view.events == ()
    world = determinize(view, seat, SplitMix64(4))
    assert accounted(world) and world.hand(seat) == r.hand(seat)
    assert sorted(world.hand(seat.other) + world.deck(seat.other)) == sorted(r.hand(seat.other) + r.deck(seat.other))


def play_through(seed: int, rules: Rules, red: Opponent, black: Opponent) -> set[Phase]:
    """Play a round with the AI on both sides, checking each action is listed; the phases met."""
    rng = SplitMix64(seed)
    r = deal(seed, rules)
    met = set()
    for _ in range(500):
        if r.is_over:
            return met
        met.add(r.phase)
        seat = r.to_act
        assert seat is not None
        action = choose(r, red if seat is RED else black, seed=rng.next())
        assert action in r.legal_actions(), (str(r), action)
        r = r.play(action)
    raise AssertionError("the round did not end")


@given(seed=st.integers(0, MAX_SEED), rules=rules_strategy, level=st.sampled_from([Opponent.EASY, Opponent.NORMAL]))
def test_easy_and_normal_always_choose_a_legal_action(seed: int, rules: Rules, level: Opponent) -> None:
    play_through(seed, rules, level, Opponent.EASY if level is Opponent.NORMAL else Opponent.NORMAL)


@pytest.mark.parametrize(
    ("seed", "rules"),
    [
        (1, Rules()),
        (2, Rules(red_style=Style.WUSHU, black_style=Style.NINJUTSU)),
        (3, Rules(red_style=Style.NINJUTSU, black_style=Style.WUSHU, juggle=Juggle.BOTH)),
    ],
)
def test_hard_always_chooses_a_legal_action(seed: int, rules: Rules) -> None:
    # Hard is BLACK in the plain round, RED (WUSHU, then NINJUTSU) in the others.
    met = (
        play_through(seed, rules, Opponent.EASY, Opponent.HARD)
        if seed == 1
        else play_through(seed, rules, Opponent.HARD, Opponent.EASY)
    )
    assert {Phase.SETUP, Phase.ATTACK} <= met
    if rules.red_style is not None:
        assert Phase.DRAW in met


def test_every_level_handles_every_phase() -> None:
    """Counter windows and WUSHU/NINJUTSU draws do come up, and each level answers them legally."""
    seen: dict[Phase, int] = {}
    for seed in range(40):
        rules = Rules(red_style=Style.WUSHU, black_style=Style.NINJUTSU)
        r = random_position(seed, rules, seed, PHASES[seed % 3], seed % 7)
        while r is not None and not r.is_over and r.phase not in (Phase.COUNTER, Phase.DRAW, Phase.SETUP):
            r = r.play(r.legal_actions()[0])
        if r is None or r.is_over:
            continue
        seen[r.phase] = seen.get(r.phase, 0) + 1
        for level in (Opponent.EASY, Opponent.NORMAL) if seed % 4 else Opponent:
            assert r.is_legal(choose(r, level, seed=seed))
    assert seen.get(Phase.COUNTER, 0) and seen.get(Phase.DRAW, 0) and seen.get(Phase.SETUP, 0)


@pytest.mark.parametrize("level", list(Opponent))
def test_same_seed_same_decision(level: Opponent) -> None:
    decisions = []
    for walk in range(4):
        r = random_position(8, Rules(), walk, PHASES[walk % 3], 5)
        assert r is not None
        first = choose(r, level, seed=99)
        assert choose(r, level, seed=99) == first
        assert choose(Round(**r.fields()), level, seed=99) == first
        decisions.append(first)
    assert all(isinstance(d, (Arrange, Attack, EndTurn, Counter, Decline)) for d in decisions)


def test_the_seed_is_what_makes_easy_vary() -> None:
    r = deal(3)
    assert len({choose(r, Opponent.EASY, seed=s) for s in range(20)}) > 1
    assert len({choose(r, Opponent.NORMAL, seed=s) for s in range(20)}) <= 24


def test_choose_refuses_a_finished_round() -> None:
    r = deal(4)
    while not r.is_over:
        r = r.play(choose(r, Opponent.NORMAL))
    with pytest.raises(ValueError, match="over"):
        choose(r, Opponent.NORMAL)


@given(seed=st.integers(0, MAX_SEED), rules=rules_strategy, walk=st.integers(0, 2**32), steps=st.integers(0, 40))
def test_greedy_points_wins_and_safety_agree_with_the_engine(seed: int, rules: Rules, walk: int, steps: int) -> None:
    r = random_position(seed, rules, walk, Phase.ATTACK, steps)
    if r is None:
        return
    judged = judge(r)
    assert [j.attack for j in judged] == [a for a in r.legal_actions() if isinstance(a, Attack)]
    for j in judged:
        assert j.points == r.points_of(j.attack).total
        assert j.wins == bool(r.wins_of(j.attack))
        assert j.safe == r.is_safe(j.attack)
        pool = r.hand(r.defender) + r.deck(r.defender)
        answerable = r.hand(r.defender) and any(card_fits(c, j.attack.top, r.defender) for c in pool)
        assert (j.risk > 0.0) == (not j.safe and bool(answerable))


def test_counter_odds_with_one_card_in_hand_are_the_share_of_fitting_cards() -> None:
    # BLACK holds one card; the 5H RED plays onto BLACK's 5S can be answered by 4, 5, 6, Q and a joker.
    r = make("5S AS QS / 9S KH KD / 6H 6D 7H", red_hand="5H", black_hand="2S", attacker=RED)
    pool = r.hand(BLACK) + r.deck(BLACK)
    fitting = [c for c in pool if c.rank in (4, 5, 6, 12) or c.is_joker]
    risk, points = CounterOdds(r).of(card("5H"))
    assert risk == pytest.approx(len(fitting) / len(pool))
    perfect = sum(1 for c in fitting if c.rank == 5)
    jokers = sum(1 for c in fitting if c.is_joker)
    assert points == pytest.approx((4 * perfect + 2 * (len(fitting) - perfect - jokers)) / len(fitting))


def test_a_countered_defender_is_no_risk() -> None:
    r = make("5S AS QS / 9S KH KD / 6H 6D 7H", red_hand="5H", attacker=RED, countered=True)
    assert all(j.risk == 0.0 for j in judge(r))


def test_normal_takes_a_safe_ring_out_and_hard_too() -> None:
    # RED's 9H tops place 1 in BLACK's front row: the 10H onto it is a safe RING OUT (W2).
    r = make("5S,9H AS QS / 9S KH KD / 6H 6D 7H", red_hand="10H 2H", black_hand="3S", attacker=RED)
    ring_out = Attack((card("10H"),), 1)
    assert r.wins_of(ring_out)
    for level in Opponent:
        assert choose(r, level, seed=1) == ring_out or level is Opponent.EASY


def test_normal_and_hard_counter_when_they_can() -> None:
    pending = make("5S AS QS / 9S KH KD / 6H 6D 7H", red_hand="6D", black_hand="7S", attacker=BLACK)
    play = Attack((card("7S"),), 8)
    after = pending.play(play)
    assert after.phase is Phase.COUNTER
    for level in Opponent:
        assert isinstance(choose(after, level, seed=2), Counter)


def test_the_ai_package_is_pure() -> None:
    """No I/O, clock, ``random`` or UI in the AI itself (the bench harness aside), and from the rest
    of the project only the Combat engine and the shared SplitMix64."""
    forbidden = {"random", "os", "io", "pathlib", "time", "datetime", "textual", "rich", "secrets", "sys"}
    sources = sorted(p for p in AI_DIR.glob("*.py") if p.name != "bench.py")
    assert len(sources) >= 5
    for source in sources:
        for name in absolute_imports(source):
            assert name.split(".")[0] not in forbidden, f"{source.name} imports {name}"
            if name.startswith("clubfight"):
                assert name == "clubfight.common.shuffle" or name.startswith("clubfight.combat.engine"), name


def test_shift_counts_stacks_taken_and_handed_over() -> None:
    # RED holds 6H; BLACK's 5S (place 1) can be taken, RED's 6D (place 8) stays RED's; the ADVANTAGE's
    # 6S played onto RED's 6H (place 7) hands that stack to BLACK.
    r = make("5S AS QS / 9S KH KD / 6H 6D 7H", red_hand="6H", advantage="6S", attacker=RED)
    shifts = {str(j.attack): j.shift for j in judge(r)}
    assert shifts["6H@1"] == 1 and shifts["6H@8"] == 0 and shifts["6S@7"] == -1 and shifts["6S@1"] == 0


def test_hard_with_successive_halving_is_legal_and_repeatable() -> None:
    from clubfight.combat.ai.search import HARD, SearchSettings, hard

    settings = SearchSettings(playouts=48, halvings=2, candidates=6, weights=HARD.weights)
    for walk in range(3):
        r = random_position(8, Rules(), walk, Phase.ATTACK, 3)
        assert r is not None
        view = observe(r, r.attacker)
        first = hard(view, r.attacker, SplitMix64(walk), settings)
        assert r.is_legal(first)
        assert hard(view, r.attacker, SplitMix64(walk), settings) == first


def test_the_ai_and_its_bench_load_no_ui_library() -> None:
    assert ui_libraries_loaded("clubfight.combat.ai", "clubfight.combat.ai.bench", "clubfight.combat.cli.bench") == ""


def test_hard_keeps_ring_out_setups_among_its_candidates() -> None:
    from clubfight.combat.ai.search import SearchSettings, candidates

    # RED holds 10H and 9H: a 9H on top in BLACK's front row (places 1-3) readies a RING OUT.
    r = make("8S AS QS / 9S KH KD / 6H 6D 7H", red_hand="10H 9H 2D", black_hand="3S", attacker=RED)
    found = candidates(observe(r, RED), SearchSettings(candidates=1, setups=2))
    setups = [a for a in found if isinstance(a, Attack) and a.to in (1, 2, 3) and str(a.top) == "9H"]
    assert setups and found[-1] == EndTurn()
    without = candidates(observe(r, RED), SearchSettings(candidates=1, setups=0))
    assert len(without) == 2
    no_ten = make("8S AS QS / 9S KH KD / 6H 6D 7H", red_hand="8H 9H 2D", black_hand="3S", attacker=RED)
    assert len(candidates(observe(no_ten, RED), SearchSettings(candidates=1, setups=2))) == 2
