"""Combat Club's part of the settings file: the marks on the stacks open to a two-play ring out."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from clubfight.combat.names import RING_OUT_MARK_LABELS, RING_OUT_MARKS
from clubfight.common.storage.settings import SettingsSection


@dataclass(frozen=True)
class CombatSettings(SettingsSection):
    ring_out_marks: str = "easy"
    """Mark your front-row stacks that the opponent could ring out within two plays: against the
    easy computer (the default), in every match, or never."""

    OMIT_DEFAULTS: ClassVar[bool] = True  # settings files written before this section read back the same
    CHOICES: ClassVar[Mapping[str, tuple[str, ...]]] = {"ring_out_marks": RING_OUT_MARKS}
    CHOICE_LABELS: ClassVar[Mapping[str, Mapping[str, str]]] = {"ring_out_marks": RING_OUT_MARK_LABELS}
    TITLES: ClassVar[Mapping[str, tuple[str, str]]] = {
        "ring_out_marks": (
            "Ring-out danger marks",
            "mark your stacks the opponent could ring out within two plays",
        ),
    }

    def marks_for(self, opponent: str | None) -> bool:
        """Whether a match against ``opponent`` (a computer level; None: two people) shows the marks."""
        return self.ring_out_marks == "always" or (self.ring_out_marks == "easy" and opponent == "easy")
