"""The fight's questions: a counter (C1), the end of a turn with cards still playable, and the
centre draw-off (U3) shown step by step. Each dismisses with the answer; the fight screen hands it
to its model. Each answers q and Ctrl+Q (quit: the match is saved after every action), so no key
the key bar shows is dead while a question is up."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from clubfight.combat.engine import Card, Counter, Decline, Event, Points, Win
from clubfight.combat.tui import COMBAT_CSS
from clubfight.shell.app import cursor_spot, place_cursor
from clubfight.shell.screens.question_screen import AskScreen
from clubfight.shell.widgets.buttons import FlatButton

from .cards import CombatCard
from .fight_model import FightModel
from .fight_text import counter_question, draw_off_line, end_turn_question, points_text, wins_text

QUIT_KEYS: list[BindingType] = [
    Binding("q", "app.quit", "Quit"),
    Binding("ctrl+q", "app.quit", "Quit", show=False),
    Binding("ctrl+c", "app.help_quit", show=False),  # says which key quits, as everywhere else
]
"""A modal screen holds back the app's keys: the fight's questions quit as the fight does."""


class CounterScreen(ModalScreen[Card | None]):
    """The defender may counter: the card, the points, and y to counter or n to let it stand.
    Dismisses with the counter card, or None to let the play stand. With no card that fits it says
    so and Enter lets the play stand: it is asked after every unsafe play, so that the attacker
    can't tell a defender who holds nothing that fits from one who lets the play stand."""

    PLACES_CURSOR = True
    """It puts the terminal cursor on what is being chosen itself (else the app puts it: app.py)."""

    CSS_PATH = COMBAT_CSS

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Counter"),
        Binding("enter", "enter", "Counter", show=False),
        Binding("n", "answer(False)", "Let it stand"),
        Binding("left", "cycle(-1)", "Other card", key_display="←"),
        Binding("right", "cycle(1)", "Other card", show=False),
        Binding("h", "hint", "Hint", show=False),
        *QUIT_KEYS,
    ]

    def __init__(self, attacker: str, play: str, options: list[tuple[Card, Points, tuple[Win, ...]]]) -> None:
        super().__init__()
        self.attacker = attacker
        self.play = play
        self.options = options
        self.index = 0
        self.coach: Callable[[], None] | None = None
        """h asks the fight's coach, which answers through ``show_coach`` (None: no coach here)."""
        self.coach_text = ""
        self.stand_hinted = False
        """The coach says let it stand: Enter does that (y still counters)."""

    @classmethod
    def asking(cls, model: FightModel, *, coach: Callable[[], None] | None = None) -> CounterScreen:
        """The question for the model's counter window."""
        r = model.round
        question = cls(str(r.attacker), counter_question(r), model.counter_options())
        question.coach = coach
        return question

    def compose(self) -> ComposeResult:
        with Vertical(id="counter"):
            yield Static("COUNTER?" if self.options else "UNSAFE PLAY", id="counter-title")
            yield Static(self.play, id="counter-play")
            if self.options:
                with Horizontal(id="counter-cards"):
                    for i, _ in enumerate(self.options[:6]):
                        yield CombatCard(str(i + 1), id=f"counter-card-{i}", classes="counter-card")
            yield Static(id="counter-detail")
            if self.options:
                yield FlatButton("y  Counter (Enter)", id="yes")
                yield FlatButton("n  Let it stand", id="no")
            else:
                yield FlatButton("Enter  Let it stand", id="no")

    def on_mount(self) -> None:
        self._show()

    def _place_cursor(self) -> None:
        """The cursor on the counter card chosen, else on the button that lets the play stand."""
        if not self.is_current:
            return
        found = self.query(f"#counter-card-{self.index}") if self.options else self.query("#no")
        if found:
            place_cursor(self.app, cursor_spot(found.first().region))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "cycle":
            return len(self.options) > 1
        if action == "hint":
            return self.coach is not None
        return True

    def action_hint(self) -> None:
        if self.coach is not None:
            self.coach()

    def show_coach(self, text: str, action: object = None) -> None:
        """The coach's words under the question, and its answer chosen: Enter plays it."""
        self.coach_text = text
        if isinstance(action, Counter):
            cards = [card for card, _points, _wins in self.options]
            if action.card in cards:
                self.index = cards.index(action.card)
            self.stand_hinted = False
        elif isinstance(action, Decline):
            self.stand_hinted = True
        if self.is_mounted:
            self._show()

    def action_enter(self) -> None:
        self.action_answer(not self.stand_hinted)

    def _show(self) -> None:
        self.call_after_refresh(self._place_cursor)
        coach = f"\n{self.coach_text}" if self.coach_text else ""
        if not self.options:
            self.query_one("#counter-detail", Static).update(
                "Nothing in your hand fits: Enter to let it stand (it scores, and may win, C5)." + coach
            )
            return
        for i, (card, _points, _wins) in enumerate(self.options[:6]):
            widget = self.query_one(f"#counter-card-{i}", CombatCard)
            widget.show_card(
                card,
                title="←→" if len(self.options) > 1 and i == self.index else "",
                states=frozenset({"-target"} if i == self.index else set()),
            )
        card, points, wins = self.options[self.index]
        text = f"Counter with the {card.symbol}: {points_text(points)}"
        if wins:
            text += f"  → {wins_text(wins)}!"
        text += f"\nIt ends {self.attacker}'s turn and their play scores nothing (C4, C5)."
        if len(self.options) > 1:
            text += "  ← → another card."
        self.query_one("#counter-detail", Static).update(text + coach)

    def action_cycle(self, step: int) -> None:
        if self.options:
            self.index = (self.index + step) % len(self.options)
            self.stand_hinted = False  # a card chosen by hand: Enter counters with it
            self._show()

    def action_answer(self, counter: bool) -> None:
        self.dismiss(self.options[self.index][0] if counter and self.options else None)

    @on(CombatCard.Clicked)
    def _card_clicked(self, event: CombatCard.Clicked) -> None:
        widget = event.spread
        if widget.id and widget.id.startswith("counter-card-"):
            self.index = int(widget.id.removeprefix("counter-card-"))
            self.stand_hinted = False
            self._show()

    @on(FlatButton.Pressed, "#yes, #no")
    def _pressed(self, event: FlatButton.Pressed) -> None:
        event.stop()
        self.action_answer(event.button.id == "yes")


