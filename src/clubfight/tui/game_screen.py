"""The table: the one place that holds the game, and the move flow club -> action -> targets -> confirm."""

from __future__ import annotations

import ast
import os
from dataclasses import replace
from datetime import date
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Button, Static

from ..engine import GRID_SIZE, MAX_TURNS, Action, ActionInput, DealCode, Move, Position, Variant
from ..session import GameSession
from .keeping import autosave, new_session, record_finish, utc_today
from .turn import (
    CHOOSING_ACTIONS,
    PICKING_ACTIONS,
    Plan,
    action_summary,
    candidate,
    describe,
    feedback,
    options,
    why_not,
)
from .widgets import ActionPanel, CardWidget, GridView, HandView, SuitCounter
from .widgets.actions import ACTION_KEYS
from .widgets.board import board, is_large
from .widgets.buttons import FlatButton, update_if_changed
from .widgets.footer import TableFooter
from .widgets.hand import HAND_KEYS

MAX_CHOICES = 6
"""At most six lines (3 rows, 3 columns) to choose from; Up/Down has two, All Clear three."""
FRESH_SECONDS = 1.5
NEW_GAME_WARNING = "This game isn't over: press n again for a new deal (this one counts as a loss)."

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
        Binding("d", "discards", "Pile"),
        Binding("question_mark", "help", "Help", key_display="?"),
        Binding("f1", "help", "Help", show=False),
        Binding("n", "new_game", "New"),
        Binding("q", "quit", "Quit"),
        Binding("s", "stats", "Stats"),
        Binding("o", "settings", "Settings"),
    ]
    return bindings


def _parse(action: str) -> tuple[str, tuple[object, ...]]:
    """Split "place(3)" into ("place", (3,)), the way Textual hands actions to check_action."""
    name, _, rest = action.partition("(")
    return name, tuple(ast.literal_eval(f"({rest[:-1]},)")) if rest else ()


