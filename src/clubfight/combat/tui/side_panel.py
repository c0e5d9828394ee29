"""The fight's side panel: both scores, decks and hands, who attacks, the preview of the play being
entered, the messages, the buttons and the newest lines of the log."""

from __future__ import annotations

import textwrap

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from clubfight.combat.engine import Colour, Phase
from clubfight.shell.widgets.buttons import FlatButton, update_if_changed
from clubfight.shell.widgets.cards import red_ink

from .fight_model import FightModel

LOG_LINES = 40
"""The log panel looks at most this many of the newest lines (it shows the ones that fit)."""


class SidePanel(Vertical):
    def compose(self) -> ComposeResult:
        yield Static(id="c-scores")
        yield Static(id="c-preview")
        yield Static(id="c-message")
        with Horizontal(id="c-buttons"):
            yield FlatButton("⏎ Confirm", id="c-confirm")
            yield FlatButton("Esc Back", id="c-back")
            yield FlatButton("e End turn", id="c-end")
            yield FlatButton("a Arrange", id="c-arrange")
        yield Static(id="c-log")

    def show(self, model: FightModel, *, thinking: bool) -> None:
        """``thinking``: the computer is deciding its next move."""
        update_if_changed(self.query_one("#c-scores", Static), self._scores(model))
        update_if_changed(self.query_one("#c-preview", Static), model.preview())
        update_if_changed(self.query_one("#c-message", Static), self._message(model, thinking))
        self._show_buttons(model)
        update_if_changed(self.query_one("#c-log", Static), self._log(model))

    def _scores(self, model: FightModel) -> Text:
        r = model.round
        text = Text()
        for colour in (model.perspective.other, model.perspective):
            who = str(colour)
            label = model.seat_label(colour)
            if label:
                who += f" ({label})"
            hand = model.cards_in_hand(colour)
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
            label = model.seat_label(attacker)
            role = f" ({'you' if label == 'you' else model.opponent_role})" if label else ""
            text.append(f"{attacker}{role} attacks", style="bold reverse")
            if r.phase is Phase.COUNTER:
                text.append(f"  {r.defender} may counter", style="bold")
        return text

    def _message(self, model: FightModel, thinking: bool) -> Text:
        text = Text()
        if model.last_by_computer:
            text.append(model.last_by_computer + "\n", style="bold reverse")
        if model.round.is_over:
            text.append("The round is over: press Enter for the match score and what next.", style="bold")
        elif model.message:
            text.append(model.message)
        elif thinking and model.computer_to_act:
            text.append(f"{model.to_act} is thinking…  (space: skip ahead)", style="dim")
        return text

    def _show_buttons(self, model: FightModel) -> None:
        # A spectator (no seat of its own) has nothing to confirm, take back or end.
        self.query_one("#c-buttons").display = bool(model.humans)
        r = model.round
        confirm = self.query_one("#c-confirm", FlatButton)
        confirm.disabled = not model.can("confirm")
        confirm.set_class(model.ready(), "-ready")
        self.query_one("#c-back", FlatButton).disabled = not model.can("back")
        end = self.query_one("#c-end", FlatButton)
        end.display = r.phase is not Phase.SETUP
        end.disabled = not (model.humans_turn and r.phase is Phase.ATTACK)
        self.query_one("#c-arrange", FlatButton).display = r.phase is Phase.SETUP

    def _log(self, model: FightModel) -> Text:
        """The newest log lines that fit, oldest first, counting the rows a long line wraps onto."""
        log = self.query_one("#c-log")
        height = max(1, log.size.height or 6)
        width = max(20, log.size.width or 38)
        shown: list[str] = []
        rows = 0
        for line in reversed(model.log[-LOG_LINES:]):
            rows += max(1, len(textwrap.wrap(line, width)))  # wrapped at spaces, as the panel wraps it
            if rows > height:
                break
            shown.append(line)
        text = Text()
        for line in reversed(shown):
            style = "bold" if " counters " in line or " wins " in line else ""
            text.append(line + "\n", style=style)
        return text