class EndTurnScreen(AskScreen):
    """End the turn while a card could still be played? Drawn over the card row, not over the board,
    so the board stays in view to judge the play against it. Dismisses with True to end the turn."""

    CSS_PATH = COMBAT_CSS
    BINDINGS: ClassVar[list[BindingType]] = QUIT_KEYS

    def __init__(self, detail: str) -> None:
        super().__init__("End your turn?", detail, "End the turn", "Go back and play on", id="end-turn")

    @classmethod
    def asking(cls, model: FightModel) -> EndTurnScreen:
        return cls(end_turn_question(model.unplayed_cards(), model.hand_size()))

    def compose(self) -> ComposeResult:
        with Vertical(id="end-turn-box"):
            yield Static(f"End your turn?  {self.detail}", id="end-turn-detail")
            with Horizontal(id="end-turn-buttons"):
                yield FlatButton(f"y  {self.yes}", id="yes")
                yield FlatButton(f"n  {self.no}", id="no")


class DrawOffScreen(ModalScreen[None]):
    """U3, one step at a time: both players' cards, and what each comparison decided. It waits for the
    player at every step (Enter: the next step; Esc: skip to the fight), so no step goes by unread."""

    CSS_PATH = COMBAT_CSS

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "step", "Next"),
        Binding("space", "step", "Next", show=False),
        Binding("escape", "finish", "Skip"),
        *QUIT_KEYS,
    ]

    def __init__(self, steps: list[Event]) -> None:
        super().__init__()
        self.steps = steps
        self.shown = 1

    def compose(self) -> ComposeResult:
        with Vertical(id="draw-off"):
            yield Static("THE CENTRE: DRAW-OFF (U3)", id="draw-off-title")
            yield Static("Each player draws a card: a face beats a number, else the higher wins.", id="draw-off-rule")
            with Horizontal(id="draw-off-cards"):
                yield CombatCard("RED", id="draw-off-red")
                yield CombatCard("BLACK", id="draw-off-black")
            yield Static(id="draw-off-steps")
            yield FlatButton("Enter  Next", id="draw-off-next")

    def on_mount(self) -> None:
        self._show()

    def _show(self) -> None:
        event = self.steps[self.shown - 1]
        red, black = event.cards
        self.query_one("#draw-off-red", CombatCard).show_card(red, title="RED")
        self.query_one("#draw-off-black", CombatCard).show_card(black, title="BLACK")
        lines = [f"{n}. {draw_off_line(e)}" for n, e in enumerate(self.steps[: self.shown], start=1)]
        self.query_one("#draw-off-steps", Static).update("\n".join(lines[-5:]))
        done = self.shown >= len(self.steps)
        step = f"step {self.shown} of {len(self.steps)}"
        label = f"Enter  Fight!  ({step})" if done else f"Enter  Next step  ({step})"
        self.query_one("#draw-off-next", FlatButton).label = label

    def action_step(self) -> None:
        if self.shown >= len(self.steps):
            self.dismiss()
        else:
            self.shown += 1
            self._show()

    def action_finish(self) -> None:
        self.dismiss()

    @on(FlatButton.Pressed, "#draw-off-next")
    def _next_pressed(self, event: FlatButton.Pressed) -> None:
        event.stop()
        self.action_step()
