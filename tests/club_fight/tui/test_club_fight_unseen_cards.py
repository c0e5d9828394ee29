"""The unseen cards by suit and rank (the pile view, and one line on the table at 120x40): counted
from the pile and the grid only, so the order of the face-down decks never changes what is shown."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from club_fight_tui_support import make_app, with_decks
from clubfight.club_fight.engine import GRID_SUITS, Level, Position
from clubfight.club_fight.game import unseen_cards
from clubfight.club_fight.tui.discard_screen import still_to_come
from clubfight.club_fight.tui.plan import unseen_line
from support import async_test, deal_start, greedy_game


def shown(position: Position) -> tuple[str, str]:
    """Everything the pile view and the table say of the unseen cards."""
    return still_to_come(position).plain, unseen_line(unseen_cards(position))


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["easy-3", "hard-5", "hard-41", "easy-1200"]), st.integers(0, 12), st.randoms())
def test_only_the_order_of_the_face_down_decks_changed_shows_the_same(
    code: str, turns: int, rng: random.Random
) -> None:
    _, positions = greedy_game(deal_start(code), turns)
    position = positions[-1]
    grid_deck, clubs_deck = list(position.grid_deck), list(position.clubs_deck)
    rng.shuffle(grid_deck)
    rng.shuffle(clubs_deck)
    assert shown(with_decks(position, grid_deck, clubs_deck)) == shown(position)


def test_the_count_is_the_grid_deck_by_suit_and_rank() -> None:
    for code in ("easy-3", "hard-5"):
        _, positions = greedy_game(deal_start(code))
        for position in positions:
            unseen = unseen_cards(position)
            assert unseen is not None
            deck = sorted(position.grid_deck, key=lambda card: card.rank)
            assert unseen.ranks == {suit: tuple(c.rank for c in deck if c.suit is suit) for suit in GRID_SUITS}
            assert unseen.jokers == sum(card.is_joker for card in deck)


def test_the_pile_view_names_the_unseen_ranks_of_each_suit() -> None:
    """hard-5 after the 7♣ clears the 4♠ at place 1 (a 4♠ is dealt in its place)."""
    start = deal_start("hard-5").opening()
    position = start.play(start.parse_move("7C any 1"))
    lines = still_to_come(position).plain.splitlines()
    assert lines[1] == "Unseen, still in the grid deck: 31"
    assert lines[2:] == [
        "  ♥ 11  2 3 5 6 7 8 9 10 J Q K",
        "  ♠  8  A 2 3 5 6 9 J Q",
        "  ♦ 11  A 2 3 4 5 7 8 10 J Q K",
        "  ★  1",
    ]
    assert unseen_line(unseen_cards(position)) == "Unseen ♥235678910JQK  ♠A23569JQ  ♦A23457810JQK  ★1"


@async_test
async def test_the_table_shows_the_unseen_cards_in_one_line_at_120x40_only() -> None:
    for size, seen in (((120, 40), True), ((80, 24), False)):
        app = make_app(5, Level.HARD)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            line = app.screen.query_one("#unseen")
            assert line.display is seen
            assert str(line.render()).startswith("Unseen ♥")
