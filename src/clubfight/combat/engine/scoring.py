"""Points (S1-S6, C2) and the parts they are made of.

Undecided points, settled here:
- JEET KUNE DO's rush (F1) shows as ``Attack 1 + Rush r`` where r = 2+...+n, so that the total is
  1+2+...+n and the parts still name what scored.
- Juggle RUSH (F2) counts downwards like a touch chain: each card below joins when it has the same
  value as the card above it or pairs with it as face and number (a 2 on a J on a 3 is a rush of 3).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .actions import Attack
from .cards import TEN, Card, Colour
from .grid import NEIGHBOURS, tops_with
from .plays import PAIRS, is_safe
from .rules import Juggle, Rules, Style


class PlayKind(Enum):
    __hash__ = object.__hash__

    ATTACK = "attack"
    THROW = "throw"
    COUNTER = "counter"
    PERFECT_COUNTER = "perfect counter"


@dataclass(frozen=True, slots=True)
class Points:
    """What one play scores, part by part (S6). ``str`` names the parts: ``Throw 3 + Combo 3 = 6``."""

    kind: PlayKind
    base: int = 0
    combo: int = 0
    rush: int = 0
    block: int = 0
    punish: int = 0
    counter: int = 0

    @property
    def total(self) -> int:
        return self.base + self.combo + self.rush + self.block + self.punish + self.counter

    @property
    def is_counter(self) -> bool:
        return self.kind in (PlayKind.COUNTER, PlayKind.PERFECT_COUNTER)

    def __str__(self) -> str:
        if self.kind is PlayKind.COUNTER:
            parts = [f"Counter {self.counter}"]
        elif self.kind is PlayKind.PERFECT_COUNTER:
            parts = [f"Perfect counter {self.counter}"]
        else:
            parts = [f"{'Throw' if self.kind is PlayKind.THROW else 'Attack'} {self.base}"]
        for name, value in (("Combo", self.combo), ("Rush", self.rush), ("Block", self.block), ("Punish", self.punish)):
            if value:
                parts.append(f"{name} {value}")
        if len(parts) == 1:
            return parts[0]
        return f"{' + '.join(parts)} = {self.total}"


def linked(a: Card, b: Card, juggle: bool) -> bool:
    """Do ``a`` and ``b`` chain for COMBO or RUSH? Same value; with juggle (F2) also a face and its numbers."""
    if a.suit is None or b.suit is None:
        return False
    if a.rank == b.rank:
        return True
    if not juggle or (a.rank > TEN) == (b.rank > TEN):
        return False
    face, number = (a, b) if a.rank > TEN else (b, a)
    return number.rank in PAIRS[face.rank]


def combo_count(tops: tuple[Card, ...], place: int, juggle: bool) -> int:
    """S2: the other stacks joined to ``place`` by an orthogonal touch chain. ``tops[p-1]`` tops place p."""
    start = tops[place - 1]
    if start.suit is None:
        return 0
    if juggle:
        return linked_combo_count(tops, place, juggle)
    # Without juggle a chain links one value only: every stack in it is topped by the start's value
    # (a joker's rank, 0, is no card's value).
    rank = start.rank
    for q in NEIGHBOURS[place]:
        if tops[q - 1].rank == rank:
            break
    else:
        return 0  # no neighbour to join (most plays): no chain to walk
    seen = {place}
    frontier = [place]
    while frontier:
        p = frontier.pop()
        for q in NEIGHBOURS[p]:
            if q not in seen and tops[q - 1].rank == rank:
                seen.add(q)
                frontier.append(q)
    return len(seen) - 1


def linked_combo_count(tops: tuple[Card, ...], place: int, juggle: bool) -> int:
    """``combo_count`` by ``linked``, pair by pair, as S2 and F2 say it (any juggle)."""
    if tops[place - 1].suit is None:
        return 0
    seen = {place}
    frontier = [place]
    while frontier:
        p = frontier.pop()
        here = tops[p - 1]
        for q in NEIGHBOURS[p]:
            if q not in seen and linked(here, tops[q - 1], juggle):
                seen.add(q)
                frontier.append(q)
    return len(seen) - 1


def rush_count(stack: tuple[Card, ...], juggle: bool) -> int:
    """S3: cards directly below the top one that chain with it, down to another value or a joker."""
    if juggle:
        return linked_rush_count(stack, juggle)
    top = stack[-1]
    if top.suit is None:
        return 0
    # Without juggle the rush is the cards of the top card's value right under it (a joker's rank, 0,
    # is no card's value).
    rank = top.rank
    count = 0
    for i in range(len(stack) - 2, -1, -1):
        if stack[i].rank != rank:
            break
        count += 1
    return count


def linked_rush_count(stack: tuple[Card, ...], juggle: bool) -> int:
    """``rush_count`` by ``linked``, pair by pair, as S3 and F2 say it (any juggle)."""
    count = 0
    for i in range(len(stack) - 1, 0, -1):
        if not linked(stack[i - 1], stack[i], juggle):
            break
        count += 1
    return count


def triangle(n: int) -> int:
    """1 + 2 + ... + n."""
    return n * (n + 1) // 2


def score_attack(
    stack: tuple[Card, ...],
    tops: tuple[Card, ...],
    cards: tuple[Card, ...],
    place: int,
    style: Style | None,
    juggle: Juggle,
    *,
    safe: bool,
    punish: bool,
) -> Points:
    """S1-S5 and the attacking styles (F1) for ``cards`` played onto ``stack`` at ``place``.

    ``stack`` is the stack before the play and ``tops`` the 9 top cards *after* it.
    """
    n = len(cards)
    if n == 1:
        kind = PlayKind.ATTACK
        base = 2 if style is Style.KRAV_MAGA and not safe else 1
    else:
        kind = PlayKind.THROW
        base = triangle(n + 1) - 1 if style is Style.WRESTLING else triangle(n)
    rush = rush_count(stack + cards, juggle.rush)
    if style is Style.JEET_KUNE_DO and n == 1 and rush:
        rush = triangle(rush + 1) - 1
    combo = combo_count(tops, place, juggle.combo)
    if combo and style is Style.KARATE:
        combo += 1
    block = 1 if any(c.rank == TEN for c in cards) else 0
    return Points(kind, base=base, combo=combo, rush=rush, block=block, punish=1 if punish else 0)


def score_counter(card: Card, covered: Card, attacker_style: Style | None, style: Style | None, holding: int) -> Points:
    """C2 and F1: a counter scores 2, a perfect counter 4 (2 against KARATE), a joker 0; a 10 adds BLOCK.

    A WUSHU counterer ``holding`` two cards halves the score (1, a perfect counter 2, against KARATE 1).
    """
    if card.suit is None:
        return Points(PlayKind.COUNTER, counter=0)
    perfect = card.rank == covered.rank
    value = 4 if perfect else 2
    if perfect and attacker_style is Style.KARATE:
        value //= 2
    if style is Style.WUSHU and holding == 2:
        value //= 2
    kind = PlayKind.PERFECT_COUNTER if perfect else PlayKind.COUNTER
    return Points(kind, counter=value, block=1 if card.rank == TEN else 0)


# --- the points of a play in a round ---------------------------------------------------------


def attack_points(
    stack: tuple[Card, ...], tops: tuple[Card, ...], attack: Attack, player: Colour, rules: Rules, *, punish: bool
) -> Points:
    """What ``attack`` by ``player`` scores if it stands, played onto ``stack`` (at ``attack.to``) when the
    places are topped by ``tops``.

    ``punish``: it is the turn's first play and goes where the opponent last attacked (S5).
    """
    place = attack.to
    cards = attack.cards
    return score_attack(
        stack,
        tops_with(tops, place, cards[-1]),
        cards,
        place,
        rules.style(player),
        rules.juggle,
        safe=is_safe(cards, stack[-1], player),
        punish=punish,
    )


def counter_points(card: Card, covered: Card, attacker: Colour, rules: Rules, holding: int) -> Points:
    """What the defender's ``card`` scores countering the play whose top card is ``covered``, holding
    ``holding`` cards (WUSHU's halving, F1)."""
    return score_counter(card, covered, rules.style(attacker), rules.style(attacker.other), holding)
