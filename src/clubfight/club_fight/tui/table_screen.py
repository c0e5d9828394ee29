"""The Club Fight table: maps keys and clicks to the table model's transitions and draws the model.

Saving, recording results, the game-over dialog and new deals belong to the app's Club Fight side
(``entry.ClubFightGame``): the screen tells its ``host`` and the host acts. The autoplay demo is
the same screen, driven by a worker (``autoplay.py``) instead of the keyboard.
"""

from __future__ import annotations

import ast
import asyncio
from typing import TYPE_CHECKING, ClassVar, Protocol

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.geometry import Region
from textual.keys import format_key
from textual.screen import Screen
from textual.widgets import Static
from textual.worker import WorkerState

from clubfight.club_fight.engine import GRID_SIZE, MAX_TURNS, Action, Move, Position, Variant
from clubfight.club_fight.game import GameSession, unseen_cards
from clubfight.club_fight.tui import TABLE_CSS
from clubfight.common.text import sentence
from clubfight.shell.app import cursor_spot, place_cursor, speak
from clubfight.shell.games import GameScreenShown
from clubfight.shell.widgets import CardSpread
from clubfight.shell.widgets.button_strip import ButtonStrip, StripButton
from clubfight.shell.widgets.buttons import FlatButton, update_if_changed
from clubfight.shell.widgets.footer import KeyBar

from .action_panel import ACTION_KEYS, ActionPanel
from .board import board
from .grid_view import GridView
from .hand_view import HAND_KEYS, HandView
from .pile_summary import PileSummary
from .plan import (
    CHOOSING_ACTIONS,
    PICKING_ACTIONS,
    SUMMARY_KEY,
    Plan,
    choice_label,
    feedback,
    hint_plan,
    options,
    pile_lines,
    played_text,
    unseen_line,
)
from .spoken_text import hand_line, spoken_line, table_line
from .suit_counter import SuitCounter
from .table_model import RESTART_KEY, TableChange, TableModel

if TYPE_CHECKING:
    from clubfight.club_fight.ai import Hint

    from .verdict_screen import Answer

HINT_GROUP = "hint"
THINKING = "Thinking about a hint…"
PAUSE_POLL = 0.05
"""How often a paused demo looks whether it may go on."""
ACTIVE = (WorkerState.PENDING, WorkerState.RUNNING)


async def think(position: Position, strength: str) -> Hint:
    """The hint engine's move for ``position``, computed on a thread so the event loop stays free."""
    from clubfight.club_fight.ai import suggest  # the hint engine loads with the first hint, not at start-up

    return await asyncio.to_thread(lambda: suggest(position, strength=strength))


FRESH_SECONDS = 1.5
CONFIRM_WIDTH = 12
"""Confirm keeps its width when its tick comes and goes, so Back and the rest never shift."""

ACTIONS_GROUP = Binding.Group("Action", compact=True)


def _bindings() -> list[BindingType]:
    bindings: list[BindingType] = [Binding("1", "place(1)", "Place", key_display=f"1-{GRID_SIZE}")]
    bindings += [Binding(str(p), f"place({p})", f"Place {p}", show=False) for p in range(2, GRID_SIZE + 1)]
    bindings.append(Binding(HAND_KEYS[0], "club(0)", "Club", key_display="".join(HAND_KEYS)))
    bindings += [
        Binding(key, f"club({slot})", f"Club {slot + 1}", show=False) for slot, key in enumerate(HAND_KEYS) if slot
    ]
    bindings += [
        Binding(key, f"act('{action.value}')", action.title, group=ACTIONS_GROUP) for action, key in ACTION_KEYS.items()
    ]
    bindings += [
        Binding("enter", "confirm", "Confirm"),
        Binding("escape", "back", "Back"),
        Binding("u", "undo", "Undo"),
        Binding("r", "redo", "Redo"),
        Binding("up", "direction('up')", "Up", show=False),
        Binding("down", "direction('down')", "Down", show=False),
        Binding("left", "cycle(-1)", "Previous", show=False),
        Binding("right", "cycle(1)", "Next", show=False),
        Binding("h", "hint", "Hint"),
        Binding(SUMMARY_KEY, "summary", "Summary"),
        Binding("d", "discards", "Pile"),
        Binding("question_mark", "app.rules", "Help", key_display="?"),
        Binding("f1", "app.rules", "Help", show=False),
        Binding("n", "new_game", "New"),
        Binding(RESTART_KEY, "restart", "Restart", show=False),
        Binding("q", "app.quit", "Quit"),
        Binding("s", "app.stats", "Stats"),
        Binding("o", "app.settings", "Settings"),
        # The demo's own keys (hidden at a player's table); Esc reaches "back" first, which a demo refuses.
        Binding("space", "pause", "Pause", key_display="Space"),
        Binding("escape", "stop_demo", "Stop demo"),
    ]
    return bindings


