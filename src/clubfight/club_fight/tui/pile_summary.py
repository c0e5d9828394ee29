"""The pile's one-line summary under the table's message, in the longest wording that fits."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget


class PileSummary(Widget):
    """Shows the first of its lines (``plan.pile_lines``, longest first) that fits its width: the
    widget knows its width only once laid out, so it chooses as it renders."""

    DEFAULT_CSS = "PileSummary { height: 1; }"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._lines: tuple[str, ...] = ()

    def show(self, lines: list[str]) -> None:
        if tuple(lines) != self._lines:
            self._lines = tuple(lines)
            self.refresh()

    def render(self) -> Text:
        width = self.content_size.width
        fits = [line for line in self._lines if Text(line).cell_len <= width]
        return Text(fits[0] if fits else (self._lines[-1] if self._lines else ""), style="dim", no_wrap=True)
