"""Hearts, spades and diamonds in the grid, each with the action three of them block (T2)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from clubfight.club_fight.engine import BLOCK_THRESHOLD, Action, Position, Suit
from clubfight.shell.widgets.buttons import update_if_changed

from .cards import club_fight_suit_ink

_BLOCKS: dict[Suit, Action] = {suit: action for action in Action if (suit := action.blocking_suit) is not None}
BLOCK_ROWS = tuple((suit, _BLOCKS[suit]) for suit in Suit if suit in _BLOCKS)
"""Each suit with the action it blocks, from the engine (``Action.blocking_suit``), in suit order."""
THRESHOLD = BLOCK_THRESHOLD
"""Only for drawing the gauge; whether an action is blocked comes from ``Position.blocked_actions()``."""


class SuitCounter(Static):
    """Three lines such as ``♦ 3/3 Line blocked``: glyph, count and words, so colour is optional."""

    def show(self, position: Position) -> None:
        counts = position.suit_counts()
        blocked = position.blocked_actions()
        text = Text()
        for index, (suit, action) in enumerate(BLOCK_ROWS):
            count = counts[suit]
            is_blocked = action in blocked
            style = f"bold {club_fight_suit_ink(self.app, suit, self.app.has_class('-four-colour'))}".strip()
            if index:
                text.append("\n")
            text.append(f"{suit.symbol} ", style=style)
            text.append(f"{count}/{THRESHOLD} ", style="bold" if is_blocked else "")
            gauge = "■" * min(count, THRESHOLD) + "□" * max(0, THRESHOLD - count)
            text.append(gauge + " ", style=style)
            if is_blocked:
                text.append(f"{action.title} blocked", style="bold reverse")
            else:
                text.append(f"{action.title} ok", style="dim")
        update_if_changed(self, text)
