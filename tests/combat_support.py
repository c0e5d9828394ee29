"""Helpers for building Combat Club rounds by hand in tests, and what several test modules share:
the example position of the notation and a strategy for the rules of a match."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from clubfight.combat.engine import (
    ALL_CARDS,
    BLACK_DECK,
    RED_DECK,
    Action,
    Attack,
    Card,
    Colour,
    IllegalActionError,
    Juggle,
    Round,
    Rules,
    Style,
    parse_action,
)
from clubfight.combat.game import Match
from clubfight.common.shuffle import SplitMix64

RED, BLACK = Colour.RED, Colour.BLACK

EXAMPLE_GRID = "5S AS QS / 9S KH KD / 6H 6D 7H"
"""The text's first picture with RED's King in the centre: BLACK's 5 A Q / 9 K K / RED's 6 6 7."""


def card(text: str) -> Card:
    return Card.parse(text)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in text.split())


def grid(text: str) -> list[tuple[Card, ...]]:
    """Rows split by ``/``, places by spaces, a stack's cards (bottom first) by commas: ``AS,2S``."""
    stacks = [tuple(Card.parse(t) for t in cell.split(",")) for row in text.split("/") for cell in row.split()]
    assert len(stacks) == 9, text
    return stacks


def make(
    grid_text: str,
    *,
    red_hand: str = "",
    black_hand: str = "",
    advantage: str = "",
    red_deck: str | None = None,
    black_deck: str | None = None,
    attacker: Colour = RED,
    **fields: Any,
) -> Round:
    """A round in the ATTACK phase; decks default to every card of that colour not placed elsewhere."""
    stacks = grid(grid_text)
    used = {c for s in stacks for c in s} | set(cards(red_hand)) | set(cards(black_hand)) | set(cards(advantage))
    rd = cards(red_deck) if red_deck is not None else tuple(c for c in RED_DECK if c not in used)
    bd = cards(black_deck) if black_deck is not None else tuple(c for c in BLACK_DECK if c not in used)
    fields.setdefault("first_defender", attacker.other)
    return Round(
        stacks, rd, bd, cards(red_hand), cards(black_hand), advantage=cards(advantage), attacker=attacker, **fields
    )


def act(text: str) -> Action:
    return parse_action(text)


def attack(text: str) -> Attack:
    action = parse_action(text)
    assert isinstance(action, Attack)
    return action


def play(r: Round, *texts: str) -> Round:
    for text in texts:
        r = r.play(parse_action(text))
    return r


def refused(r: Round, text: str, ruling: str) -> IllegalActionError:
    """The action is not listed, explain names ``ruling``, and play raises the same error."""
    action = parse_action(text)
    assert action not in r.legal_actions()
    error = r.explain(action)
    assert error is not None
    assert error.ruling == ruling, str(error)
    try:
        r.play(action)
    except IllegalActionError as raised:
        assert str(raised) == str(error)
    else:
        raise AssertionError(f"{text} was played")
    return error


def all_cards(r: Round) -> list[Card]:
    found = [c for s in r.stacks for c in s]
    for colour in (RED, BLACK):
        found += [*r.deck(colour), *r.hand(colour)]
    return found + list(r.advantage)


def accounted(r: Round) -> bool:
    return sorted(all_cards(r)) == sorted(ALL_CARDS)


def finish_round(match: Match, rng: SplitMix64) -> Match:
    """Random legal actions, plays preferred, until the current round is over."""
    while not match.current.is_over:
        actions = match.current.legal_actions()
        attacks = [a for a in actions if isinstance(a, Attack)]
        pool = attacks if attacks and rng.below(4) else actions
        match = match.play(pool[rng.below(len(pool))])
    return match


def finish_match(match: Match, rng: SplitMix64) -> Match:
    """Random rounds until a colour has the round wins the match needs (M1)."""
    while True:
        match = finish_round(match, rng)
        if match.is_over:
            return match
        match = match.next_round()


NOTATION_EXAMPLE: dict[str, Any] = {
    "stacks": [
        ["5S"],
        ["AS", "AC", "2S", "3C"],
        ["QS"],
        ["9S"],
        ["KH", "9H"],
        ["KD"],
        ["6H"],
        ["6D", "7S", "8H"],
        ["7H"],
    ],
    "attacker": "red",
    "hand": ["9D", "2H", "3D"],
    "advantage": [],
    "defender_hand": ["JS"],
    "scores": {"red": 4, "black": 6},
    "first_play": False,
    "punish_place": 8,
}
"""The position of the example in docs/combat-notation.md, as JSON."""


_styles = st.sampled_from([None, *Style])
rules_strategy = st.builds(
    Rules,
    red_style=_styles,
    black_style=_styles,
    juggle=st.sampled_from(list(Juggle)),
    rounds=st.sampled_from([1, 3, 5]),
    survival=st.booleans(),
)
"""Any rules of a match: each colour's style or none, the juggle, 1, 3 or 5 rounds, survival or not."""
