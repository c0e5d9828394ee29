"""The hint engine: what should I play, seeing only what a player sees?

It knows the grid, the hand and which cards are still unseen (the grid deck and the clubs deck
as sets), never the order of either deck. It uses perfect-information Monte Carlo (PIMC): deal
the unseen cards into many sample orders, try the heuristic's best few moves in every sample
(the same samples for every move, so luck cancels out), play each sample game on with the
heuristic policy, and keep the move that wins most often; the searches spend extra samples on the
close calls, fast by racing and strong and expert by successive halving. Every strength plays six
turns of each sample and lets a learned value model (``value.py``) judge the rest, which buys it
several times the samples and judges the end better than one playout. Once few cards are unseen, every
strength plays exactly instead (``endgame.py``): it weighs every order the unseen cards can come in.
docs/ai.md has the measurements that chose this design and its settings over the alternatives.

No peeking: the unseen cards are sorted before they are shuffled with the hint's own
``random.Random(seed)``, so the hint can't depend on the real deck order.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from math import sqrt

from clubfight.club_fight.engine import BLOCK_THRESHOLD, Card, Move, Position, Suit
from clubfight.club_fight.names import HINT_STRENGTHS

from .endgame import EndgameMove, best_endgame_move, hidden_orders
from .heuristic import GridMasks, best_clear, ranked_moves
from .redeal import redealt
from .value import estimate


@dataclass(frozen=True)
class Hint:
    """A suggested move and a one-line reason a player can read."""

    move: Move
    reason: str


Finisher = Callable[[Position], tuple[float, float]]
"""Judges a sample game from the position after a candidate move: (won, cards left) of its end,
or their expected values when it stops early."""


def finish_by_rollout(child: Position) -> tuple[bool, int]:
    """The heuristic policy plays the sample out to its end."""
    end = rollout(child)
    return end.score == 0, end.score


@dataclass(frozen=True)
class TruncatedRollout:
    """The heuristic policy plays ``horizon`` turns of the sample, then the value model
    (``value.estimate``) judges the rest. A sample costs at most ``horizon`` turns instead of up
    to 13 early in a game, and its result is an expected one, which varies less from sample to
    sample than won or lost."""

    horizon: int

    def __call__(self, child: Position) -> tuple[float, float]:
        position = child
        for _ in range(self.horizon):
            if position.is_over:
                break
            clubs, mask = best_clear(position)
            position = position.play_clear(clubs, mask)
        return estimate(position)


ENDGAME_ORDERS = 120
"""The most orders of the unseen cards (5 grid-deck cards and a club or none, or 4 and 2 clubs) for
which the exact endgame is tried: beyond it, a search nearly always runs out of its budget."""

OPENING_CLUBS = 9
"""Clubs left from which a search is an opening one: turns 1-5 of 13."""


@dataclass(frozen=True)
class HintSettings:
    """How hard the engine thinks: candidates tried, sample deals per candidate, and how each
    sample game is judged: played out (``finish_by_rollout``) or cut short (``TruncatedRollout``).
    The other finishers compared in docs/ai.md live in benchmarks/finishers.py."""

    candidates: int
    samples: int
    finish: Finisher = finish_by_rollout
    rounds: int = 1
    """Successive halving: round r gives every candidate still in ``samples * 2**r`` more sample
    deals, then drops the worse half, so the close calls get the most samples."""
    per_card: float = 0.0
    """Wins a card left in a lost sample game costs in the ranking: a near miss says more about a
    move than a rout, which helps most when the samples are few. 0 ranks by wins alone, with the
    cards left only breaking ties."""
    opening_samples: int | None = None
    """First-round samples while ``OPENING_CLUBS`` or more clubs are left (the first five turns),
    instead of ``samples``: see ``samples_for``."""
    race: float | None = None
    """Racing instead of halving: after each round, drop every candidate whose deficit to the
    leader, sample by sample, is more than ``race`` standard errors, and stop once one is left. A
    clear decision ends after the first round and a close one gets every round, so the same median
    time buys far more samples where they change the move. None halves as described above."""
    endgame: int | None = None
    """Play the end of the game exactly (``endgame.py``) once the unseen cards can come in at most
    ``ENDGAME_ORDERS`` orders, spending at most this many plays and solver nodes; a search that
    runs out, or finds every move lost, samples as usual. None always samples."""

    def samples_for(self, position: Position) -> int:
        """The first round's sample deals at ``position``. The time goals are a median decision
        and a 95th percentile: the first five turns are under half of a game's decisions, so they
        may take the longer searches, and the later turns keep the median."""
        if self.opening_samples is not None and position.clubs_left >= OPENING_CLUBS:
            return self.opening_samples
        return self.samples


_STRONG = HintSettings(
    candidates=8, samples=28, rounds=3, per_card=0.1, finish=TruncatedRollout(6), opening_samples=48, endgame=50_000
)

_SETTINGS_BY_NAME: dict[str, HintSettings] = {
    "fast": HintSettings(
        candidates=8,
        samples=8,
        rounds=4,
        per_card=0.1,
        finish=TruncatedRollout(6),
        opening_samples=13,
        race=1.5,
        endgame=20_000,
    ),
    "strong": _STRONG,
    # strong's search four times over: its way of judging a sample, more candidates and samples.
    "expert": replace(_STRONG, candidates=12, samples=48, rounds=4, opening_samples=80, endgame=200_000),
}
STRENGTHS: dict[str, HintSettings] = {name: _SETTINGS_BY_NAME[name] for name in HINT_STRENGTHS}
"""fast and strong answer a player's hint key; expert (about 0.6 s a move at the median) is for analysis and
autoplay, and for measuring how far blind play can go: strong with 12 candidates and about four
times its samples (docs/ai.md, "Expert on 500 fresh deals a level"). fast and strong try only the
heuristic's best 8 moves: the best move is nearly always among them, and the samples are worth more
on those (benchmarks/decisions.py). Every strength's rollouts stop after six turns, where the value
model takes over (docs/ai.md, "Rollouts cut short by a learned value"). fast races its candidates: most of its
decisions are clear after 8 samples, and the time they save goes to the close ones (docs/ai.md,
"Racing the candidates"). The endgame budgets answer about 98-99% of the positions they are tried
at, in a few milliseconds at the median (docs/ai.md, "Exact endgames")."""


def unseen_cards(position: Position) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The cards the player can't see, in a canonical (sorted) order: all the hint may know of the decks."""
    return tuple(sorted(position.grid_deck)), tuple(sorted(position.clubs_deck))


