"""Hypothesis stateful tests: random deals (both levels, with and without All Clear), random legal
play and random illegal attempts, with the engine's invariants checked after every step."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from clubfight.club_fight.engine import (
    CLUBS,
    LINES,
    Action,
    Card,
    IllegalMoveError,
    Level,
    Move,
    Outcome,
    Position,
    Suit,
    Variant,
    deal,
    format_position,
    parse_position,
)
from reference import CLUB_CARDS, GRID_CARDS

DETAILS = [None, "up", "down", *LINES]


def all_cards(position: Position) -> list[Card]:
    places = [c for c in position.grid if c is not None]
    return [*places, *position.hand, *position.grid_deck, *position.clubs_deck, *position.discard]


class Game(RuleBasedStateMachine):
    position: Position
    history: list[Position]

    @initialize(level=st.sampled_from(list(Level)), seed=st.integers(0, 2**64 - 1), all_clear=st.booleans())
    def start(self, level: Level, seed: int, all_clear: bool) -> None:
        self.position = deal(level, seed, variant=Variant.ALL_CLEAR if all_clear else Variant.NONE)
        self.deck = Counter(Card.parse(c) for c in [*GRID_CARDS, *CLUB_CARDS, *["JK"] * level.jokers])
        self.history = [self.position]

    # --- rules -------------------------------------------------------------------------------

    @precondition(lambda self: not self.position.is_over)
    @rule(data=st.data(), turns=st.integers(1, 13))
    def play_listed_moves(self, data: st.DataObject, turns: int) -> None:
        """A few turns in a row, so that most runs reach the end of the game."""
        for _ in range(turns):
            if self.position.is_over:
                break
            self.play_one(data.draw(st.sampled_from(self.position.legal_moves())))

    def play_one(self, move: Move) -> None:
        before = self.position
        after = before.play(move)
        assert after.score == before.score - len(move.cleared)
        assert after.discard[: len(before.discard)] == before.discard
        assert set(after.discard[len(before.discard) :]) == {
            *move.clubs_used,
            *(before.card_at(p) for p in move.cleared),
        }
        assert after.turns_played == before.turns_played + 1
        assert Counter(all_cards(after)) == self.deck
        self.position = after
        self.history.append(after)

    @rule(
        club=st.sampled_from(CLUBS),
        action=st.sampled_from(list(Action)),
        cleared=st.frozensets(st.integers(1, 9)),
        detail=st.sampled_from(DETAILS),
        clubs=st.one_of(st.just(()), st.lists(st.sampled_from(CLUBS), min_size=1, max_size=3, unique=True).map(tuple)),
    )
    def try_any_well_formed_move(
        self, club: object, action: Action, cleared: frozenset[int], detail: str | None, clubs: tuple[object, ...]
    ) -> None:
        move = Move(club, action, cleared, detail, clubs)  # type: ignore[arg-type]
        self.check_verdict(move)

    @precondition(lambda self: not self.position.is_over)
    @rule(data=st.data())
    def try_a_near_miss(self, data: st.DataObject) -> None:
        """A listed move with one thing changed: most are illegal, and must be refused cleanly."""
        move = data.draw(st.sampled_from(self.position.legal_moves()))
        change = data.draw(st.sampled_from(["place", "club", "action", "clubs"]))
        if change == "place":
            place = data.draw(st.integers(1, 9))
            near = Move(move.club, move.action, move.cleared ^ {place}, move.detail, move.clubs)
        elif change == "club":
            near = Move(data.draw(st.sampled_from(CLUBS)), move.action, move.cleared, move.detail, move.clubs)
        elif change == "action":
            near = Move(move.club, data.draw(st.sampled_from(list(Action))), move.cleared, move.detail, move.clubs)
        else:
            near = Move(move.club, move.action, move.cleared, move.detail, (move.club,) if not move.clubs else ())
        self.check_verdict(near)

    def check_verdict(self, move: Move) -> None:
        listed = move in self.position.legal_moves()
        assert self.position.is_legal(move) == listed, move
        if listed:
            self.position.play(move)
        else:
            with pytest.raises(IllegalMoveError) as error:
                self.position.play(move)
            assert str(error.value).strip(), "the refusal must say why"

    # --- invariants ----------------------------------------------------------------------------

    @invariant()
    def every_card_is_in_exactly_one_place(self) -> None:
        assert Counter(all_cards(self.position)) == self.deck

    @invariant()
    def turns_and_clubs_add_up(self) -> None:
        p = self.position
        assert p.turns_played == len(self.history) - 1 <= 13
        clubs_used = sum(1 for c in p.discard if c.suit is Suit.CLUBS)
        assert p.clubs_left == 13 - clubs_used
        assert len(p.hand) == min(4, p.clubs_left)
        if Variant.ALL_CLEAR not in p.variant:
            assert clubs_used == p.turns_played

    @invariant()
    def score_and_outcome(self) -> None:
        p = self.position
        assert p.score == sum(1 for c in p.grid if c is not None) + len(p.grid_deck)
        if p.grid_deck:
            assert None not in p.grid, "the grid refills while the deck has cards"
        expected = Outcome.WON if p.score == 0 else Outcome.LOST if p.clubs_left == 0 else None
        assert p.outcome is expected
        assert p.is_over == (expected is not None) == (p.legal_moves() == [])

    @invariant()
    def listed_moves_are_distinct_and_all_play(self) -> None:
        p = self.position
        moves = p.legal_moves()
        assert len(set(moves)) == len(moves)
        for move in moves:
            assert move.cleared
            after = p.play(move)
            assert Counter(all_cards(after)) == self.deck

    @invariant()
    def position_strings_round_trip(self) -> None:
        p = self.position
        text = format_position(p)
        assert p.notation() == text
        again = parse_position(text)
        assert again == p and again.level is p.level and again.variant is p.variant
        assert again.legal_moves() == p.legal_moves()
        assert again.score == p.score and again.outcome is p.outcome
        assert format_position(again) == text

    @invariant()
    def move_strings_round_trip(self) -> None:
        p = self.position
        for move in p.legal_moves():
            assert p.parse_move(str(move)) == move, str(move)
            assert str(p.parse_move(str(move))) == str(move)


Game.TestCase.settings = settings(settings.default, stateful_step_count=25)
test_game = Game.TestCase
