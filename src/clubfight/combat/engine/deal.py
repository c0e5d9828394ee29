"""Seeded setup (U1, U4) and combat codes such as ``combat-12345``.

Round k (1, 2, ...) of a match with seed S deals from ``round_seed(S, k)``: the k-th output of
SplitMix64 seeded with S. One SplitMix64 stream, seeded with that, then drives every shuffle of
the round, in this order (RED first in every step both players take, U4):

1. shuffle RED's deck, then BLACK's (Fisher-Yates, the project's own ``shuffled``);
2. each draws 4 from the top; a 10 among them is set aside and replaced from the top until the 4
   hold no 10 (U1);
3. RED's set-aside 10s go under the rest of its deck and the whole deck is shuffled, then BLACK's
   (a player who set none aside does not shuffle);
4. later shuffles, in the draw-off (U3) and for NINJUTSU's pick (F1), continue the same stream from
   ``Round.rng_state``.

Changing any of this changes every deal, so it is versioned as COMBAT_DEAL_VERSION and pinned by
golden tests.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from clubfight.common.shuffle import MAX_SEED, SplitMix64, shuffled

from .cards import BLACK_DECK, RED_DECK, TEN, Card, Colour
from .errors import NotationError
from .round import Round
from .rules import DEFAULT_RULES, Rules
from .state import HAND_SIZE, Phase

COMBAT_DEAL_VERSION = 1


def round_seed(seed: int, round_number: int) -> int:
    """The seed of round ``round_number`` (1-based) of a match: SplitMix64(seed)'s output of that number."""
    if not 0 <= seed <= MAX_SEED:
        raise ValueError(f"seed {seed} is out of range: use 0 to {MAX_SEED}")
    if round_number < 1:
        raise ValueError(f"rounds are numbered from 1, not {round_number}")
    rng = SplitMix64(seed)
    value = 0
    for _ in range(round_number):
        value = rng.next()
    return value


def _draw_hand(deck: tuple[Card, ...]) -> tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]:
    """U1: (hand, rest of the deck, the 10s set aside)."""
    hand: list[Card] = []
    aside: list[Card] = []
    i = 0
    while len(hand) < HAND_SIZE:
        card = deck[i]
        i += 1
        (aside if card.rank == TEN else hand).append(card)
    return tuple(hand), deck[i:], tuple(aside)


def deal(
    seed: int,
    rules: Rules = DEFAULT_RULES,
    round_number: int = 1,
    *,
    red_score: int = 0,
    black_score: int = 0,
) -> Round:
    """The SETUP of round ``round_number`` of match ``seed``: both 4-card hands drawn (U1), RED to arrange.

    Starting scores are for M2's survival mode, where the loser of a round keeps its score.
    """
    rng = SplitMix64(round_seed(seed, round_number))
    red = shuffled(RED_DECK, rng)
    black = shuffled(BLACK_DECK, rng)
    red_hand, red, red_aside = _draw_hand(red)
    black_hand, black, black_aside = _draw_hand(black)
    if red_aside:
        red = shuffled(red + red_aside, rng)
    if black_aside:
        black = shuffled(black + black_aside, rng)
    return Round(
        [()] * 9,
        red,
        black,
        red_hand,
        black_hand,
        red_score=red_score,
        black_score=black_score,
        attacker=Colour.BLACK,
        phase=Phase.SETUP,
        rules=rules,
        rng_state=rng.state,
    )


_CODE = re.compile(r"combat-([0-9]{1,20})")  # ASCII only: \d would also accept Arabic-Indic digits


@dataclass(frozen=True, slots=True)
class CombatCode:
    """A shareable match seed such as ``combat-12345``."""

    seed: int

    def __post_init__(self) -> None:
        if not 0 <= self.seed <= MAX_SEED:
            raise ValueError(f"seed {self.seed} is out of range: use 0 to {MAX_SEED}")

    def __str__(self) -> str:
        return f"combat-{self.seed}"

    def deal(
        self, rules: Rules = DEFAULT_RULES, round_number: int = 1, *, red_score: int = 0, black_score: int = 0
    ) -> Round:
        return deal(self.seed, rules, round_number, red_score=red_score, black_score=black_score)

    @staticmethod
    def parse(text: str) -> CombatCode:
        raw = text.strip()
        match = _CODE.fullmatch(raw.lower()) if raw.isascii() else None
        if match is None:
            raise NotationError(f"bad combat code {_shown(text)}: expected combat-N, for example combat-12345")
        seed = int(match.group(1))
        if seed > MAX_SEED:
            raise NotationError(f"bad combat code {_shown(text)}: the seed must be at most {MAX_SEED}")
        return CombatCode(seed)


_SHOWN_LENGTH = 40


def _shown(text: str) -> str:
    if len(text) <= _SHOWN_LENGTH:
        return repr(text)
    return f"{text[:_SHOWN_LENGTH]!r}... ({len(text)} characters)"