def key_name(key: str) -> str:
    """A key as the player knows it: "y", "0", "F5", "Ctrl+Y", "Tab"."""
    shown = format_key(key)
    if len(shown) == 1:
        return shown
    return "+".join(
        part.upper() if len(part) == 1 or part[1:].isdigit() else part.capitalize() for part in shown.split("+")
    )


def _parse(action: str) -> tuple[str, tuple[object, ...]]:
    """Split "place(3)" into ("place", (3,)), the way Textual hands actions to check_action."""
    name, _, rest = action.partition("(")
    return name, tuple(ast.literal_eval(f"({rest[:-1]},)")) if rest else ()


DEMO_KEYS = frozenset({"pause", "stop_demo", "discards", "new_game", "summary"})
"""The table's keys that still work while the demo plays: looking around is fine, moving its cards is
not. (Help, statistics, settings and quit belong to the app and always work.)"""


class TableHost(Protocol):
    """What the table hands on (the app's Club Fight side, ``entry.ClubFightGame``, does it)."""

    def table_changed(self, table: GameScreen) -> None:
        """The game moved on (a move, an undo, a counted hint): autosave it."""

    def table_finished(self, table: GameScreen) -> None:
        """The game just ended: record the result and show the game-over dialog."""

    def new_deal_requested(self, table: GameScreen, abandoned: bool) -> None:
        """The player asked for a new deal; ``abandoned`` when the game in progress counts as a loss."""

    def restart_requested(self, table: GameScreen, abandoned: bool) -> None:
        """The player asked for this deal again from its first turn; ``abandoned`` as for a new deal."""

    def summary_requested(self, table: GameScreen) -> None:
        """The player asked to see a finished game's summary again (the game-over dialog)."""


