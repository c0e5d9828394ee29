"""Every theme the app offers keeps its text readable: WCAG AA, 4.5:1, measured on what the app draws
(issue 10.15). The screen is rendered headless and each visible cell's colours are compared, so a
colour from any .tcss file, theme or Rich style that fades text is caught where it shows."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from rich.color import Color
from rich.terminal_theme import TerminalTheme
from textual.pilot import Pilot
from textual.strip import Strip
from textual.widgets._footer import FooterKey

from club_fight_tui_support import make_app
from clubfight.common.storage.settings import save_settings
from clubfight.shell.app import CardGamesApp
from clubfight.shell.widgets.button_strip import ButtonStrip
from combat_support import make
from combat_tui_support import combat_app, match_of, settle
from support import async_test, settings_book

AA = 4.5
"""WCAG 2.x AA for normal text; a terminal cell is never "large text"."""
INACTIVE = 3.0
"""A footer key that can't act now is dimmed on purpose (WCAG exempts inactive components); it still
has to be legible when someone looks for it, so it keeps 3:1 rather than nothing."""
SIZE = (120, 40)

RGB = tuple[int, int, int]


def luminance(rgb: RGB) -> float:
    """Relative luminance, WCAG 2.x."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    red, green, blue = rgb
    return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)


def contrast(one: RGB, other: RGB) -> float:
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def is_graphic(char: str) -> bool:
    """Box drawing and block elements (borders, frames, scrollbars) are not text: WCAG asks contrast
    of text, not of the frame around it. Geometric shapes (the suit counter's squares) count as text."""
    return char.isspace() or "\u2500" <= char <= "\u259f"


@dataclass(frozen=True)
class Cell:
    """A run of text on screen with the colours a terminal shows it in."""

    x: int
    y: int
    text: str
    ratio: float
    inactive: bool

    def __str__(self) -> str:
        return f"{self.text.strip()!r} at ({self.x}, {self.y}): {self.ratio:.2f}:1"


def cells(app: CardGamesApp) -> Iterator[Cell]:
    """Each text segment on screen, its colours as a terminal draws them. Default and ANSI colours
    (the ansi-* themes use the terminal's own palette) resolve through the palette Textual itself
    assumes for a dark or a light theme; reverse swaps them and dim halves the ink, as terminals do."""
    palette: TerminalTheme = app.ansi_theme_dark if app.current_theme.dark else app.ansi_theme_light
    update: Any = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    for y, line in enumerate(update.strips):
        x = 0
        for segment in Strip.join(line):
            style = segment.style
            if style is not None and not all(is_graphic(char) for char in segment.text):
                ink = (style.color or Color.default()).get_truecolor(palette, foreground=True)
                paper = (style.bgcolor or Color.default()).get_truecolor(palette, foreground=False)
                fg, bg = tuple(ink), tuple(paper)
                if style.reverse:
                    fg, bg = bg, fg
                if style.dim:
                    fg = tuple(b + (f - b) // 2 for f, b in zip(fg, bg, strict=True))
                widget, _ = app.screen.get_widget_at(x, y)
                # A key that can't act now is dimmed on purpose: a Footer's key, or one on a key bar.
                inactive = (isinstance(widget, FooterKey) and widget.has_class("-disabled")) or (
                    style.meta.get("key_enabled") is False
                )
                yield Cell(x, y, segment.text, contrast(fg, bg), inactive)  # type: ignore[arg-type]
            x += segment.cell_length


def unreadable(app: CardGamesApp) -> list[Cell]:
    return [c for c in cells(app) if c.ratio < (INACTIVE if c.inactive else AA)]


Scene = Callable[[], tuple[CardGamesApp, Callable[[Pilot[Any]], Awaitable[None]]]]


def start_screen() -> tuple[CardGamesApp, Callable[[Pilot[Any]], Awaitable[None]]]:
    async def nothing(pilot: Pilot[Any]) -> None:
        await pilot.pause()

    return make_app(5, level=None), nothing


def table(*keys: str) -> Scene:
    """The Club Fight table after ``keys`` (deal easy-7: z picks the 3, l is Line, blocked by 3♦)."""

    def scene() -> tuple[CardGamesApp, Callable[[Pilot[Any]], Awaitable[None]]]:
        async def press(pilot: Pilot[Any]) -> None:
            await pilot.press(*keys)
            await pilot.pause()

        return make_app(7), press

    return scene


def fight() -> tuple[CardGamesApp, Callable[[Pilot[Any]], Awaitable[None]]]:
    """Combat Club mid-fight, an attack being entered (the 120x40 snapshot's position)."""
    grid = "9H 4S JS,QS / 9C KD,9D 2H / 7H,7C 6H 4D"
    start = make(grid, red_hand="5H 6D 7D 10H", black_hand="8S", advantage="3S", red_score=7, black_score=11)

    async def press(pilot: Pilot[Any]) -> None:
        await settle(pilot)
        await pilot.press("z", "x", "c", "9")
        await pilot.pause()

    return combat_app(match_of(start)), press


SCENES: dict[str, tuple[Scene, bool]] = {
    "start": (start_screen, False),
    "table, a club picked and a blocked action": (table("z", "l"), False),
    "table, a sum in progress, four-colour deck": (table("c", "t", "2", "4"), True),
    "table, two picked, four-colour deck, a club picked": (table("z", "e", "1", "2"), True),
    "combat fight": (fight, False),
}


@pytest.mark.parametrize("name", SCENES)
@async_test
async def test_every_offered_theme_keeps_text_readable(name: str) -> None:
    scene, four_colour = SCENES[name]
    save_settings(settings_book(four_colour_deck=four_colour))
    app, arrange = scene()
    failures: dict[str, list[Cell]] = {}
    async with app.run_test(size=SIZE) as pilot:
        await arrange(pilot)
        for theme in sorted(app.available_themes):  # what Settings and the palette's Theme command offer
            app.theme = theme
            await pilot.pause()
            if bad := unreadable(app):
                failures[theme] = bad
    report = {theme: [str(c) for c in sorted(bad, key=lambda c: c.ratio)[:5]] for theme, bad in failures.items()}
    assert not failures, report


@async_test
async def test_the_buttons_and_actions_show_their_text_in_every_offered_theme() -> None:
    """The ansi themes once drew Confirm, Back and the blocked actions as empty frames."""
    app = make_app(7)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("z", "l")
        await pilot.pause()
        for theme in sorted(app.available_themes):
            app.theme = theme
            await pilot.pause()
            shown = list(cells(app))
            for strip in app.screen.query(ButtonStrip):  # Confirm, Back and the rest; the actions
                for button in strip.buttons:
                    region = strip.button_region(button.name)
                    inside = [c for c in shown if region.contains(c.x, c.y) and c.text.strip()]
                    assert inside, (theme, button.name, "no text")
                    assert min(c.ratio for c in inside) >= AA, (theme, button.name, [str(c) for c in inside])
