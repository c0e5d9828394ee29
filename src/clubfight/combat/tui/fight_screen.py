"""The Combat Club fight: maps keys and clicks to the fight model's transitions and draws the model.

Saving, recording results, the round-end banner and new matches belong to the app: the screen posts
``Changed`` and ``RoundOver`` and the app acts on them. The computer's moves are decided in a thread
worker (hard thinks for a moment) and played one at a time at ``pace`` seconds each; space skips to
the player's next decision.
"""

from __future__ import annotations

import asyncio
from typing import ClassVar, Protocol

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Static
from textual.worker import WorkerState

from clubfight.combat.engine import Card, Colour, EventKind, Phase, Round
from clubfight.combat.tui import COMBAT_CSS
from clubfight.shell.screens.question_screen import AskScreen
from clubfight.shell.widgets.buttons import FlatButton, update_if_changed
from clubfight.shell.widgets.cards import red_ink
from clubfight.shell.widgets.footer import KeyBar

from .cards import CombatCard
from .fight_model import CARD_SLOTS, FightChange, FightModel, arrange_places
from .fight_text import points_text
from .prompts import CounterScreen, DrawOffScreen

SLOT_KEYS = ("z", "x", "c", "v", "b", "n", "m", "comma")
SLOT_LABELS = ("z", "x", "c", "v", "b", "n", "m", ",")
LOG_LINES = 40
ROWS_FOR = {Colour.RED: ((1, 2, 3), (4, 5, 6), (7, 8, 9)), Colour.BLACK: ((9, 8, 7), (6, 5, 4), (3, 2, 1))}
"""The grid as each player sees it: their own front row at the bottom (BLACK's view is turned round)."""


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
        Binding("question_mark", "app.rules", "Help", key_display="?"),
        Binding("f1", "app.rules", "Help", show=False),
        Binding("s", "app.stats", "Stats"),
        Binding("o", "app.settings", "Settings"),
        Binding("q", "app.quit", "Quit"),
    ]
    return bindings


COMPUTER = "computer"
"""The worker group of the computer's turn."""
PACE_STEP = 0.02
"""How often the computer's pause looks whether space skipped it."""


class FightHost(Protocol):
    """What the fight hands on (the app's Combat Club side, ``entry.CombatGame``, does it)."""

    def fight_changed(self, fight: FightScreen) -> None:
        """An action was played, or a new round dealt: autosave."""

    def fight_round_over(self, fight: FightScreen) -> None:
        """The round just ended: show the banner (and record the match once it is over)."""


