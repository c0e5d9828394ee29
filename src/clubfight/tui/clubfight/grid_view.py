"""The 3x3 grid of places 1-9 (C3)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widget import Widget

from ...engine import GRID_SIZE, Position
from ..widgets.cards import CardWidget


class GridView(Widget):
    """Nine CardWidgets in reading order; ``show`` renders them from a position."""

    def compose(self) -> ComposeResult:
        for place in range(1, GRID_SIZE + 1):
            yield CardWidget(str(place), id=f"place-{place}", classes="grid-card")

    def place(self, place: int) -> CardWidget:
        return self.query_one(f"#place-{place}", CardWidget)

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
