"""Combat Club engine speed: legal plays enumerated per second over random mid-round positions, the
``combat moves`` analysis of them, whole random rounds per second, and each AI level's decision time.

Run: uv run python benchmarks/combat.py [--positions N] [--rounds N] [--repeats N] [--ai-rounds N]
     uv run python benchmarks/combat.py --baseline REV [--trials N] [...]

Figures are single-core wall-clock (``--cpu-time``: the process's CPU time, which leaves out the
waits for a core on a loaded machine); compare runs on the same machine only. The AI's figures come
from benchmarks/combat_ai.py, which also runs alone with more options.

``--baseline REV`` measures twice in one run: the engine of git revision REV (its ``src/``,
unpacked with ``git archive`` into a temporary folder) and this tree's, each in a fresh Python
process that imports it, with the same measurements (this file's). The two alternate ``--trials``
times and the table gives each one's median figure and the speed-up, so a burst of load from
elsewhere on a shared machine hits both alike and one lucky or unlucky trial sways neither.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

try:
    from clubfight.combat.ai import Opponent
except ImportError:  # a baseline revision from before the computer's levels were named Opponent
    from clubfight.combat.ai import Level as Opponent  # type: ignore[attr-defined,no-redef]
from clubfight.combat.engine import Attack, Juggle, Phase, Round, Rules, Style, analyse, deal

HERE = Path(__file__).resolve().parent

clock = time.perf_counter
"""What the timings read: wall-clock, or with ``--cpu-time`` this process's CPU time."""


def use_cpu_time() -> None:
    """Time by this process's CPU time (here and in combat_ai.py): on a loaded shared machine the
    time spent waiting for a core is then not counted, only the work done."""
    global clock
    import combat_ai  # this folder is on sys.path when a script in it runs

    clock = combat_ai.clock = time.process_time


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


def clear_memo() -> None:
    """Empty the engine's memo of each card set's plays, where the engine has one (older revisions
    don't), so that the next pass pays for building every play."""
    try:
        from clubfight.combat.engine import movegen
    except ImportError:
        return
    clear = getattr(movegen, "clear_memo", None)
    if clear is not None:
        clear()


def time_enumeration(positions: list[Round], repeats: int, *, cold: bool) -> tuple[float, float]:
    """(seconds per position, plays per second), the median of ``repeats`` passes over fresh copies;
    ``cold``: the memo emptied before each pass, else left as the last pass left it."""
    runs = []
    plays = 0
    for _ in range(repeats):
        copies = [fresh(r) for r in positions]
        if cold:
            clear_memo()
        start = clock()
        for r in copies:
            plays += len(r.legal_actions()) - 1  # every action but EndTurn is a play
        runs.append(clock() - start)
    per_pass = statistics.median(runs)
    return per_pass / len(positions), plays / repeats / per_pass


def time_analysis(positions: list[Round]) -> float:
    copies = [fresh(r) for r in positions]
    start = clock()
    for r in copies:
        analyse(r)
    return (clock() - start) / len(copies)


def time_rounds(count: int, rng: random.Random) -> tuple[float, float]:
    starts = [deal(10_000 + i, random_rules(rng) if i % 2 else Rules()) for i in range(count)]
    actions = 0
    begin = clock()
    for r in starts:
        while not r.is_over:
            r = r.play(rng.choice(r.legal_actions()))
            actions += 1
    elapsed = clock() - begin
    return count / elapsed, actions / count


@dataclass(frozen=True)
class Metric:
    key: str
    label: str
    higher_is_better: bool
    form: str = ",.0f"


def metrics(levels: list[Opponent]) -> list[Metric]:
    """What one run measures, in the order the comparison table lists it."""
    found = [
        Metric("plays_per_second", "legal plays enumerated per second", True),
        Metric("us_per_position", "legal_actions() us per position", False, ".1f"),
        Metric("warm_plays_per_second", "the same, memo kept between passes", True),
        Metric("analyse_us", "analyse() us per position", False, ".0f"),
        Metric("rounds_per_second", "random rounds per second", True, ",.1f"),
    ]
    for level in levels:
        found.append(Metric(f"{level.value}_median_ms", f"{level.value} decision, median ms", False, ".2f"))
        found.append(Metric(f"{level.value}_p95_ms", f"{level.value} decision, p95 ms", False, ".2f"))
    return found


def measure(args: argparse.Namespace, *, verbose: bool) -> dict[str, float]:
    """Every figure of one run; with ``verbose``, printed as they come."""
    rng = random.Random(2026)
    positions = mid_round_positions(args.positions, rng)
    per_position, plays_per_second = time_enumeration(positions, args.repeats, cold=True)
    _, warm_plays_per_second = time_enumeration(positions, args.repeats, cold=False)
    mean = sum(len(r.legal_actions()) - 1 for r in positions) / len(positions)
    found = {
        "plays_per_second": plays_per_second,
        "us_per_position": per_position * 1e6,
        "warm_plays_per_second": warm_plays_per_second,
    }
    if verbose:
        print(
            f"legal_actions(): {plays_per_second:,.0f} plays enumerated per second, {per_position * 1e6:.1f} us "
            f"per position (median of {args.repeats} passes over {len(positions)} mid-round positions, "
            f"{mean:.1f} plays each; the engine's memo of card sets emptied before each pass)"
        )
        print(f"legal_actions() again on the same positions, memo kept: {warm_plays_per_second:,.0f} plays per second")
    found["analyse_us"] = time_analysis(positions) * 1e6
    if verbose:
        print(f"analyse() (combat moves: points, wins, counters): {found['analyse_us']:.0f} us per position")
    rate, length = time_rounds(args.rounds, rng)
    found["rounds_per_second"] = rate
    if verbose:
        print(
            f"random rounds: {rate:,.1f} per second ({args.rounds} whole rounds from the deal, "
            f"{length:.1f} actions each, legal_actions + play each action)"
        )
    if args.ai_rounds:
        import combat_ai  # this folder is on sys.path when a script in it runs

        levels = parse_levels(args.levels)
        if verbose:
            combat_ai.report(args.ai_rounds, levels)
        else:
            times = combat_ai.decision_times(combat_ai.positions(args.ai_rounds), levels)
            for level, taken in times.items():
                median, p95, _ = combat_ai.summary(taken)
                found[f"{level.value}_median_ms"] = median
                found[f"{level.value}_p95_ms"] = p95
    return found


