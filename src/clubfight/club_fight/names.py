"""Club Fight's names that the command line, the settings file and the screens offer: one list each,
in a leaf module, so that naming a level or a hint strength loads neither the engine nor the AI.
(The engine and the AI check theirs against these: tests/club_fight/cli/test_club_fight_cli_input.py.)"""

from __future__ import annotations

LEVELS = ("easy", "hard")
"""``engine.Level``'s values."""
VARIANTS = ("all-clear",)
"""``engine.VARIANT_NAMES``."""
HINT_STRENGTHS = ("fast", "strong", "expert")
"""The hint engine's strengths (``ai.hints.STRENGTHS`` is built from this list), weakest first."""
DEFAULT_HINT_STRENGTH = "fast"
EXPERT_PACE = "about 0.6 s a move at the median, 1.5 s early in a game"
"""What expert costs, as measured: the median time of a decision (0.64-0.65 s, docs/ai.md), and the
first turns' longer searches. The command line's help says this; Settings' label says it shorter."""
HINT_STRENGTH_LABELS = {
    "fast": "fast: under 0.1 s a move",
    "strong": "strong: about 0.2 s a move, wins more",
    "expert": "expert: about 0.6 s a move (1.5 s early)",
}
"""How Settings offers each strength: its measured median time a move (docs/ai.md)."""
