"""The computer opponent for Combat Club: three levels, and no peeking.

``choose(round, level, seed=...)`` decides for ``round.to_act`` in any phase (SETUP arrangement,
attacking plays and ending the turn, counter or decline, a WUSHU draw or NINJUTSU pick). It first
rebuilds the round as that seat sees it (``observe``: the other hand and both decks reduced to
their public contents, the engine's RNG state dropped), so nothing it can't see can sway it; any
chance it takes comes from a SplitMix64 seeded with ``seed``. Pure: no I/O, no clock, no ``random``.

- ``Opponent.EASY``: a beginner. Random plays, likelier the more they score; ends turns early now and
  then; counters whenever it can, with any counter; arranges at random.
- ``Opponent.NORMAL``: greedy on points with an eye on the counter risk (greedy.py).
- ``Opponent.HARD``: flat Monte Carlo over sample worlds, with normal as its playout policy (search.py).
- ``Opponent.EXPERT``: hard's search on worlds weighed by what the other side has shown this round
  (inference.py, from ``history``), searching its own turn as a tree (expert.py, tree.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from clubfight.combat.engine import Action, Phase, Round
from clubfight.common.shuffle import SplitMix64

from .coach import AnalysedStep, Analysis, AnalysisStopped, Reasons, Suggestion, Turning, analyse, suggest
from .expert import EXPERT, ExpertSettings, expert
from .inference import read_clues
from .knowledge import determinize, observe, unseen
from .ladder import LEVEL_RATINGS, PairScore, Rating, fit_ratings, pair_scores, ratings_table
from .policies import easy, normal
from .search import HARD, SearchSettings, hard


class Opponent(Enum):
    __hash__ = object.__hash__

    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"
    EXPERT = "expert"


LEVELS = tuple(level.value for level in Opponent)


def choose(round: Round, level: Opponent, *, seed: int = 0, history: Sequence[Round] = ()) -> Action:
    """The action ``level`` takes for ``round.to_act``. Raises ValueError once the round is over.

    ``history`` is the round's earlier positions, oldest first (``PlayedRound.positions()`` without
    the last); only what the seat saw of them is read."""
    seat = round.to_act
    if seat is None:
        raise ValueError("the round is over: there is nothing to choose")
    view = observe(round, seat)
    rng = SplitMix64(seed)
    if view.phase is not Phase.SETUP:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
    if level is Opponent.EASY:
        return easy(view, seat, rng)
    if level is Opponent.NORMAL:
        return normal(view, seat, rng)
    if level is Opponent.HARD:
        return hard(view, seat, rng)
    return expert(view, seat, rng, read_clues(history, round, seat))


__all__ = [
    "EXPERT",
    "HARD",
    "LEVELS",
    "LEVEL_RATINGS",
    "AnalysedStep",
    "Analysis",
    "AnalysisStopped",
    "ExpertSettings",
    "Opponent",
    "PairScore",
    "Rating",
    "Reasons",
    "SearchSettings",
    "Suggestion",
    "Turning",
    "analyse",
    "choose",
    "determinize",
    "fit_ratings",
    "observe",
    "pair_scores",
    "ratings_table",
    "suggest",
    "unseen",
]
