"""A wider late search against the shipped one, deal by deal, forked where they first differ.

From turn 8 on (``LATE_CLUBS`` clubs left or fewer), where the exact endgame doesn't answer, the
wider search tries more of the heuristic's moves, each with fewer first-round samples and more
rounds to halve them (``--late``); before that it is the shipped search. The two games agree move
for move until the first late decision where the wider search picks another move. There the shipped
game goes on alone, so each deal gives both results for about the price of one. Times are CPU time
per decision of the game with the wider search; at its late decisions the shipped search is timed
too. Measured, not shipped: docs/ai.md, "A wider late search".

Run:
  uv run python benchmarks/late.py --level easy --seeds 2800001-2800020 --out easy.jsonl
  uv run python benchmarks/late.py --summary easy.jsonl
"""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path

from clubfight.club_fight.ai.hints import STRENGTHS, HintSettings, evaluate, exact_endgame
from clubfight.club_fight.engine import Level, Move, Position, deal
from forking import Fork, fork_parser, median_and_p95, print_results, read_rows, timed_move, write_rows

LATE_CLUBS = 6
"""Clubs left from which a decision is a late one: turn 8 on, where most of strong's slips were."""


def sampled_move(position: Position, settings: HintSettings, seed: int) -> Move:
    """The sampled search's move, without the exact endgame's try."""
    return evaluate(position, settings, seed)[0].move


def play_pair(level: Level, seed: int, shipped: HintSettings, wider: HintSettings) -> dict[str, object]:
    """One deal played with ``wider`` at the late decisions and ``shipped`` at the others, and the
    turn and result of the ``shipped`` game if it forked."""
    position = deal(level, seed)
    seconds: list[float] = []
    late_seconds: list[float] = []
    shipped_seconds: list[float] = []
    fork = Fork(shipped, seed)
    while not position.is_over:
        start = time.process_time()
        answer = exact_endgame(position, shipped)
        late = answer is None and position.clubs_left <= LATE_CLUBS
        move = answer.move if answer is not None else sampled_move(position, wider if late else shipped, seed)
        seconds.append(time.process_time() - start)
        if late:
            late_seconds.append(seconds[-1])
            # The exact endgame didn't answer, so the shipped hint is its sampled search's move.
            other = timed_move(sampled_move, position, shipped, seed, shipped_seconds)
            fork.offer(position, move, other)
        position = position.play(move)
    return {
        "seed": seed,
        "score": position.score,
        "shipped_score": fork.score(position),
        "fork_turn": fork.turn,
        "seconds": seconds,
        "late_seconds": late_seconds,
        "shipped_seconds": shipped_seconds,
    }


def summary(path: Path) -> None:
    rows = read_rows(path)
    print_results(rows, "with the wider late search", "shipped", "shipped_score")
    timings = (("all decisions", "seconds"), ("late, wider", "late_seconds"), ("late, shipped", "shipped_seconds"))
    for name, key in timings:
        values = sorted(s for row in rows for s in row[key])
        print(f"{name}: {len(values)}, {median_and_p95(values)}, max {values[-1] * 1000:.0f} ms")


def main() -> None:
    parser = fork_parser(__doc__ or "", "2800001-2800020")
    parser.add_argument("--late", default="24,9,5", help="the wider search: candidates,samples,rounds")
    args = parser.parse_args()
    if args.summary is not None:
        summary(args.summary)
        return
    candidates, samples, rounds = (int(part) for part in args.late.split(","))
    shipped = STRENGTHS[args.strength]
    wider = dataclasses.replace(shipped, candidates=candidates, samples=samples, rounds=rounds, opening_samples=None)
    level = Level(args.level)
    write_rows(args.out, args.seeds, lambda seed: play_pair(level, seed, shipped, wider))


if __name__ == "__main__":
    main()