def sample_positions(position: Position, count: int, rng: random.Random) -> list[Position]:
    """``count`` positions that look the same to the player, with the unseen cards in random order."""
    grid_cards, clubs = unseen_cards(position)
    samples = []
    for _ in range(count):
        deck = list(grid_cards)
        rng.shuffle(deck)
        clubs_deck = list(clubs)
        rng.shuffle(clubs_deck)
        samples.append(redealt(position, deck, clubs_deck))
    return samples


def rollout(position: Position) -> Position:
    """Finish a sample game with the heuristic policy; returns the final position."""
    while not position.is_over:
        clubs, mask = best_clear(position)
        position = position.play_clear(clubs, mask)
    return position


@dataclass(frozen=True)
class Evaluation:
    move: Move
    heuristic: float
    wins: float
    """Sample games won, or the value model's expected wins where it judged them."""
    cards_left: float
    samples: int


class _Tally:
    __slots__ = ("heuristic", "left", "move", "order", "samples", "values", "wins")

    def __init__(self, move: Move, heuristic: float, order: int) -> None:
        self.move = move
        self.heuristic = heuristic
        self.order = order
        self.wins = self.left = 0.0
        self.samples = 0
        self.values: list[float] = []
        """Each sample's worth in ``rank``'s terms (won, less ``per_card`` a card left), for racing."""

    def rank(self, per_card: float) -> tuple[float, float, int]:
        """Most wins less ``per_card`` a card left, then fewest cards left over all samples (E3),
        then the heuristic's order."""
        return (per_card * self.left - self.wins, self.left, self.order)


