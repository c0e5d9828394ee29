"""``clubfight combat ladder``: a round robin between the computer's levels and a random player, rated.

Every pair of players (easy, normal, hard, expert and the random floor) plays N matches on the same
seeds, colours swapped per seed as in ``combat bench``; Elo ratings with 95 % intervals come from a
Bradley-Terry fit (``clubfight.combat.ai.ladder``). The parser is registered by
``add_ladder_parser``; nothing heavy is imported until ``run``.
"""

from __future__ import annotations

import argparse
from itertools import combinations
from pathlib import Path
from typing import Any

from clubfight.common.command_line import UsageError, positive_int, seed_value

from .bench import ROUND_CHOICES, check_run, play_with_progress

LADDER_PLAYERS = ("random", "easy", "normal", "hard", "expert")
"""The ladder's players, weakest first (clubfight.combat.ai.players.PLAYERS without the clairvoyant)."""
FLOOR = "random"


def add_ladder_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``ladder`` to the ``combat`` command's subparsers."""
    ladder: argparse.ArgumentParser = subparsers.add_parser(
        "ladder",
        help="rate the computer's levels in a round robin (Elo, with 95%% intervals)",
        description=(
            "Play N seeded matches between every pair of easy, normal, hard, expert and a random "
            "player, colours swapped every game, and print Elo ratings with 95% intervals (a "
            "Bradley-Terry fit, the random player pinned at 1000) and each pair's score."
        ),
    )
    ladder.add_argument(
        "--games", type=positive_int, default=40, metavar="N", help="matches per pair, even (default 40)"
    )
    ladder.add_argument(
        "--seed", type=seed_value, default=1, metavar="S", help="first match seed; game i plays S + i//2 (default 1)"
    )
    ladder.add_argument(
        "--rounds", choices=ROUND_CHOICES, default="3", help="a match is the best of 1, 3 or 5 rounds (default 3)"
    )
    ladder.add_argument("--jobs", type=positive_int, default=1, metavar="J", help="worker processes (default 1)")
    ladder.add_argument("--json", default=None, metavar="FILE", help="also write the ratings and scores as JSON")
    return ladder


def run(args: argparse.Namespace) -> int:
    import json
    import shlex

    from clubfight.combat.ai import bench, fit_ratings, pair_scores, ratings_table
    from clubfight.common.bench import wilson_interval

    games: int = args.games
    check_run(args, "each player plays RED in half of a pair's games")
    rounds = int(args.rounds)
    pairs = list(combinations(LADDER_PLAYERS, 2))
    tasks: list[bench.Task] = []
    for a, b in pairs:
        for task in bench.make_tasks(games, b, a, args.seed, rounds):
            tasks.append(bench.Task(len(tasks), task.seed, task.red, task.black, rounds))
    results = play_with_progress(tasks, args.jobs)
    rows = []
    for (weaker, stronger), start in zip(pairs, range(0, len(results), games), strict=True):
        rows += [(stronger, weaker, g.level_of(g.winner)) for g in results[start : start + games]]
    scores = pair_scores(rows)
    ratings = fit_ratings(LADDER_PLAYERS, scores, FLOOR)
    all_rounds = [rr for g in results for rr in g.rounds]
    first_wins = sum(1 for rr in all_rounds if rr.first_attacker == rr.winner)
    low, high = wilson_interval(first_wins, len(all_rounds))
    kind = "single rounds" if rounds == 1 else f"best-of-{rounds} matches"
    print(f"Ladder: {games} {kind} per pair, match seeds {args.seed}-{args.seed + (games - 1) // 2}")
    for line in ratings_table(ratings):
        print(line)
    print()
    print("Pairs (wins of the first named, with a Wilson 95% interval):")
    for score in scores:
        w_low, w_high = wilson_interval(score.a_wins, score.games)
        print(
            f"  {score.a:>6} - {score.b:<6} {score.a_wins:>4}-{score.games - score.a_wins:<4} "
            f"{score.a_wins / score.games:6.1%}  ({w_low:.1%}-{w_high:.1%})"
        )
    print(
        f"The first attacker won {first_wins} of {len(all_rounds)} rounds: "
        f"{first_wins / max(1, len(all_rounds)):.1%} ({low:.1%}-{high:.1%})"
    )
    if args.json:
        command = "clubfight combat ladder " + shlex.join(
            ["--games", str(games), "--seed", str(args.seed), "--rounds", str(rounds)]
        )
        data = {
            "command": command,
            "games_per_pair": games,
            "rounds_per_match": rounds,
            "ratings": [
                {"player": r.player, "rating": r.rating, "low": r.low, "high": r.high, "games": r.games, "wins": r.wins}
                for r in ratings
            ],
            "pairs": [{"a": s.a, "b": s.b, "games": s.games, "a_wins": s.a_wins} for s in scores],
            "rounds": len(all_rounds),
            "first_attacker_wins": first_wins,
        }
        try:
            Path(args.json).write_text(json.dumps(data, indent=2) + "\n")
        except OSError as error:
            raise UsageError(f"can't write {args.json}: {error.strerror}") from None
    return 0
