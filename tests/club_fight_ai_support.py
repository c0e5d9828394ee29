"""Helpers the Club Fight AI tests share (tests/club_fight/ai): positions along the heuristic's
play, hidden decks in another order, and the scripts of benchmarks/."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable
from types import ModuleType

from clubfight.club_fight.ai.heuristic import best_move
from clubfight.club_fight.ai.hints import HintSettings, suggest_with
from clubfight.club_fight.engine import Level, Position, deal, format_position
from support import ROOT


def mid_game(level: Level, seed: int, turns: int) -> Position:
    position = deal(level, seed)
    for _ in range(turns):
        if position.is_over:
            break
        position = position.play(best_move(position))
    return position


def play_alone(level: Level, seed: int, choose: Callable[[Position], HintSettings]) -> Position:
    """A deal played to its end with the hints of the settings ``choose`` picks at each position,
    written apart from the benchmarks' own loop so that the tests check them against it."""
    position = deal(level, seed)
    while not position.is_over:
        position = position.play(suggest_with(position, choose(position), seed=seed).move)
    return position


def with_decks(position: Position, grid_deck: list[str], clubs_deck: list[str]) -> str:
    """The position string with its two hidden decks replaced (same cards, another order)."""
    fields = format_position(position).split("|")
    fields[2] = " " + " ".join(grid_deck) + " "
    fields[3] = " " + " ".join(clubs_deck) + " "
    return "|".join(fields)


def load_benchmark(name: str) -> ModuleType:
    """A script of benchmarks/, which is not a package: loaded from its path, with its folder on
    sys.path as when it runs, so that it can import the scripts beside it."""
    folder = ROOT / "benchmarks"
    if str(folder) not in sys.path:
        sys.path.append(str(folder))
    path = folder / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"benchmark_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the script runs
    spec.loader.exec_module(module)
    return module