def evaluate(position: Position, settings: HintSettings, seed: int) -> list[Evaluation]:
    """Every candidate with its sample results, best first."""
    ranked = ranked_moves(position)
    if not ranked:
        raise ValueError("the game is over: there is no move to suggest")
    candidates = ranked[: settings.candidates]
    if len(candidates) == 1:
        score, move = candidates[0]
        return [Evaluation(move, score, 0, 0, 0)]
    rng = random.Random(seed)
    finish = settings.finish
    tallies = [_Tally(move, score, index) for index, (score, move) in enumerate(candidates)]
    per_card = settings.per_card
    alive = list(tallies)
    for round_number in range(settings.rounds):
        # Every candidate still in sees the same new sample deals, so luck cancels out.
        for sample in sample_positions(position, settings.samples_for(position) << round_number, rng):
            for tally in alive:
                won, cards = finish(sample.play(tally.move))
                tally.wins += won
                tally.left += cards
                tally.samples += 1
                tally.values.append(won - per_card * cards)
        alive.sort(key=lambda t: t.rank(per_card))
        if settings.race is not None:
            leader = alive[0]
            alive = [leader] + [t for t in alive[1:] if not clearly_behind(leader.values, t.values, settings.race)]
            if len(alive) == 1:
                break
            continue
        if len(alive) <= 2:
            break
        alive = alive[: (len(alive) + 1) // 2]
    # The survivors of the last round (most samples) first, each group in rank order.
    tallies.sort(key=lambda t: (-t.samples, t.rank(per_card)))
    return [Evaluation(t.move, t.heuristic, t.wins, t.left, t.samples) for t in tallies]


def clearly_behind(leader: list[float], other: list[float], z: float) -> bool:
    """Whether ``other`` trails ``leader`` by more than ``z`` standard errors of the mean of their
    sample-by-sample differences (both saw the same samples). A candidate that did exactly as well
    in every sample, or trailed by the same amount in each, is behind: the leader ranks first."""
    count = len(leader)
    differences = [a - b for a, b in zip(leader, other, strict=True)]
    mean = sum(differences) / count
    spread = sum((d - mean) ** 2 for d in differences) / (count - 1) if count > 1 else 0.0
    if spread == 0:
        return mean >= 0
    return mean > z * sqrt(spread / count)


def suggest(position: Position, *, strength: str = "fast", seed: int = 0) -> Hint:
    """The move the hint engine would play, with a one-line reason.

    Raises ValueError for an unknown strength or a finished game.
    """
    settings = STRENGTHS.get(strength)
    if settings is None:
        raise ValueError(f"unknown hint strength {strength!r}: use one of {', '.join(STRENGTHS)}")
    return suggest_with(position, settings, seed=seed)


def suggest_with(position: Position, settings: HintSettings, *, seed: int = 0) -> Hint:
    if position.is_over:
        raise ValueError("the game is over: there is no move to suggest")
    exact = endgame_answer(position, settings)
    if exact is not None and exact.chance > 0:
        return Hint(exact.move, describe_exact(position, exact))
    best = evaluate(position, settings, seed)[0]
    if exact is not None:  # every order was weighed and none wins: the samples pick the fewest cards left
        return Hint(best.move, describe_lost(position, best))
    return Hint(best.move, describe(position, best))


def endgame_answer(position: Position, settings: HintSettings) -> EndgameMove | None:
    """The exact endgame's answer (a chance of 0 included), when the settings ask for it, it fits
    the budget and there is a choice to make; else None."""
    if settings.endgame is None or hidden_orders(position) > ENDGAME_ORDERS or len(position.legal_moves()) < 2:
        return None
    return best_endgame_move(position, settings.endgame)


def exact_endgame(position: Position, settings: HintSettings) -> EndgameMove | None:
    """The exact endgame's move, when the settings ask for it, it fits the budget and some move can
    still win and there is a choice to make; None to sample instead (where every move loses, the
    samples still tell which one leaves the fewest cards)."""
    exact = endgame_answer(position, settings)
    if exact is None or exact.chance == 0:
        return None
    return exact


def unseen_count(position: Position) -> str:
    """ "the 3 unseen cards", "the unseen card": what the exact endgame weighed every order of."""
    count = len(position.grid_deck) + len(position.clubs_deck)
    return "the unseen card" if count == 1 else f"the {count} unseen cards"


def percent(share: float) -> str:
    """A share as a whole percentage that never rounds a near miss to 0% or 100%."""
    if 0 < share < 0.005:
        return "under 1%"
    if 0.995 <= share < 1:
        return "over 99%"
    return f"{share:.0%}"


def describe_exact(position: Position, exact: EndgameMove) -> str:
    """One line for an exact endgame move: what it clears, and its chance with best play, counted
    over every order of the unseen cards (so a share of orders, never of sampled deals)."""
    text = describe_clear(position, exact.move)
    orders = hidden_orders(position)
    if exact.chance >= 1:
        if orders == 1:
            return text + "; it wins for certain: nothing is left unseen"
        return text + "; it wins whatever order the unseen cards come in"
    won = round(exact.chance * orders)
    counted = f"{won} of the {orders} orders of {unseen_count(position)}"
    if abs(won - exact.chance * orders) > 1e-6:  # (the chance is a share of the orders: never here)
        counted = f"every order of {unseen_count(position)} counted"
    return text + f"; exactly {percent(exact.chance)} to win: {counted}, the best chance"


def describe(position: Position, evaluation: Evaluation) -> str:
    """One line: what the move clears, which blocks it lifts, and how it fared in the samples. The
    value model judges a sample's end as an expected win, so a fractional total reads as a share:
    "won about 66% of 39 sampled deals", never "about 25.9 of 39"."""
    text = describe_clear(position, evaluation.move)
    if evaluation.samples:
        wins = evaluation.wins
        if float(wins).is_integer():
            text += f"; won {wins:.0f} of {evaluation.samples} sampled deals"
        else:
            text += f"; won about {percent(wins / evaluation.samples)} of {evaluation.samples} sampled deals"
    else:
        text += "; the only legal move"
    return text


def describe_lost(position: Position, evaluation: Evaluation) -> str:
    """Every order of the unseen cards was weighed and no move wins in any: say so, and that the move
    leaves the fewest cards (E3), rather than a chance of winning that the samples can't have."""
    text = describe_clear(position, evaluation.move)
    if hidden_orders(position) == 1 or not evaluation.samples:
        return text + "; no move can win now: this one should leave the fewest cards"
    left = evaluation.cards_left / evaluation.samples
    return text + (
        f"; no move wins in any order of {unseen_count(position)}: this one leaves the fewest cards"
        f" (about {left:.1f} in {evaluation.samples} sampled deals)"
    )


def describe_clear(position: Position, move: Move) -> str:
    """What a move clears and which blocks it lifts."""
    masks = GridMasks.of(position)
    cleared = move.mask
    count = len(move.cleared)
    parts = [f"clears {count} card{'s' if count != 1 else ''}"]
    jokers = (masks.jokers & cleared).bit_count()
    if jokers:  # the jokers are among the cards counted, not extra ones
        joker = "both jokers" if jokers == 2 else "a joker"
        parts[0] += f" ({joker})" if jokers == count else f" ({joker} among them)"
    for suit, mask in ((Suit.HEARTS, masks.hearts), (Suit.SPADES, masks.spades), (Suit.DIAMONDS, masks.diamonds)):
        if mask.bit_count() >= BLOCK_THRESHOLD and (mask & ~cleared).bit_count() < BLOCK_THRESHOLD:
            parts.append(f"breaks the {suit.symbol} block")
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
