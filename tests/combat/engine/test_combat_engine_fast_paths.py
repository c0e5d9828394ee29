"""The engine's fast paths agree with the plain way of doing the same thing.

- ``sequences`` finds the throws of joker-free cards as runs of neighbouring values; the general
  search (which handles jokers) must find the same.
- ``movegen.attacks`` keeps each card set's plays in a memo (from its second sighting on); a
  look-up must give what building them afresh gives, at every sighting, and the memo stays bounded.
- ``Round.is_legal`` finds listed actions by identity; an equal copy must be just as legal and play
  the same, and ending the turn or declining is legal exactly when listed.
- Without juggle, COMBO and RUSH chains compare values directly; the pairwise ``linked`` chains must
  count the same, and the previews must say what the plays then do.
- Cards compare by a small code and sort by a cached key; both must agree with their fields.
- A played round makes its Event values only when they are read; they must be the same ones, and
  equality still ignores only what the last play did.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from clubfight.combat.engine import (
    ALL_CARDS,
    MAX_SEED,
    Action,
    Attack,
    Card,
    Colour,
    Decline,
    EndTurn,
    Event,
    Juggle,
    Phase,
    Round,
    Rules,
    Style,
    Suit,
    deal,
    movegen,
    parse_action,
)
from clubfight.combat.engine.cards import CARD_CODES
from clubfight.combat.engine.plays import (
    ANY_VALUE,
    OPEN_MASKS,
    Sequence,
    fit_mask,
    is_locked,
    searched_throws,
    sequences,
)
from clubfight.combat.engine.scoring import combo_count, linked_combo_count, linked_rush_count, rush_count
from clubfight.common.shuffle import SplitMix64

REAL_CARDS = [c for c in ALL_CARDS if c.suit is not None]
styles = st.sampled_from([None, *Style])
rules_strategy = st.builds(Rules, red_style=styles, black_style=styles, juggle=st.sampled_from(list(Juggle)))


def searched_sequences(cards: tuple[Card, ...]) -> list[Sequence]:
    """``sequences`` as it was before the joker-free path: the general search for every card set."""
    ordered = sorted(set(cards), key=Card.sort_key)
    by_value: list[list[Card]] = [[] for _ in range(15)]
    jokers = [c for c in ordered if c.suit is None]
    for c in ordered:
        if c.suit is not None:
            by_value[c.rank].append(c)
    singles: list[Sequence] = [((c,), 1 << c.rank) for c in ordered if c.suit is not None]
    singles += [((j,), ANY_VALUE) for j in jokers]
    throws = searched_throws(by_value, jokers)
    throws.sort(key=lambda seq: (len(seq[0]), [c.sort_key() for c in seq[0]]))
    return singles + throws


@given(st.lists(st.sampled_from(REAL_CARDS), max_size=12))
def test_joker_free_throws_match_the_general_search(cards: list[Card]) -> None:
    assert sequences(tuple(cards)) == searched_sequences(tuple(cards))


@given(st.lists(st.sampled_from(ALL_CARDS), max_size=9))
def test_sequences_match_the_general_search_with_jokers_too(cards: list[Card]) -> None:
    assert sequences(tuple(cards)) == searched_sequences(tuple(cards))


def built_afresh(stacks: tuple[tuple[Card, ...], ...], cards: tuple[Card, ...], player: Colour) -> list[Attack]:
    """The plays as ``movegen.attacks`` listed them before it kept a memo."""
    found = []
    seqs = searched_sequences(cards)
    for place in range(1, 10):
        top = stacks[place - 1][-1]
        if top.rank == 10 and top.colour is not player:
            continue
        found += [Attack(seq, place) for seq, mask in seqs if mask & fit_mask(top, player)]
    return found


def rounds_in_play(seed: int, rules: Rules, choices: int, limit: int = 60) -> list[Round]:
    """The states of one random round, from the deal, at most ``limit`` actions."""
    rng = SplitMix64(choices)
    r = deal(seed, rules)
    found = []
    for _ in range(limit):
        if r.is_over:
            break
        found.append(r)
        actions = r.legal_actions()
        r = r.play(actions[rng.below(len(actions))])
    return found


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, MAX_SEED), rules=rules_strategy, choices=st.integers(0, 2**32))
def test_memoised_plays_match_plays_built_afresh(seed: int, rules: Rules, choices: int) -> None:
    for r in rounds_in_play(seed, rules, choices):
        if r.phase is not Phase.ATTACK:
            continue
        player = r.attacker
        cards = r.hand(player) + r.advantage
        expected = built_afresh(r.stacks, cards, player)
        movegen.clear_memo()
        for _sighting in range(3):  # first sight, then the cached plays are built, then they are reused
            assert movegen.attacks(r.stacks, cards, player) == expected
        assert r.replace().legal_actions() == [*expected, EndTurn()]


def test_the_memo_is_bounded() -> None:
    cards = REAL_CARDS[:20]
    stacks = ((cards[0],),) * 9
    for k in range(movegen.REPERTOIRE_LIMIT + 10):  # as many card sets, each a new one
        subset = tuple(c for i, c in enumerate(cards) if k >> i & 1)
        movegen.attacks(stacks, (*subset, cards[-1]), cards[0].colour)
        assert len(movegen._REPERTOIRES) <= movegen.REPERTOIRE_LIMIT


def test_clear_memo_forgets_every_card_set() -> None:
    movegen.attacks(((REAL_CARDS[0],),) * 9, tuple(REAL_CARDS[:4]), Colour.RED)
    assert movegen._REPERTOIRES
    movegen.clear_memo()
    assert not movegen._REPERTOIRES


def copy_of(action: Action) -> Action:
    """An equal action that is not the listed object."""
    copy = parse_action(str(action))
    assert copy == action and copy is not action
    return copy


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, MAX_SEED), rules=rules_strategy, choices=st.integers(0, 2**32))
def test_an_equal_copy_of_a_legal_action_is_legal_and_plays_alike(seed: int, rules: Rules, choices: int) -> None:
    rng = SplitMix64(choices ^ 0x5EED)
    for r in rounds_in_play(seed, rules, choices):
        actions = r.legal_actions()
        for action in (actions[rng.below(len(actions))], actions[-1]):
            copy = copy_of(action)
            fresh = r.replace()  # no cached list: the copy is checked against a list built for it
            assert r.is_legal(copy) and fresh.is_legal(copy) and fresh.explain(copy) is None
            played, by_copy = r.play(action), fresh.play(copy)
            assert played == by_copy and played.events == by_copy.events
        for other in (EndTurn(), Decline()):
            assert r.is_legal(other) == (other in actions)


# --- scoring: the joker-free chains, and the previews against the plays themselves ---------------

tops_strategy = st.lists(st.sampled_from(ALL_CARDS), min_size=9, max_size=9).map(tuple)


@given(tops_strategy, st.integers(1, 9), st.booleans())
def test_combo_count_matches_the_pairwise_chain(tops: tuple[Card, ...], place: int, juggle: bool) -> None:
    assert combo_count(tops, place, juggle) == linked_combo_count(tops, place, juggle)


@given(st.lists(st.sampled_from(ALL_CARDS), min_size=1, max_size=12).map(tuple), st.booleans())
def test_rush_count_matches_the_pairwise_chain(stack: tuple[Card, ...], juggle: bool) -> None:
    assert rush_count(stack, juggle) == linked_rush_count(stack, juggle)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, MAX_SEED), rules=rules_strategy, choices=st.integers(0, 2**32))
def test_previews_agree_with_the_plays(seed: int, rules: Rules, choices: int) -> None:
    rng = SplitMix64(choices ^ 0xC0FFEE)
    for r in rounds_in_play(seed, rules, choices):
        if r.phase is not Phase.ATTACK:
            continue
        actions = r.legal_actions()
        for _ in range(3):
            action = actions[rng.below(len(actions) - 1)]  # not the EndTurn at the end
            assert isinstance(action, Attack)
            points, wins = r.points_of(action), r.wins_of(action)
            after = r.play(action)
            play = after.events[0]
            assert play.points == points and play.pending == bool(r.counters_to(action))
            if not play.pending and wins:
                assert after.outcome is not None and after.outcome.winner is r.attacker
                assert set(after.outcome.ways) == wins


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, MAX_SEED), rules=rules_strategy, choices=st.integers(0, 2**32))
def test_previews_in_any_order_match_a_fresh_round(seed: int, rules: Rules, choices: int) -> None:
    """A round keeps the points of the last play previewed: asked of plays in any order, over and
    over, the previews stay those of a round that has previewed nothing."""
    rng = SplitMix64(choices ^ 0xF00D)
    for r in rounds_in_play(seed, rules, choices):
        if r.phase is not Phase.ATTACK:
            continue
        attacks = r.legal_actions()[:-1]
        for _ in range(2 * len(attacks)):
            k = rng.below(len(attacks))
            action, fresh = attacks[k], r.replace()
            fresh_action = fresh.legal_actions()[k]
            assert r.points_of(action) == fresh.points_of(fresh_action)
            assert r.wins_of(action) == fresh.replace().wins_of(fresh_action)
            assert r.counters_to(action) == fresh.replace().counters_to(fresh_action)


# --- cards: equality, order and the per-card tables ---------------------------------------------

SUIT_ORDER = {Suit.HEARTS: 0, Suit.DIAMONDS: 1, Suit.SPADES: 2, Suit.CLUBS: 3}


def written_order(c: Card) -> int:
    """The sort order as ``Card.sort_key`` documents it: suit H D S C, then rank; RJ, then BJ, last."""
    return 64 + (c.colour is Colour.BLACK) if c.suit is None else SUIT_ORDER[c.suit] * 16 + c.rank


def test_cards_compare_hash_and_sort_by_their_fields() -> None:
    copies = [Card(c.rank, c.suit, c.colour) for c in ALL_CARDS]  # equal cards, other objects
    for a in ALL_CARDS:
        assert a.sort_key() == written_order(a) and 0 <= a.code < CARD_CODES
        for b in copies:
            same = (a.rank, a.suit, a.colour) == (b.rank, b.suit, b.colour)
            assert (a == b) is same and (a != b) is not same and (hash(a) == hash(b)) is same
            assert (a < b) is (written_order(a) < written_order(b))
    assert Card.parse("5H") != "5H" and Card.parse("5H") != (5, Suit.HEARTS, Colour.RED)


def test_open_masks_are_the_fit_masks_of_unlocked_stacks() -> None:
    for player in Colour:
        for top in ALL_CARDS:
            expected = 0 if is_locked(top, player) else fit_mask(top, player)
            assert OPEN_MASKS[player][top.code] == expected


# --- a round's events, made on demand, and its equality -------------------------------------------


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, MAX_SEED), rules=rules_strategy, choices=st.integers(0, 2**32))
def test_events_and_equality_survive_a_rebuild(seed: int, rules: Rules, choices: int) -> None:
    for r in rounds_in_play(seed, rules, choices):
        copy = r.replace(passes=r.passes)  # before anything has read the events
        rebuilt = Round(**r.fields())
        assert rebuilt == r and hash(rebuilt) == hash(r)
        assert rebuilt.events == r.events and rebuilt.last_event == r.last_event
        assert copy == r and copy.events == r.events and r.replace(events=()).events == ()
        assert all(isinstance(e, Event) for e in r.events)
        assert r.replace(events=(), last_points=None) == r  # what the last play did is not the state
        assert r.replace(passes=r.passes + 1) != r and r.replace(rng_state=r.rng_state + 1) != r
