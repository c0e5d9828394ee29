"""Expert: an information-set search of its own turn, on worlds weighed by what the other side has
shown, with a look to the round's end once a score nears 30.

- **Worlds** come from ``inference``: the known bottoms of both decks stay at the bottom, and the
  other player's hand is weighed by how it answered this turn's unsafe plays.
- **Its own turn is a tree** (tree.py): one world per iteration, UCB1 among hard's candidates at
  each of its own decisions, so lines of two or three plays are compared, and a node down the tree
  is reached only in worlds where the plays before it stood (the information sets of the seat).
- **Candidates** are ranked with counter risks from those weighed hands, not normal's even odds.
- **Horizons** are counted from the decision (hard counts from each candidate's position, which
  judges a turn-ending candidate one opponent turn later), and from a score of 18 on, playouts run
  to the round's end.
- Counter windows and WUSHU/NINJUTSU draws use hard's flat comparison on the same worlds.
  Arrangements use normal's taste (a searched arrangement is built, ``setup_search``, and measured).

docs/combat-ai.md gives each part's measured effect.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from clubfight.combat.engine import Action, Card, Colour, Phase, Round
from clubfight.common.shuffle import SplitMix64

from .greedy import Judged, Weights, judge, value
from .inference import (
    Clues,
    HandBelief,
    counter_chance,
    deal_world,
    hand_belief,
    read_clues,
    uniform_belief,
    without_fits,
)
from .knowledge import determinize, observe
from .policies import arrange_normal
from .search import HARD, Dealer, SearchSettings, hard
from .setup_search import search_arrangement
from .tree import Ranker, turn_search


@dataclass(frozen=True, slots=True)
class ExpertSettings:
    """Expert's search: hard's settings for its candidates and playouts, and what expert adds."""

    search: SearchSettings = field(default_factory=lambda: replace(HARD, candidates=8, from_root=True))
    """Hard's figures, with 8 candidates and horizons counted from the decision."""
    tree: bool = True
    """Search the seat's own turn as a tree (tree.py); False: hard's flat comparison, bigger."""
    iterations: int = 600
    """Worlds dealt per decision in the tree search (one playout each). 600 won 4.75 points more
    single rounds against hard than 300 on the tuning seeds (docs/combat-ai.md); 900 no more."""
    exploration: float = 25.0
    """UCB1's constant, in points of playout judgement (a won round is worth 40)."""
    inference: bool = True
    """Deal worlds from the round's clues (inference.py) rather than evenly."""
    decline: float = 0.1
    """The chance that a defender able to counter lets an unsafe play stand."""
    belief_ranking: bool = True
    """Rank candidate attacks with counter risks from the weighed hands (and, down the turn tree, from
    what the plays that stood on the way there ruled out), not from the even odds normal uses."""
    deep_score: int = 18
    """From this score on (either player's), playouts run on further ..."""
    deep_horizon: int = 99
    """... through this many changes of attacker (99: to the round's end)."""
    setup_candidates: int = 0
    """Arrangements searched (setup_search.py), normal's favourites first; 0 arranges by normal's taste."""
    setup_samples: int = 16


EXPERT = ExpertSettings()


def settings_for(view: Round, s: ExpertSettings) -> SearchSettings:
    if max(view.scores) >= s.deep_score:
        return replace(s.search, horizon=max(s.search.horizon, s.deep_horizon))
    return s.search


def expert(view: Round, seat: Colour, rng: SplitMix64, clues: Clues, s: ExpertSettings = EXPERT) -> Action:
    """Expert's action for ``seat`` from its ``view`` and the ``clues`` of the round so far."""
    if view.phase is Phase.SETUP:
        if s.setup_candidates:
            return search_arrangement(view, seat, rng, s.search, s.setup_candidates, s.setup_samples)
        return arrange_normal(view.hand(seat), seat, rng)
    settings = settings_for(view, s)
    deal: Dealer = determinize
    belief = None
    if s.inference:
        belief = hand_belief(view, clues, rng, s.decline)
        deal = lambda v, _seat, g: deal_world(v, clues, belief, g)  # noqa: E731
    rank: Ranker | None = None
    if s.belief_ranking and view.phase is Phase.ATTACK:
        prior = belief if belief is not None else uniform_belief(view, clues, rng)
        rank = lambda r, tops: belief_ranked(r, settings.weights, clues, prior, tops)  # noqa: E731
    if s.tree and view.phase is Phase.ATTACK:
        return turn_search(view, seat, rng, settings, s.iterations, s.exploration, deal, rank)
    return hard(view, seat, rng, settings, deal=deal, rows=None if rank is None else rank(view, ()))


def belief_ranked(
    r: Round, w: Weights, clues: Clues, belief: HandBelief | None, tops: tuple[Card, ...]
) -> list[tuple[float, Judged]]:
    """Every attack with its value as normal judges it, but each unsafe play's counter risk taken
    from ``belief`` (less the hands that would have countered one of ``tops``)."""
    narrowed = without_fits(belief, r.defender, tops) if belief is not None else None
    hand_now = len(r.hand(r.attacker))
    risks: dict[Card, float] = {}
    rows = []
    for j in judge(r):
        if j.risk > 0.0 and narrowed is not None:
            top = j.attack.cards[-1]
            risk = risks.get(top)
            if risk is None:
                risk = risks[top] = counter_chance(r, clues, narrowed, top)
            j = replace(j, risk=risk)
        rows.append((value(j, hand_now, w), j))
    rows.sort(key=lambda row: -row[0])
    return rows


def decide(r: Round, rng: SplitMix64, history: Sequence[Round], s: ExpertSettings = EXPERT) -> Action:
    """For tuning and benchmarks: observe, then decide (``choose`` does the same for the app)."""
    seat = r.to_act
    assert seat is not None
    view = observe(r, seat)
    if view.phase is not Phase.SETUP:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
    return expert(view, seat, rng, read_clues(history, r, seat), s)
