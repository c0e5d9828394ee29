"""The computer against itself: matches in, figures out (printing is the command's job).

A bench of N games between levels A and B plays N seeded matches (best of ``rounds``, 3 by
default as in ``Rules``; 1 for single rounds). Games come in pairs on the same match seed, A as
RED in the first and as BLACK in the second, so that neither colour nor the deal favours a level.
Game i plays match seed ``seed + i // 2``; each player's decisions are seeded from the match seed
and its colour, so a bench is the same on every run and in any number of processes.

This module is the harness, not the AI: it reads the clock and may start a process pool. Each game
is one task; results come back in game order.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass

from clubfight.combat.engine import WIN_ORDER, Action, Colour, EventKind, Round, Rules, deal
from clubfight.common.bench import percentile, run_tasks, wilson_interval
from clubfight.common.shuffle import SplitMix64

from . import Opponent
from .players import decide

Decider = Callable[[str, Round, int, Sequence[Round]], Action]
"""A seated player's decision: its name, the round, a decision seed, the round's earlier positions
(``players.decide``; a tuning script passes its own to seat a variant of a level)."""

MASK64 = (1 << 64) - 1
_SEAT_SALT = (0x243F6A8885A308D3, 0x13198A2E03707344)
"""Mixed into the match seed for RED's and BLACK's decision seeds."""


@dataclass(frozen=True)
class Task:
    """One game: its number, its match seed, the players at RED and BLACK (``players.PLAYERS``), and the
    match length."""

    game: int
    seed: int
    red: str
    black: str
    rounds: int


@dataclass(frozen=True)
class RoundRecord:
    winner: str
    """"red" or "black"."""
    how: str
    """The Win value the round is named by (knock-out, ring-out, submission, time-out)."""
    judged: bool
    first_attacker: str
    turns: int


@dataclass(frozen=True)
class GameResult:
    game: int
    seed: int
    red: str
    black: str
    winner: str
    """The colour that won the match."""
    rounds: tuple[RoundRecord, ...]
    red_seconds: tuple[float, ...]
    black_seconds: tuple[float, ...]

    def level_of(self, colour: str) -> str:
        return self.red if colour == "red" else self.black


@dataclass(frozen=True)
class LevelRow:
    """One level's figures over the bench."""

    level: str
    games: int
    wins: int
    rate: float
    ci_low: float
    ci_high: float
    rounds_won: int
    rounds_played: int
    decisions: int
    median_seconds: float
    p95_seconds: float


@dataclass(frozen=True)
class Summary:
    games: int
    rounds_per_match: int
    seeds: str
    levels: tuple[str, str]
    rows: tuple[LevelRow, ...]
    """One row per distinct level (one only when both sides play the same level)."""
    red_wins: int
    win_types: dict[str, int]
    """Rounds by how they were won (knock-out, ring-out, submission, time-out); judged time outs also
    counted under ``judged``."""
    judged: int
    rounds: int
    first_attacker_wins: int
    first_attacker_rate: float
    first_attacker_ci: tuple[float, float]
    average_turns: float


def player_name(player: Opponent | str) -> str:
    return player.value if isinstance(player, Opponent) else player


