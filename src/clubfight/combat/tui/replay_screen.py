"""A Combat Club record replayed (``clubfight combat replay FILE``, or the palette): a read-only grid
that steps through it (← →).

A record is public once the match is over, so both hands are shown face up. Each step shows the
round after one action and the engine's log lines for it.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Static

from clubfight.combat.engine import Action, Colour, EventKind, Round
from clubfight.combat.game import Match
from clubfight.combat.tui import COMBAT_CSS
from clubfight.shell.screens.stepper import StepperScreen

from .cards import CombatCard

ROWS = ((1, 2, 3), (4, 5, 6), (7, 8, 9))


@dataclass(frozen=True, slots=True)
class Step:
    round_number: int
    action: Action | None
    """None for a round's start."""
    after: Round


def steps_of(match: Match) -> list[Step]:
    found: list[Step] = []
    for played in match.rounds:
        positions = played.positions()
        found.append(Step(played.number, None, positions[0]))
        found.extend(Step(played.number, a, r) for a, r in zip(played.actions, positions[1:], strict=True))
    return found


class CombatReplayScreen(StepperScreen):
    GAME = "combat"
    CSS_PATH = COMBAT_CSS

    def __init__(self, match: Match) -> None:
        super().__init__()
        self.match = match
        self.steps = steps_of(match)
        self.index = 0

    def compose(self) -> ComposeResult:
        yield Static(id="c-status")
        with Horizontal(id="c-table"):
            with Vertical(id="c-grid"):
                for row in ROWS:
                    with Horizontal(classes="c-grid-row"):
                        for place in row:
                            yield CombatCard(str(place), id=f"r-place-{place}", classes="c-grid-card")
            with Vertical(id="c-right"):
                yield Static(id="r-scores")
                yield Static(id="r-now")
                yield Static(id="r-events")
        yield Footer(compact=True)

    @property
    def last(self) -> int:
        return len(self.steps) - 1

    def show_step(self) -> None:
        step = self.steps[self.index]
        r = step.after
        for place in range(1, 10):
            stack = r.stack(place)
            title = f"{place} ×{len(stack)}" if len(stack) > 1 else str(place)
            self.query_one(f"#r-place-{place}", CombatCard).show_card(stack[-1] if stack else None, title=title)
        status = Text()
        status.append(" ⚔ Combat Club replay ", style="bold reverse")
        status.append(f"  {self.match.code}  Round {step.round_number}  Step {self.index}/{self.last}")
        status.append(f"  {self.match.summary()}", style="bold")
        self.query_one("#c-status", Static).update(status)
        scores = Text()
        for colour in (Colour.BLACK, Colour.RED):
            hand = " ".join(c.symbol for c in r.hand(colour)) or "-"
            scores.append(f"{colour!s:<6}{r.score(colour):>2}/30  deck {len(r.deck(colour)):>2}  hand {hand}\n")
        advantage = " ".join(c.symbol for c in r.advantage) or "-"
        scores.append(f"ADVANTAGE {advantage}\n")
        self.query_one("#r-scores", Static).update(scores)
        now = f"Round {step.round_number} starts" if step.action is None else f"{self.index}. {step.action}"
        if r.outcome is not None:
            now += f"  →  {r.outcome}"
        self.query_one("#r-now", Static).update(now)
        lines = [str(e) for e in r.events if e.kind is not EventKind.ARRANGE]
        self.query_one("#r-events", Static).update(
            "\n".join(lines[-12:]) + "\n\n← → step   Home/End jump   Esc close   q quit"
        )
        self.refresh_bindings()
