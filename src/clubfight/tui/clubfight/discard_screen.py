"""The face-up discard pile (T3), turn by turn."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ...engine import Card, Move, Position
from .plan import describe


def _card(text: Text, card: Card) -> None:
    red = card.suit is not None and card.suit.is_red
    text.append(card.symbol, style="bold red" if red else "bold")
    text.append(" ")


class DiscardScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss", "Close"),
        Binding("d", "dismiss", "Close", show=False),
        Binding("q", "dismiss", "Close", show=False),
    ]

    def __init__(self, history: list[Position], moves: list[Move]) -> None:
        super().__init__()
        self.history = history
        self.moves = moves

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="discards"):
            yield Static(self._text(), id="discard-list")

    def _text(self) -> Text:
        pile = self.history[-1].discard
        text = Text(f"Discard pile: {len(pile)} cards (Esc or d closes)\n\n", style="bold")
        if not self.moves:
            text.append("Nothing discarded yet.")
        for turn, (before, move) in enumerate(zip(self.history, self.moves, strict=False), start=1):
            text.append(f"Turn {turn:>2}  ")
            for club in move.clubs_used:
                _card(text, club)
            text.append(f"{describe(move):<14} ")
            for place in sorted(move.cleared):
                card = before.card_at(place)
                if card is not None:
                    _card(text, card)
            text.append("\n")
        return text

    async def action_dismiss(self, result: None = None) -> None:
        self.dismiss(result)
