"""Normal's greedy judgement of a play, shared with hard's playouts.

An attack is worth its points if it is SAFE (P4). An UNSAFE one may be countered (C1): the chance
is that of the defender's hand, of known size, drawn from the cards the attacker can't see, holding
at least one card that fits the new top card. If countered, the play scores nothing (C5), the
defender scores the counter (C2), the turn ends, the attacker's remaining hand becomes the
defender's ADVANTAGE (C4, T4) and the attacker draws no counter card next turn. Ending the turn hands
the whole hand over as ADVANTAGE. ``Weights`` prices these; docs/combat-ai.md says how they were set.
Normal plays with ``NORMAL``; hard's playouts add a price on the stacks a play takes from the
opponent or hands over (``own``), which measured a few points better.

Everything here reads only what the attacker may see: the grid, the attacker's hand and ADVANTAGE,
the scores, and the *contents* of the defender's hand-and-deck pool with the hand's size. It is
also hard's playout policy, so it is written for speed: points are computed here, with the
engine's scoring functions only for the styles and juggle rules that change them.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

from clubfight.combat.engine import KNOCK_OUT_SCORE, NEIGHBOURS, TEN, Attack, Card, Juggle, Round, Style, card_fits
from clubfight.combat.engine.plays import fit_mask
from clubfight.combat.engine.scoring import score_attack, score_counter
from clubfight.combat.engine.wins import attack_wins

WIN_VALUE = 1000.0
"""The value of a play that wins the round outright."""
_PLAIN_ATTACK_STYLES = (None, Style.MMA, Style.WUSHU, Style.KUNG_FU, Style.NINJUTSU, Style.SUMO)
"""Styles that leave an attack's points as S1-S5 have them."""


@dataclass(frozen=True, slots=True)
class Weights:
    """Prices, in points, of what an unsafe play risks and what ending a turn gives away."""

    gift: float = 1.0
    """Each own card left in hand when the turn ends: it becomes the opponent's ADVANTAGE."""
    countered: float = 2.0
    """Being countered, beyond the counter's points: no counter card next turn, the turn cut short."""
    stake: float = 1.0
    """Each own card still in hand when countered: the plays it could still have made this turn."""
    ten: float = 0.0
    """Spending a 10 (a card that can lock a stack and win by ring out or submission)."""
    own: float = 0.0
    """Each stack the play takes from the opponent (or, with an ADVANTAGE card, hands over): the
    stacks a player owns are where it plays safely, and where the other can be countered."""


NORMAL = Weights()


@dataclass(frozen=True, slots=True)
class Judged:
    """An attack with what it scores, whether it is safe, whether it wins, and its counter risk."""

    attack: Attack
    points: int
    safe: bool
    wins: bool
    risk: float
    """The chance the defender can counter it (0 for a safe play)."""
    counter_points: float
    """The counter's expected points, given that it comes."""
    hand_left: int
    """The attacker's own cards still in hand after it."""
    shift: int
    """Stacks it turns the attacker's way: +1 taking one from the opponent, -1 handing one over."""


class CounterOdds:
    """Counter chances against the attacker of a round, from the defender's unseen pool, by top card."""

    __slots__ = ("attacker_style", "by_rank", "cache", "defender", "defender_style", "hand", "pool")

    def __init__(self, r: Round) -> None:
        attacker = r.attacker
        self.defender = attacker.other
        self.pool = r.hand(self.defender) + r.deck(self.defender)
        self.hand = len(r.hand(self.defender))
        self.attacker_style = r.rules.style(attacker)
        self.defender_style = r.rules.style(self.defender)
        by_rank = [0] * 14
        for c in self.pool:
            by_rank[c.rank] += 1
        self.by_rank = by_rank
        self.cache: dict[int, tuple[float, float]] = {}
        """By the top card's ``code`` (a card's own hash, without a call to it)."""

    def of(self, top: Card) -> tuple[float, float]:
        """(chance of a counter onto ``top``, the counter's expected points given that it comes)."""
        found = self.cache.get(top.code)
        if found is None:
            found = self.cache[top.code] = self._of(top)
        return found

    def _of(self, top: Card) -> tuple[float, float]:
        n, h = len(self.pool), self.hand
        if h == 0 or n == 0:
            return (0.0, 0.0)
        if self.attacker_style is Style.KARATE or self.defender_style is Style.WUSHU:
            fitting = [c for c in self.pool if card_fits(c, top, self.defender)]
            m = len(fitting)
            total = sum(score_counter(c, top, self.attacker_style, self.defender_style, h).total for c in fitting)
        else:
            by_rank = self.by_rank
            mask = fit_mask(top, self.defender)
            m = by_rank[0]
            total = 0
            for v in range(1, 14):
                if mask >> v & 1 and by_rank[v]:
                    k = by_rank[v]
                    m += k
                    total += k * ((4 if v == top.rank else 2) + (1 if v == TEN else 0))
        if m == 0:
            return (0.0, 0.0)
        risk = 1.0 - comb(n - m, h) / comb(n, h) if h < n else 1.0
        return (risk, total / m)


def judge(r: Round, weights: Weights | None = None) -> list[Judged]:
    """Every attack of the attacker in ``r`` (an ATTACK phase), judged."""
    return [Judged(*row) for row in _rows(r)]


