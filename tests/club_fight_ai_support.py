"""Helpers the Club Fight AI tests share (tests/club_fight/ai): positions along the heuristic's
play and hidden decks in another order."""

from __future__ import annotations

from collections.abc import Callable

from clubfight.club_fight.ai.heuristic import best_move
from clubfight.club_fight.ai.hints import HintSettings, suggest_with
from clubfight.club_fight.engine import Level, Position, deal, format_position


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
