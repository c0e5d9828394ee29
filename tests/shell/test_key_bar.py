"""The tables' key bar (widgets/footer.py): every shown key on screen, each one clickable."""

from __future__ import annotations

from rich.console import Console
from textual.pilot import Pilot
from textual.strip import Strip

from club_fight_tui_support import WINNING_LINE, click_button, strip_button, table_at_80x24
from clubfight.club_fight.tui.table_screen import GameScreen
from clubfight.shell.widgets.button_strip import ButtonStrip
from clubfight.shell.widgets.footer import KeyBar
from support import async_test


def bar_lines(table: GameScreen) -> list[str]:
    return table.query_one(KeyBar).render().plain.splitlines()


async def click_key(pilot: Pilot[None], table: GameScreen, words: str) -> None:
    """Click the first character of ``words`` (such as "u Undo") where the bar shows it."""
    for row, line in enumerate(bar_lines(table)):
        if words in line:
            await pilot.click(KeyBar, offset=(line.index(words), row))
            await pilot.pause()
            return
    raise AssertionError(f"{words!r} is not on the bar: {bar_lines(table)}")


@async_test
async def test_the_key_bar_shows_every_shown_binding_on_two_lines_at_80_columns() -> None:
    async with table_at_80x24() as (_pilot, table):
        lines = bar_lines(table)
        assert len(lines) == 2 and all(len(line) <= 80 for line in lines)
        text = " ".join(lines)
        for active in table.active_bindings.values():
            binding = active.binding
            if binding.show:  # a group's keys (the actions) show under the group's one word
                assert (binding.group.description if binding.group else binding.description) in text, binding
        assert "mtalpe Action" in text and "Pause" not in text  # a group's keys share one word; hidden keys stay out


@async_test
async def test_a_click_on_a_key_presses_it_and_a_key_that_cannot_act_does_nothing() -> None:
    async with table_at_80x24() as (pilot, table):
        await click_key(pilot, table, "r Redo")  # nothing to redo yet: dimmed, and the click changes nothing
        assert table.session.moves == [] and table.model.plan.club is None
        table.commit(table.position.parse_move(WINNING_LINE[0]))
        await pilot.pause()
        await click_key(pilot, table, "u Undo")
        assert table.session.moves == []
        await click_key(pilot, table, "r Redo")
        assert len(table.session.moves) == 1


@async_test
async def test_each_key_of_a_group_is_clickable_on_its_own() -> None:
    async with table_at_80x24() as (pilot, table):
        await pilot.press("z")  # a club first: then the actions can act
        await pilot.pause()
        await click_key(pilot, table, "talpe Action")  # the "t" of "mtalpe": Sum
        assert table.message.startswith("Sum: nothing adds up to 2")  # the 2's Sum, as the key t answers it


@async_test
async def test_the_key_under_the_pointer_is_lit_and_unlit_when_the_pointer_leaves() -> None:
    async with table_at_80x24() as (pilot, table):
        bar = table.query_one(KeyBar)
        line = bar_lines(table)[0]
        await pilot.hover(KeyBar, offset=(line.index("u Undo") + 2, 0))
        await pilot.pause()
        assert bar.hovered == "u"
        await pilot.hover("#status", offset=(0, 0))
        await pilot.pause()
        assert bar.hovered is None


@async_test
async def test_a_strip_button_that_cannot_act_ignores_a_click_and_one_that_can_acts() -> None:
    """The table's buttons are lines of one ButtonStrip (issue 9): each is clicked on its own."""
    async with table_at_80x24() as (pilot, table):
        app = table.app
        assert not strip_button(app, "#confirm-row", "confirm").enabled  # nothing planned yet
        before = (table.message, table.model.plan)
        await click_button(pilot, app, "#confirm-row", "confirm")
        await pilot.pause()
        assert (table.message, table.model.plan) == before and table.session.moves == []
        await click_button(pilot, app, "#confirm-row", "pile")  # one that can act: the pile opens
        await pilot.pause()
        assert type(app.screen).__name__ == "DiscardScreen"


@async_test
async def test_the_strip_button_under_the_pointer_is_lit_and_a_disabled_one_never() -> None:
    async with table_at_80x24() as (pilot, table):
        row = table.query_one("#confirm-row", ButtonStrip)
        lit = row.get_component_rich_style("button-strip--hover").bgcolor

        def background(name: str) -> object:
            """The paper under the button's second cell, as the strip draws it (one line)."""
            x = row.button_region(name).x - row.content_region.x + 1
            return row.render().get_style_at_offset(Console(), x).bgcolor

        pile = row.button_region("pile")
        await pilot.hover(offset=(pile.x + 2, pile.y))
        await pilot.pause()
        assert background("pile") == lit != background("help")
        confirm = row.button_region("confirm")
        await pilot.hover(offset=(confirm.x + 2, confirm.y))  # can't act yet: stays unlit
        await pilot.pause()
        assert background("confirm") != lit and background("pile") != lit
        await pilot.hover("#status", offset=(0, 0))
        await pilot.pause()
        assert row.hovered is None


@async_test
async def test_the_bars_keys_and_buttons_are_not_drawn_as_links() -> None:
    """Clickable words carry Textual's "@click" meta, which it underlines in its link colours unless
    the widget opts out: the keys keep the Footer's look, the buttons their own."""
    async with table_at_80x24() as (_pilot, table):
        bar = table.query_one(KeyBar)
        key_ink = bar.get_component_rich_style("key-bar--key").color
        update: object = table.app.screen._compositor.render_update(full=True)
        for widget in (bar, table.query_one("#confirm-row", ButtonStrip)):
            region = widget.region
            for y in range(region.y, region.bottom):
                for segment in Strip.join(update.strips[y]):  # type: ignore[attr-defined]
                    assert not (segment.style and segment.style.underline), (type(widget).__name__, segment)
        first = next(s for s in Strip.join(update.strips[bar.region.y]) if s.text.strip())  # type: ignore[attr-defined]
        assert first.text.startswith("1-9") and first.style.color == key_ink
