"""Helpers for the TUI tests: build apps on fixed deals and drive moves by keys or by mouse."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

from rich.style import Style
from textual.dom import DOMNode
from textual.pilot import Pilot
from textual.widget import Widget

from clubfight.club_fight.engine import Action, Card, Level, Move, Position, Variant, deal
from clubfight.club_fight.tui.action_panel import ACTION_KEYS
from clubfight.club_fight.tui.entry import ClubFightGame
from clubfight.club_fight.tui.hand_view import HAND_KEYS
from clubfight.club_fight.tui.launch import ClubFightLaunch
from clubfight.club_fight.tui.plan import CHOOSING_ACTIONS, PICKING_ACTIONS, Plan, options
from clubfight.club_fight.tui.table_screen import GameScreen
from clubfight.games import registered
from clubfight.shell.app import CardGamesApp
from clubfight.shell.widgets import CardSlot, CardSpread
from clubfight.shell.widgets.button_strip import ButtonStrip, StripButton

WINNING_SEED = 1
"""easy-1 is won by WINNING_LINE (found by a beam search over the engine's legal moves)."""
WINNING_LINE = (
    "10C line col3",
    "5C line col3",
    "2C line col3",
    "3C run 1 2 3 5 8 9",
    "KC sum 1 2 9",
    "QC run 2 4 5 6 7 9",
    "4C line col3",
    "6C down",
    "8C up",
    "9C run 1 2 7",
)


LAUNCH_FIELDS = frozenset(ClubFightLaunch.__dataclass_fields__)


def app_for(*, combat: object | None = None, **options: Any) -> CardGamesApp:
    """The app as ``clubfight`` builds it, with every game: ``options`` are a ClubFightLaunch's fields
    (level, seed, daily, ...) or the app's own (seed_source, today); ``combat``: a CombatLaunch to open.
    With no launch field at all it starts as plain ``clubfight`` does."""
    app_options = {name: options.pop(name) for name in ("seed_source", "today") if name in options}
    unknown = set(options) - LAUNCH_FIELDS
    if unknown:
        raise TypeError(f"no option {sorted(unknown)[0]!r}")
    given = {name: value for name, value in options.items() if value is not None and value is not False}
    launch = combat if combat is not None else (ClubFightLaunch(**options) if given else None)
    return CardGamesApp(registered(), launch, **app_options)


def replay_app(positions: Sequence[Position], moves: Sequence[Move], title: str = "") -> CardGamesApp:
    """The app as ``clubfight replay FILE`` opens it."""
    from clubfight.club_fight.tui.launch import ClubFightReplay

    return CardGamesApp(registered(), ClubFightReplay(tuple(positions), tuple(moves), title))


def club_fight(app: CardGamesApp) -> ClubFightGame:
    """The app's Club Fight side (its save slot, the table, the strength in use)."""
    return app.game_of(ClubFightGame)


def make_app(
    seed: int | None = WINNING_SEED,
    level: Level | None = Level.EASY,
    *,
    variant: Variant = Variant.NONE,
    **options: Any,
) -> CardGamesApp:
    """An app on a fixed deal, with fixed seeds for "new deal" and no timers (TEXTUAL_ANIMATIONS=none);
    ``options`` go to ``app_for`` (``daily``, ``today``)."""
    seeds = iter(range(1000, 2000))
    app = app_for(level=level, seed=seed, variant=variant, seed_source=lambda: next(seeds), **options)
    app.animation_level = "none"
    return app


def with_decks(position: Position, grid_deck: Sequence[Card], clubs_deck: Sequence[Card]) -> Position:
    """The same position with its face-down decks in another order (for the no-peeking tests)."""
    return Position(
        position.grid,
        position.hand,
        grid_deck,
        clubs_deck,
        discard=position.discard,
        turns_played=position.turns_played,
        level=position.level,
        variant=position.variant,
    )


def game(app: CardGamesApp) -> GameScreen:
    screen = club_fight(app).table
    assert screen is not None, "no table on screen"
    return screen


def choice_index(position: Position, club_plan: Plan, move: Move) -> int | None:
    """Where ``move`` sits among the choices (lines, directions) the table offers, if it offers any."""
    moves = options(position, club_plan)
    if move.action not in CHOOSING_ACTIONS or len(moves) < 2:
        return None
    return moves.index(move)


def places_to_pick(position: Position, move: Move) -> list[int]:
    """The places the player picks for ``move``: none when the action clears no chosen cards, or
    when it has one way only, which the table picks for the player (picking again would undo it)."""
    if move.action not in PICKING_ACTIONS:
        return []
    if len(options(position, Plan(club=move.club, action=move.action))) == 1:
        return []
    return sorted(move.cleared)


def keys_for(position: Position, move: Move, slots: Sequence[Card | None] | None = None) -> list[str]:
    """The key presses that play ``move``: club, action, targets, Enter. ``slots``: the table's hand
    layout (``TableModel.hand_slots``), which is the engine's hand order at the opening."""
    keys = [HAND_KEYS[list(slots or position.hand).index(move.club)], ACTION_KEYS[move.action]]
    plan = Plan(club=move.club, action=move.action)
    keys += [str(p) for p in places_to_pick(position, move)]
    index = choice_index(position, plan, move)
    if index is not None:
        if move.action is Action.UPDOWN:
            keys.append(move.detail or "up")
        else:
            keys += ["right"] * (index + 1)
    keys.append("enter")
    return keys


async def answer_blocking_question(pilot: Pilot[None], app: CardGamesApp) -> bool:
    """Play the move anyway when the table asks about a block it leaves (the default setting)."""
    await pilot.pause()
    if app.screen.id == "confirm-block":
        await pilot.press("y")
        await pilot.pause()
        return True
    return False


async def play_by_keys(pilot: Pilot[None], app: CardGamesApp, text: str) -> Move:
    position = game(app).position
    move = position.parse_move(text)
    await pilot.press(*keys_for(position, move, game(app).model.hand_slots()))
    await answer_blocking_question(pilot, app)
    return move


async def play_by_mouse(pilot: Pilot[None], app: CardGamesApp, text: str) -> Move:
    position = game(app).position
    move = position.parse_move(text)
    await click_card(pilot, app, "#hand", game(app).model.hand_slots().index(move.club))
    await click_button(pilot, app, "#actions", move.action.value)
    for place in places_to_pick(position, move):
        await click_card(pilot, app, "#grid", place - 1)
    index = choice_index(position, Plan(club=move.club, action=move.action), move)
    if index is not None:
        await pilot.click(f"#choice-{index}")
    await click_button(pilot, app, "#confirm-row", "confirm")
    await answer_blocking_question(pilot, app)
    return move


def strip_button(app: CardGamesApp, strip: str, name: str) -> StripButton:
    """Button ``name`` of the screen's button strip ``strip`` ("#actions", "#confirm-row")."""
    return app.screen.query_one(strip, ButtonStrip).button(name)


async def click_button(pilot: Pilot[None], app: CardGamesApp, strip: str, name: str) -> None:
    """Click the middle of button ``name`` where the strip ``strip`` draws it."""
    region = app.screen.query_one(strip, ButtonStrip).button_region(name)
    await pilot.click(offset=(region.x + region.width // 2, region.y))


async def click_card(pilot: Pilot[None], app: CardGamesApp, spread: str, index: int) -> None:
    """Click the middle of card ``index`` (from 0) of the screen's card spread ``spread`` ("#grid", "#hand")."""
    region = app.screen.query_one(spread, CardSpread).card_region(index)
    await pilot.click(offset=(region.x + region.width // 2, region.y + region.height // 2))


def place_slot(app: CardGamesApp, place: int) -> CardSlot:
    """What the table's grid draws at ``place`` (1-9): its card, mark and look's states."""
    return game(app).query_one("#grid", CardSpread).slots[place - 1]


def card_style(app: CardGamesApp, spread: str, index: int) -> Style:
    """How card ``index`` of spread ``spread`` draws the first cell of its face (its rank)."""
    widget = app.screen.query_one(spread, CardSpread)
    region = widget.places(*widget.content_size)[index]
    line = widget.render().split("\n")[region.y + 1]
    return line.get_style_at_offset(app.console, region.x + 1)


def card_ink(app: CardGamesApp, spread: str, index: int) -> str:
    """The colour card ``index`` of spread ``spread`` draws its rank in."""
    return str(card_style(app, spread, index).color)


@asynccontextmanager
async def table_at_80x24() -> AsyncIterator[tuple[Pilot[None], GameScreen]]:
    """A fresh table on the winning deal, mounted, at 80x24."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        yield pilot, game(app)


def opening(seed: int, level: Level = Level.EASY) -> Position:
    return deal(level, seed)


def text_of(node: DOMNode, selector: str) -> str:
    """What the widget at ``selector`` under ``node`` (a screen, say) shows, as plain text."""
    return str(node.query_one(selector, Widget).render())


def screen_lines(app: CardGamesApp) -> list[str]:
    """The terminal as the player sees it, one string a row (what export_screenshot draws, as text)."""
    import io

    from rich.console import Console

    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), record=True, legacy_windows=False)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text().splitlines()[:height]
