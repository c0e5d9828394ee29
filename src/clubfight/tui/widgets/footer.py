"""The table's Footer: every key stays visible at 80 columns by wrapping onto a second row."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer

ROW_CELLS = 8
"""Cells per row when the Footer wraps (the CSS gives it two rows below 120x40)."""


class TableFooter(Footer):
    """Textual's Footer lays its keys out on a grid one row wide; this one wraps after ``ROW_CELLS``
    cells when the stylesheet gives it a grid layout, so a narrow terminal still shows every key."""

    def compose(self) -> ComposeResult:
        yield from super().compose()
        if self.styles.layout is not None and self.styles.layout.name == "grid":
            self.styles.grid_size_columns = ROW_CELLS