class FightScreen(Screen[None]):
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
        self._modal = False

    @property
    def busy(self) -> bool:
        """The computer is about to move or thinking (tests wait for this to clear)."""
        return any(w.group == COMPUTER and w.state in (WorkerState.PENDING, WorkerState.RUNNING) for w in self.workers)

    # --- layout ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="c-status")
        with Vertical(id="c-main"):
            with Horizontal(id="c-table"):
                with Horizontal(id="c-left"):
                    with Vertical(id="c-rows"):
                        for row in range(3):
                            yield Static(id=f"c-row-{row}", classes="c-row-label")
                    with Vertical(id="c-grid"):
                        for row in range(3):
                            with Horizontal(classes="c-grid-row"):
                                for col in range(3):
                                    yield CombatCard("", id=f"c-cell-{row}-{col}", classes="c-grid-card")
                with Vertical(id="c-right"):
                    yield Static(id="c-scores")
                    yield Static(id="c-preview")
                    yield Static(id="c-message")
                    with Horizontal(id="c-buttons"):
                        yield FlatButton("⏎ Confirm", id="c-confirm")
                        yield FlatButton("Esc Back", id="c-back")
                        yield FlatButton("e End turn", id="c-end")
                        yield FlatButton("a Arrange", id="c-arrange")
                    yield Static(id="c-log")
            with Horizontal(id="c-cards"):
                for i in range(CARD_SLOTS):
                    yield CombatCard(SLOT_LABELS[i], id=f"c-slot-{i}", classes="c-hand-card")
                yield Static(id="c-cards-note")
        with Vertical(id="c-curtain"):
            yield Static(id="c-curtain-text")
            yield FlatButton("Enter  I have the keyboard", id="c-reveal")
        yield KeyBar()

    def on_mount(self) -> None:
        self.render_model()
        self.call_after_refresh(self.resume_flow)
        self.watch(self.app, "theme", lambda _: self.render_model(), init=False)  # red_ink follows the theme

    def on_screen_resume(self) -> None:
        self.render_model()
        self.call_after_refresh(self.resume_flow)

    # --- drawing --------------------------------------------------------------------------

    def place_at(self, row: int, col: int) -> int:
        return ROWS_FOR[self.model.perspective][row][col]

    def render_model(self) -> None:
        model = self.model
        r = model.round
        curtain = model.curtain is not None
        self.query_one("#c-main").display = not curtain
        self.query_one("#c-curtain").display = curtain
        update_if_changed(self.query_one("#c-status", Static), self._status())
        if curtain:
            update_if_changed(
                self.query_one("#c-curtain-text", Static),
                f"Pass the keyboard to {model.curtain}.\n\n{model.curtain_text()}\n\n"
                f"{model.curtain}: press Enter when only you can see the screen.",
            )
            self._refresh_footer()
            return
        self._show_rows()
        self._show_grid(r)
        self._show_cards(r)
        update_if_changed(self.query_one("#c-scores", Static), self._scores(r))
        update_if_changed(self.query_one("#c-preview", Static), model.preview())
        update_if_changed(self.query_one("#c-message", Static), self._message())
        self._show_buttons(r)
        update_if_changed(self.query_one("#c-log", Static), self._log())
        self._refresh_footer()

    def _refresh_footer(self) -> None:
        self.refresh_bindings()

    def _status(self) -> Text:
        model = self.model
        match = model.match
        red, black = match.wins
        text = Text()
        text.append(" ⚔ Combat Club ", style="bold reverse")
        text.append(f"  {match.code}", style="bold")
        text.append(f"  Round {match.round_number} (best of {match.rules.rounds})")
        text.append(f"  Rounds RED {red}-{black} BLACK", style="bold")
        if self.title_text:
            text.append(f"  {self.title_text}")
        return text

    def _show_rows(self) -> None:
        me = self.model.perspective
        labels = (f"{me.other}\nfront\nrow", "neutral\nrow", f"{me}\nfront\nrow")
        if not self.model.hot_seat:
            labels = (f"{me.other}\nfront\n(them)", "neutral\nrow", f"{me}\nfront\n(you)")
        for row, label in enumerate(labels):
            update_if_changed(self.query_one(f"#c-row-{row}", Static), label)

    def _show_grid(self, r: Round) -> None:
        model = self.model
        targets = model.targets() if model.humans_turn else {}
        arranged = model.arranged() if r.phase is Phase.SETUP else {}
        chosen = model.attack
        last = self._last_places(r)
        for row in range(3):
            for col in range(3):
                place = self.place_at(row, col)
                widget = self.query_one(f"#c-cell-{row}-{col}", CombatCard)
                stack = r.stack(place)
                states: set[str] = set()
                face_down = False
                card: Card | None = stack[-1] if stack else None
                if r.phase is Phase.SETUP and card is not None and card.colour is not model.viewer:
                    face_down = True  # U2: the other player's arrangement stays hidden until both have arranged
                if place in arranged:
                    card, face_down = arranged[place], False
                    states.add("-picked")
                title = str(place)
                if len(stack) > 1:
                    title += f"×{len(stack)}"
                if card is not None and card.is_ten and not face_down and place not in arranged:
                    title += "▣"
                mark = note = ""
                if place in targets:
                    states.add("-safe" if targets[place] else "-unsafe")
                    note = "safe" if targets[place] else "unsafe"
                if chosen is not None and chosen.to == place:
                    states.add("-target")
                    mark = "▲"
                elif place in last and not note:
                    mark = "•"
                    states.add("-last")
                widget.show_card(card, title=title, mark=mark, states=frozenset(states), face_down=face_down, note=note)

    def _last_places(self, r: Round) -> set[int]:
        """The stack the last play or counter went onto (shown until the next action)."""
        for event in r.events:
            if event.kind in (EventKind.PLAY, EventKind.COUNTER, EventKind.STAND) and event.place:
                return {event.place}
        return set()

    def _show_cards(self, r: Round) -> None:
        model = self.model
        slots = model.slots()
        playable = model.playable() if model.humans_turn and r.attacker is model.viewer else None
        arranged = set(model.arrangement)
        for i in range(CARD_SLOTS):
            widget = self.query_one(f"#c-slot-{i}", CombatCard)
            if i >= len(slots):
                widget.show_card(None, title="")
                widget.display = i < 4 and model.viewer is not None
                continue
            widget.display = True
            card = slots[i]
            if card is None:  # played this turn: the slot stays, empty, so the others keep their keys
                widget.show_card(None, title=SLOT_LABELS[i])
                continue
            states: set[str] = set()
            advantage = model.is_advantage(card)
            if advantage:
                states.add("-advantage")
            if card in model.picked or card in arranged:
                states.add("-picked")
            if playable is not None and card not in playable:
                states.add("-dim")
            mark = ""
            if card in model.picked:
                mark = f"•{model.picked.index(card) + 1}"
            elif card in arranged and model.viewer is not None:
                mark = f"→{arrange_places(model.viewer)[model.arrangement.index(card)]}"
            widget.show_card(
                card, title=SLOT_LABELS[i], mark=mark, states=frozenset(states), note="ADV" if advantage else ""
            )
        note = ""
        if r.advantage and r.phase is not Phase.SETUP:
            owner = r.advantage[0].colour
            user = "yours to use" if r.attacker is model.viewer else f"{r.attacker}'s to use"
            note = f"ADV: {owner}'s cards,\n{user} this turn"
        if model.viewer is None:
            note = ""
        update_if_changed(self.query_one("#c-cards-note", Static), note)

    def _scores(self, r: Round) -> Text:
        model = self.model
        text = Text()
        for colour in (model.perspective.other, model.perspective):
            who = str(colour)
            if not model.hot_seat:
                who += " (you)" if colour in model.humans else f" ({model.level.value if model.level else 'cpu'})"
            hand = len(r.hand(colour))
            style = f"bold {red_ink(self.app)}" if colour is Colour.RED else "bold"
            text.append(f"{who:<15}", style=style)
            text.append(f"{r.score(colour):>2}/30", style="bold")
            text.append(f" deck {len(r.deck(colour)):>2} hand ")
            if colour is model.viewer:
                text.append(str(hand))
            else:
                text.append("▮" * hand if hand else "-", style="dim")
            text.append("\n")
        if r.phase is Phase.SETUP:
            text.append("Setup: arrange your four cards (U2)", style="bold")
        elif r.is_over:
            text.append(str(r.outcome), style="bold")
        else:
            attacker = r.attacker
            role = ""
            if not model.hot_seat:
                role = " (you)" if attacker in model.humans else " (computer)"
            text.append(f"{attacker}{role} attacks", style="bold reverse")
            if r.phase is Phase.COUNTER:
                text.append(f"  {r.defender} may counter", style="bold")
        return text

    def _message(self) -> Text:
        model = self.model
        text = Text()
        if model.last_by_computer:
            text.append(model.last_by_computer + "\n", style="bold reverse")
        if model.round.is_over:
            text.append("The round is over: press Enter for the match score and what next.", style="bold")
        elif model.message:
            text.append(model.message)
        elif self.busy and model.computer_to_act:
            text.append(f"{model.to_act} is thinking…  (space: skip ahead)", style="dim")
        return text

    def _show_buttons(self, r: Round) -> None:
        model = self.model
        mine = model.humans_turn
        confirm = self.query_one("#c-confirm", FlatButton)
        confirm.disabled = not model.can("confirm")
        confirm.set_class(bool(model.can("confirm")), "-ready")
        self.query_one("#c-back", FlatButton).disabled = not model.can("back")
        self.query_one("#c-end", FlatButton).display = r.phase is not Phase.SETUP
        self.query_one("#c-end", FlatButton).disabled = not (mine and r.phase is Phase.ATTACK)
        self.query_one("#c-arrange", FlatButton).display = r.phase is Phase.SETUP

    def _log(self) -> Text:
        """The newest log lines that fit, oldest first, counting the rows a long line wraps onto."""
        log = self.query_one("#c-log")
        height = max(1, log.size.height or 6)
        width = max(20, log.size.width or 38)
        shown: list[str] = []
        rows = 0
        for line in reversed(self.model.log[-LOG_LINES:]):
            rows += len(line) // width + 1
            if rows > height:
                break
            shown.append(line)
        text = Text()
        for line in reversed(shown):
            style = "bold" if " counters " in line or " wins " in line else ""
            text.append(line + "\n", style=style)
        return text

    # --- the flow: prompts, the computer's moves ----------------------------------------------

    def apply(self, change: FightChange) -> None:
        if self.host is not None and (change.played is not None or change.new_round):
            self.host.fight_changed(self)
        if change.ask_end:
            self._ask_end()
        self.render_model()
        if change.draw_off:
            self._show_draw_off()
        elif change.round_over:
            self.round_over()
        else:
            self.call_after_refresh(self.resume_flow)

    def round_over(self) -> None:
        if self.host is not None:
            self.host.fight_round_over(self)

    def resume_flow(self) -> None:
        """Whatever comes next: the counter question for the player, or the computer's next move."""
        if self.app.screen is not self or self._modal:
            return
        model = self.model
        r = model.round
        if r.is_over:
            return
        if model.humans_turn:
            self.skipping = False
            if r.phase is Phase.COUNTER:
                self._ask_counter()
            return
        if model.computer_to_act and not self.busy:
            self.computer_turn()

    @work(exclusive=True, group=COMPUTER, exit_on_error=False)
    async def computer_turn(self) -> None:
        """The computer's actions until the player's next decision (or a dialog): each after a pause
        a person can follow (space skips it), decided on a thread (the search is CPU-bound: the screen
        stays live), and applied here, on the event loop, unless the match moved on meanwhile."""
        model = self.model
        while model.computer_to_act and self.app.screen is self and not self._modal:
            self.render_model()  # "thinking…"
            waited = 0.0
            while waited < self.pace and not self.skipping:
                await asyncio.sleep(PACE_STEP)
                waited += PACE_STEP
            before = model.round
            if not model.computer_to_act or self.app.screen is not self or self._modal:
                return
            try:
                action = await asyncio.to_thread(model.computer_action)
            except Exception as error:  # a bug in the computer: one line, never a traceback
                self.apply(model.say(f"The computer could not decide ({error or type(error).__name__})."))
                return
            if model.round is not before or not before.is_legal(action):
                return
            self.apply(model.play(action))

    def _ask_counter(self) -> None:
        model = self.model
        r = model.round
        pending = r.pending
        points = r.pending_points
        options = model.counter_options()
        if pending is None or points is None or not options:
            return
        before = r.stack(pending.to)[-len(pending.cards) - 1]
        cards = "-".join(c.symbol for c in pending.cards)
        verb = "throws" if pending.is_throw else "plays"
        play = (
            f"{r.attacker} {verb} {cards} onto the {before.symbol} at {pending.to} (unsafe): "
            f"{points_text(points)} if it stands."
        )
        self._modal = True

        def answered(card: Card | None) -> None:
            self._modal = False
            if card is not None:
                for i, (option, _p, _w) in enumerate(model.counter_options()):
                    if option == card:
                        model.counter_index = i
            self.apply(model.answer_counter(card is not None))

        self.app.push_screen(CounterScreen(str(r.attacker), play, options), answered)

    def _ask_end(self) -> None:
        cards = " ".join(c.symbol for c in self.model.unplayed_cards())
        left = self.model.hand_size()
        cards_left = "Your card in hand becomes" if left == 1 else f"Your {left} cards in hand become"
        given = f" {cards_left} your opponent's ADVANTAGE." if left else ""
        question = AskScreen(
            "End your turn?",
            f"You could still play: {cards}.{given}",
            "End the turn",
            "Go back and play on",
            id="end-turn",
        )
        self._modal = True

        def answered(yes: bool | None) -> None:
            self._modal = False
            self.apply(self.model.answer_end(bool(yes)))

        self.app.push_screen(question, answered)

    def _show_draw_off(self) -> None:
        steps = [e for e in self.model.round.events if e.kind is EventKind.DRAW_OFF]
        if not steps:
            self.call_after_refresh(self.resume_flow)
            return
        self._modal = True

        def closed(_: None) -> None:
            self._modal = False
            self.render_model()
            self.call_after_refresh(self.resume_flow)

        self.app.push_screen(DrawOffScreen(steps, pace=self.pace), closed)

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

    def action_skip(self) -> None:
        """Space: the computer's moves play at once until the player's next decision."""
        self.skipping = True  # the computer's pause, if it is in one, ends at once

    # --- mouse ----------------------------------------------------------------------------

    @on(CombatCard.Clicked)
    def _card_clicked(self, event: CombatCard.Clicked) -> None:
        widget = event.spread
        wid = widget.id or ""
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
