"""Combat Club's names (combat/names.py), listed for the command line so that it loads neither the
engine nor the AI, are the engine's and the AI's own."""

from __future__ import annotations

from clubfight.combat import names
from clubfight.combat.ai import LEVELS
from clubfight.combat.engine import Juggle, Style


def test_the_opponents_are_the_ais_levels() -> None:
    assert names.OPPONENTS == LEVELS


def test_the_styles_and_juggles_are_the_engines() -> None:
    assert tuple(style.value for style in Style) == names.STYLES
    assert tuple(juggle.value for juggle in Juggle if juggle is not Juggle.NONE) == names.JUGGLES
