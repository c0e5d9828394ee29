"""Everyone the bench can seat: the four levels, a random player (the ladder's floor) and a
clairvoyant hard (a benchmark bound, never a level).

``decide(name, round, seed, history)`` is the bench's one entry point. The levels decide through
``choose`` and never see more than their seat may. The clairvoyant does not: it is hard's search
run on worlds that keep the other player's true hand (only the order of both decks and the engine's
RNG state are dealt afresh), so that hard against it measures what perfect inference of the hidden
hand could buy at most. It exists for that measurement only.
"""

from __future__ import annotations

from collections.abc import Sequence

from clubfight.combat.engine import Action, Colour, Round
from clubfight.common.shuffle import SplitMix64, shuffled

from . import LEVELS, Opponent, choose
from .search import HARD, hard

RANDOM = "random"
CLAIRVOYANT = "clairvoyant"
PLAYERS = (*LEVELS, RANDOM, CLAIRVOYANT)
"""Every name the bench and the ladder accept."""


def random_action(r: Round, rng: SplitMix64) -> Action:
    """Any legal action, each as likely (in SETUP, any arrangement)."""
    legal = r.legal_actions()
    return legal[rng.below(len(legal))]


def _decks_dealt_afresh(r: Round, rng: SplitMix64) -> Round:
    """``r`` with both decks shuffled and a fresh RNG state: the hands, true ones, stay."""
    return r.replace(
        red_deck=shuffled(r.deck(Colour.RED), rng),
        black_deck=shuffled(r.deck(Colour.BLACK), rng),
        rng_state=rng.next(),
        events=(),
    )


def clairvoyant(r: Round, rng: SplitMix64) -> Action:
    """Hard's search, seeing the other player's true hand (benchmark only: this peeks)."""
    seat = r.to_act
    assert seat is not None
    legal = r.legal_actions()
    if len(legal) == 1:
        return legal[0]
    view = _decks_dealt_afresh(r, rng)
    return hard(view, seat, rng, HARD, deal=lambda v, _seat, g: _decks_dealt_afresh(v, g))


def decide(name: str, r: Round, seed: int, history: Sequence[Round] = ()) -> Action:
    """The action of player ``name`` for ``r.to_act``; ``history`` is the round's earlier positions."""
    if name == RANDOM:
        return random_action(r, SplitMix64(seed))
    if name == CLAIRVOYANT:
        return clairvoyant(r, SplitMix64(seed))
    return choose(r, Opponent(name), seed=seed, history=history)
