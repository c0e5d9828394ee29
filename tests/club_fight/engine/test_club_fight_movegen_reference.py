"""``Position.legal_moves()`` agrees with the naive brute-force generator in tests/reference.py.

Positions come from three sources: real games (random deals and random legal play, so grids with
empty places late in the game, blocks and jokers), arbitrary grids that no deal need produce (many
blocks, both jokers, holes anywhere), and hypothesis. Both levels, with and without All Clear.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from clubfight.club_fight.engine import Card, IllegalMoveError, Level, Move, Position, Variant, deal
from reference import CLUB_CARDS, GRID_CARDS, RefMove, reference_moves

SEEDS = range(120)
RANDOM_GRIDS = 1500


def as_reference(move: Move) -> RefMove:
    return (tuple(str(c) for c in move.clubs_used), move.action.value, move.cleared)


def assert_agrees(position: Position) -> None:
    moves = position.legal_moves()
    engine = [as_reference(m) for m in moves]
    assert len(engine) == len(set(engine)), f"duplicate moves in {position.notation()}"
    assert len(moves) == len(set(moves))
    expected = reference_moves(
        [None if c is None else str(c) for c in position.grid],
        [str(c) for c in position.hand],
        Variant.ALL_CLEAR in position.variant,
    )
    if position.is_over:
        assert engine == []
        return
    missing = expected - set(engine)
    extra = set(engine) - expected
    assert not missing and not extra, f"{position.notation()}: missing {sorted(missing)}, extra {sorted(extra)}"
    for move in moves:
        assert position.is_legal(move), f"{move} listed but refused in {position.notation()}"


def game_positions(rng: random.Random) -> Iterator[Position]:
    """Every position of random games, both levels, with and without All Clear."""
    for seed in SEEDS:
        position = deal(
            rng.choice(list(Level)), rng.randrange(2**64), variant=Variant.ALL_CLEAR if seed % 3 == 0 else Variant.NONE
        )
        yield position
        while not position.is_over:
            position = position.play(rng.choice(position.legal_moves()))
            yield position


def random_positions(rng: random.Random) -> Iterator[Position]:
    """Grids no deal need reach: any cards, holes anywhere, hands of 1 to 4 clubs."""
    pool = [*GRID_CARDS, "JK", "JK"]
    for _ in range(RANDOM_GRIDS):
        empties = rng.choice([0.0, 0.0, 0.2, 0.5, 0.8])
        # Bias some grids towards one suit so that blocks are common.
        suit = rng.choice("HSDx")
        weighted = [c for c in pool if c.endswith(suit)] * 3 + pool
        cards: list[str] = []
        while len(cards) < 9:
            card = rng.choice(weighted)
            if card not in cards or (card == "JK" and cards.count("JK") < 2):
                cards.append(card)
        grid = [None if rng.random() < empties else Card.parse(c) for c in cards]
        if all(c is None for c in grid):
            grid[rng.randrange(9)] = Card.parse(cards[0])
        hand = [Card.parse(c) for c in rng.sample(CLUB_CARDS, rng.randint(1, 4))]
        yield Position(
            grid, hand, (), (), level=Level.HARD, variant=Variant.ALL_CLEAR if rng.random() < 0.4 else Variant.NONE
        )


def test_legal_moves_match_reference_over_real_games() -> None:
    checked = 0
    for position in game_positions(random.Random(20240701)):
        assert_agrees(position)
        checked += 1
    assert checked > 1000


def test_legal_moves_match_reference_on_arbitrary_grids() -> None:
    blocked_seen: set[str] = set()
    for position in random_positions(random.Random(7)):
        assert_agrees(position)
        blocked_seen.update(a.value for a in position.blocked_actions())
    assert blocked_seen == {"line", "updown", "run"}, "the sample should exercise every block"


def test_all_clear_with_four_clubs_in_sequence_gives_two_moves() -> None:
    grid = [Card.parse(c) for c in ("AH", "2H", "JK", "4S", "5S", "6S", "7D", "8D", "9D")]
    hand = [Card.parse(c) for c in ("4C", "3C", "5C", "6C")]
    position = Position(grid, hand, (), (), variant=Variant.ALL_CLEAR)
    assert_agrees(position)
    trios = sorted(tuple(map(str, m.clubs)) for m in position.legal_moves() if m.action.value == "allclear")
    assert trios == [("3C", "4C", "5C"), ("4C", "5C", "6C")]


@st.composite
def positions(draw: st.DrawFn) -> Position:
    cards = draw(st.lists(st.sampled_from([*GRID_CARDS, "JK"]), min_size=9, max_size=9, unique=True))
    holes = draw(st.lists(st.booleans(), min_size=9, max_size=9))
    grid = [None if hole else Card.parse(c) for c, hole in zip(cards, holes, strict=True)]
    hand = draw(st.lists(st.sampled_from(CLUB_CARDS), min_size=1, max_size=4, unique=True))
    return Position(
        grid, [Card.parse(c) for c in hand], (), (), variant=draw(st.sampled_from([Variant.NONE, Variant.ALL_CLEAR]))
    )


@given(positions())
def test_legal_moves_match_reference_hypothesis(position: Position) -> None:
    assert_agrees(position)


def effect(move: Move) -> tuple[tuple[Card, ...], int]:
    return move.clubs_used, move.mask


def assert_clears_agree(position: Position) -> None:
    """``clears()`` lists exactly the effects of ``legal_moves()``, in its order, and ``play_clear``
    of each plays as ``play`` of the move; any other effect is refused."""
    listed: list[tuple[tuple[Card, ...], int]] = []
    for clear in position.clears():
        masks = [clear.match] if clear.match else []
        masks += [*clear.sums, *clear.anys, *(m for _, m in clear.lines), *(m for _, m in clear.updowns), *clear.runs]
        listed += [((clear.club,), mask) for mask in masks]
        longest = max((m.bit_count() for m in clear.runs), default=0)
        assert clear.longest_runs == [m for m in clear.runs if m.bit_count() == longest]
    occupied = sum(position.clears()[0].anys) if position.clears() else 0
    listed += [(trio, occupied) for trio in position.all_clear_trios()]
    moves = position.legal_moves()
    assert listed == [effect(m) for m in moves], position.notation()
    for move in moves:
        played, cleared = position.play(move), position.play_clear(*effect(move))
        assert (played, played.discard, played.turns_played) == (cleared, cleared.discard, cleared.turns_played)
    legal = set(listed)
    rng = random.Random(position.notation())
    for club in position.hand:
        for mask in [0, *rng.sample(range(1, 512), 24)]:
            if ((club,), mask) not in legal:
                with pytest.raises(IllegalMoveError):
                    position.play_clear((club,), mask)
    absent = next(c for c in (Card.parse(t) for t in CLUB_CARDS) if c not in position.hand)
    with pytest.raises(IllegalMoveError):
        position.play_clear((absent,), 1)


def test_clears_and_play_clear_agree_with_legal_moves_over_real_games() -> None:
    checked = 0
    for position in game_positions(random.Random(20261202)):
        assert_clears_agree(position)
        checked += 1
    assert checked > 1000


def test_clears_and_play_clear_agree_with_legal_moves_on_arbitrary_grids() -> None:
    trios = 0
    for position in random_positions(random.Random(11)):
        assert_clears_agree(position)
        trios += len(position.all_clear_trios())
    assert trios > 0, "the sample should exercise All Clear"


def test_play_clear_refuses_a_trio_that_is_not_open() -> None:
    grid = [Card.parse(c) for c in ("AH", "2H", "JK", "4S", "5S", "6S", "7D", "8D", "9D")]
    hand = [Card.parse(c) for c in ("4C", "3C", "5C", "6C")]
    position = Position(grid, hand, (), (), variant=Variant.ALL_CLEAR)
    three, four, five, six = (Card.parse(c) for c in ("3C", "4C", "5C", "6C"))
    assert position.play_clear((three, four, five), 511).is_over
    for trio, mask in (((three, five, six), 511), ((three, four, five), 510)):
        with pytest.raises(IllegalMoveError):
            position.play_clear(trio, mask)
    off = Position(grid, hand, (), ())
    with pytest.raises(IllegalMoveError):
        off.play_clear((three, four, five), 511)


@pytest.mark.parametrize(
    ("clubs", "mask"),
    [(("9C",), None), (("9C",), 1.0), (("9C",), -1), (("9C",), 512), (("9C",), 0), (("9C", "KC"), 1), ((), 1)],
)
def test_play_clear_refuses_what_is_no_turn_with_an_illegal_move_error(clubs: tuple[str, ...], mask: object) -> None:
    position = Position(
        [Card.parse("JK"), Card.parse("2H"), *[None] * 7], [Card.parse(c) for c in ("9C", "KC")], (), ()
    )
    with pytest.raises(IllegalMoveError):
        position.play_clear(tuple(Card.parse(c) for c in clubs), mask)  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError):
        position.play_clear([Card.parse("9C")], 1)  # type: ignore[arg-type]
    assert position.play_clear((Card.parse("9C"),), 1).grid[0] is None  # while the turn itself is fine


def test_play_clear_refuses_every_turn_once_the_game_is_over_or_the_grid_is_empty() -> None:
    trio = tuple(Card.parse(c) for c in ("3C", "4C", "5C"))
    empty = Position([None] * 9, trio, [Card.parse("2H")], (), variant=Variant.ALL_CLEAR)
    assert empty.clears() == () and empty.legal_moves() == []
    for mask in (0, 511):
        with pytest.raises(IllegalMoveError):
            empty.play_clear(trio, mask)
    won = Position([None] * 9, trio, (), (), variant=Variant.ALL_CLEAR)
    with pytest.raises(IllegalMoveError, match="over"):
        won.play_clear((trio[0],), 1)
