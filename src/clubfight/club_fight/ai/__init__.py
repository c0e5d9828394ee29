"""Playing Club Fight well: a clairvoyant solver, a hint engine that plays fair, and benchmarks.

Builds on ``clubfight.club_fight.engine`` alone (no UI libraries): ``Position.legal_moves()`` is the only
source of moves.
"""

from .hints import STRENGTHS, Hint, suggest
from .policies import POLICY_NAMES, Policy, make_policy
from .slip import Mistake, find_mistake
from .solver import LostPositions, SolveResult, Verdict, solve

__all__ = [
    "POLICY_NAMES",
    "STRENGTHS",
    "Hint",
    "LostPositions",
    "Mistake",
    "Policy",
    "SolveResult",
    "Verdict",
    "find_mistake",
    "make_policy",
    "solve",
    "suggest",
]
