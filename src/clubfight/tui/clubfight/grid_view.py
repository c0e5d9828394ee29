"""The 3x3 grid of places 1-9 (C3)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widget import Widget

from ...engine import GRID_SIZE, Position
from ..widgets.cards import CardWidget


class GridView(Widget):
    """Nine CardWidgets in reading order; ``show`` renders them from a position (before the grid
    is mounted, too: the cards then mount with their classes, styled once)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.cards = [CardWidget(str(p), id=f"place-{p}", classes="grid-card") for p in range(1, GRID_SIZE + 1)]

    def compose(self) -> ComposeResult:
        yield from self.cards

    def place(self, place: int) -> CardWidget:
        return self.cards[place - 1]

    def show(
        self,
        position: Position,
        *,
        clear: frozenset[int] = frozenset(),
        picked: frozenset[int] = frozenset(),
        fresh: frozenset[int] = frozenset(),
    ) -> None:
        for place in range(1, GRID_SIZE + 1):
            states = set()
            mark = ""
            if place in fresh:
                states.add("-fresh")
                mark = "+"
            if place in picked:
                states.add("-picked")
                mark = "•"
            if place in clear:
                states.add("-clear")
                mark = "✕"
            self.place(place).show(position.card_at(place), mark, frozenset(states))
