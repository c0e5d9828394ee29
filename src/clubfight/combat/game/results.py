"""What Combat Club's statistics count: one finished match against the computer, and the figures per
opponent level (matches and rounds won and lost, win types, best score, longest winning streak).

Kept apart from Club Fight's results: its own values, its own file (``storage.combat_stats``).
Pure: the date comes in from the caller.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from ..engine import Colour, Win
from .match import Match

OPPONENTS = ("easy", "normal", "hard", "expert")
"""The computer's levels, in the order the figures are shown (``clubfight.combat.ai.LEVELS``)."""
ONLINE = "online"
"""The opponent of a match played online against another person: its figures are kept apart."""
RESULT_OPPONENTS = (*OPPONENTS, ONLINE)
"""Every opponent a recorded match may have had."""


@dataclass(frozen=True, slots=True)
class CombatResult:
    """One match played against the computer at ``opponent`` (or ``online``, against a person through a
    match server), from the player's side (``colour``).

    ``wins_by`` and ``losses_by`` name how each round the player won or lost was decided (W7's name).
    ``best_score`` is the player's highest score at the end of a round. An abandoned match (the
    player declined to resume it) counts as a match lost. ``assisted``: the player took an action
    back (undo) or asked the coach for a hint during the match.
    """

    played_on: date
    deal: str
    opponent: str
    colour: Colour
    won: bool
    rounds_won: int
    rounds_lost: int
    wins_by: tuple[Win, ...] = ()
    losses_by: tuple[Win, ...] = ()
    best_score: int = 0
    abandoned: bool = False
    match_id: str | None = None
    assisted: bool = False

    @staticmethod
    def from_match(
        match: Match,
        colour: Colour,
        opponent: str,
        *,
        played_on: date,
        abandoned: bool = False,
        match_id: str | None = None,
        assisted: bool = False,
    ) -> CombatResult:
        wins_by: list[Win] = []
        losses_by: list[Win] = []
        best = 0
        for played in match.rounds:
            result = played.result
            final = played.final
            if result is None:
                best = max(best, final.score(colour))
                continue
            best = max(best, final.score(colour))
            (wins_by if result.winner is colour else losses_by).append(result.how)
        return CombatResult(
            played_on=played_on,
            deal=str(match.code),
            opponent=opponent,
            colour=colour,
            won=match.winner is colour and not abandoned,
            rounds_won=len(wins_by),
            rounds_lost=len(losses_by),
            wins_by=tuple(wins_by),
            losses_by=tuple(losses_by),
            best_score=best,
            abandoned=abandoned and match.winner is not colour,
            match_id=match_id,
            assisted=assisted,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "played_on": self.played_on.isoformat(),
            "deal": self.deal,
            "opponent": self.opponent,
            "colour": self.colour.value,
            "won": self.won,
            "rounds_won": self.rounds_won,
            "rounds_lost": self.rounds_lost,
            "wins_by": [w.value for w in self.wins_by],
            "losses_by": [w.value for w in self.losses_by],
            "best_score": self.best_score,
            "abandoned": self.abandoned,
            "id": self.match_id,
            **({"assisted": True} if self.assisted else {}),  # absent when false: older files read back the same
        }


@dataclass(frozen=True, slots=True)
class CombatFigures:
    """The figures for one opponent level."""

    opponent: str
    matches: int = 0
    matches_won: int = 0
    rounds_won: int = 0
    rounds_lost: int = 0
    wins_by: dict[Win, int] = field(default_factory=dict)
    losses_by: dict[Win, int] = field(default_factory=dict)
    best_score: int | None = None
    best_streak: int = 0
    current_streak: int = 0
    assisted: int = 0
    """Matches with an action taken back (undo)."""

    @property
    def matches_lost(self) -> int:
        return self.matches - self.matches_won

    @property
    def win_percent(self) -> float:
        return 100.0 * self.matches_won / self.matches if self.matches else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "opponent": self.opponent,
            "matches": self.matches,
            "matches_won": self.matches_won,
            "matches_lost": self.matches_lost,
            "rounds_won": self.rounds_won,
            "rounds_lost": self.rounds_lost,
            "wins_by": {w.value: n for w, n in self.wins_by.items()},
            "losses_by": {w.value: n for w, n in self.losses_by.items()},
            "best_score": self.best_score,
            "best_streak": self.best_streak,
            "current_streak": self.current_streak,
            "assisted": self.assisted,
        }


def combat_figures(results: Iterable[CombatResult]) -> tuple[CombatFigures, ...]:
    """One CombatFigures per opponent level played, easy to hard; results in the order played."""
    by_level: dict[str, list[CombatResult]] = {}
    for result in results:
        by_level.setdefault(result.opponent, []).append(result)
    found = []
    for opponent in (*RESULT_OPPONENTS, *sorted(set(by_level) - set(RESULT_OPPONENTS))):
        games = by_level.get(opponent)
        if not games:
            continue
        wins_by: dict[Win, int] = {}
        losses_by: dict[Win, int] = {}
        streak = best = 0
        for game in games:
            for win in game.wins_by:
                wins_by[win] = wins_by.get(win, 0) + 1
            for win in game.losses_by:
                losses_by[win] = losses_by.get(win, 0) + 1
            streak = streak + 1 if game.won else 0
            best = max(best, streak)
        found.append(
            CombatFigures(
                opponent=opponent,
                matches=len(games),
                matches_won=sum(1 for g in games if g.won),
                rounds_won=sum(g.rounds_won for g in games),
                rounds_lost=sum(g.rounds_lost for g in games),
                wins_by=wins_by,
                losses_by=losses_by,
                best_score=max(g.best_score for g in games),
                best_streak=best,
                current_streak=streak,
                assisted=sum(1 for g in games if g.assisted),
            )
        )
    return tuple(found)


@dataclass(frozen=True, slots=True)
class CombatSave:
    """An unfinished match as the app keeps it: its record text (``format_record``), the computer's
    level (None for two players at one terminal), the colour the player took, the match's id and
    whether an action was taken back. Loading replays the record through the engine, so a tampered
    save can only give a legal match."""

    record: str
    opponent: str | None
    colour: Colour
    match_id: str | None = None
    assisted: bool = False

    def to_json(self) -> dict[str, Any]:
        document: dict[str, Any] = {
            "record": self.record,
            "opponent": self.opponent,
            "colour": self.colour.value,
            "id": self.match_id,
        }
        if self.assisted:  # absent when false: older saves read back the same
            document["assisted"] = True
        return document
