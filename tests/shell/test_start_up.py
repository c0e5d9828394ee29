"""Start-up (issue 9): the garbage collector, paused by ``clubfight`` while the first screen is built,
runs again once that screen is drawn."""

from __future__ import annotations

import gc

from club_fight_tui_support import card_style, game, make_app
from clubfight.club_fight.tui.table_screen import GameScreen
from clubfight.shell.themes import HIGH_CONTRAST
from support import async_test


@async_test
async def test_the_collector_paused_for_start_up_runs_again_once_the_first_screen_is_drawn() -> None:
    gc.disable()  # as cli/play.py does before importing the app
    try:
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(game(app), GameScreen)
            assert gc.isenabled()
    finally:
        gc.enable()
        gc.unfreeze()  # the app froze what it had built; give this test process its objects back


@async_test
async def test_an_app_started_with_the_collector_on_leaves_it_alone() -> None:
    assert gc.isenabled()
    frozen = gc.get_freeze_count()
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
    assert gc.isenabled() and gc.get_freeze_count() == frozen  # nothing frozen: tests build many apps


@async_test
async def test_the_first_frame_parses_the_tables_stylesheet_once_and_a_new_theme_still_restyles() -> None:
    """Setting the theme at start-up used to parse every stylesheet twice (issue 9); a theme picked
    later must still reach the screen."""
    import textual.css.stylesheet as stylesheet_module
    from pytest import MonkeyPatch

    parsed: list[str] = []
    real_parse = stylesheet_module.parse

    def counting_parse(scope: str, css: str, read_from: tuple[str, str], *args: object, **kwargs: object) -> object:
        parsed.append(read_from[0])
        return real_parse(scope, css, read_from, *args, **kwargs)  # type: ignore[arg-type]

    with MonkeyPatch.context() as patch:
        patch.setattr(stylesheet_module, "parse", counting_parse)
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            table = game(app)
            assert sum(path.endswith("table.tcss") for path in parsed) == 1
            felt = table.styles.background
            app.theme = HIGH_CONTRAST.name
            await pilot.pause()
            assert table.styles.background != felt


@async_test
async def test_the_first_frame_draws_the_cards_with_two_widgets_each_styled_once() -> None:
    """The thirteen cards are drawn by two widgets, the grid and the hand (issue 9: each widget costs
    start-up time), each styled once, as it mounts, with the cards the table gave it beforehand. A
    card whose state changes is redrawn at once in its new look, with no restyle."""
    import textual.css.stylesheet as stylesheet_module
    from pytest import MonkeyPatch

    from clubfight.shell.widgets import CardSpread

    styled: list[object] = []
    real_apply = stylesheet_module.Stylesheet.apply

    def counting_apply(self: object, node: object, *args: object, **kwargs: object) -> None:
        styled.append(node)
        real_apply(self, node, *args, **kwargs)  # type: ignore[arg-type]

    with MonkeyPatch.context() as patch:
        patch.setattr(stylesheet_module.Stylesheet, "apply", counting_apply)
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            grid, hand = game(app).query(CardSpread)
            assert (grid.id, len(grid.slots), hand.id, len(hand.slots)) == ("grid", 9, "hand", 4)
            assert [styled.count(grid), styled.count(hand)] == [1, 1]
            assert "-empty" not in grid.slots[0].states  # the dealt cards, shown before mounting
            paper = card_style(app, "#hand", 0).bgcolor
            await pilot.press("z")  # the club is picked: its card takes the -selected look
            await pilot.pause()
            assert "-selected" in hand.slots[0].states and card_style(app, "#hand", 0).bgcolor != paper
            assert styled.count(hand) == 1
