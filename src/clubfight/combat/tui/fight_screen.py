"""The Combat Club fight: maps keys and clicks to the fight model's transitions and draws the model.

The board, the card row, the side panel and the hot-seat curtain are widgets that draw the model;
the questions (a counter, ending the turn, the draw-off) are screens of their own (prompts.py).
Saving, recording results, the round-end banner and new matches belong to the host (``FightHost``):
the screen tells it what the model said. The computer's moves are decided on a thread and played
one at a time at ``pace`` seconds each; space skips to the player's next decision.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import ClassVar, Protocol, TypeVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static
from textual.worker import WorkerState

from clubfight.combat.engine import Card, EventKind, Phase
from clubfight.combat.tui import COMBAT_CSS
from clubfight.shell.app import cursor_spot, forget_private, place_cursor, speak
from clubfight.shell.widgets.buttons import FlatButton, update_if_changed
from clubfight.shell.widgets.footer import KeyBar

from .board import FightBoard, place_at
from .card_row import SLOT_KEYS, CardRow
from .cards import CombatCard
from .coach_hint import CoachHint, CoachRequest, ask_coach
from .curtain import Curtain
from .fight_model import FightChange, FightModel
from .fight_text import variants_text
from .log_screen import FullLogScreen
from .prompts import CounterScreen, DrawOffScreen, EndTurnScreen
from .side_panel import SidePanel
from .spoken_text import counter_line, spoken_lines

__all__ = ["SLOT_KEYS", "FightHost", "FightScreen"]


def _bindings() -> list[BindingType]:
    bindings: list[BindingType] = [Binding("z", "pick(0)", "Card", key_display="zxcv…")]
    bindings += [Binding(key, f"pick({i})", f"Card {i + 1}", show=False) for i, key in enumerate(SLOT_KEYS) if i]
    bindings.append(Binding("1", "place(1)", "Stack", key_display="1-9"))
    bindings += [Binding(str(p), f"place({p})", f"Stack {p}", show=False) for p in range(2, 10)]
    bindings += [
        Binding("enter", "confirm", "Confirm"),
        Binding("escape", "back", "Back"),
        Binding("e", "end_turn", "End turn"),
        Binding("a", "arrange", "Arrange"),
        Binding("left", "cycle(-1)", "Order", show=False),
        Binding("right", "cycle(1)", "Order", show=False),
        Binding("space", "skip", "Skip", key_display="space"),
        Binding("u", "undo", "Undo"),
        Binding("l", "full_log", "Log"),
        Binding("h", "hint", "Hint", show=False),
        Binding("d", "explain('d')", "Discards", show=False),
        Binding("g", "explain('g')", "Game over", show=False),
        Binding("question_mark", "app.rules", "Help", key_display="?"),
        Binding("f1", "app.rules", "Help", show=False),
        Binding("s", "app.stats", "Stats"),
        Binding("o", "app.settings", "Settings"),
        Binding("q", "app.quit", "Quit"),
    ]
    return bindings


T = TypeVar("T")
COMPUTER = "computer"
"""The worker group of the computer's turn."""
COACH = "coach"
"""The worker group of the coach's hint."""
COACH_THINKING = "The coach is thinking… (keys still work; any play drops the hint)"
PACE_STEP = 0.02
COUNTER_FLOOR = 0.3
"""Seconds the computer always takes over a counter window, whatever the pace (see computer_turn)."""
"""How often the computer's pause looks whether space skipped it."""


class FightHost(Protocol):
    """What the fight hands on (the app's Combat Club side, ``match_side.MatchSide``, does it)."""

    def fight_changed(self, fight: FightScreen) -> None:
        """An action was played, or a new round dealt: autosave."""

    def fight_round_over(self, fight: FightScreen) -> None:
        """The round just ended: show the banner (and record the match once it is over)."""


