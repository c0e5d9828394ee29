"""Start-up (issue 9): the garbage collector, paused by ``clubfight`` while the first screen is built,
runs again once that screen is drawn."""

from __future__ import annotations

import gc

from tui_support import game, make_app

from clubfight.tui.clubfight.table_screen import GameScreen
from clubfight.tui.themes import HIGH_CONTRAST
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
async def test_the_first_frame_styles_each_card_once_and_later_changes_restyle_it() -> None:
    """Each card is styled as it mounts, with the classes the table gave it beforehand: not again
    when the table first draws the game, nor when the screen is first shown (issue 9). Once mounted,
    a card whose state changes is restyled at once."""
    import textual.css.stylesheet as stylesheet_module
    from pytest import MonkeyPatch

    from clubfight.tui.widgets import CardWidget

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
            cards = list(game(app).query(CardWidget))
            assert len(cards) == 13 and cards[0].has_class("grid-card")
            assert [styled.count(card) for card in cards] == [1] * 13
            assert not cards[0].has_class("-empty")  # the classes of the dealt cards, set before mounting
            club = game(app).query_one("#hand-0", CardWidget)
            paper = club.styles.background
            await pilot.press("z")  # the club is picked: its card takes the -selected look
            await pilot.pause()
            assert club.has_class("-selected") and styled.count(club) == 2 and club.styles.background != paper
