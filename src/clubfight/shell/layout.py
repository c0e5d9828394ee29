"""The app's two sizes: 80x24, the least it draws in, and 120x40, from which every game's table
uses bigger cards. Textual's breakpoints give each screen ``-wide`` and ``-tall`` from 120x40 up,
and each game's stylesheet has one rule for ``.-wide.-tall``."""

from __future__ import annotations

MIN_SIZE = (80, 24)
LARGE_SIZE = (120, 40)
HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (LARGE_SIZE[0], "-wide")]
VERTICAL_BREAKPOINTS = [(0, "-short"), (LARGE_SIZE[1], "-tall")]
