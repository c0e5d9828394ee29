"""Two searches compared deal by deal for about the price of one: the game of the search under test,
with the rival's game forked off at the first decision where the rival would move otherwise. Until
then the two games are the same, move for move; from there the rival's goes on alone. endgame.py
and late.py share it, with the options, the results file and the summary lines they have in common
(this folder is on sys.path when a script in it runs).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from clubfight.club_fight.ai.bench import parse_seed_range, wilson_interval
from clubfight.club_fight.ai.hints import STRENGTHS, HintSettings, suggest_with
from clubfight.club_fight.engine import Level, Move, Position

Search = Callable[[Position, HintSettings, int], Move]
"""A search's move at a position, with these settings and this seed."""


def hint_move(position: Position, settings: HintSettings, seed: int) -> Move:
    """The hint's move: the exact endgame's where it answers, else the sampled search's."""
    return suggest_with(position, settings, seed=seed).move


def finish(position: Position, settings: HintSettings, seed: int) -> Position:
    """The game played on to its end with ``settings``' hints."""
    while not position.is_over:
        position = position.play(hint_move(position, settings, seed))
    return position


def timed_move(search: Search, position: Position, settings: HintSettings, seed: int, seconds: list[float]) -> Move:
    """``search``'s move, its CPU time appended to ``seconds``."""
    start = time.process_time()
    move = search(position, settings, seed)
    seconds.append(time.process_time() - start)
    return move


class Fork:
    """The rival's game: it follows the game under test until ``offer`` sees the rival choose
    another move, then plays on alone with ``rival``'s hints."""

    def __init__(self, rival: HintSettings, seed: int) -> None:
        self.rival = rival
        self.seed = seed
        self.turn: int | None = None
        self.end: Position | None = None

    @property
    def forked(self) -> bool:
        return self.end is not None

    def offer(self, position: Position, move: Move, rival_move: Move) -> None:
        """At ``position`` the game under test plays ``move`` and the rival would play ``rival_move``."""
        if self.end is None and rival_move != move:
            self.turn = position.turns_played + 1
            self.end = finish(position.play(rival_move), self.rival, self.seed)

    def score(self, final: Position) -> int:
        """The rival's cards left, given the game under test ended at ``final``."""
        return (self.end or final).score


def fork_parser(description: str, seeds: str) -> argparse.ArgumentParser:
    """The options both scripts take: which deals, which strength, where the rows go, or a summary."""
    parser = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--level", choices=[level.value for level in Level], default="easy")
    parser.add_argument("--seeds", type=seed_range, default=seed_range(seeds), metavar="A-B")
    parser.add_argument("--strength", choices=list(STRENGTHS), default="strong")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--summary", type=results_file, help="summarise a results file instead of playing")
    return parser


def seed_range(text: str) -> range:
    """``--seeds``: a bad range is a usage error with ``parse_seed_range``'s reason, not a traceback."""
    try:
        return parse_seed_range(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def results_file(text: str) -> Path:
    """``--summary``: a file that isn't there is a usage error, not a traceback."""
    path = Path(text)
    if not path.is_file():
        raise argparse.ArgumentTypeError(f"no results file at {text}")
    return path


def write_rows(out: Path | None, seeds: range, play: Callable[[int], dict[str, object]]) -> None:
    """One JSON line a deal, appended to ``out`` (or printed) as each deal ends."""
    stream = out.open("a") if out else sys.stdout
    for seed in seeds:
        stream.write(json.dumps(play(seed)) + "\n")
        stream.flush()


def read_rows(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def print_results(rows: list[dict[str, Any]], name: str, rival_name: str, rival_key: str) -> None:
    """Both games' win rates with their Wilson intervals, the deals only one of them won, and how
    many games forked."""
    deals = len(rows)
    for label, key in ((name, "score"), (rival_name, rival_key)):
        wins = sum(row[key] == 0 for row in rows)
        low, high = wilson_interval(wins, deals)
        print(f"{label}: {wins}/{deals} = {wins / deals:.1%} ({low:.1%}-{high:.1%})")
    only_it = sum(row["score"] == 0 and row[rival_key] != 0 for row in rows)
    only_rival = sum(row["score"] != 0 and row[rival_key] == 0 for row in rows)
    forked = sum(row["fork_turn"] is not None for row in rows)
    print(f"won only with it {only_it}, only without {only_rival}; forked {forked}")


def percentile(values: list[float], share: float) -> float:
    """The value at ``share`` of the sorted ``values`` (nearest rank)."""
    return values[math.ceil(share * len(values)) - 1]


def median_and_p95(values: list[float]) -> str:
    """ "CPU median .. ms, p95 .. ms" of the sorted ``values`` (seconds)."""
    return f"CPU median {statistics.median(values) * 1000:.0f} ms, p95 {percentile(values, 0.95) * 1000:.0f} ms"
