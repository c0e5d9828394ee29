"""Random legal play from random seeds and rules: the engine's invariants hold in every state."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from clubfight.combat.engine import (
    ALL_CARDS,
    MAX_SEED,
    Action,
    Arrange,
    Attack,
    Counter,
    Decline,
    Draw,
    EndTurn,
    IllegalActionError,
    Juggle,
    Phase,
    Pick,
    Round,
    Rules,
    Style,
    deal,
    parse_action,
)
from clubfight.common.shuffle import SplitMix64
from combat_support import all_cards

MAX_ACTIONS = 1500
styles = st.sampled_from([None, *Style])
rules_strategy = st.builds(Rules, red_style=styles, black_style=styles, juggle=st.sampled_from(list(Juggle)))


def candidates(r: Round, rng: SplitMix64) -> list[Action]:
    """A few actions of every kind, most of them illegal here."""
    pick = [ALL_CARDS[rng.below(len(ALL_CARDS))] for _ in range(4)]
    found: list[Action] = [EndTurn(), Decline(), Draw(1), Draw(2), Draw(3), Counter(pick[0]), Pick(pick[1])]
    found.append(Attack((pick[2],), 1 + rng.below(9)))
    found.append(Attack((pick[2], pick[3]), 1 + rng.below(9)))
    found.append(Arrange(r.to_act or r.attacker, (pick[0], pick[1], pick[2]), pick[3]))
    return found


@given(seed=st.integers(0, MAX_SEED), rules=rules_strategy, choices=st.integers(0, 2**32))
def test_random_rounds_keep_the_invariants(seed: int, rules: Rules, choices: int) -> None:
    rng = SplitMix64(choices)
    r = deal(seed, rules)
    for _ in range(MAX_ACTIONS):
        assert sorted(all_cards(r)) == sorted(ALL_CARDS)  # every card once
        if r.is_over:
            break
        actions = r.legal_actions()
        assert actions and r.to_act is not None
        assert len(set(actions)) == len(actions)
        assert r.legal_actions() == actions  # cached and stable
        if r.phase is Phase.ATTACK:
            assert any(isinstance(a, Attack) for a in actions)  # a turn with no play ends by itself
        # every listed action round-trips its notation, plays, and is explained as legal
        sample = actions if len(actions) <= 12 else [actions[rng.below(len(actions))] for _ in range(6)]
        for action in sample:
            assert parse_action(str(action)) == action
            assert r.explain(action) is None
            nxt = r.play(action)
            assert nxt.scores[0] >= r.scores[0] and nxt.scores[1] >= r.scores[1]
        # a not-listed action is refused, with the same error by explain and by play
        for action in candidates(r, rng):
            if action in actions:
                continue
            error = r.explain(action)
            assert isinstance(error, IllegalActionError) and error.ruling and error.reason
            try:
                r.play(action)
            except IllegalActionError as raised:
                assert str(raised) == str(error)
            else:
                raise AssertionError(f"{action} played though not listed")
        # prefer plays, so that rounds go deep
        attacks = [a for a in actions if not isinstance(a, EndTurn)]
        choice = attacks[rng.below(len(attacks))] if attacks and rng.below(10) else actions[rng.below(len(actions))]
        before = r.scores
        r = r.play(choice)
        assert r.scores[0] >= before[0] and r.scores[1] >= before[1]
        assert r.events
    else:
        raise AssertionError(f"round {seed} did not end in {MAX_ACTIONS} actions")
    assert r.outcome is not None and r.legal_actions() == []
    assert r.outcome.ways and r.outcome.how is r.outcome.ways[0]
