"""Combat Club's statistics drawn with Rich: shared by ``clubfight stats`` and the app's stats screen.
Kept apart from Club Fight's figures: a table of their own, one column per computer level."""

from __future__ import annotations

from collections.abc import Callable

from rich import box
from rich.table import Table
from rich.text import Text

from clubfight.combat.engine import Win
from clubfight.combat.game import ONLINE, CombatFigures

NO_MATCHES = "Combat Club: no matches against the computer recorded yet."
WIN_TYPES = (Win.KNOCK_OUT, Win.RING_OUT, Win.SUBMISSION, Win.TIME_OUT)


def _by(ways: dict[Win, int]) -> str:
    return ", ".join(f"{w.title.lower()} {ways[w]}" for w in WIN_TYPES if ways.get(w)) or "-"


FIGURES: tuple[tuple[str, Callable[[CombatFigures], str]], ...] = (
    ("Matches played", lambda f: str(f.matches)),
    ("Matches won", lambda f: str(f.matches_won)),
    ("Matches lost", lambda f: str(f.matches_lost)),
    ("Win %", lambda f: f"{f.win_percent:.1f}"),
    ("Rounds won", lambda f: str(f.rounds_won)),
    ("Rounds lost", lambda f: str(f.rounds_lost)),
    ("Rounds won by", lambda f: _by(f.wins_by)),
    ("Rounds lost by", lambda f: _by(f.losses_by)),
    ("Best score", lambda f: "-" if f.best_score is None else str(f.best_score)),
    ("Longest winning streak", lambda f: str(f.best_streak)),
    ("Current streak", lambda f: str(f.current_streak)),
    ("Assisted (undo, hint)", lambda f: str(f.assisted)),
)


def combat_table(figures: tuple[CombatFigures, ...]) -> Table | Text:
    """One column per opponent level played, one row per figure."""
    if not figures:
        return Text(NO_MATCHES)
    against = "the computer and online" if any(group.opponent == ONLINE for group in figures) else "the computer"
    table = Table(title=f"Combat Club statistics (against {against})", title_style="bold", box=box.ROUNDED)
    table.add_column("", style="bold")
    for group in figures:
        table.add_column(group.opponent, justify="right", overflow="fold")
    for name, figure in FIGURES:
        table.add_row(name, *(figure(group) for group in figures))
    return table
