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

from clubfight.club_fight.engine import GRID_SUITS, Card, Move, Position
from clubfight.club_fight.game import unseen_cards

from .plan import describe, unseen_ranks


def _card(text: Text, card: Card) -> None:
    """One card in a column three cells wide, so a 10 lines up with the rest."""
    red = card.suit is not None and card.suit.is_red
    text.append(f"{card.symbol:>3}", style="bold red" if red else "bold")
    text.append(" ")


RANKS_PER_SUIT = 13


def still_to_come(position: Position) -> Text:
    """What the players are told to count: the cards not yet discarded, by suit (the pile's
    complement), and which of them are still unseen in the face-down grid deck, by suit and rank
    (``unseen_cards``: counted from the pile and the grid, never from the deck). All public."""
    discarded = Counter(card.suit for card in position.discard if not card.is_joker)
    jokers_out = sum(card.is_joker for card in position.discard)
    text = Text("Not yet discarded:", style="bold")
    for suit in GRID_SUITS:
        text.append(f"  {suit.symbol} {RANKS_PER_SUIT - discarded[suit]}")
    text.append(f"  ★ {position.level.jokers - jokers_out}")
    unseen = unseen_cards(position)
    if unseen is None:
        text.append(f"\nStill in the grid deck: {len(position.grid_deck)}", style="bold")
        return text
    text.append(f"\nUnseen, still in the grid deck: {unseen.count}", style="bold")
    for suit, ranks in unseen.ranks.items():
        text.append(f"\n  {suit.symbol} {len(ranks):>2}  ", style="bold red" if suit.is_red else "bold")
        text.append(unseen_ranks(ranks) or "-")
    text.append(f"\n  ★ {unseen.jokers:>2}", style="bold")
    return text


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
