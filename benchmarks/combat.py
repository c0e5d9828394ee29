"""Combat Club engine speed: legal plays enumerated per second over random mid-round positions, the
``combat moves`` analysis of them, whole random rounds per second, and each AI level's decision time.

Run: uv run python benchmarks/combat.py [--positions N] [--rounds N] [--repeats N] [--ai-rounds N]
Figures are single-core wall-clock; compare runs on the same machine only. The AI's figures come
from benchmarks/combat_ai.py, which also runs alone with more options.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from clubfight.combat.ai import Level
from clubfight.combat.engine import Attack, Juggle, Phase, Round, Rules, Style, analyse, deal


def random_rules(rng: random.Random) -> Rules:
    styles = [None, *Style]
    return Rules(red_style=rng.choice(styles), black_style=rng.choice(styles), juggle=rng.choice(list(Juggle)))


def mid_round_positions(count: int, rng: random.Random) -> list[Round]:
    """ATTACK-phase positions from random rounds (plain rules and random styles alike), after the first
    two turns, taken where the attacker has a play."""
    found: list[Round] = []
    seed = 0
    while len(found) < count:
        r = deal(seed, random_rules(rng) if seed % 2 else Rules())
        seed += 1
        turns = 0
        while not r.is_over:
            if r.phase is Phase.ATTACK and turns >= 2 and rng.random() < 0.3:
                found.append(r)
            actions = r.legal_actions()
            attacks = [a for a in actions if isinstance(a, Attack)]
            action = rng.choice(attacks if attacks and rng.random() < 0.75 else actions)
            before = r.attacker
            r = r.play(action)
            turns += r.attacker is not before
    rng.shuffle(found)
    return found[:count]


def fresh(r: Round) -> Round:
    """A copy with no cached action list, so each timing pays for a full enumeration."""
    return r.replace()


def time_enumeration(positions: list[Round], repeats: int) -> tuple[float, float]:
    runs = []
    plays = 0
    for _ in range(repeats):
        copies = [fresh(r) for r in positions]
        start = time.perf_counter()
        for r in copies:
            plays += len(r.legal_actions()) - 1  # every action but EndTurn is a play
        runs.append(time.perf_counter() - start)
    per_pass = statistics.median(runs)
    return per_pass / len(positions), plays / repeats / per_pass


def time_analysis(positions: list[Round]) -> float:
    copies = [fresh(r) for r in positions]
    start = time.perf_counter()
    for r in copies:
        analyse(r)
    return (time.perf_counter() - start) / len(copies)


def time_rounds(count: int, rng: random.Random) -> tuple[float, float]:
    starts = [deal(10_000 + i, random_rules(rng) if i % 2 else Rules()) for i in range(count)]
    actions = 0
    begin = time.perf_counter()
    for r in starts:
        while not r.is_over:
            r = r.play(rng.choice(r.legal_actions()))
            actions += 1
    elapsed = time.perf_counter() - begin
    return count / elapsed, actions / count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=500)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--ai-rounds", type=int, default=10, help="rounds whose AI decisions are timed (0: none)")
    args = parser.parse_args()
    rng = random.Random(2026)
    positions = mid_round_positions(args.positions, rng)
    per_position, plays_per_second = time_enumeration(positions, args.repeats)
    mean = sum(len(r.legal_actions()) - 1 for r in positions) / len(positions)
    print(
        f"legal_actions(): {plays_per_second:,.0f} plays enumerated per second, {per_position * 1e6:.1f} us per "
        f"position (median of {args.repeats} passes over {len(positions)} mid-round positions, {mean:.1f} plays each)"
    )
    print(f"analyse() (combat moves: points, wins, counters): {time_analysis(positions) * 1e6:.0f} us per position")
    rate, length = time_rounds(args.rounds, rng)
    print(
        f"random rounds: {rate:,.1f} per second ({args.rounds} whole rounds from the deal, "
        f"{length:.1f} actions each, legal_actions + play each action)"
    )
    if args.ai_rounds:
        from combat_ai import report  # this folder is on sys.path when a script in it runs

        report(args.ai_rounds, list(Level))


if __name__ == "__main__":
    main()
