"""Exact endgames against sampled ones, deal by deal: the same search with and without
``HintSettings.endgame``, forked where they first differ.

The two games agree move for move until the first decision where the exact endgame answers and
picks another move than the samples would. There the sampled game goes on alone (only its late
turns are left, which cost little), so each deal gives both results for about the price of one.
Times are CPU time per decision of the game with the exact endgame.

Run:
  uv run python benchmarks/endgame.py --level easy --seeds 2500001-2500020 --out easy.jsonl
  uv run python benchmarks/endgame.py --summary easy.jsonl
"""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path

from clubfight.club_fight.ai.hints import STRENGTHS, HintSettings, exact_endgame
from clubfight.club_fight.engine import Level, deal
from forking import Fork, fork_parser, hint_move, median_and_p95, print_results, read_rows, timed_move, write_rows


def play_pair(
    level: Level, seed: int, sampled: HintSettings, exact: HintSettings, *, time_both: bool = False
) -> dict[str, object]:
    """One deal played with ``exact`` (the sampled search plus the exact endgame), and the turn and
    result of the ``sampled`` game if it forked. ``time_both`` also times the sampled search at
    every decision of that game, alternating which goes first, for a side-by-side median."""
    position = deal(level, seed)
    seconds: list[float] = []
    sampled_seconds: list[float] = []
    exact_turns = 0
    fork = Fork(sampled, seed)
    while not position.is_over:
        sampled_move = None
        sampled_first = time_both and len(seconds) % 2 == 1  # alternate, so neither search warms the other's caches
        if sampled_first:
            sampled_move = timed_move(hint_move, position, sampled, seed, sampled_seconds)
        start = time.process_time()
        answer = exact_endgame(position, exact)
        move = answer.move if answer is not None else hint_move(position, sampled, seed)
        seconds.append(time.process_time() - start)
        if time_both and not sampled_first:
            sampled_move = timed_move(hint_move, position, sampled, seed, sampled_seconds)
        if answer is not None:
            exact_turns += 1
            if not fork.forked:
                fork.offer(position, move, sampled_move or hint_move(position, sampled, seed))
        position = position.play(move)
    return {
        "seed": seed,
        "score": position.score,
        "sampled_score": fork.score(position),
        "fork_turn": fork.turn,
        "exact_turns": exact_turns,
        "seconds": seconds,
        "sampled_seconds": sampled_seconds,
    }


def summary(path: Path) -> None:
    rows = read_rows(path)
    print_results(rows, "with the exact endgame", "sampled only", "sampled_score")
    both = sorted(s for row in rows for s in row.get("sampled_seconds", ()))
    if both:
        print(f"the sampled search at the same decisions: {median_and_p95(both)}")
    seconds = sorted(s for row in rows for s in row["seconds"])
    print(
        f"decisions {len(seconds)}, exact {sum(r['exact_turns'] for r in rows)}; {median_and_p95(seconds)}, "
        f"max {seconds[-1] * 1000:.0f} ms"
    )


def main() -> None:
    parser = fork_parser(__doc__ or "", "2500001-2500020")
    parser.add_argument("--budget", type=int, default=None, help="the exact endgame's budget (default: the strength's)")
    parser.add_argument("--time-both", action="store_true", help="time the sampled search at every decision too")
    args = parser.parse_args()
    if args.summary is not None:
        summary(args.summary)
        return
    base = STRENGTHS[args.strength]
    budget = args.budget if args.budget is not None else base.endgame
    if budget is None:
        parser.error(f"{args.strength} has no endgame budget: give --budget")
    sampled = dataclasses.replace(base, endgame=None)
    exact = dataclasses.replace(base, endgame=budget)
    level = Level(args.level)
    write_rows(args.out, args.seeds, lambda seed: play_pair(level, seed, sampled, exact, time_both=args.time_both))


if __name__ == "__main__":
    main()
