"""The face-up discard pile (T3), turn by turn."""

from __future__ import annotations

from collections import Counter
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from clubfight.club_fight.engine import Card, Move, Position, Suit

from .plan import describe


def _card(text: Text, card: Card) -> None:
    """One card in a column three cells wide, so a 10 lines up with the rest."""
    red = card.suit is not None and card.suit.is_red
    text.append(f"{card.symbol:>3}", style="bold red" if red else "bold")
    text.append(" ")


RANKS_PER_SUIT = 13


def still_to_come(position: Position) -> Text:
    """What the players are told to count: the cards not yet discarded, by suit (the pile's
    complement), and how many of them are still in the face-down grid deck. All public."""
    discarded = Counter(card.suit for card in position.discard if not card.is_joker)
    on_grid = Counter(card.suit for card in position.grid if card is not None and not card.is_joker)
    jokers_out = sum(card.is_joker for card in position.discard)
    jokers_on_grid = sum(card is not None and card.is_joker for card in position.grid)
    text = Text("Not yet discarded:", style="bold")
    deck = Text("Still in the grid deck:", style="bold")
    for suit in (Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS):
        left = RANKS_PER_SUIT - discarded[suit]
        text.append(f"  {suit.symbol} {left}")
        deck.append(f"  {suit.symbol} {left - on_grid[suit]}")
    jokers = position.level.jokers - jokers_out
    text.append(f"  ★ {jokers}")
    deck.append(f"  ★ {jokers - jokers_on_grid}")
    return Text("\n").join([text, deck])


class DiscardScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    DiscardScreen { align: center middle; background: $background; }
    #discards { width: 70; height: 20; border: round $primary; background: $surface; padding: 0 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss", "Close", key_display="Esc"),
        Binding("d", "dismiss", "Close", show=False),
        Binding("q", "dismiss", "Close", show=False),
    ]

    def __init__(self, history: list[Position], moves: list[Move]) -> None:
        super().__init__()
        self.history = history
        self.moves = moves

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="discards"):
            yield Static(still_to_come(self.history[-1]), id="discard-left")
            yield Static(self._text(), id="discard-list")
        yield Footer(show_command_palette=False)  # its own keys, not the table's

    def _text(self) -> Text:
        pile = self.history[-1].discard
        text = Text(f"\nDiscard pile: {len(pile)} cards (Esc or d closes)\n\n", style="bold")
        if not self.moves:
            text.append("Nothing discarded yet.")
        for turn, (before, move) in enumerate(zip(self.history, self.moves, strict=False), start=1):
            text.append(f"Turn {turn:>2}  ")
            for club in move.clubs_used:
                _card(text, club)
            text.append(f"{describe(move) if len(move.clubs_used) == 1 else 'All Clear':<14} ")
            for place in sorted(move.cleared):
                card = before.card_at(place)
                if card is not None:
                    _card(text, card)
            text.append("\n")
        return text

    async def action_dismiss(self, result: None = None) -> None:
        self.dismiss(result)
