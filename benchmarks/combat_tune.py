"""A variant of Combat Club's expert against hard, in single rounds: how much does a setting buy?

Run: uv run python benchmarks/combat_tune.py --rounds 200 --jobs 2 --set iterations=600 --set search.candidates=10
A variant is expert's ``ExpertSettings`` with ``--set NAME=VALUE`` overrides; NAME may reach into a
nested group of settings with dots (``search.horizon``, ``search.opponent.own``). The rounds are
``clubfight combat bench --rounds 1``'s, on its code: colours swapped per seed, match seeds
S..S+N/2-1 (default S = 5000: tune on 5000-5199, never on the 7,000,000s that measure). Prints the
variant's wins with a Wilson 95 % interval, its decision median and p95, and the wall time;
``--json FILE`` also writes the bench's figures with every round and the variant's settings.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import shlex
import sys
import time
import typing
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from clubfight.combat.ai import EXPERT, ExpertSettings
from clubfight.combat.ai.bench import GameResult, Task, make_tasks, report_json, run_task, summarise
from clubfight.combat.ai.expert import decide as expert_decide
from clubfight.combat.ai.players import decide
from clubfight.combat.cli.bench import check_run
from clubfight.combat.engine import Action, Round
from clubfight.common.bench import run_tasks
from clubfight.common.command_line import UsageError, positive_int, seed_value
from clubfight.common.shuffle import SplitMix64

VARIANT = "variant"
"""The variant's seat name in the bench's tasks and figures."""
OPPONENT = "hard"


class OverrideError(ValueError):
    """A ``--set`` that names no setting or gives it a value of the wrong kind."""


def _parse_value(name: str, text: str, kind: Any) -> object:
    """``text`` as a value of ``kind`` (bool, int or float) for the setting ``name``."""
    if kind is bool:
        words = {"true": True, "yes": True, "1": True, "false": False, "no": False, "0": False}
        if text.lower() not in words:
            raise OverrideError(f"{name} is true or false, not {text!r}")
        return words[text.lower()]
    try:
        number = int(text) if kind is int else float(text)
    except ValueError:
        raise OverrideError(f"{name} is {'a whole number' if kind is int else 'a number'}, not {text!r}") from None
    if not math.isfinite(number) or number < 0:
        raise OverrideError(f"{name} is 0 or more, not {text!r}")
    return number


def _with(settings: Any, path: list[str], text: str, done: str) -> Any:
    """``settings`` (a dataclass) with the field reached by ``path`` set from ``text``."""
    hints = typing.get_type_hints(type(settings))
    head = path[0]
    name = f"{done}{head}"
    if head not in hints:
        fields = ", ".join(f"{done}{f.name}" for f in dataclasses.fields(settings))
        raise OverrideError(f"no setting {name!r}: the settings here are {fields}")
    kind = hints[head]
    if dataclasses.is_dataclass(kind):
        if len(path) == 1:
            first = dataclasses.fields(kind)[0].name
            raise OverrideError(f"{name} is a group of settings: set one of them, e.g. {name}.{first}")
        value = _with(getattr(settings, head), path[1:], text, f"{name}.")
    elif len(path) > 1:
        raise OverrideError(f"{name} is a single setting: it has no {'.'.join(path[1:])!r}")
    elif kind in (bool, int, float):
        value = _parse_value(name, text, kind)
    else:
        raise OverrideError(f"{name} can't be set from the command line")
    return dataclasses.replace(settings, **{head: value})


def parse_overrides(pairs: Sequence[str], base: ExpertSettings = EXPERT) -> ExpertSettings:
    """``base`` with each ``NAME=VALUE`` of ``pairs`` applied in turn; OverrideError names what is wrong."""
    settings = base
    for pair in pairs:
        name, equals, text = pair.partition("=")
        name, text = name.strip(), text.strip()
        if not equals or not name or not text:
            raise OverrideError(f"--set takes NAME=VALUE, not {pair!r}")
        settings = _with(settings, name.split("."), text, "")
    return settings


@dataclass(frozen=True)
class VariantTask:
    """One bench task, with the settings of the player seated as ``VARIANT``."""

    task: Task
    settings: ExpertSettings


def run_variant(job: VariantTask) -> GameResult:
    """The bench's ``run_task``, with ``VARIANT`` deciding as expert on the job's settings."""

    def decider(name: str, r: Round, seed: int, history: Sequence[Round]) -> Action:
        if name == VARIANT:
            return expert_decide(r, SplitMix64(seed), history, job.settings)
        return decide(name, r, seed, history)

    return run_task(job.task, decider)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument(
        "--rounds", type=positive_int, default=200, metavar="N", help="single rounds to play, even (default 200)"
    )
    p.add_argument("--seed", type=seed_value, default=5000, metavar="S", help="first match seed (default 5000)")
    p.add_argument("--jobs", type=positive_int, default=1, metavar="J", help="worker processes (default 1)")
    p.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", help="override a setting (repeatable)")
    p.add_argument("--json", default=None, metavar="FILE", help="also write the figures as JSON to FILE")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        settings = parse_overrides(args.set)
        check_run(args, "each seed is played with colours swapped", count="rounds")
    except (OverrideError, UsageError) as error:
        print(f"combat_tune: error: {error}", file=sys.stderr)
        return 2
    tasks = [VariantTask(t, settings) for t in make_tasks(args.rounds, VARIANT, OPPONENT, args.seed, rounds=1)]
    start = time.perf_counter()
    results = run_tasks(run_variant, tasks, args.jobs)
    wall = time.perf_counter() - start
    summary = summarise(results, VARIANT, OPPONENT, args.seed, rounds=1)
    row = summary.rows[0]
    label = " ".join(args.set) or "shipped expert"
    print(
        f"{label}: won {row.wins}/{row.games} = {row.rate:.1%} (95% CI {row.ci_low:.1%}-{row.ci_high:.1%}) "
        f"against {OPPONENT}, match seeds {summary.seeds}; decisions {row.decisions}: "
        f"median {row.median_seconds * 1000:.0f} ms, p95 {row.p95_seconds * 1000:.0f} ms; wall {wall:.0f} s"
    )
    if args.json:
        command = "benchmarks/combat_tune.py " + shlex.join(
            ["--rounds", str(args.rounds), "--seed", str(args.seed)] + [f"--set={s}" for s in args.set]
        )
        data = report_json(summary, results, command)
        data["settings"] = dataclasses.asdict(settings)
        data["wall_seconds"] = round(wall, 1)
        try:
            Path(args.json).write_text(json.dumps(data, indent=2) + "\n")
        except OSError as error:
            print(f"combat_tune: error: can't write {args.json}: {error.strerror}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