def _rows(r: Round) -> list[tuple[Attack, int, bool, bool, float, float, int, int]]:
    odds: CounterOdds | None = None  # built at the first unsafe play: many positions have none
    odds_cache: dict[int, tuple[float, float]] = {}
    player = r.attacker
    rules = r.rules
    style = rules.style(player)
    plain = style in _PLAIN_ATTACK_STYLES and rules.juggle is Juggle.NONE
    sumo = style is Style.SUMO
    stacks = r.stacks
    tops = [s[-1] for s in stacks]
    hand = r.hand(player)
    held = len(hand)
    in_hand = 0  # bit ``card.code`` for each card of the hand: ``c in hand`` without comparing cards
    for c in hand:
        in_hand |= 1 << c.code
    score = r.score(player)
    first = r.last_place is None
    punish_place = r.punish_place
    combos: dict[int, int] = {}
    found = []
    for action in r.legal_actions():
        if not isinstance(action, Attack):
            continue
        place = action.to
        cards = action.cards
        top = cards[-1]
        covered = tops[place - 1]
        n = len(cards)
        # Most plays are one card: those skip the loops over the cards.
        safe = covered.colour is player or (n == 1 and top.suit is None)
        if plain:
            points = n * (n + 1) // 2
            if top.suit is not None:
                key = top.rank << 4 | place
                combo = combos.get(key)
                if combo is None:
                    combo = combos[key] = _combo(tops, place, top.rank)
                points += combo
                if n == 1:
                    stack = stacks[place - 1]
                    for below in reversed(stack):
                        if below.rank != top.rank or below.suit is None:
                            break
                        points += 1
            if (top.rank == TEN) if n == 1 else any(c.rank == TEN for c in cards):
                points += 1
            if first and punish_place == place:
                points += 1
        else:
            after = tops.copy()
            after[place - 1] = top
            points = score_attack(
                stacks[place - 1],
                tuple(after),
                cards,
                place,
                style,
                rules.juggle,
                safe=safe,
                punish=first and punish_place == place,
            ).total
        wins = False
        if (top.rank == TEN and top.colour is player) or score + points >= KNOCK_OUT_SCORE:
            after = tops.copy()
            after[place - 1] = top
            wins = bool(attack_wins(tuple(after), place, covered, player, sumo=sumo, score_after=score + points))
        if safe:
            risk, cp = 0.0, 0.0
        else:
            chance = odds_cache.get(top.code)
            if chance is None:
                if odds is None:
                    odds = CounterOdds(r)
                    odds_cache = odds.cache
                chance = odds.of(top)
            risk, cp = chance
        in_play = (in_hand >> top.code & 1) if n == 1 else sum(in_hand >> c.code & 1 for c in cards)
        left = held - in_play
        # +1: a stack taken from the opponent; -1: an own stack handed over (an ADVANTAGE card on top).
        shift = (top.colour is player) - (covered.colour is player)
        found.append((action, points, safe, wins, risk, cp, left, shift))
    return found


def _combo(tops: list[Card], place: int, rank: int) -> int:
    """S2 without juggle: the other stacks topped by ``rank`` joined to ``place`` orthogonally."""
    for q in NEIGHBOURS[place]:
        t = tops[q - 1]
        if t.rank == rank and t.suit is not None:
            break
    else:
        return 0  # no neighbour to join (most plays): no chain to walk
    seen = {place}
    frontier = [place]
    while frontier:
        p = frontier.pop()
        for q in NEIGHBOURS[p]:
            if q not in seen:
                t = tops[q - 1]
                if t.rank == rank and t.suit is not None:
                    seen.add(q)
                    frontier.append(q)
    return len(seen) - 1


def value(j: Judged, hand_now: int, w: Weights = NORMAL) -> float:
    """What ``j`` is worth against ending the turn now (worth 0), with ``hand_now`` own cards in hand."""
    return _value(j.attack, j.points, j.wins, j.risk, j.counter_points, j.hand_left, j.shift, hand_now, w)


def _value(
    attack: Attack, points: int, wins: bool, risk: float, cp: float, left: int, shift: int, hand_now: int, w: Weights
) -> float:
    """Every own card played is one fewer given away; an unsafe play scores only when it isn't
    countered, and when it is the defender scores and the rest of the turn is lost."""
    gain = WIN_VALUE if wins else float(points) + w.own * shift
    base = w.gift * (hand_now - left)
    if w.ten:
        base -= w.ten * sum(1 for c in attack.cards if c.rank == TEN)
    if risk == 0.0:
        return base + gain
    return base + (1.0 - risk) * gain - risk * (cp + w.countered + w.stake * left)


def ranked(r: Round, w: Weights = NORMAL) -> list[tuple[float, Judged]]:
    """Every attack with its value, best first (ties in the engine's order)."""
    hand_now = len(r.hand(r.attacker))
    rows = [(value(j, hand_now, w), j) for j in judge(r)]
    rows.sort(key=lambda row: -row[0])
    return rows


def best_attack(r: Round, w: Weights = NORMAL) -> Attack | None:
    """The attack worth most, or None when none is worth more than ending the turn."""
    hand_now = len(r.hand(r.attacker))
    best: Attack | None = None
    best_value = 0.0
    for attack, points, _safe, wins, risk, cp, left, shift in _rows(r):
        v = _value(attack, points, wins, risk, cp, left, shift, hand_now, w)
        if v > best_value:
            best, best_value = attack, v
    return best


def best_counter(r: Round) -> Card | None:
    """The defender's best counter to the pending play: the most points, a joker last, a 10 last but one."""
    pending = r.pending
    if pending is None:
        return None
    defender = r.attacker.other
    top = pending.cards[-1]
    hand = r.hand(defender)
    options = [c for c in hand if card_fits(c, top, defender)]
    if not options:
        return None
    if len(options) == 1:
        return options[0]
    a_style, d_style = r.rules.style(r.attacker), r.rules.style(defender)

    def key(c: Card) -> tuple[int, bool, bool, int]:
        pts = score_counter(c, top, a_style, d_style, len(hand)).total
        return (-pts, c.suit is None, c.rank == TEN, c.sort_key())

    return min(options, key=key)
