"""Club Fight's part of the settings file: the hint engine's strength and the blocking-move question."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from clubfight.club_fight.names import DEFAULT_HINT_STRENGTH, HINT_STRENGTH_LABELS, HINT_STRENGTHS
from clubfight.common.storage.settings import SettingsSection


@dataclass(frozen=True)
class ClubFightSettings(SettingsSection):
    confirm_blocking_move: bool = False
    """Ask before confirming a move that leaves a suit blocking an action (T2)."""
    hint_strength: str = DEFAULT_HINT_STRENGTH
    """The hint engine's strength for the hint key and the demo (``--strength`` overrides it for a run)."""

    CHOICES: ClassVar[Mapping[str, tuple[str, ...]]] = {"hint_strength": HINT_STRENGTHS}
    CHOICE_LABELS: ClassVar[Mapping[str, Mapping[str, str]]] = {"hint_strength": HINT_STRENGTH_LABELS}
    TITLES: ClassVar[Mapping[str, tuple[str, str]]] = {
        "hint_strength": ("Hint strength (h, demo)", ""),
        "confirm_blocking_move": (
            "Ask before a blocking move",
            "confirm a move that leaves a suit blocking an action",
        ),
    }
