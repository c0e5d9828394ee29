"""Issue 10.3: at 80x24 every prompt, action box and choice list fits its widget, for many positions.

Checked against each widget's own content (its label or text) and the room the layout gave it,
not against a snapshot: a text wider than its one-row widget is cut off on screen.
"""

from __future__ import annotations

from rich.console import Console
from rich.text import Text
from textual.widget import Widget
from textual.widgets import Static

from club_fight_tui_support import game, make_app
from clubfight.club_fight.ai.heuristic import best_move
from clubfight.club_fight.engine import Action, Level, Position, Variant, deal
from clubfight.club_fight.game import GameSession, Start
from clubfight.club_fight.tui.table_screen import GameScreen
from clubfight.shell.widgets.button_strip import ButtonStrip
from clubfight.shell.widgets.buttons import FlatButton
from support import async_test

CONSOLE = Console(width=200, file=open("/dev/null", "w"))  # noqa: SIM115


def plain(widget: Widget) -> str:
    if isinstance(widget, FlatButton):
        return str(widget.label)
    rendered = widget.render()
    return str(rendered)


def clipped(screen: GameScreen) -> list[str]:
    """The texts that don't fit: one-row widgets wider than their room, or off the screen's edge."""
    problems = []
    width = screen.app.size.width
    one_row = [
        "#feedback",
        "#pile-summary",
        "#status",
        ".choice",
    ]
    for selector in one_row:
        for widget in screen.query(selector):
            if not widget.display or not widget.parent or not widget.parent.display:
                continue
            text = plain(widget).rstrip()
            room = widget.content_size.width
            if Text(text).cell_len > room or widget.region.right > width:
                problems.append(f"{selector}: {text!r} in {room} cells")
    for strip in screen.query(ButtonStrip):  # the actions, and Confirm's row
        room = strip.content_size.width
        if strip.title is not None and Text(strip.title).cell_len > room:
            problems.append(f"#{strip.id} title: {strip.title!r} in {room} cells")
        for button, region in strip.places(room):
            words = Text(button.label) if isinstance(button.label, str) else button.label
            if words.cell_len > region.width or strip.content_region.x + region.right > width:
                problems.append(f"#{strip.id} {button.name}: {words.plain!r} in {region.width} cells")
    message = screen.query_one("#message", Static)
    lines = Text(plain(message)).wrap(CONSOLE, message.content_size.width)
    if len(lines) > message.content_size.height:
        problems.append(f"#message: {plain(message)!r} needs {len(lines)} rows")
    return problems


def positions() -> list[Position]:
    """Openings and mid-games of both levels, with All Clear on: every action box and choice shows."""
    found = []
    for level, seed in ((Level.EASY, 14), (Level.HARD, 3), (Level.EASY, 317855), (Level.HARD, 378542)):
        position = deal(level, seed, variant=Variant.ALL_CLEAR)
        while not position.is_over:
            found.append(position)
            position = position.play(best_move(position))
        found.append(position)
    return found[::3]


@async_test
async def test_every_prompt_and_choice_fits_at_80x24() -> None:
    app = make_app(14, variant=Variant.ALL_CLEAR)
    problems: list[str] = []
    checked = 0
    async with app.run_test(size=(80, 24)) as pilot:
        table = game(app)
        for position in positions():
            table.model.session = GameSession(Start.from_position(position))
            table.render_table()
            await pilot.pause()
            problems += clipped(table)
            for slot, club in enumerate(table.model.hand_slots()):
                if club is None:
                    continue
                table.apply(table.model.select_club(slot))
                for action in Action:
                    table.apply(table.model.choose_action(action))
                    await pilot.pause()
                    problems += clipped(table)
                    checked += 1
                    table.apply(table.model.back())
                table.apply(table.model.select_club(slot))
    assert checked > 200
    assert not problems, "\n".join(sorted(set(problems))[:20])