class FightScreen(Screen[None]):
    PLACES_CURSOR = True
    """It puts the terminal cursor on what is being chosen itself (else the app puts it: app.py)."""

    GAME = "combat"
    CSS_PATH = COMBAT_CSS
    BINDINGS: ClassVar[list[BindingType]] = _bindings()

    def __init__(self, model: FightModel, *, host: FightHost | None = None, pace: float = 0.9, title: str = "") -> None:
        super().__init__()
        self.host = host
        """Who saves and records the match (the app's Combat Club side); None: a fight that only plays."""
        self.model = model
        self.pace = pace
        """Seconds between the computer's moves; 0 plays them at once (tests, animations off)."""
        self.title_text = title
        self.skipping = False
        """Space: the computer's moves play at once until the player's next decision."""
        self._asking = False
        """A question of the fight's is open: the flow waits for its answer."""
        self._spoken_size = len(model.log)
        """How much of the log the spoken log has said."""
        self._coach_asked: object = None
        """The round the coach's hint on its way was asked for."""

    @property
    def busy(self) -> bool:
        """The computer is about to move or thinking (tests wait for this to clear)."""
        return any(w.group == COMPUTER and w.state in (WorkerState.PENDING, WorkerState.RUNNING) for w in self.workers)

    def place_at(self, row: int, col: int) -> int:
        return place_at(self.model.perspective, row, col)

    # --- layout ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="c-status")
        with Vertical(id="c-main"):
            with Horizontal(id="c-table"):
                yield FightBoard(id="c-left")
                yield SidePanel(id="c-right")
            yield CardRow(id="c-cards")
        yield Curtain(id="c-curtain")
        yield KeyBar()

    def on_mount(self) -> None:
        self.render_model()
        self._spoken_size = max(0, len(self.model.log) - 1)  # the round's opening line, or the last action
        self._speak(FightChange())
        self.call_after_refresh(self.resume_flow)
        self.watch(self.app, "theme", lambda _: self.render_model(), init=False)  # red_ink follows the theme

    def on_screen_resume(self) -> None:
        self.render_model()
        self.call_after_refresh(self.resume_flow)

    # --- drawing --------------------------------------------------------------------------

    def render_model(self) -> None:
        model = self.model
        curtain = model.curtain is not None
        self.query_one("#c-main").display = not curtain
        self.query_one("#c-curtain").display = curtain
        update_if_changed(self.query_one("#c-status", Static), self._status())
        if curtain:
            self.query_one(Curtain).show(model)
        else:
            self.query_one(FightBoard).show(model)
            self.query_one(CardRow).show(model)
            self.query_one(SidePanel).show(model, thinking=self.busy)
        self.refresh_bindings()
        self.call_after_refresh(self._place_cursor)

    def _status(self) -> Text:
        match = self.model.match
        red, black = match.wins
        text = Text()
        text.append(" ⚔ Combat Club ", style="bold reverse")
        text.append(f"  {match.code}", style="bold")
        text.append(f"  Round {match.round_number} (best of {match.rules.rounds})")
        text.append(f"  Rounds RED {red}-{black} BLACK", style="bold")
        if self.title_text:
            text.append(f"  {self.title_text}")
        variants = variants_text(match.rules)
        if variants:
            text.append(f"\n {variants}", style="bold")
        return text

    # --- the flow: questions, the computer's moves ----------------------------------------------

    def apply(self, change: FightChange) -> None:
        self._speak(change)
        if self.host is not None and (change.played is not None or change.new_round or change.undone):
            self.host.fight_changed(self)
        if self.host is not None and change.hinted:
            self.host.fight_changed(self)  # saved as assisted at once: quitting can't hide a hint
        if change.undone:
            self.workers.cancel_group(self, COMPUTER)  # what it was deciding answers a play taken back
        if change.played is not None or change.undone or change.new_round:
            self.workers.cancel_group(self, COACH)  # a hint on its way is for a table that's gone
        if change.ask_end:
            self._ask(EndTurnScreen.asking(self.model), lambda yes: self.apply(self.model.answer_end(bool(yes))))
        self.render_model()
        if change.draw_off:
            self._show_draw_off()
        elif change.round_over:
            self.round_over()
        else:
            self.call_after_refresh(self.resume_flow)

    def _speak(self, change: FightChange) -> None:
        """The transition's plain lines into the spoken log (F2), the log's new lines first."""
        log = self.model.log
        if len(log) < self._spoken_size:  # an undo or a new match shortened it
            self._spoken_size = len(log)
        new, self._spoken_size = log[self._spoken_size :], len(log)
        if change.curtain:
            forget_private(self.app)  # the next player mustn't read the last one's cards back
        for line in spoken_lines(self.model, new, change):
            speak(self.app, line.text, private=line.private)

    def _place_cursor(self) -> None:
        """The terminal cursor on the element being chosen, where screen readers and braille displays
        look: the stack aimed at, else the last card picked, else the first card of the row."""
        model = self.model
        if model.curtain is not None or not self.is_current:
            return
        widget: Widget | None = None
        target = model.target if model.target is not None else (model.attack.to if model.attack else None)
        if target is not None:
            for row in range(3):
                for col in range(3):
                    if self.place_at(row, col) == target:
                        widget = self.query_one(f"#c-cell-{row}-{col}")
        else:
            chosen = model.picked[-1:] or model.arrangement[-1:]
            slots = model.row
            index = slots.index(chosen[0]) if chosen and chosen[0] in slots else 0
            widget = self.query_one(f"#c-slot-{index}")
        if widget is not None and widget.display:
            region = widget.content_region
            place_cursor(self.app, cursor_spot(region))

    def round_over(self) -> None:
        if self.host is not None:
            self.host.fight_round_over(self)

    def resume_flow(self) -> None:
        """Whatever comes next: the counter question for the player, or the computer's next move."""
        if self.app.screen is not self or self._asking:
            return
        model = self.model
        r = model.round
        if r.is_over:
            return
        if model.humans_turn:
            self.skipping = False
            if r.phase is Phase.COUNTER:  # after every unsafe play, a card that fits or not
                speak(self.app, counter_line(model), private=True)
                self._ask(CounterScreen.asking(model, coach=self.action_hint), self._countered)
            return
        if model.computer_to_act and not self.busy:
            self.computer_turn()

    def _ask(self, question: Screen[T], answered: Callable[[T | None], None]) -> None:
        """Open one of the fight's questions; the flow waits until ``answered`` has its answer."""
        self._asking = True

        def done(answer: T | None) -> None:
            self._asking = False
            answered(answer)

        self.app.push_screen(question, done)

    def _countered(self, card: Card | None) -> None:
        self.apply(self.model.answer_counter(card))

    @work(exclusive=True, group=COMPUTER, exit_on_error=False)
    async def computer_turn(self) -> None:
        """The computer's actions until the player's next decision (or a dialog): each after a pause
        a person can follow (space skips it), decided on a thread (the search is CPU-bound: the screen
        stays live), and applied here, on the event loop, unless the match moved on meanwhile."""
        model = self.model
        while model.computer_to_act and self.app.screen is self and not self._asking:
            self.render_model()  # "thinking…"
            before = model.round
            # Decided during the pause, so a decision that takes longer (a counter the computer may
            # make) shows no later than one that doesn't (a play nothing in its hand fits).
            deciding = asyncio.ensure_future(asyncio.to_thread(model.computer_action))
            # In a counter window the pause has a floor that skipping and pace 0 don't lift: with
            # animations off, a counter thought about (60 ms for hard) would come later than a play let
            # stand at once because nothing fits.
            floor = COUNTER_FLOOR if before.phase is Phase.COUNTER else 0.0
            waited = 0.0
            while waited < floor or (waited < self.pace and not self.skipping):
                await asyncio.sleep(PACE_STEP)
                waited += PACE_STEP
            try:
                action = await deciding
            except Exception as error:  # a bug in the computer: one line, never a traceback
                self.apply(model.say(f"The computer could not decide ({error or type(error).__name__})."))
                return
            if not model.computer_to_act or self.app.screen is not self or self._asking:
                return
            if model.round is not before or not before.is_legal(action):
                return
            self.apply(model.play(action))

    def _show_draw_off(self) -> None:
        steps = [e for e in self.model.round.events if e.kind is EventKind.DRAW_OFF]
        if not steps:
            self.call_after_refresh(self.resume_flow)
            return

        def closed(_: None) -> None:
            self.render_model()
            self.call_after_refresh(self.resume_flow)

        self._ask(DrawOffScreen(steps), closed)

    # --- keys -----------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.model.can(action)

    def action_pick(self, slot: int) -> None:
        self.apply(self.model.pick(slot))

    def action_place(self, place: int) -> None:
        self.apply(self.model.press_place(place))

    def action_confirm(self) -> None:
        if self.model.round.is_over:
            self.round_over()  # back to the banner after a look at the grid
            return
        if self.model.curtain is not None:
            self.apply(self.model.reveal())
            return
        self.apply(self.model.confirm())

    def action_back(self) -> None:
        self.apply(self.model.back())

    def action_end_turn(self) -> None:
        self.apply(self.model.end_turn())

    def action_arrange(self) -> None:
        self.apply(self.model.auto_arrange())

    def action_cycle(self, step: int) -> None:
        self.apply(self.model.cycle(step))

    def action_undo(self) -> None:
        self.apply(self.model.undo())

    def action_explain(self, key: str) -> None:
        self.apply(self.model.explain_key(key))

    # --- the coach ---------------------------------------------------------------------------

    @property
    def coach_thinking(self) -> bool:
        return any(w.group == COACH and w.state in (WorkerState.PENDING, WorkerState.RUNNING) for w in self.workers)

    def action_hint(self) -> None:
        """h: the coach's play for the player to act, thought in a worker (the table stays live). A second
        h while it thinks for this same table waits for that answer."""
        request = self.model.coach_request()
        if isinstance(request, str):
            self._show_coach(self.model.say(request), request)
            return
        asked_already = self.coach_thinking and self._coach_asked is request.round
        self._show_coach(self.model.say(COACH_THINKING), COACH_THINKING)
        if not asked_already:
            self._coach_asked = request.round
            self.coach_hint(request)

    @work(exclusive=True, group=COACH, exit_on_error=False)
    async def coach_hint(self, request: CoachRequest) -> None:
        """``suggest`` on a thread (expert's search is CPU-bound), then the hint in one redraw, unless the
        table moved on meanwhile (the model drops a stale hint)."""
        try:
            hint: CoachHint = await asyncio.to_thread(ask_coach, request)
        except Exception as error:  # a bug in the coach: one line, never a traceback
            if self.model.round is request.round:
                text = f"No hint: {error or type(error).__name__}."
                self._show_coach(self.model.say(text), text)
            return
        change = self.model.show_hint(hint)
        if change.hinted:
            self._show_coach(change, hint.line, hint)

    def _show_coach(self, change: FightChange, text: str, hint: CoachHint | None = None) -> None:
        """The coach's words on the table, or on the counter question when it is up."""
        question = self.app.screen
        if isinstance(question, CounterScreen):
            question.show_coach(text, hint.action if hint is not None else None)
        self.apply(change)

    def action_full_log(self) -> None:
        model = self.model
        self.app.push_screen(FullLogScreen(f"The log of {model.match.code}: {model.match.summary()}", model.log))

    def action_skip(self) -> None:
        """Space: the computer's moves play at once until the player's next decision."""
        self.skipping = True  # the computer's pause, if it is in one, ends at once

    # --- mouse ----------------------------------------------------------------------------

    @on(CombatCard.Clicked)
    def _card_clicked(self, event: CombatCard.Clicked) -> None:
        wid = event.spread.id or ""
        if wid.startswith("c-cell-"):
            row, col = (int(x) for x in wid.removeprefix("c-cell-").split("-"))
            self.action_place(self.place_at(row, col))
        elif wid.startswith("c-slot-"):
            self.action_pick(int(wid.removeprefix("c-slot-")))

    @on(FlatButton.Pressed, "#c-confirm")
    def _confirm_pressed(self) -> None:
        self.action_confirm()

    @on(FlatButton.Pressed, "#c-back")
    def _back_pressed(self) -> None:
        self.action_back()

    @on(FlatButton.Pressed, "#c-end")
    def _end_pressed(self) -> None:
        self.action_end_turn()

    @on(FlatButton.Pressed, "#c-arrange")
    def _arrange_pressed(self) -> None:
        self.action_arrange()

    @on(FlatButton.Pressed, "#c-reveal")
    def _reveal_pressed(self) -> None:
        self.apply(self.model.reveal())
