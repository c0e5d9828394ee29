"""The app's own themes, registered beside Textual's built-in ones (the four-colour deck is in clubfight/table.tcss)."""

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


def register_themes(app: App[Any]) -> None:
    """Make the felt and high-contrast themes available (idempotent); every app calls this at start-up."""
    for theme in (FELT, HIGH_CONTRAST):
        if theme.name not in app.available_themes:
            app.register_theme(theme)
