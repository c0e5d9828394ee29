"""The fight's board: the 3×3 grid of stacks, as the player at the keyboard sees it, with its row labels.

It draws what the fight model holds: lit stacks while a play is entered (safe or unsafe), the chosen
stack, the stack played on last, the player's arrangement in setup, the other player's arrangement
face down until both have arranged (U2).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from clubfight.combat.engine import Card, Colour, EventKind, Phase, Round
from clubfight.shell.widgets.buttons import update_if_changed

from .cards import CombatCard
from .fight_model import FightModel

ROWS_FOR = {Colour.RED: ((1, 2, 3), (4, 5, 6), (7, 8, 9)), Colour.BLACK: ((9, 8, 7), (6, 5, 4), (3, 2, 1))}
"""The grid as each player sees it: their own front row at the bottom (BLACK's view is turned round)."""


def place_at(perspective: Colour, row: int, col: int) -> int:
    return ROWS_FOR[perspective][row][col]


def last_places(r: Round) -> set[int]:
    """The stack the last play or counter went onto (shown until the next action)."""
    for event in r.events:
        if event.kind in (EventKind.PLAY, EventKind.COUNTER, EventKind.STAND) and event.place:
            return {event.place}
    return set()


class FightBoard(Horizontal):
    """The row labels and the grid; a click on a stack posts ``CombatCard.Clicked`` (the screen acts on it)."""

    def compose(self) -> ComposeResult:
        with Vertical(id="c-rows"):
            for row in range(3):
                yield Static(id=f"c-row-{row}", classes="c-row-label")
        with Vertical(id="c-grid"):
            for row in range(3):
                with Horizontal(classes="c-grid-row"):
                    for col in range(3):
                        yield CombatCard("", id=f"c-cell-{row}-{col}", classes="c-grid-card")

    def show(self, model: FightModel) -> None:
        self._show_rows(model)
        self._show_grid(model)

    def _show_rows(self, model: FightModel) -> None:
        me = model.perspective
        labels = (f"{me.other}\nfront\nrow", "neutral\nrow", f"{me}\nfront\nrow")
        if not model.hot_seat and model.viewer is not None:
            labels = (f"{me.other}\nfront\n(them)", "neutral\nrow", f"{me}\nfront\n(you)")
        for row, label in enumerate(labels):
            update_if_changed(self.query_one(f"#c-row-{row}", Static), label)

    def _show_grid(self, model: FightModel) -> None:
        r = model.round
        targets = model.targets() if model.humans_turn else {}
        arranged = model.arranged() if r.phase is Phase.SETUP else {}
        chosen = model.attack
        last = last_places(r)
        open_stacks = model.open_to_ring_out()
        for row in range(3):
            for col in range(3):
                place = place_at(model.perspective, row, col)
                widget = self.query_one(f"#c-cell-{row}-{col}", CombatCard)
                stack = r.stack(place)
                states: set[str] = set()
                face_down = False
                card: Card | None = stack[-1] if stack else None
                if r.phase is Phase.SETUP and card is not None and card.colour is not model.viewer:
                    face_down = True  # U2: the other player's arrangement stays hidden until both have arranged
                    if not model.arrangement_in(card.colour):
                        card = None  # not arranged yet (online, where both arrange at once)
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
                if place in open_stacks and not note:
                    note = "danger"  # the opponent could ring this stack out within two plays
                    states.add("-danger")
                widget.show_card(card, title=title, mark=mark, states=frozenset(states), face_down=face_down, note=note)
