"""Combat Club's statistics table names who the matches were against."""

from __future__ import annotations

from rich.table import Table

from clubfight.combat.game import ONLINE, CombatFigures
from clubfight.combat.views.stats import combat_table


def title_of(*opponents: str) -> str:
    table = combat_table(tuple(CombatFigures(opponent=o) for o in opponents))
    assert isinstance(table, Table)
    return str(table.title)


def test_the_title_says_online_only_when_an_online_column_is_shown() -> None:
    assert title_of("easy", "hard") == "Combat Club statistics (against the computer)"
    assert title_of("hard", ONLINE) == "Combat Club statistics (against the computer and online)"
