"""The app's own themes, registered beside Textual's built-in ones (the cards keep their own look on every
theme: widgets/card_look.py)."""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.theme import Theme

FELT = Theme(
    name="clubfight-felt",
    primary="#e8c547",
    secondary="#5fb38a",
    accent="#f08a4b",
    warning="#f0c674",
    error="#e0605e",
    success="#8bd17c",
    foreground="#eef3ea",
    background="#0f3b2a",
    surface="#14503a",
    panel="#1c5e45",
    dark=True,
    variables={"footer-key-foreground": "#ffd27a"},  # the accent orange is 3.1:1 on the panel; this is 5.4:1
)
"""A card-table green with brass highlights; Textual's built-in themes stay one Ctrl+P away."""


HIGH_CONTRAST = Theme(
    name="clubfight-high-contrast",
    primary="#ffff00",
    secondary="#00ffff",
    accent="#ff66ff",
    warning="#ffff66",
    error="#ff5555",
    success="#55ff55",
    foreground="#ffffff",
    background="#000000",
    surface="#000000",
    panel="#202020",
    boost="#303030",
    dark=True,
)
"""Pure black and white with saturated highlights, for low vision and washed-out terminals."""


OFFERED = (
    FELT.name,
    HIGH_CONTRAST.name,
    "dracula",
    "gruvbox",
    "monokai",
    "rose-pine",
    "rose-pine-moon",
    "textual-dark",
)
"""The themes Settings and the palette offer: those whose text keeps WCAG AA, 4.5:1, on every screen
(tests/shell/test_contrast.py measures it). Textual's other built-in themes fall below it, mostly in
the footer's key letters (solarized, catppuccin-latte, textual-light: 1.8 to 2.9:1). The ansi-*
themes draw in the terminal's own palette, which no one can measure, and Textual's ansi buttons
fade Confirm and the blocked actions to nothing (1.6:1 on its assumed palette)."""


def register_themes(app: App[Any]) -> None:
    """Offer exactly OFFERED (idempotent); every app calls this at start-up. Both Settings and the
    palette's theme picker list ``app.available_themes``, so this is the one place that decides."""
    for theme in (FELT, HIGH_CONTRAST):
        if theme.name not in app.available_themes:
            app.register_theme(theme)
    for name in list(app.available_themes):
        if name not in OFFERED:
            app.unregister_theme(name)
