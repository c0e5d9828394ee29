"""Play by screen reader (issue 35), Club Fight's table: each key's result and each move as one plain
line in the spoken log, from the model's words and never the deck's order; the terminal cursor on
the element being chosen."""

from __future__ import annotations

from club_fight_tui_support import game, keys_for, make_app, with_decks
from clubfight.club_fight.engine import Action
from clubfight.club_fight.game import GameSession, Start
from clubfight.club_fight.tui.action_panel import ActionPanel
from clubfight.club_fight.tui.grid_view import GridView
from clubfight.club_fight.tui.hand_view import HAND_KEYS, HandView
from clubfight.club_fight.tui.plan import card_label, played_text
from clubfight.club_fight.tui.spoken_text import hand_line, spoken_line, table_line
from clubfight.club_fight.tui.table_model import TableModel
from support import async_test


@async_test
async def test_a_move_played_by_keys_is_said_in_one_line_with_the_counters() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = game(app)
        before = table.position
        move = next(m for m in before.legal_moves() if m.action in (Action.SUM, Action.ANY, Action.MATCH))
        for key in keys_for(before, move):
            await pilot.press(key)
        await pilot.pause()
        after = table.position
        assert table.moves[-1] == move
        cleared = " ".join(card_label(before.card_at(p)) for p in sorted(move.cleared))
        line = app.spoken.latest
        assert line.startswith(f"You: {played_text(move)} clears {cleared}. {len(move.cleared)} card")
        assert line.endswith(
            f"To clear {after.score}. Clubs deck {len(after.clubs_deck)}. Grid deck {len(after.grid_deck)}."
        )
        for place in sorted(move.cleared):  # the cards dealt in are face up now: said by place
            if after.card_at(place) is not None:
                assert f"{card_label(after.card_at(place))} at {place}" in line


@async_test
async def test_every_key_says_its_result_in_the_spoken_log() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        opening = app.spoken.latest
        assert opening.startswith("Club Fight, deal easy-1. Turn 1. To clear 40.")
        assert "Grid: 1 7♠, 2 9♥," in opening and "Hand: z 2♣, x 10♣, c 5♣, v 3♣." in opening
        said = []
        for key in ("y", "1", "z", "t", "escape", "enter"):
            await pilot.press(key)
            await pilot.pause()
            said.append(app.spoken.latest)
        assert said == [
            "y does nothing here: ? shows the keys.",
            "Pick a club first (z x c v), then an action, then the cards.",
            "2♣ selected. Pick an action.",
            "Sum: nothing adds up to 2.",
            "Pick a club: z x c v or click it.",  # Sum was refused, so Esc puts the club back
            "Pick a club first (z x c v, or click one).",
        ]


def test_the_lines_before_a_move_never_tell_the_decks_order() -> None:
    """Two tables that differ only in the order of their face-down decks say the same lines for the
    same keys until a move deals a card."""
    start = Start.parse("easy-1")
    opening = start.opening()
    shuffled = with_decks(opening, list(reversed(opening.grid_deck)), list(reversed(opening.clubs_deck)))
    assert shuffled.grid_deck != opening.grid_deck

    def lines(position: object) -> list[str]:
        model = TableModel(GameSession(start, positions=[position]))  # type: ignore[list-item]
        said = [table_line(model), hand_line(model, "".join(HAND_KEYS))]
        for change in (model.select_club(0), model.choose_action(Action.ANY), model.press_place(3), model.back()):
            said.append(spoken_line(model, change))
        return said

    assert lines(opening) == lines(shuffled)


@async_test
async def test_the_cursor_follows_the_club_the_action_and_the_card_being_chosen() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = game(app)
        hand, grid, actions = table.query_one(HandView), table.query_one(GridView), table.query_one(ActionPanel)
        assert hand.card_region(0).contains_point(app.cursor_position)  # nothing picked: the first club
        await pilot.press("x")
        await pilot.pause()
        assert hand.card_region(1).contains_point(app.cursor_position)  # the 10♣
        await pilot.press("a")
        await pilot.pause()
        assert actions.button_region(Action.ANY.value).contains_point(app.cursor_position)
        await pilot.press("5")
        await pilot.pause()
        assert grid.card_region(4).contains_point(app.cursor_position)  # the card at place 5
        assert app.spoken.latest == "Any: 8♠ ✓ Picked 8♠ at 5. Enter plays it."  # the ✓ in words too
