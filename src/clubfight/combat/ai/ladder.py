"""The rating ladder's arithmetic: Elo ratings from a round robin's match results.

``fit_ratings`` finds the Bradley-Terry ratings of maximum likelihood (P(i beats j) = 1 / (1 + 10^((R_j -
R_i) / 400))) by Hunter's MM iteration, with the random player (the floor) pinned at
``FLOOR_RATING``, and a 95 % interval for each other rating from the likelihood's curvature (the
inverse of the Fisher information, the floor's row and column taken out). A pair whose games all
went one way has no finite maximum, so every pair's score gets ``PRIOR`` virtual games shared
evenly (half a win each way by default): a clean sweep then reads as a large, finite gap. Pure
arithmetic: no numpy, no I/O.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

FLOOR_RATING = 1000.0
"""The random player's rating: every other rating is measured from it."""
PRIOR = 1.0
"""Virtual games per pair, won half by each side, so that a sweep has a finite rating gap."""
ELO = 400.0 / math.log(10.0)
"""Elo points per unit of log-strength."""
Z95 = 1.96

LEVEL_RATINGS: Mapping[str, int] = {"easy": 1400, "normal": 1650, "hard": 1800, "expert": 1900}
"""Each level's rating to the nearest 50, as the app may show it ("hard ~1,800"): from the ladder in
docs/combat-ai.md (``clubfight combat ladder``), the random player pinned at 1000."""


@dataclass(frozen=True, slots=True)
class PairScore:
    """One pair's results: ``a`` won ``a_wins`` of ``games``."""

    a: str
    b: str
    games: int
    a_wins: int


@dataclass(frozen=True, slots=True)
class Rating:
    player: str
    rating: float
    low: float
    high: float
    """The 95 % interval (equal to the rating for the floor, which is pinned)."""
    games: int
    wins: int


def _wins_table(players: Sequence[str], pairs: Sequence[PairScore]) -> tuple[list[list[float]], list[list[float]]]:
    index = {p: i for i, p in enumerate(players)}
    n = len(players)
    wins = [[0.0] * n for _ in range(n)]
    games = [[0.0] * n for _ in range(n)]
    for pair in pairs:
        i, j = index[pair.a], index[pair.b]
        wins[i][j] += pair.a_wins + PRIOR / 2
        wins[j][i] += pair.games - pair.a_wins + PRIOR / 2
        games[i][j] += pair.games + PRIOR
        games[j][i] += pair.games + PRIOR
    return wins, games


def _strengths(wins: list[list[float]], games: list[list[float]], iterations: int = 10_000) -> list[float]:
    """Hunter's MM iteration for Bradley-Terry strengths (geometric mean 1)."""
    n = len(wins)
    gamma = [1.0] * n
    for _ in range(iterations):
        new = []
        for i in range(n):
            total_wins = sum(wins[i])
            denominator = sum(games[i][j] / (gamma[i] + gamma[j]) for j in range(n) if j != i and games[i][j])
            new.append(total_wins / denominator if denominator else gamma[i])
        mean_log = sum(math.log(g) for g in new) / n
        new = [g / math.exp(mean_log) for g in new]
        done = max(abs(math.log(a / b)) for a, b in zip(new, gamma, strict=True)) < 1e-12
        gamma = new
        if done:
            break
    return gamma


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    """Gauss-Jordan inverse of a small positive definite matrix."""
    n = len(matrix)
    m = [row[:] + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda i: abs(m[i][col]))
        m[col], m[pivot] = m[pivot], m[col]
        lead = m[col][col]
        m[col] = [x / lead for x in m[col]]
        for i in range(n):
            if i != col and m[i][col]:
                f = m[i][col]
                m[i] = [x - f * y for x, y in zip(m[i], m[col], strict=True)]
    return [row[n:] for row in m]


def fit_ratings(players: Sequence[str], pairs: Sequence[PairScore], floor: str) -> list[Rating]:
    """Ratings for ``players`` from the pairs' scores, ``floor`` pinned at ``FLOOR_RATING``."""
    wins, games = _wins_table(players, pairs)
    gamma = _strengths(wins, games)
    f = players.index(floor)
    theta = [math.log(g) - math.log(gamma[f]) for g in gamma]
    n = len(players)
    info = [[0.0] * n for _ in range(n)]
    for i in range(n):
        for j in range(n):
            if i != j and games[i][j]:
                p = gamma[i] / (gamma[i] + gamma[j])
                w = games[i][j] * p * (1 - p)
                info[i][j] -= w
                info[i][i] += w
    free = [i for i in range(n) if i != f]
    covariance = _inverse([[info[i][j] for j in free] for i in free])
    spread = {i: math.sqrt(max(covariance[k][k], 0.0)) for k, i in enumerate(free)}
    ratings = []
    for i, player in enumerate(players):
        rating = FLOOR_RATING + ELO * theta[i]
        half = Z95 * ELO * spread.get(i, 0.0)
        real_games = sum(p.games for p in pairs if player in (p.a, p.b))
        real_wins = sum(p.a_wins if p.a == player else p.games - p.a_wins for p in pairs if player in (p.a, p.b))
        ratings.append(Rating(player, rating, rating - half, rating + half, real_games, real_wins))
    return sorted(ratings, key=lambda r: -r.rating)


def expected_score(a: float, b: float) -> float:
    """The Elo model's chance that a player rated ``a`` beats one rated ``b``."""
    return 1.0 / (1.0 + math.pow(10.0, (b - a) / 400.0))


def pair_scores(results: Sequence[tuple[str, str, str]]) -> list[PairScore]:
    """Each pair's score from (player a, player b, winner) rows, pairs in first-seen order."""
    found: dict[tuple[str, str], list[int]] = {}
    for a, b, winner in results:
        key = (a, b) if (a, b) in found or (b, a) not in found else (b, a)
        row = found.setdefault(key, [0, 0])
        row[0] += 1
        row[1] += winner == key[0]
    return [PairScore(a, b, g, w) for (a, b), (g, w) in found.items()]


def ratings_table(ratings: Sequence[Rating]) -> list[str]:
    """The ratings as aligned text lines, best first."""
    lines = [f"{'player':<8} {'rating':>7}  {'95% interval':>13}  {'won':>9}"]
    for r in ratings:
        interval = "(pinned)" if r.low == r.high else f"{r.low:,.0f}-{r.high:,.0f}"
        lines.append(f"{r.player:<8} {r.rating:>7,.0f}  {interval:>13}  {r.wins:>4}/{r.games:<4}")
    return lines


def rounded(ratings: Sequence[Rating], step: int = 50) -> Mapping[str, int]:
    """Ratings to the nearest ``step``, as the app shows them (``hard ~1,450``)."""
    return {r.player: int(round(r.rating / step) * step) for r in ratings}
