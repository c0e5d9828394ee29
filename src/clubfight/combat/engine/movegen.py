"""Legal actions: the attacker's plays (P1-P5, T3), counters (C1), counter draws (F1, T2) and
arrangements (U2).

Each generator takes the few fields it needs, so a Round and a Draft in the middle of a play ask
the same functions.

The attacker's plays are the hot path of every search and playout. What a set of cards can play
depends on the set alone: its singles and throws (``plays.sequences``), and at each place the ones
whose first card fits that place's top card. So once a set is met a second time its plays are
kept in a memo, shared by every state whose attacker holds the same cards (the same hand recurs
across a search's sample worlds and along each playout). The memo holds only immutable values, is
bounded, and is invisible to callers: a look-up gives the same plays as building them afresh.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations
from typing import TYPE_CHECKING

from .actions import Action, Arrange, Attack, Counter, Decline, Draw, EndTurn, Pick, attacks_at
from .cards import Card, Colour
from .grid import front_row
from .plays import BY_SORT_KEY, OPEN_MASKS, fit_mask, sequences
from .rules import Style
from .state import Phase

if TYPE_CHECKING:
    from .round import Round


def setup_colour(stacks: Sequence[tuple[Card, ...]]) -> Colour:
    """U4: RED arranges first; once RED's front row is laid, BLACK."""
    return Colour.BLACK if stacks[front_row(Colour.RED)[0] - 1] else Colour.RED


class _Repertoire:
    """What one set of cards can play: its sequences, and in ``placed[fit << 4 | place]`` the Attacks
    they make at ``place`` when its top card takes the first-card values ``fit``, built on first use."""

    __slots__ = ("placed", "sequences")

    def __init__(self, cards: tuple[Card, ...]) -> None:
        self.sequences = sequences(cards)
        self.placed: dict[int, tuple[Attack, ...]] = {}


_REPERTOIRES: dict[int, _Repertoire | None] = {}
"""By card set (bit ``card.code`` for each card): None for a set seen once, then its repertoire.
Most sets a random round meets, it meets once; those leave only a number behind, since whatever the
memo keeps alive the garbage collector must walk again and again."""
REPERTOIRE_LIMIT = 2048
"""Card sets remembered at most; the memo starts afresh when full. A search decision meets a few
thousand sets, most of them again and again."""


def clear_memo() -> None:
    """Forget every card set's plays (for a benchmark that times building them)."""
    _REPERTOIRES.clear()


def attacks(stacks: Sequence[tuple[Card, ...]], cards: tuple[Card, ...], player: Colour) -> list[Attack]:
    """Every play of ``player`` with ``cards`` (its hand, then its ADVANTAGE): places 1-9, and at each
    place the singles and throws in ``sequences`` order."""
    key = 0
    for card in cards:
        key |= 1 << card.code
    known = _REPERTOIRES.get(key, _UNSEEN)
    placed: dict[int, tuple[Attack, ...]] | None
    if known is _UNSEEN:  # the first sighting: list the plays without keeping them
        if len(_REPERTOIRES) >= REPERTOIRE_LIMIT:
            _REPERTOIRES.clear()
        _REPERTOIRES[key] = None
        seqs, placed = sequences(cards), None
    else:
        if known is None:  # the second: from now on the set's plays are kept
            known = _REPERTOIRES[key] = _Repertoire(cards)
        seqs, placed = known.sequences, known.placed
    found: list[Attack] = []
    if not seqs:
        return found
    open_masks = OPEN_MASKS[player]
    for place, stack in enumerate(stacks, 1):
        fit = open_masks[stack[-1].code]
        if not fit:
            continue  # P2: the 10 lock
        if placed is None:
            found += attacks_at(seqs, fit, place)
            continue
        here = placed.get(fit << 4 | place)
        if here is None:
            here = placed[fit << 4 | place] = tuple(attacks_at(seqs, fit, place))
        found += here
    return found


_UNSEEN = _Repertoire(())
"""The memo's answer for a card set it has not met."""


def counter_cards(hand: tuple[Card, ...], top: Card, defender: Colour) -> list[Card]:
    """C1: the defender's cards that may go onto ``top``, the top card of the play just made (no lock, C3)."""
    fit = fit_mask(top, defender)  # a joker fits anything (P3)
    return sorted([c for c in hand if c.suit is None or fit >> c.rank & 1], key=BY_SORT_KEY)


def counter_draws(deck: tuple[Card, ...], ninjutsu: bool) -> list[Action]:
    """F1: a NINJUTSU defender picks any card of its deck; a WUSHU defender draws 1 or 2."""
    if ninjutsu:
        return [Pick(c) for c in sorted(deck)]
    return [Draw(1), Draw(2)]


def arrangements(hand: tuple[Card, ...], colour: Colour) -> list[Arrange]:
    """U2: every way to lay a 4-card hand: the neutral card, then the front row in place order."""
    cards = sorted(hand)
    found: list[Arrange] = []
    for i, neutral in enumerate(cards):
        rest = cards[:i] + cards[i + 1 :]
        for a, b, c in permutations(rest):
            found.append(Arrange(colour, (a, b, c), neutral))
    return found


def legal_actions(r: Round) -> list[Action]:
    """Every legal action for ``r.to_act``, in ``Round.legal_actions``'s order."""
    phase = r.phase
    if phase is Phase.ATTACK:
        player = r.attacker
        return [*attacks(r.stacks, r.hand(player) + r.advantage, player), EndTurn()]
    if phase is Phase.COUNTER:
        pending = r.pending
        assert pending is not None
        defender = r.defender
        return [*(Counter(c) for c in counter_cards(r.hand(defender), pending.cards[-1], defender)), Decline()]
    if phase is Phase.DRAW:
        defender = r.defender
        return counter_draws(r.deck(defender), r.rules.has(defender, Style.NINJUTSU))
    if phase is Phase.SETUP:
        colour = setup_colour(r.stacks)
        return list(arrangements(r.hand(colour), colour))
    return []
