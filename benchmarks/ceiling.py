"""How far can blind play go? Replay the deals a hint strength lost with far more thinking.

Run: uv run python benchmarks/ceiling.py RESULTS.json [--policy hint-expert] [--factor 10] [--jobs 2]
                                          [--after EARLIER.txt ...] [--reroll K]

RESULTS.json is a ``clubfight bench --json`` report. Every deal ``--policy`` lost is played again by
the same search with ``--factor`` times its samples per round (expert x10: 24 candidates, 240
samples, 5 halving rounds, about ten times the work of a decision). The replay estimate is the
policy's wins plus the lost deals the big search wins, over all the deals: it credits the big search
with every deal the policy won, and with the luck of a second try at the rest, so it is an upper
bound on the ceiling, not the ceiling. Still blind: the search sees what a player sees.

``--after`` takes the printed output of earlier replays (a smaller factor, say): the deals they won
count as won and are not played again, so a bigger search spends its time on the deals still lost.

``--reroll K`` draws the search's samples from another seed. ``--factor 1 --reroll 1`` is the control
that says how generous the estimate is: how many of the lost deals the same search wins again with
nothing but other luck in its samples. If the policy wins a deal with chance p and the big search
with q, the replays count N E[p] + N E[(1-p) q] wins, never fewer than the big search's N E[q]; less
the control's N E[(1-p) p] they count N E[p] + N E[(1-p)(q-p)], never more than N E[q] as long as
more samples never lower a deal's chance (q >= p). The ceiling lies between the two.
"""

from __future__ import annotations

import argparse
import json
import re
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path

from clubfight.club_fight.ai.bench import wilson_interval
from clubfight.club_fight.ai.hints import STRENGTHS, HintSettings, suggest_with
from clubfight.club_fight.engine import Level, deal

WON_LINE = re.compile(r"^\s*(\w+)-(\d+): won\b", re.MULTILINE)
"""A deal won in this script's own output, "  hard-1000011: won in 115 s"."""


def won_earlier(outputs: list[Path]) -> set[tuple[str, int]]:
    """The (level, seed) of every deal an earlier replay won."""
    return {
        (level, int(seed)) for output in outputs for level, seed in WON_LINE.findall(output.read_text(encoding="utf-8"))
    }


def search_seed(deal_seed: int, reroll: int) -> int:
    """The seed of the search's samples: the deal's own, as ``clubfight bench`` uses, unless re-rolled."""
    return deal_seed + reroll * 1_000_000_000


def scaled(settings: HintSettings, factor: int) -> HintSettings:
    """``settings`` with ``factor`` times the samples of every round, the opening's included."""
    opening = settings.opening_samples
    return replace(
        settings, samples=settings.samples * factor, opening_samples=None if opening is None else opening * factor
    )


def play(task: tuple[str, int, str, int, int]) -> tuple[int, bool, int, float]:
    """(seed, won, cards left, seconds) for one deal played at ``factor`` times ``strength``'s samples."""
    level, seed, strength, factor, reroll = task
    settings = scaled(STRENGTHS[strength], factor)
    position = deal(Level(level), seed)
    start = time.perf_counter()
    while not position.is_over:
        position = position.play(suggest_with(position, settings, seed=search_seed(seed, reroll)).move)
    return seed, position.score == 0, position.score, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("results", type=Path, help="a clubfight bench --json report")
    parser.add_argument("--policy", default="hint-expert", help="whose lost deals to replay (default hint-expert)")
    parser.add_argument("--factor", type=int, default=10, help="times the policy's samples (default 10)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument(
        "--after", type=Path, nargs="+", default=[], help="earlier replays' output: their won deals are not replayed"
    )
    parser.add_argument(
        "--reroll", type=int, default=0, help="draw the samples from another seed (default 0: the deal's)"
    )
    args = parser.parse_args()
    report = json.loads(args.results.read_text(encoding="utf-8"))
    mine = [r for r in report["deals"] if r["policy"] == args.policy]
    if not mine:
        raise SystemExit(f"{args.results} has no results for {args.policy}")
    strength = args.policy.removeprefix("hint-")
    earlier = won_earlier(args.after)
    lost = [r for r in mine if r["outcome"] == "lost" and (r["level"], r["seed"]) not in earlier]
    tasks = [(r["level"], r["seed"], strength, args.factor, args.reroll) for r in lost]
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        replays = list(pool.map(play, tasks))
    for seed, won, left, seconds in replays:
        print(f"  {lost[0]['level']}-{seed}: {'won' if won else f'lost, {left} left'} in {seconds:.0f} s")
    wins = sum(r["outcome"] == "won" for r in mine)
    before = sum(r["outcome"] == "lost" and (r["level"], r["seed"]) in earlier for r in mine)
    recovered = before + sum(won for _, won, _, _ in replays)
    low, high = wilson_interval(wins + recovered, len(mine))
    earlier_part = f"earlier replays won {before} of its losses; " if args.after else ""
    rerolled = f" (samples re-rolled {args.reroll})" if args.reroll else ""
    print(
        f"{args.policy}: won {wins} of {len(mine)}; {earlier_part}"
        f"x{args.factor} samples{rerolled} won {recovered - before} of the {len(lost)} losses it replayed: "
        f"replay estimate {wins + recovered}/{len(mine)} = {(wins + recovered) / len(mine):.1%} "
        f"(95% CI {low:.1%}-{high:.1%}), an upper bound on the ceiling, "
        f"so {args.policy} reaches at least {wins / max(1, wins + recovered):.1%} of it"
    )


if __name__ == "__main__":
    main()
