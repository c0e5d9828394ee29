"""The action boxes: pick a club and each action says what it would do, or why it can't (seed 003)."""

from __future__ import annotations

from rich.text import Text

from clubfight.club_fight.engine import Action, Card, Position, Variant
from clubfight.shell.widgets.button_strip import ButtonStrip, StripButton

from .plan import action_summary

ACTION_KEYS: dict[Action, str] = {
    Action.MATCH: "m",
    Action.SUM: "t",
    Action.ANY: "a",
    Action.LINE: "l",
    Action.UPDOWN: "p",
    Action.RUN: "e",
    Action.ALLCLEAR: "k",
}
"""h, u, r, s, o stay free for hint, undo, redo, stats and settings."""


class ActionPanel(ButtonStrip):
    """Six buttons (seven with the All Clear variant) under a title. Blocked ones can't be pressed and say why."""

    def show_actions(self, position: Position, club: Card | None, chosen: Action | None) -> None:
        buttons = []
        for action in Action:
            if action is Action.ALLCLEAR and Variant.ALL_CLEAR not in position.variant:
                continue
            available, detail = action_summary(position, club, action)
            blocked = detail.startswith("blocked")
            label = Text()
            label.append(f"{ACTION_KEYS[action]} ", style="bold")
            label.append(f"{action.title:<9}")
            if detail:
                style = "dim" if club is None and not blocked else ""
                label.append(" " + ("✗ " if not available else "") + detail, style=style)
            if action is chosen:
                label.append("  ◀")
            buttons.append(StripButton(action.value, label, enabled=available, chosen=action is chosen))
        self.show(buttons, f"Actions for the {club.symbol}" if club else "Actions: pick a club first")