class GameScreen(Screen[None]):
    """One game of Club Fight on the table; ``demo`` tables are played by the hint engine."""

    PLACES_CURSOR = True
    """It puts the terminal cursor on what is being chosen itself (else the app puts it: app.py)."""

    GAME = "club-fight"
    CSS_PATH = TABLE_CSS
    BINDINGS: ClassVar[list[BindingType]] = _bindings()

    def __init__(
        self,
        session: GameSession,
        *,
        host: TableHost | None = None,
        confirm_blocking_moves: bool = True,
        hint_strength: str = "fast",
        demo: bool = False,
        pace: float = 0.8,
    ) -> None:
        super().__init__()
        self.host = host
        """Who saves, records and deals (the app's Club Fight side); None: a table that only plays."""
        self.model = TableModel(session, confirm_blocking_moves=confirm_blocking_moves)
        self.hint_strength = hint_strength
        self.demo = demo
        """Played by the hint engine (``--autoplay``): never saved or counted."""
        self.pace = pace
        self.playing = demo
        """True while the demo plays (paused or not); False once it stops or the game ends."""
        self.paused = False
        self.verdict: Answer | None = None
        """The answer to "Was this deal winnable?" once found, kept for the summary reopened with g."""
        self._binding_states: tuple[bool | None, ...] = ()
        self._resumed = False
        """Whether the screen has been shown (resumed) before: see ``_first_resume``."""
        self._last_place = 0
        """The place last pressed: the cursor goes there while it is part of the move."""
        self._choice_buttons: list[FlatButton] = []
        """The buttons of the lines to choose from (#choices), mounted as a turn first needs them."""

    # --- the game, read through the model -------------------------------------------------

    @property
    def session(self) -> GameSession:
        return self.model.session

    @property
    def position(self) -> Position:
        return self.model.position

    @property
    def plan(self) -> Plan:
        return self.model.plan

    @property
    def message(self) -> str:
        return self.model.message

    @property
    def fresh(self) -> frozenset[int]:
        return self.model.fresh

    @property
    def history(self) -> list[Position]:
        """Every position so far, the opening first (the session's own list: read, don't modify)."""
        return self.session.positions

    @property
    def moves(self) -> list[Move]:
        return self.session.moves

    @property
    def deal_label(self) -> str:
        return self.session.start.title

    # --- transitions ----------------------------------------------------------------------

    def apply(self, change: TableChange) -> None:
        """Draw the model after a transition and pass on to the app what it must act on."""
        if change.ask:
            self._ask(change.ask)
        if change.committed is not None and self.model.fresh and self.app.animation_level != "none":
            self.set_timer(FRESH_SECONDS, self._fade_fresh)
        host = self.host
        if host is not None and (change.committed is not None or change.history):
            host.table_changed(self)
        if change.game_over:
            self.playing = False
            if host is not None:
                host.table_finished(self)
        if change.new_deal and host is not None:
            host.new_deal_requested(self, change.abandoned)
        if change.restart and host is not None:
            host.restart_requested(self, change.abandoned)
        self.render_table()
        speak(self.app, spoken_line(self.model, change, "Demo" if self.demo else "You"))

    def set_plan(self, plan: Plan, message: str = "") -> None:
        """Show ``plan`` and ``message`` without playing anything (hints, the demo's preview)."""
        self.apply(self.model.preview(plan, message))

    def say(self, message: str) -> None:
        self.apply(self.model.say(message))

    def commit(self, move: Move) -> None:
        """Play a legal move: the only way the game moves on."""
        self.apply(self.model.commit(move))

    def count_hint(self) -> None:
        self.apply(self.model.count_hint())

    def _ask(self, blocks: tuple[str, ...]) -> None:
        from .questions import blocking_question  # not on the way to the first frame

        self.app.push_screen(blocking_question(list(blocks)), lambda yes: self.apply(self.model.answer(bool(yes))))

    def _fade_fresh(self) -> None:
        if self.model.fade_fresh():
            self.render_table()

    # --- layout ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        grid, hand = GridView(id="grid"), HandView(id="hand")
        self._show_cards(grid, hand)  # before they mount: each card is styled once, with its classes
        yield from board(
            ActionPanel(id="actions"),
            Static(id="feedback"),
            ButtonStrip(row=True, id="confirm-row"),
            Static(id="message"),
            PileSummary(id="pile-summary"),
            Static(id="unseen"),
            grid=grid,
            hand=hand,
        )
        yield KeyBar()

    def on_mount(self) -> None:
        self.render_table()
        speak(self.app, sentence(table_line(self.model), hand_line(self.model, "".join(HAND_KEYS)), self.message))
        self.watch(self.app, "theme", lambda _: self.render_table(), init=False)  # suit_ink follows the theme
        self.call_after_refresh(self.post_message, GameScreenShown())
        if self.demo:
            self.play_demo()

    @on(events.ScreenResume)
    def _first_resume(self, event: events.ScreenResume) -> None:
        """Shown for the first time: every widget was styled as it mounted, and again by each change
        ``render_table`` made, so the restyle of the whole screen that this first resume asks for
        would only repeat that work on the way to the first frame. Later resumes are Textual's
        business, and a new theme or stylesheet restyles the screen through ``refresh_css`` anyway.
        (This handler runs before Screen's own, which reads ``refresh_styles``.)"""
        if not self._resumed:
            self._resumed = True
            event.refresh_styles = False
        self.call_after_refresh(self._place_cursor)  # back from a dialog or the spoken log

    def on_resize(self, event: events.Resize) -> None:
        if self.is_mounted:
            update_if_changed(self.query_one("#status", Static), self._status_text())

    def render_table(self) -> None:
        """Redraw every widget from the model: the table's one render path."""
        model = self.model
        position, plan, move = model.position, model.plan, model.move
        self._show_cards(self.query_one(GridView), self.query_one(HandView))
        self.query_one(SuitCounter).show(position)
        self.query_one(ActionPanel).show_actions(position, plan.club, plan.action)
        self._show_choices(position, plan, move)
        update_if_changed(self.query_one("#feedback", Static), feedback(position, plan))
        self.query_one("#confirm-row", ButtonStrip).show(
            [
                StripButton(
                    "confirm",
                    "⏎ Confirm ✓" if move is not None else "⏎ Confirm",
                    enabled=plan.action is not None,
                    chosen=move is not None,
                    width=CONFIRM_WIDTH,
                ),
                StripButton("back", "Esc Back", enabled=not plan.is_empty),
                StripButton("pile", "d Pile"),
                StripButton("help", "? Help"),
            ]
        )
        update_if_changed(self.query_one("#message", Static), model.message)
        update_if_changed(self.query_one("#status", Static), self._status_text())
        # (a game started from a position string may have a pile but no moves)
        self.query_one(PileSummary).show(pile_lines(len(position.discard), self.moves[-1] if self.moves else None))
        # The unseen cards: drawn only from 120x40 on (table.tcss), kept up to date at any size.
        update_if_changed(self.query_one("#unseen", Static), unseen_line(unseen_cards(position)))
        self._refresh_footer()
        self.call_after_refresh(self._place_cursor)

    def _place_cursor(self) -> None:
        """The terminal cursor on the element being chosen, where screen readers and braille displays
        look: the card last pressed for the move, else the line chosen, else the action, else the club
        picked, else the first club of the hand."""
        if not self.is_current:
            return
        plan, move = self.model.plan, self.model.move
        slots = self.model.hand_slots()
        region: Region | None = None
        if plan.club is None or plan.club not in slots:
            first = next((i for i, club in enumerate(slots) if club is not None), None)
            region = self.query_one(HandView).card_region(first) if first is not None else None
        elif plan.action is None:
            region = self.query_one(HandView).card_region(slots.index(plan.club))
        elif self._last_place in plan.picked or (move is not None and self._last_place in move.cleared):
            region = self.query_one(GridView).card_region(self._last_place - 1)
        else:
            chosen = [button for button in self._choice_buttons if button.display and button.has_class("-chosen")]
            if chosen:
                region = chosen[0].content_region
            else:
                actions = self.query_one(ActionPanel)
                names = {button.name for button in actions.buttons}
                region = actions.button_region(plan.action.value) if plan.action.value in names else None
        if region is not None:
            place_cursor(self.app, cursor_spot(region))

    def _show_cards(self, grid: GridView, hand: HandView) -> None:
        model = self.model
        plan, move = model.plan, model.move
        picked = plan.picked if plan.action in PICKING_ACTIONS else frozenset()
        clear = move.cleared if move is not None else frozenset()
        grid.show(model.position, clear=clear, picked=picked, fresh=model.fresh)
        hand.show(model.hand_slots(), plan.club, model.used_clubs())

    def _refresh_footer(self) -> None:
        """Redraw the Footer only when some key's state changed: recomposing it is a frame's worth of work."""
        states = tuple(self.check_action(*_parse(b.action)) for b in self.BINDINGS if isinstance(b, Binding))
        if states != self._binding_states:
            self._binding_states = states
            self.refresh_bindings()

    def _show_choices(self, position: Position, plan: Plan, chosen: Move | None) -> None:
        moves = options(position, plan) if plan.action in CHOOSING_ACTIONS else []
        show = len(moves) > 1
        if not show and not self._choice_buttons:
            return  # no row yet, and none needed
        row = self._choices_row()
        row.display = show
        wanted = len(moves) if show else 0
        while len(self._choice_buttons) < wanted:  # made when first needed: most turns need none
            button = FlatButton("", id=f"choice-{len(self._choice_buttons)}", classes="choice")
            self._choice_buttons.append(button)
            row.mount(button)
        for index, button in enumerate(self._choice_buttons):
            if index < wanted:
                move = moves[index]
                button.label = choice_label(move)
                button.set_class(move == chosen, "-chosen")
                button.display = True
            else:
                button.display = False

    def _choices_row(self) -> Horizontal:
        """The row of lines to choose from (#choices), under the actions: mounted when a turn first
        needs it, as most openings don't."""
        if rows := self.query("#choices"):
            return rows.first(Horizontal)
        row = Horizontal(id="choices")
        self.query_one("#right").mount(row, after=self.query_one(ActionPanel))
        return row

    def _status_text(self) -> Text:
        position = self.position
        turn = position.turns_played if position.is_over else position.turns_played + 1
        # All Clear uses three clubs in one turn, so "Turn 5/13" would promise turns that aren't there.
        all_clear = Variant.ALL_CLEAR in position.variant
        turns = f"Turn {turn}  Clubs left {position.clubs_left}" if all_clear else f"Turn {turn}/{MAX_TURNS}"
        width = self.app.size.width
        day = self.session.daily
        daily = f"  Daily {day.isoformat()}" if day is not None else ""  # the table says it is today's deal
        for title in (" ♣ Club Fight ", " ♣ "):  # a six-digit seed needs the title's room at 80 columns
            text = Text()
            text.append(title, style="bold reverse")
            if daily:
                text.append(daily, style="bold")
            text.append(f"  Deal {self.deal_label}", style="bold")
            text.append(f"  {turns}")
            text.append(f"  Clubs deck {len(position.clubs_deck)}")
            text.append(f"  Grid deck {len(position.grid_deck)}")
            text.append(f"  To clear {position.score}", style="bold")
            if text.cell_len <= width:
                return text
        # A daily deal's 20-digit code doesn't leave room for the words: the compact line fits 80 columns.
        # "Clubs" is the clubs deck there, as "Clubs deck" is above, with or without All Clear.
        clubs = f"Clubs {len(position.clubs_deck)}"
        counts = f"  Turn {turn}{'' if all_clear else f'/{MAX_TURNS}'}  {clubs}  Grid {len(position.grid_deck)}"
        labels = [[daily.strip(), self.deal_label], ["Daily", self.deal_label]] if daily else [[self.deal_label]]
        for label in labels:
            text = Text()
            text.append(" ♣ ", style="bold reverse")
            text.append(" ".join(label), style="bold")
            text.append(counts)
            text.append(f"  Left {position.score}", style="bold")
            if text.cell_len <= width:
                break
        return text

    # --- keys -----------------------------------------------------------------------------

    @on(events.Key)
    def _answer_every_key(self, event: events.Key) -> None:
        """Every key answers (README): one that is bound here but can't act now says why, and one that
        is bound nowhere says so. (The key reaches the screen before the bindings run, at the app.)"""
        key = event.key
        ours = [
            _parse(binding.action) for binding in self.BINDINGS if isinstance(binding, Binding) and binding.key == key
        ]
        if self.playing and ours:  # the demo's table: only its own keys (and looking around) act
            if not any(self.check_action(*parsed) for parsed in ours):
                self.say("The demo is playing: Space pauses it, Esc hands you the table.")
            return
        # The demo's own keys at a player's table are as good as unbound.
        ours = [parsed for parsed in ours if parsed[0] not in ("pause", "stop_demo")]
        if any(self.check_action(*parsed) for parsed in ours):
            return  # its binding runs
        if ours:
            self.say(self.model.refusal(*ours[0]))
        elif key not in self.active_bindings:  # the app's keys (the palette, quit) answer for themselves
            self.say(f"{key_name(key)} does nothing here: ? shows the keys.")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Unavailable keys stay in the Footer but dimmed (None); the demo's keys show only in a demo."""
        if action in ("pause", "stop_demo"):
            return self.playing
        if self.playing:
            return action in DEMO_KEYS
        return self.model.can(action, parameters)

    def action_club(self, slot: int) -> None:
        self.apply(self.model.select_club(slot))

    def action_act(self, name: str) -> None:
        self.apply(self.model.choose_action(Action(name)))

    def action_place(self, place: int) -> None:
        self._last_place = place
        self.apply(self.model.press_place(place))

    def action_direction(self, direction: str) -> None:
        self.apply(self.model.choose_direction(direction))

    def action_cycle(self, step: int) -> None:
        self.apply(self.model.cycle(step))

    def action_confirm(self) -> None:
        self.apply(self.model.confirm())

    def action_back(self) -> None:
        self.apply(self.model.back())

    def action_undo(self) -> None:
        self.apply(self.model.undo())

    def action_redo(self) -> None:
        self.apply(self.model.redo())

    def action_new_game(self) -> None:
        self.apply(self.model.request_new_deal())

    def action_restart(self) -> None:
        self.apply(self.model.request_restart())

    def action_hint(self) -> None:
        """Ask the hint engine (in a worker: the table stays live) and preview its move; a second press
        while it thinks waits for the first answer."""
        if self.position.is_over:
            return
        if self.thinking:
            self.say(THINKING + " (still working)")
            return
        self.say(THINKING)
        self.hint(self.position)

    @property
    def thinking(self) -> bool:
        """Whether a hint for this table is still being computed."""
        return any(w.group == HINT_GROUP and w.state in ACTIVE for w in self.workers)

    @work(exclusive=True, group=HINT_GROUP, exit_on_error=False)
    async def hint(self, position: Position) -> None:
        """The hint for ``position``, thought on a thread (the engine is pure CPU-bound Python, so input
        keeps flowing meanwhile), then shown in one redraw: the move previewed, its reason, the hint
        counted. The player still confirms it: nothing is committed behind their back."""
        try:
            hint = await think(position, self.hint_strength)
        except Exception as error:  # an unknown strength, or a bug: one line, never a traceback
            if self.position is position:
                self.say(f"No hint: {error or type(error).__name__}.")
            return
        if self.position is position:  # else a move was played meanwhile: the hint is for a table that's gone
            self.apply(self.model.show_hint(hint.move, hint.reason))

    @work(exclusive=True, group="autoplay", exit_on_error=False)
    async def play_demo(self) -> None:
        """``clubfight --autoplay``: the hint engine plays the deal at a pace a person can follow. Each
        turn it thinks, previews its move for ``pace`` seconds with the reason, then commits it, like a
        player pressing Enter. Space pauses; Esc stops it and hands the table over (``action_pause``,
        ``action_stop_demo``). A demo is never saved or counted."""
        while self.playing and not self.position.is_over:
            await self._wait_while_paused()
            position = self.position
            try:
                hint = await think(position, self.hint_strength)
            except Exception as error:  # one line and the table handed over, never a traceback
                self.playing = False
                self.set_plan(Plan(), f"Demo stopped: {error or type(error).__name__}.")
                return
            if not self.playing:
                return
            if self.position is not position:  # the table moved on meanwhile: think again
                continue
            move = hint.move
            self.set_plan(hint_plan(move), f"Demo: {played_text(move)}: {hint.reason}.")
            await asyncio.sleep(self.pace)
            await self._wait_while_paused()
            if not self.playing:
                return
            if self.position is position:
                self.commit(move)
        self.playing = False
        self.refresh_bindings()

    async def _wait_while_paused(self) -> None:
        while self.paused and self.playing:
            await asyncio.sleep(PAUSE_POLL)

    def action_summary(self) -> None:
        if self.position.is_over and self.host is not None:
            self.host.summary_requested(self)

    def action_discards(self) -> None:
        from .discard_screen import DiscardScreen  # not on the way to the first frame

        self.app.push_screen(DiscardScreen(self.history, self.moves))

    def action_pause(self) -> None:
        self.paused = not self.paused
        self.say("Demo paused: Space resumes, Esc hands you the table." if self.paused else "Demo resumed.")

    def action_stop_demo(self) -> None:
        """Esc in a demo: stop it; the table is the player's from here, and the game theirs: saved, and
        counted in the statistics as assisted (each move the engine played counts as a hint)."""
        self.playing = self.paused = False
        self.workers.cancel_group(self, "autoplay")
        if self.demo and not self.position.is_over:
            self.demo = False
            self.session.hints += max(1, len(self.moves))
            self.apply(TableChange(history=True))
        self.set_plan(Plan(), "Demo stopped: the table is yours.")

    # --- mouse ----------------------------------------------------------------------------

    @on(CardSpread.Clicked, "GridView")
    def _place_clicked(self, event: CardSpread.Clicked) -> None:
        if not self.playing and event.slot.card is not None:
            self.action_place(event.index + 1)

    @on(CardSpread.Clicked, "HandView")
    def _club_clicked(self, event: CardSpread.Clicked) -> None:
        if not self.playing and event.slot.card is not None:
            self.action_club(event.index)

    @on(ButtonStrip.Pressed, "#actions")
    def _action_pressed(self, event: ButtonStrip.Pressed) -> None:
        if not self.playing:
            self.action_act(event.name)

    @on(FlatButton.Pressed, ".choice")
    def _choice_pressed(self, event: FlatButton.Pressed) -> None:
        if not self.playing and event.button.id:
            self.apply(self.model.pick_choice(int(event.button.id.removeprefix("choice-"))))

    @on(ButtonStrip.Pressed, "#confirm-row")
    async def _confirm_row_pressed(self, event: ButtonStrip.Pressed) -> None:
        if event.name == "pile":
            self.action_discards()
        elif event.name == "help":
            await self.run_action("app.rules")
        elif self.playing:
            return  # Confirm and Back would move the demo's cards
        elif event.name == "confirm":
            self.action_confirm()
        else:
            self.action_back()
