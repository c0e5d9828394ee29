"""The cards: their look's cascade (card_look.py) and the spreads that draw them (card_spread.py)."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.strip import Strip

from club_fight_tui_support import click_card, table_at_80x24
from clubfight.club_fight.engine import Card
from clubfight.club_fight.tui.cards import ClubFightSpread
from clubfight.combat.tui.cards import COMBAT_LAYERS
from clubfight.common.storage.settings import AppSettings
from clubfight.shell.themes import HIGH_CONTRAST
from clubfight.shell.widgets import CardSlot, CardSpread
from clubfight.shell.widgets.card_look import CARD_FACE, CARD_LAYERS, FOUR_COLOUR, HOVER, look_for
from support import async_test


def test_a_state_wins_over_the_cards_own_look_and_two_states_over_one() -> None:
    """Layers apply in order, as the CSS rules they replace did: a state (picked) over the card's own
    look (a joker), and a layer of two states over any one of them."""
    joker = look_for(frozenset({"-joker"}), CARD_LAYERS)
    picked_joker = look_for(frozenset({"-joker", "-picked"}), CARD_LAYERS)
    assert joker.border == "round" and picked_joker.border == "double" and picked_joker.ink == joker.ink
    assert look_for(frozenset({"-dim"}), CARD_LAYERS).face != "$background"
    assert look_for(frozenset({"-empty", "-dim"}), CARD_LAYERS).face == "$background"  # an empty place stays empty
    assert look_for(frozenset({HOVER}), CARD_LAYERS).key_style == "bold reverse"
    assert look_for(frozenset({"-empty", HOVER}), CARD_LAYERS).key_style == "bold"  # nothing there to pick
    assert look_for(frozenset({"-empty", "-borderless"}), CARD_LAYERS).border == ""
    red, four = frozenset({"-red", "-diamonds"}), frozenset({"-red", "-diamonds", FOUR_COLOUR})
    assert look_for(red, CARD_LAYERS).ink != look_for(four, CARD_LAYERS).ink
    assert look_for(frozenset(), CARD_LAYERS).face == CARD_FACE


def test_combat_clubs_states_sit_between_the_single_and_the_combined_layers() -> None:
    assert look_for(frozenset({"-advantage"}), COMBAT_LAYERS).border == "dashed"
    assert look_for(frozenset({"-advantage", "-picked"}), COMBAT_LAYERS).border == "double"
    assert look_for(frozenset({"-picked", "-safe"}), COMBAT_LAYERS).border == "heavy"  # the later single state


def drawn(spread: CardSpread, index: int, row: int) -> Strip:
    """Row ``row`` of card ``index`` as the spread last drew it on screen (its cached lines)."""
    place = spread.places(*spread.content_size)[index]
    return spread.render_lines(Region(place.x, place.y + row, place.width, 1))[0]


@async_test
async def test_the_card_under_the_pointer_lights_its_key_until_the_pointer_leaves() -> None:
    async with table_at_80x24() as (pilot, table):
        grid = table.query_one("#grid", CardSpread)
        plain = drawn(grid, 4, 0)
        card = grid.card_region(4)
        await pilot.hover(offset=(card.x + 2, card.y + 2))
        await pilot.pause()
        assert grid.hovered == "4"
        lit = drawn(grid, 4, 0)
        assert lit.text == plain.text and lit != plain  # the same key, lit
        assert any(segment.style and segment.style.reverse for segment in lit)
        await pilot.hover("#status", offset=(0, 0))
        await pilot.pause()
        assert grid.hovered is None and drawn(grid, 4, 0) == plain


@async_test
async def test_a_click_between_two_cards_picks_nothing() -> None:
    async with table_at_80x24() as (pilot, table):
        hand = table.query_one("#hand", CardSpread)
        first = hand.card_region(0)
        await pilot.click(offset=(first.right, first.y + 2))  # the gutter
        await pilot.pause()
        assert table.plan.club is None
        await click_card(pilot, table.app, "#hand", 1)
        assert table.plan.club == table.model.hand_slots()[1]


@async_test
async def test_a_theme_change_and_the_four_colour_deck_redraw_the_cards_at_once() -> None:
    """The look isn't CSS, so a change of theme or deck must redraw the cards itself."""
    async with table_at_80x24() as (pilot, table):
        app = table.app
        grid = table.query_one("#grid", CardSpread)
        await pilot.press("z", "a")  # Any: a place can be picked, drawn in the theme's primary colour
        await click_card(pilot, app, "#grid", 0)
        assert "-picked" in grid.slots[0].states
        before = drawn(grid, 0, 0)
        app.theme = HIGH_CONTRAST.name
        await pilot.pause()
        assert drawn(grid, 0, 0) != before
        inks = [drawn(grid, index, 1) for index in range(9)]
        look = app.settings.get(AppSettings)
        app.apply_settings(app.settings.with_section(look.with_changes(four_colour_deck=True)))
        await pilot.pause()
        assert [drawn(grid, index, 1) for index in range(9)] != inks


class Cards(App[None]):
    """One spread of ``count`` kings at ``size`` (cells), ``grid-size`` ``columns`` by ``rows``."""

    def __init__(self, count: int, size: tuple[int, int], columns: int, rows: int, key: str) -> None:
        super().__init__()
        slots = [CardSlot(key, Card.parse("KS"), "•", frozenset({"-picked"})) for _ in range(count)]
        self.spread = ClubFightSpread(slots)
        width, height = size
        self.spread.styles.width, self.spread.styles.height = width, height
        self.spread.styles.grid_size_columns, self.spread.styles.grid_size_rows = columns, rows

    def compose(self) -> ComposeResult:
        yield self.spread


@pytest.mark.parametrize(
    ("count", "size", "columns", "rows", "key"),
    [
        (1, (8, 5), 1, 1, "abcd"),  # a key longer than the top border holds
        (1, (6, 5), 1, 1, "1"),  # too narrow for any key
        (5, (17, 10), 2, 2, "1"),  # more cards than the grid has cells
        (2, (17, 1), 2, 1, "1"),  # one row high: no room for a border
        (3, (2, 2), 3, 1, "1"),  # no room for a card at all
    ],
)
@async_test
async def test_a_spread_draws_every_card_inside_its_cells_at_any_size(
    count: int, size: tuple[int, int], columns: int, rows: int, key: str
) -> None:
    app = Cards(count, size, columns, rows, key)
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.pause()
        spread = app.spread
        width, height = spread.content_size
        lines = spread.render().plain.split("\n")
        assert len(lines) <= height and all(cell_len(line) <= width for line in lines)
        for place in spread.places(width, height):
            assert place.right <= width and place.bottom <= height
        if size == (8, 5):
            assert lines[0] == "╔═ a… ═╗" and lines[-1] == "╚══ • ═╝"