class GameScreen(Screen[None]):
    """Holds the game (``session``, a ``GameSession``: every position and move so far, undo and redo)
    and renders every widget from its current position.

    Every confirmed move goes through ``commit``, which autosaves, and records the result at game over.
    """

    BINDINGS: ClassVar[list[BindingType]] = _bindings()

    class MoveCommitted(Message):
        """Posted after every confirmed move, for listeners such as autosave and statistics."""

        def __init__(self, move: Move, before: Position, after: Position) -> None:
            super().__init__()
            self.move = move
            self.before = before
            self.after = after

    def __init__(self, start: Position, code: DealCode | None, *, session: GameSession | None = None) -> None:
        """A new game from ``start`` (dealt from ``code``), or the given ``session`` (resumed, daily)."""
        super().__init__()
        self.session = session if session is not None else new_session(start, code)
        self.code = self.session.start.deal if session is not None else code
        self.finished = self.session.is_over
        """The result is in the statistics: recorded exactly once, at game over."""
        self.plan = Plan()
        self.fresh: frozenset[int] = frozenset()
        self.message = ""
        self._binding_states: tuple[bool | None, ...] = ()

    # --- state ----------------------------------------------------------------------------

    @property
    def position(self) -> Position:
        return self.session.position

    @property
    def history(self) -> list[Position]:
        """Every position so far, the opening first (the session's own list: read, don't modify)."""
        return self.session.positions

    @property
    def moves(self) -> list[Move]:
        return self.session.moves

    def note_hint(self) -> None:
        """A hint was shown: the game is no longer clean (saved at once, so quitting can't hide it)."""
        self.session.note_hint()
        if not self.finished:
            self.keep_save()

    def keep_save(self) -> None:
        """Autosave the unfinished game (the autoplay demo overrides this and keeps nothing)."""
        self._warn(autosave(self.session))

    def keep_result(self, *, abandoned: bool = False) -> None:
        """Record the finished (or abandoned) game in the statistics."""
        self._warn(record_finish(self.session, self.today(), abandoned=abandoned))

    def today(self) -> date:
        from .app import ClubFightApp

        return self.app.today() if isinstance(self.app, ClubFightApp) else utc_today()

    def _warn(self, warning: str | None) -> None:
        if warning:
            self.notify(warning, severity="warning", timeout=10)

    @property
    def deal_label(self) -> str:
        label = str(self.code) if self.code else "custom position"
        return label + "".join(f" +{name}" for name in self.position.variant.names)

    def commit(self, move: Move) -> None:
        """Play a legal move: the only way the game moves on."""
        before = self.position
        after = self.session.play(move)
        self.plan = Plan()
        self.fresh = frozenset(p for p in move.cleared if after.card_at(p) is not None)
        self.message = f"Played {describe(move)} with the {move.club.symbol}: cleared {len(move.cleared)}."
        if self.fresh:
            self.message += f" New cards at {' '.join(map(str, sorted(self.fresh)))}."
            if self.app.animation_level != "none":
                self.set_timer(FRESH_SECONDS, self._fade_fresh)
        if after.is_over:
            self.finished = True
            self.keep_result()
        else:
            self.keep_save()
        self.post_message(self.MoveCommitted(move, before, after))
        self.render_table()
        if after.is_over:
            self.call_after_refresh(self.app.call_later, self._show_game_over)

    def action_undo(self) -> None:
        """Take back the last move, back to the start of the deal (the game is no longer clean)."""
        if self.finished or not self.session.can_undo:
            return
        move = self.session.moves[-1]
        self.session.undo()
        self._after_history_step(f"Took back {describe(move)} with the {move.club.symbol}. r redoes it.")

    def action_redo(self) -> None:
        if self.finished or not self.session.can_redo:
            return
        move = self.session.redo_stack[-1]
        self.commit(move)
        if not self.finished:
            self.message = f"Redid {describe(move)} with the {move.club.symbol}."
            self.render_table()

    def _after_history_step(self, message: str) -> None:
        self.plan = Plan()
        self.fresh = frozenset()
        self.message = message
        self.keep_save()
        self.render_table()

    def _show_game_over(self) -> None:
        from .game_over import GameOverScreen

        screen = GameOverScreen(
            self.position,
            self.deal_label,
            share=self.session.share_line(),
            export=self._export_record,
            played=(list(self.history), list(self.moves)),
            hints=self.session.hints,
        )
        self.app.push_screen(screen, self._after_game_over)

    def _export_record(self) -> str:
        """Write the game record into the data folder; the line to show says where (or why not)."""
        from ..storage import export_record

        try:
            path = export_record(self.session.start, self.session.moves)
        except (OSError, ValueError) as error:
            return f"Couldn't export the record: {getattr(error, 'strerror', None) or error}"
        # Folder and file name on lines of their own: a path has no spaces to wrap at in a narrow dialog.
        return f"Record written to\n{path.parent}{os.sep}\n{path.name}"

    def _after_game_over(self, choice: str | None) -> None:
        from .app import ClubFightApp

        app = self.app
        if choice == "quit":
            app.exit()
        elif isinstance(app, ClubFightApp) and choice in ("again", "new"):
            level = self.history[0].level
            seed = self.code.seed if (choice == "again" and self.code) else None
            if choice == "again" and self.code is None:
                app.replace_game(GameScreen(self.history[0], None))
            else:
                app.start_game(level, seed, replace=True)

    def _fade_fresh(self) -> None:
        if self.fresh:
            self.fresh = frozenset()
            self.render_table()

    def set_plan(self, plan: Plan, message: str = "") -> None:
        self.plan = plan
        self.message = message
        self.render_table()

    # --- layout ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        choices = [FlatButton("", id=f"choice-{index}", classes="choice") for index in range(MAX_CHOICES)]
        yield from board(
            ActionPanel(id="actions"),
            Horizontal(*choices, id="choices"),
            Static(id="feedback"),
            Horizontal(
                FlatButton("⏎ Confirm", id="confirm"),
                FlatButton("Esc Back", id="back"),
                FlatButton("d Pile", id="pile"),
                FlatButton("? Help", id="help"),
                id="confirm-row",
            ),
            Static(id="message"),
            Static(id="pile-summary"),
        )
        yield TableFooter(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self._apply_size(self.app.size.width, self.app.size.height)
        self.render_table()
        self.call_after_refresh(self._first_frame)

    def _first_frame(self) -> None:
        from .app import ClubFightApp

        if isinstance(self.app, ClubFightApp):
            self.app.table_shown()

    def on_resize(self, event: events.Resize) -> None:
        self._apply_size(event.size.width, event.size.height)
        if self.is_mounted:
            update_if_changed(self.query_one("#status", Static), self._status_text())

    def _apply_size(self, width: int, height: int) -> None:
        self.set_class(is_large(width, height), "-large")

    def render_table(self) -> None:
        """Redraw every widget from the current position and plan."""
        position, plan = self.position, self.plan
        move = candidate(position, plan)
        picked = plan.picked if plan.action in PICKING_ACTIONS else frozenset()
        clear = move.cleared if move is not None else frozenset()
        self.query_one(GridView).show(position, clear=clear, picked=picked, fresh=self.fresh)
        used = move.clubs_used if move is not None else ()
        self.query_one(HandView).show(position.hand, plan.club, used)
        self.query_one(SuitCounter).show(position)
        self.query_one(ActionPanel).show(position, plan.club, plan.action)
        self._show_choices(position, plan)
        update_if_changed(self.query_one("#feedback", Static), feedback(position, plan))
        confirm = self.query_one("#confirm", FlatButton)
        confirm.label = "⏎ Confirm ✓" if move is not None else "⏎ Confirm"
        confirm.set_class(move is not None, "-ready")
        confirm.disabled = plan.action is None
        self.query_one("#back", FlatButton).disabled = plan.is_empty
        update_if_changed(self.query_one("#message", Static), self.message)
        update_if_changed(self.query_one("#status", Static), self._status_text())
        update_if_changed(self.query_one("#pile-summary", Static), self._pile_text())
        self._refresh_footer()

    def _refresh_footer(self) -> None:
        """Redraw the Footer only when some key's state changed: recomposing it is a frame's worth of work."""
        states = tuple(self.check_action(*_parse(b.action)) for b in self._bindings_list())
        if states != self._binding_states:
            self._binding_states = states
            self.refresh_bindings()

    @classmethod
    def _bindings_list(cls) -> list[Binding]:
        """Every key declared by this class and its bases (a subclass such as the demo adds its own)."""
        declared = (vars(klass).get("BINDINGS", []) for klass in reversed(cls.__mro__))
        return [b for bindings in declared for b in bindings if isinstance(b, Binding)]

    def _show_choices(self, position: Position, plan: Plan) -> None:
        moves = options(position, plan) if plan.action in CHOOSING_ACTIONS else []
        show = len(moves) > 1
        self.query_one("#choices").display = show
        chosen = candidate(position, plan)
        for index in range(MAX_CHOICES):
            button = self.query_one(f"#choice-{index}", FlatButton)
            if show and index < len(moves):
                move = moves[index]
                arrow = {"up": "↑ ", "down": "↓ "}.get(move.detail or "", "")
                button.label = f"{arrow}{describe(move)} ({len(move.cleared)})"
                button.set_class(move == chosen, "-chosen")
                button.display = True
            else:
                button.display = False

    def _status_text(self) -> Text:
        position = self.position
        turn = position.turns_played if position.is_over else position.turns_played + 1
        width = self.app.size.width
        for title in (" ♣ Club Fight ", " ♣ "):  # a six-digit seed needs the title's room at 80 columns
            text = Text()
            text.append(title, style="bold reverse")
            text.append(f"  Deal {self.deal_label}", style="bold")
            text.append(f"  Turn {turn}/{MAX_TURNS}")
            text.append(f"  Clubs deck {len(position.clubs_deck)}")
            text.append(f"  Grid deck {len(position.grid_deck)}")
            text.append(f"  To clear {position.score}", style="bold")
            if text.cell_len <= width:
                return text
        # A daily deal's 20-digit code doesn't leave room for the words: the compact line fits 80 columns.
        text = Text()
        text.append(" ♣ ", style="bold reverse")
        text.append(f" {self.deal_label}", style="bold")
        text.append(f"  Turn {turn}/{MAX_TURNS}  Clubs {len(position.clubs_deck)}  Grid {len(position.grid_deck)}")
        text.append(f"  Left {position.score}", style="bold")
        return text

    def _pile_text(self) -> Text:
        pile = self.position.discard
        text = Text(f"Discard pile: {len(pile)} cards", style="dim")
        if pile:
            last = self.moves[-1]
            text.append(f"  last turn: {last.club.symbol} {describe(last)}", style="dim")
        return text

    # --- keys -----------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Unavailable keys stay in the Footer but dimmed (None); All Clear hides when the variant is off."""
        position, plan = self.position, self.plan
        over = position.is_over
        if action == "place":
            if over or plan.action is None or plan.action.input not in (ActionInput.CARDS, ActionInput.LINE):
                return None
            return True
        if action == "club":
            slot = parameters[0] if parameters else 0
            return True if not over and isinstance(slot, int) and slot < len(position.hand) else None
        if action == "act":
            chosen = Action(str(parameters[0]))
            if chosen is Action.ALLCLEAR and Variant.ALL_CLEAR not in position.variant:
                return False
            return True if not over and action_summary(position, plan.club, chosen)[0] and plan.club else None
        if action == "confirm":
            return True if plan.action is not None else None
        if action == "back":
            return True if not plan.is_empty else None
        if action == "undo":
            return True if self.session.can_undo and not self.finished else None
        if action == "redo":
            return True if self.session.can_redo and not self.finished else None
        if action in ("direction", "cycle"):
            return True if len(options(position, plan)) > 1 and plan.action in CHOOSING_ACTIONS else None
        if action == "hint":
            return True if not over else None
        return True

    def action_club(self, slot: int) -> None:
        hand = self.position.hand
        if not 0 <= slot < len(hand) or self.position.is_over:
            return
        club = hand[slot]
        self.fresh = frozenset()
        if self.plan.club == club:
            self.set_plan(Plan(), f"Put the {club.symbol} back.")
        else:
            self.set_plan(Plan(club=club))

    def action_act(self, name: str) -> None:
        action = Action(name)
        plan = self.plan
        if plan.club is None:
            self.set_plan(plan, "Pick a club first: z x c v, or click one.")
            return
        available, detail = action_summary(self.position, plan.club, action)
        if not available:
            self.set_plan(plan, f"{action.title}: {detail}.")
            return
        if plan.action is action and action in CHOOSING_ACTIONS:
            self.action_cycle(1)
            return
        self.set_plan(Plan(club=plan.club, action=action))

    def action_place(self, place: int) -> None:
        plan, position = self.plan, self.position
        if plan.action is None or position.is_over:
            return
        if position.card_at(place) is None:
            self.set_plan(plan, f"Place {place} is empty.")
            return
        if plan.action.input is ActionInput.LINE:
            self._choose_line(place)
            return
        if plan.action not in PICKING_ACTIONS:
            return
        if plan.action is Action.ANY:
            picked = frozenset() if plan.picked == {place} else frozenset({place})
        else:
            picked = plan.picked ^ {place}
        self.set_plan(replace(plan, picked=picked))

    def _choose_line(self, place: int) -> None:
        """A place picks a legal line through it; pressing it again moves to its other line."""
        moves = [m for m in options(self.position, self.plan) if place in m.cleared]
        if not moves:
            self.set_plan(self.plan, f"No legal line through place {place}.")
            return
        current = self.plan.choice
        index = (moves.index(current) + 1) % len(moves) if current in moves else 0
        self.set_plan(replace(self.plan, choice=moves[index]))

    def action_direction(self, direction: str) -> None:
        moves = options(self.position, self.plan)
        if self.plan.action is not None and self.plan.action.input is ActionInput.DIRECTION:
            for move in moves:
                if move.detail == direction:
                    self.set_plan(replace(self.plan, choice=move))
                    return
        elif moves:
            self.action_cycle(1 if direction == "down" else -1)

    def action_cycle(self, step: int) -> None:
        moves = options(self.position, self.plan)
        if len(moves) < 2:
            return
        current = candidate(self.position, self.plan)
        index = moves.index(current) + step if current in moves else (0 if step > 0 else -1)
        self.set_plan(replace(self.plan, choice=moves[index % len(moves)]))

    def action_confirm(self) -> None:
        move = candidate(self.position, self.plan)
        if move is None or move not in self.position.legal_moves():
            self.set_plan(self.plan, why_not(self.position, self.plan))
            return
        blocks = self._new_blocks(move)
        if blocks:
            from .ask import blocking_question

            def answered(yes: bool | None) -> None:
                if yes and move in self.position.legal_moves():
                    self.commit(move)

            self.app.push_screen(blocking_question(blocks), answered)
            return
        self.commit(move)

    def _new_blocks(self, move: Move) -> list[str]:
        """The blocks (T2) the move would leave that weren't there before, when the player wants to be asked."""
        from .app import ClubFightApp

        app = self.app
        if not isinstance(app, ClubFightApp) or not app.settings.confirm_blocking_move:
            return []
        before = self.position
        after = before.play(move)
        if after.is_over:
            return []
        already = set(before.blocked_actions())
        return [str(block) for block in after.blocks() if block.action not in already]

    def action_back(self) -> None:
        if not self.plan.is_empty:
            self.set_plan(self.plan.back())

    def action_hint(self) -> None:
        """Ask the hint engine (in a worker: the table stays live) and preview its move."""
        from .hinting import request_hint

        request_hint(self)

    def action_discards(self) -> None:
        from .discard_screen import DiscardScreen

        self.app.push_screen(DiscardScreen(self.history, self.moves))

    def action_help(self) -> None:
        from .help_screen import HelpScreen

        self.app.push_screen(HelpScreen())

    def action_new_game(self) -> None:
        """A new deal; mid-game it takes a second press, so one stray key can't throw a game away."""
        from .app import ClubFightApp

        position = self.position
        if position.turns_played and not position.is_over and self.message != NEW_GAME_WARNING:
            self.set_plan(self.plan, NEW_GAME_WARNING)
            return
        app = self.app
        if isinstance(app, ClubFightApp):
            if position.turns_played and not self.finished:
                self.finished = True
                self.keep_result(abandoned=True)
            app.start_game(self.history[0].level, None, replace=True)

    def action_stats(self) -> None:
        from .stats_screen import StatsScreen

        self.app.push_screen(StatsScreen(today=self.today()))

    def action_settings(self) -> None:
        from .app import ClubFightApp

        app = self.app
        if isinstance(app, ClubFightApp):
            app.open_settings()

    async def action_quit(self) -> None:
        self.app.exit()

    # --- mouse ----------------------------------------------------------------------------

    def on_card_widget_clicked(self, event: CardWidget.Clicked) -> None:
        widget = event.card_widget
        if widget.has_class("grid-card"):
            if self.check_action("place", ()) and widget.card is not None:
                self.action_place(int(widget.key))
            elif self.plan.action is None and widget.card is not None:
                self.set_plan(self.plan, "Pick a club and an action first, then the cards.")
        elif widget.card is not None:
            self.action_club(HAND_KEYS.index(widget.key))

    def on_action_panel_chosen(self, event: ActionPanel.Chosen) -> None:
        self.action_act(event.action.value)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        button_id = event.button.id or ""
        if button_id.startswith("choice-"):
            moves = options(self.position, self.plan)
            index = int(button_id.removeprefix("choice-"))
            if index < len(moves):
                self.set_plan(replace(self.plan, choice=moves[index]))
        elif button_id == "confirm":
            self.action_confirm()
        elif button_id == "back":
            self.action_back()
        elif button_id == "pile":
            self.action_discards()
        elif button_id == "help":
            self.action_help()