def make_tasks(games: int, a: Opponent | str, b: Opponent | str, seed: int, rounds: int = 3) -> list[Task]:
    """Game i: match seed ``seed + i // 2``; player ``a`` is RED in even games, BLACK in odd ones."""
    tasks = []
    for i in range(games):
        red, black = (a, b) if i % 2 == 0 else (b, a)
        tasks.append(Task(i, (seed + i // 2) & MASK64, player_name(red), player_name(black), rounds))
    return tasks


def decision_seeds(seed: int, colour: Colour) -> SplitMix64:
    return SplitMix64(seed ^ _SEAT_SALT[colour.index])


def play_round(
    r: Round,
    players: dict[Colour, str],
    rngs: dict[Colour, SplitMix64],
    times: dict[Colour, list[float]],
    decider: Decider = decide,
) -> tuple[Round, int]:
    """Play ``r`` to its end; returns the final round and the number of turns played. Each player is
    shown the round's earlier positions too (a level reads only what its seat saw of them)."""
    turns = 1
    history: list[Round] = []
    while not r.is_over:
        seat = r.to_act
        assert seat is not None
        start = time.perf_counter()
        action = decider(players[seat], r, rngs[seat].next(), history)
        times[seat].append(time.perf_counter() - start)
        history.append(r)
        r = r.play(action)
        turns += sum(1 for e in r.events if e.kind is EventKind.END_TURN)
    return r, turns


def run_task(task: Task, decider: Decider = decide) -> GameResult:
    """Play one match: the unit of work for the process pool. ``decider`` seats the players by name."""
    rules = Rules(rounds=task.rounds)
    players = {Colour.RED: task.red, Colour.BLACK: task.black}
    rngs = {c: decision_seeds(task.seed, c) for c in Colour}
    times: dict[Colour, list[float]] = {Colour.RED: [], Colour.BLACK: []}
    won = {Colour.RED: 0, Colour.BLACK: 0}
    records = []
    number = 0
    while max(won.values()) < rules.wins_needed:
        number += 1
        r, turns = play_round(deal(task.seed, rules, number), players, rngs, times, decider)
        result = r.outcome
        assert result is not None and r.first_defender is not None
        won[result.winner] += 1
        records.append(
            RoundRecord(result.winner.value, result.how.value, result.judged, r.first_defender.other.value, turns)
        )
    winner = Colour.RED if won[Colour.RED] > won[Colour.BLACK] else Colour.BLACK
    return GameResult(
        task.game,
        task.seed,
        task.red,
        task.black,
        winner.value,
        tuple(records),
        tuple(times[Colour.RED]),
        tuple(times[Colour.BLACK]),
    )


def run_games(
    tasks: Sequence[Task], jobs: int = 1, on_result: Callable[[GameResult], None] | None = None
) -> list[GameResult]:
    """Every task, in a pool of ``jobs`` processes when jobs > 1 (never more than there are games)."""
    return run_tasks(run_task, tasks, jobs, on_result)


def summarise(
    results: Sequence[GameResult], a: Opponent | str, b: Opponent | str, seed: int, rounds: int = 3
) -> Summary:
    levels = list(dict.fromkeys((player_name(a), player_name(b))))
    rows = []
    for level in levels:
        games = [g for g in results if level in (g.red, g.black)]
        wins = sum(1 for g in games if g.level_of(g.winner) == level)
        rounds_won = sum(1 for g in games for rr in g.rounds if g.level_of(rr.winner) == level)
        rounds_played = sum(len(g.rounds) for g in games)
        seconds = [
            t
            for g in games
            for t in (g.red_seconds if g.red == level else ()) + (g.black_seconds if g.black == level else ())
        ]
        low, high = wilson_interval(wins, len(games))
        rows.append(
            LevelRow(
                level,
                len(games),
                wins,
                wins / len(games) if games else 0.0,
                low,
                high,
                rounds_won,
                rounds_played,
                len(seconds),
                statistics.median(seconds) if seconds else 0.0,
                percentile(seconds, 0.95),
            )
        )
    all_rounds = [rr for g in results for rr in g.rounds]
    win_types = {w.value: sum(1 for rr in all_rounds if rr.how == w.value) for w in WIN_ORDER}
    first = sum(1 for rr in all_rounds if rr.first_attacker == rr.winner)
    pairs = (len(results) + 1) // 2
    return Summary(
        games=len(results),
        rounds_per_match=rounds,
        seeds=f"{seed}-{seed + pairs - 1}",
        levels=(player_name(a), player_name(b)),
        rows=tuple(rows),
        red_wins=sum(1 for g in results if g.winner == "red"),
        win_types=win_types,
        judged=sum(1 for rr in all_rounds if rr.judged),
        rounds=len(all_rounds),
        first_attacker_wins=first,
        first_attacker_rate=first / len(all_rounds) if all_rounds else 0.0,
        first_attacker_ci=wilson_interval(first, len(all_rounds)),
        average_turns=statistics.mean(rr.turns for rr in all_rounds) if all_rounds else 0.0,
    )


def report_json(summary: Summary, results: Sequence[GameResult], command: str) -> dict[str, object]:
    """The figures as JSON-ready data, with each game's outcome (no per-decision times)."""
    data = asdict(summary)
    data["command"] = command
    data["games_detail"] = [
        {
            "game": g.game,
            "seed": g.seed,
            "red": g.red,
            "black": g.black,
            "winner": g.winner,
            "rounds": [asdict(rr) for rr in g.rounds],
        }
        for g in results
    ]
    return data
