"""Decision quality of the hint engine's search settings, measured offline on stored sample games.

Playing whole deals is the true test of a setting, but it is slow and noisy: 500 deals give a
95% interval of about +-3.5 points. This script measures single decisions instead.

``collect`` plays deals with hint-fast on the given seeds, picks positions from those games, and
for each one plays the heuristic's best ``--candidates`` moves in ``--samples`` sample deals (the
same deals for every candidate, dealt by the hint engine's own ``sample_positions``, so still blind),
finishing each by the shipped rollout. It stores who won each sample game.

``replay`` then runs a search setting against those stored games instead of new ones. The first
half of the samples is the reference (each candidate's win rate on them is its value); the setting
draws its samples from the second half, so it never sees the samples it is judged by. A
decision's **regret** is the best candidate's value minus the chosen one's: the win chance the
setting gave away there. Summed over a game's decisions it estimates the win rate the setting
loses against a search that always knows each candidate's value. Cost is counted in rollouts.

Run:
  uv run python benchmarks/decisions.py collect --level hard --seeds 1400001-1400040 --out hard.json
  uv run python benchmarks/decisions.py replay hard.json
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from clubfight.club_fight.ai.bench import parse_seed_range
from clubfight.club_fight.ai.heuristic import ranked_moves
from clubfight.club_fight.ai.hints import finish_by_rollout, sample_positions, suggest
from clubfight.club_fight.engine import Level, deal, parse_position


def game_positions(task: tuple[str, int]) -> list[str]:
    """The positions of one hint-fast game where there is more than one move to choose from."""
    level, seed = task
    position = deal(Level(level), seed)
    found = []
    while not position.is_over:
        if len(position.legal_moves()) > 1:
            found.append(position.notation())
        position = position.play(suggest(position, strength="fast", seed=seed).move)
    return found


def sample_games(task: tuple[str, int, int, int]) -> dict[str, object]:
    """Every candidate's result in each sample deal of one position: wins as a 0/1 string per
    candidate, and the cards left summed per candidate (the hint's tie-break)."""
    text, candidates, samples, seed = task
    position = parse_position(text)
    moves = [move for _, move in ranked_moves(position)[:candidates]]
    deals = sample_positions(position, samples, random.Random(seed))
    wins = []
    lefts = []
    for move in moves:
        row = []
        left = []
        for sample in deals:
            won, cards = finish_by_rollout(sample.play(move))
            row.append("1" if won else "0")
            left.append(cards)
        wins.append("".join(row))
        lefts.append(left)
    return {"position": text, "moves": [position.move_notation(m) for m in moves], "wins": wins, "left": lefts}


def collect(args: argparse.Namespace) -> None:
    seeds = parse_seed_range(args.seeds)
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        games = list(pool.map(game_positions, [(args.level, seed) for seed in seeds]))
        pool_of_positions = [text for game in games for text in game]
        rng = random.Random(args.pick_seed)
        picked = rng.sample(pool_of_positions, min(args.positions, len(pool_of_positions)))
        tasks = [(text, args.candidates, args.samples, index) for index, text in enumerate(picked)]
        records = list(pool.map(sample_games, tasks))
    decisions = statistics.mean(len(game) for game in games)
    report = {"level": args.level, "seeds": args.seeds, "decisions_per_game": decisions, "positions": records}
    Path(args.out).write_text(json.dumps(report), encoding="utf-8")
    print(f"{len(records)} positions of {len(pool_of_positions)} ({decisions:.1f} decisions a game) -> {args.out}")


@dataclass
class Stored:
    """One position's stored sample games, split into the reference half and the search's half."""

    value: list[float]
    """Each candidate's win rate on the reference half, in the heuristic's order."""
    wins: list[list[int]]
    left: list[list[int]]
    """The search's half: win (0/1) and cards left per candidate per sample."""

    @staticmethod
    def of(record: dict[str, object]) -> Stored:
        wins_text = record["wins"]
        lefts = record["left"]
        assert isinstance(wins_text, list) and isinstance(lefts, list)
        half = len(wins_text[0]) // 2
        value = [row[:half].count("1") / half for row in wins_text]
        return Stored(value, [[int(c) for c in row[half:]] for row in wins_text], [left[half:] for left in lefts])

    def regret(self, chosen: int) -> float:
        return max(self.value) - self.value[chosen]


Search = Callable[[Stored, random.Random], tuple[int, int]]
"""A search setting over stored games: (the candidate it picks, the rollouts it spent)."""


class Draws:
    """One search's samples drawn from a position's stored games, in a shuffled order (wrapping
    round when a search wants more than are stored), and each candidate's tally over them."""

    def __init__(self, stored: Stored, count: int, rng: random.Random, per_card: float = 0.0) -> None:
        self.stored = stored
        self.pool = list(range(len(stored.wins[0])))
        rng.shuffle(self.pool)
        self.per_card = per_card
        self.seen: list[int] = []
        self.wins = [0] * count
        self.left = [0] * count
        self.spent = 0

    def play(self, alive: list[int], take: int) -> None:
        """``take`` more samples for every candidate in ``alive``, then ``alive`` sorted best first."""
        pool = self.pool
        batch = [pool[(len(self.seen) + i) % len(pool)] for i in range(take)]
        self.seen += batch
        for c in alive:
            wins, left = self.stored.wins[c], self.stored.left[c]
            self.wins[c] += sum(wins[s] for s in batch)
            self.left[c] += sum(left[s] for s in batch)
        self.spent += take * len(alive)
        alive.sort(key=self.rank)

    def rank(self, c: int) -> tuple[float, int, int]:
        """As hints._Tally.rank: wins less ``per_card`` a card left, then cards left, then the order."""
        return (self.per_card * self.left[c] - self.wins[c], self.left[c], c)

    def within(self, lead: int, other: int, z: float) -> bool:
        """Whether ``other`` trails ``lead`` by at most ``z`` deviations of their paired difference
        (the samples where exactly one of them won)."""
        first, second = self.stored.wins[lead], self.stored.wins[other]
        differ = sum(first[s] != second[s] for s in self.seen)
        return self.wins[lead] - self.wins[other] <= z * differ**0.5


def halving(
    candidates: int,
    samples: int | Sequence[int],
    rounds: int,
    per_card: float = 0.0,
    extra: int = 0,
    z: float = 1.0,
) -> Search:
    """The shipped search (hints.evaluate) run on stored games: successive halving with common
    samples, ranked by wins, then cards left, then the heuristic's order. ``per_card`` > 0 ranks by
    wins minus that much per card left instead, so a near miss counts for something."""

    def search(stored: Stored, rng: random.Random) -> tuple[int, int]:
        count = min(candidates, len(stored.wins))
        draws = Draws(stored, count, rng, per_card)
        alive = list(range(count))
        for round_number in range(rounds):
            draws.play(alive, samples << round_number if isinstance(samples, int) else samples[round_number])
            if len(alive) <= 2:
                break
            alive = alive[: (len(alive) + 1) // 2]
        take = samples << rounds if isinstance(samples, int) else samples[-1]
        for _ in range(extra if len(alive) == 2 else 0):
            # A close final: more samples while the two are within z deviations of each other.
            if not draws.within(alive[0], alive[1], z):
                break
            draws.play(alive, take)
        return alive[0], draws.spent

    return search


def racing(candidates: int, samples: int, rounds: int, z: float, keep: float) -> Search:
    """Like halving, but a candidate is dropped as soon as it trails the leader by more than ``z``
    standard deviations of their paired difference, and at most a ``keep`` share of the candidates
    survive each round."""

    def search(stored: Stored, rng: random.Random) -> tuple[int, int]:
        count = min(candidates, len(stored.wins))
        draws = Draws(stored, count, rng)
        alive = list(range(count))
        for round_number in range(rounds):
            draws.play(alive, samples << round_number)
            kept = [alive[0]] + [c for c in alive[1:] if draws.within(alive[0], c, z)]
            alive = kept[: max(1, math.ceil(len(alive) * keep))] if len(kept) > 2 else kept
            if len(alive) == 1:
                break
        return alive[0], draws.spent

    return search


def parse_search(text: str) -> Search:
    """``CxS/R@P``: C candidates, S samples in the first round, R halving rounds, and P (optional)
    wins given up per card left."""
    if text.startswith("race"):  # race:C,S,R,Z,KEEP
        c, s, r, z, keep = text.removeprefix("race:").split(",")
        return racing(int(c), int(s), int(r), float(z), float(keep))
    if ":" in text:  # C:S1,S2,...: the samples of each round
        c, _, schedule = text.partition(":")
        rounds_samples = [int(n) for n in schedule.split(",")]
        return halving(int(c), rounds_samples, len(rounds_samples))
    text, _, extend = text.partition("+")  # +E,Z: up to E more final rounds while within Z deviations
    extra, _, z = extend.partition(",")
    text, _, per_card = text.partition("@")
    head, _, rounds = text.partition("/")
    candidates, _, samples = head.partition("x")
    return halving(
        int(candidates), int(samples), int(rounds or 1), float(per_card or 0), int(extra or 0), float(z or 1)
    )


def replay(args: argparse.Namespace) -> None:
    report = json.loads(Path(args.stored).read_text(encoding="utf-8"))
    positions = [Stored.of(record) for record in report["positions"]]
    per_game = report["decisions_per_game"]
    print(f"{len(positions)} positions, {report['level']} {report['seeds']}, {per_game:.1f} decisions a game")
    cutoffs = []
    for k in (1, 2, 4, 8, 12, 16, 24):
        lost = statistics.mean(max(p.value) - max(p.value[:k]) for p in positions)
        cutoffs.append(f"top {k}: {lost:.4f}")
    print("regret of trying only the heuristic's top k:", ", ".join(cutoffs))
    print(
        f"{'setting':>14} {'rollouts':>9} {'median':>7} {'p95':>6} {'regret/decision':>16} {'x decisions':>12} "
        f"{'picks best':>11}"
    )
    for text in args.settings:
        search = parse_search(text)
        regrets: list[float] = []
        spent: list[int] = []
        best = 0
        for repeat in range(args.repeats):
            rng = random.Random(repeat)
            for stored in positions:
                chosen, cost = search(stored, rng)
                regrets.append(stored.regret(chosen))
                spent.append(cost)
                best += stored.regret(chosen) == 0
        mean = statistics.mean(regrets)
        print(
            f"{text:>14} {statistics.mean(spent):9.0f} {statistics.median(spent):7.0f} "
            f"{sorted(spent)[int(len(spent) * 0.95)]:6d} {mean:16.4f} {mean * per_game:12.1%} "
            f"{best / len(regrets):11.1%}"
        )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    commands = parser.add_subparsers(dest="command", required=True)
    gather = commands.add_parser("collect", help="play deals and store each picked position's sample games")
    gather.add_argument("--level", choices=[level.value for level in Level], default="hard")
    gather.add_argument("--seeds", required=True, help="the deals to take positions from, e.g. 1400001-1400040")
    gather.add_argument("--positions", type=int, default=150)
    gather.add_argument("--candidates", type=int, default=24)
    gather.add_argument("--samples", type=int, default=1000, help="sample deals per position (half reference)")
    gather.add_argument("--pick-seed", type=int, default=0)
    gather.add_argument("--jobs", type=int, default=2)
    gather.add_argument("--out", required=True)
    gather.set_defaults(run=collect)
    judge = commands.add_parser("replay", help="judge search settings on stored sample games")
    judge.add_argument("stored")
    judge.add_argument("settings", nargs="*", default=["8x20/1", "16x8/4", "24x24/5"], help="CxS/R settings")
    judge.add_argument("--repeats", type=int, default=20, help="independent runs per position")
    judge.set_defaults(run=replay)
    args = parser.parse_args(argv)
    args.run(args)


if __name__ == "__main__":
    main()
