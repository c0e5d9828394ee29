"""The engine's API for UIs: refusals as fields, the sizes and inputs a widget needs, move masks,
variants, and a one-way import between notation and position."""

from __future__ import annotations

import ast
import pickle

import pytest

from clubfight.club_fight.engine import (
    GRID_SIZE,
    HAND_SIZE,
    MAX_TURNS,
    VARIANT_NAMES,
    Action,
    ActionInput,
    Card,
    IllegalMoveError,
    Level,
    Move,
    NotationError,
    Suit,
    Variant,
    deal,
    parse_position,
)
from support import ROOT

POSITION = "KH 9S 2D 8S 8H 9H 5H 10D QD | 7C AC 3C 6C | JD | 9C"


def test_explain_names_the_ruling_in_fields_and_keeps_the_message() -> None:
    position = parse_position(POSITION)
    move = Move(Card.parse("7C"), Action.SUM, frozenset({3}))  # the 2D alone is not 7
    error = position.explain(move)
    assert error is not None
    assert (error.ruling, error.reason, error.move) == ("S1", "the cards add up to 2, not 7", "7C sum 3")
    assert str(error) == "7C sum 3: the cards add up to 2, not 7 (S1)"
    assert position.explain(position.legal_moves()[0]) is None
    again = pickle.loads(pickle.dumps(error))
    assert (str(again), again.ruling, again.reason) == (str(error), error.ruling, error.reason)


def test_a_refusal_without_a_ruling() -> None:
    position = parse_position(POSITION)
    error = position.explain(Move(Card.parse("KC"), Action.ANY, frozenset({1})))
    assert error is not None and error.ruling is None and error.reason == "KC is not in your hand"
    assert str(error) == "KC any 1: KC is not in your hand"


@pytest.mark.parametrize(
    ("text", "ruling"),
    [("AC up", "U1"), ("AC down", "U1"), ("3C up", "U1"), ("6C match", "T1"), ("3C sum 3", "S1"), ("7C any 1 2", None)],
)
def test_parse_move_refusals_carry_their_ruling(text: str, ruling: str | None) -> None:
    position = parse_position(POSITION)
    with pytest.raises((IllegalMoveError, NotationError)) as caught:
        position.parse_move(text)
    if ruling is None:
        assert isinstance(caught.value, NotationError)
    else:
        assert isinstance(caught.value, IllegalMoveError) and caught.value.ruling == ruling
        assert str(caught.value).startswith(f"{text}: ") and str(caught.value).endswith(f"({ruling})")


def test_sizes_and_action_inputs() -> None:
    assert (GRID_SIZE, HAND_SIZE, MAX_TURNS) == (9, 4, 13)
    assert {a for a in Action if a.input is ActionInput.CARDS} == {Action.SUM, Action.RUN, Action.ANY}
    assert Action.LINE.input is ActionInput.LINE and Action.UPDOWN.input is ActionInput.DIRECTION
    assert Action.MATCH.input is ActionInput.NONE and Action.ALLCLEAR.input is ActionInput.CLUBS


def test_move_mask_and_position_masks_share_a_layout() -> None:
    position = deal(Level.HARD, 5)
    for move in position.legal_moves():
        assert move.mask == sum(1 << (p - 1) for p in move.cleared)
    for suit in (Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS, None):
        expected = sum(1 << i for i, card in enumerate(position.grid) if card is not None and card.suit is suit)
        assert position.mask(suit) == expected
    assert Move(Card.parse("2C"), Action.ANY, frozenset({0, 10})).mask == 0  # off-grid places: explain refuses them


def test_variant_text_is_stable() -> None:
    assert VARIANT_NAMES == ("all-clear",)
    assert Variant.ALL_CLEAR.names == ("all-clear",) and Variant.NONE.names == ()
    assert (str(Variant.ALL_CLEAR), str(Variant.NONE)) == ("all-clear", "none")
    assert Variant.from_names(["all-clear", "all-clear"]) is Variant.ALL_CLEAR
    assert Variant.from_names([]) is Variant.NONE
    with pytest.raises(NotationError, match="unknown variant"):
        Variant.from_names(["allclear"])


ENGINE = ROOT / "src" / "clubfight" / "club_fight" / "engine"


def imports_of(name: str) -> set[str]:
    tree = ast.parse((ENGINE / name).read_text(encoding="utf-8"))
    return {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.level == 1}


def test_notation_builds_on_position_and_never_the_reverse() -> None:
    assert "position" in imports_of("notation.py")
    assert "notation" not in imports_of("position.py")
    assert "._check" not in (ENGINE / "notation.py").read_text(encoding="utf-8")


def test_blocks_after_clearing_are_judged_before_the_refill() -> None:
    """What a player can know of a move's blocks: the grid with its cards gone, the deck unseen."""
    position = parse_position("2H 3H 4H 5S 6S 7S 8D 9D 10D | 5C AC 3C 6C | 6H 7H 8H | 9C")
    blocks = {b.action: b.count for b in position.blocks()}
    assert blocks == {Action.RUN: 3, Action.UPDOWN: 3, Action.LINE: 3}
    any_heart = next(m for m in position.legal_moves() if m.action is Action.ANY and m.cleared == {1})
    # The refill brings 6♥ to place 1, so after play() Run is blocked again; before the refill it is lifted.
    assert Action.RUN in position.play(any_heart).blocked_actions()
    assert {b.action for b in position.blocks_after_clearing(any_heart)} == {Action.UPDOWN, Action.LINE}
    everything = [m for m in position.legal_moves() if len(m.cleared) == 9]
    assert all(position.blocks_after_clearing(m) == () for m in everything)
