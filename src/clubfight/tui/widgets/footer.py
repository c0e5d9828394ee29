"""The table's Footer: every key stays visible at 80 columns by wrapping onto a second row."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

ROW_CELLS = 8
"""Cells per row when the Footer wraps (the CSS gives it two rows below 120x40)."""


class TableFooter(Footer):
    """Textual's Footer lays its keys out on a grid one row wide; this one wraps after ``ROW_CELLS``
    cells when the stylesheet gives it a grid layout, so a narrow terminal still shows every key."""

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                # The class each key's compact watcher would add once mounted: given now, so the keys
                # are styled once, not twice, each time the Footer recomposes.
                widget.set_class(self.compact, "-compact", update=False)
            yield widget
        if self.styles.layout is not None and self.styles.layout.name == "grid":
            self.styles.grid_size_columns = ROW_CELLS