def parse_levels(text: str) -> list[Opponent]:
    try:
        return [Opponent(name.strip()) for name in text.split(",")]
    except ValueError:
        names = ", ".join(level.value for level in Opponent)
        raise SystemExit(f"--levels: expected a comma-separated list of {names}") from None


# --- before and after in one run ----------------------------------------------------------------


def unpack_revision(rev: str, into: Path) -> str:
    """Unpack ``rev``'s ``src/`` into ``into``; return the revision's short hash."""
    root = git(["rev-parse", "--show-toplevel"], HERE).strip()
    try:
        short = git(["rev-parse", "--short", "--verify", f"{rev}^{{commit}}"], Path(root)).strip()
    except subprocess.CalledProcessError:
        raise SystemExit(f"--baseline: {rev!r} is not a revision of this repository") from None
    archive = into / "src.tar"
    with archive.open("wb") as out:
        subprocess.run(["git", "archive", "--format=tar", short, "src"], cwd=root, stdout=out, check=True)
    with tarfile.open(archive) as tar:
        if hasattr(tarfile, "data_filter"):
            tar.extractall(into, filter="data")
        else:  # Python before 3.10.12 / 3.11.4: the archive is git's own, of this repository
            tar.extractall(into)
    archive.unlink()
    return short


def git(command: list[str], cwd: Path) -> str:
    return subprocess.run(["git", *command], cwd=cwd, capture_output=True, text=True, check=True).stdout


def run_child(src: Path, args: argparse.Namespace) -> dict[str, float]:
    """One measuring run in a fresh process that imports clubfight from ``src``."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(src), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep))
    command = [
        sys.executable,
        str(Path(__file__).resolve()),
        "--emit-json",
        f"--positions={args.positions}",
        f"--rounds={args.rounds}",
        f"--repeats={args.repeats}",
        f"--ai-rounds={args.ai_rounds}",
        f"--levels={args.levels}",
        *(["--cpu-time"] if args.cpu_time else []),
    ]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no message"])[-1]
        raise SystemExit(f"the run on {src} failed: {last}")
    data = json.loads(done.stdout.strip().splitlines()[-1])
    loaded = Path(data.pop("module")).resolve()
    if src.resolve() not in loaded.parents:
        raise SystemExit(f"the run meant for {src} imported clubfight from {loaded}")
    return {key: float(value) for key, value in data.items()}


def median_of(runs: list[dict[str, float]], metric: Metric) -> float:
    return statistics.median(run[metric.key] for run in runs)


def compare(args: argparse.Namespace) -> None:
    this_src = (HERE.parent / "src").resolve()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="combat-baseline-") as tmp:
        short = unpack_revision(args.baseline, Path(tmp))
        base_src = Path(tmp) / "src"
        base_runs: list[dict[str, float]] = []
        this_runs: list[dict[str, float]] = []
        for trial in range(args.trials):
            print(f"trial {trial + 1} of {args.trials}: {short} ...", flush=True)
            base_runs.append(run_child(base_src, args))
            print(f"trial {trial + 1} of {args.trials}: this tree ...", flush=True)
            this_runs.append(run_child(this_src, args))
    levels = parse_levels(args.levels) if args.ai_rounds else []
    head = f"baseline {short}"
    print()
    print(f"{'median of ' + str(args.trials) + ' alternating runs':<34} {head:>16} {'this tree':>14} {'speed-up':>9}")
    for metric in metrics(levels):
        old, new = median_of(base_runs, metric), median_of(this_runs, metric)
        ratio = new / old if metric.higher_is_better else old / new
        print(f"{metric.label:<34} {old:>16{metric.form}} {new:>14{metric.form}} {ratio:>8.2f}x")
    timed = "CPU time" if args.cpu_time else "wall-clock"
    print(f"({timed}; {time.perf_counter() - started:.0f} s in all; speed-up > 1 means this tree is faster)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=500)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--ai-rounds", type=int, default=10, help="rounds whose AI decisions are timed (0: none)")
    parser.add_argument("--levels", default="easy,normal,hard", help="AI levels timed (default easy,normal,hard)")
    parser.add_argument("--baseline", metavar="REV", help="also measure git revision REV's engine, and compare")
    parser.add_argument("--trials", type=int, default=3, help="alternating runs of each with --baseline (default 3)")
    parser.add_argument("--cpu-time", action="store_true", help="time by CPU time, not wall-clock")
    parser.add_argument("--emit-json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if min(args.positions, args.rounds, args.repeats, args.trials) < 1 or args.ai_rounds < 0:
        parser.error("--positions, --rounds, --repeats and --trials are at least 1, --ai-rounds at least 0")
    parse_levels(args.levels)  # a bad name stops here, before anything is measured
    if args.cpu_time:
        use_cpu_time()
    if args.baseline:
        compare(args)
    elif args.emit_json:
        import clubfight

        print(json.dumps({"module": clubfight.__file__, **measure(args, verbose=False)}))
    else:
        measure(args, verbose=True)


if __name__ == "__main__":
    main()
