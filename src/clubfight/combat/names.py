"""Combat Club's names that the command line and the screens offer, in a leaf module, so that naming
a level or a style loads neither the engine nor the AI. (The engine and the AI check theirs against
these: tests/combat/test_combat_names.py.)"""

from __future__ import annotations

OPPONENTS = ("easy", "normal", "hard", "expert")
"""``ai.Opponent``'s values: the computer's levels."""
ROUNDS = (1, 3, 5)
STYLES = (
    "karate",
    "krav-maga",
    "mma",
    "jeet-kune-do",
    "wushu",
    "kung-fu",
    "ninjutsu",
    "wrestling",
    "sumo",
)
"""``engine.Style``'s values."""
JUGGLES = ("combo", "rush", "both")
"""``engine.Juggle``'s values but ``none``."""
RING_OUT_MARKS = ("easy", "always", "never")
"""When the fight marks the player's front-row stacks open to a two-play ring out: against easy only
(the default, for learning the game), in every match, or never."""
RING_OUT_MARK_LABELS = {"easy": "against easy", "always": "always", "never": "never"}
