"""Combat Club's help (``?``): a short first-fight page (docs/combat-first-fight.md: how to read the
screen, how a turn goes, the three tips that decide most rounds), then the whole rules
(docs/combat-rules.md), drawn by the shell's help screen."""

from __future__ import annotations

from clubfight.shell.screens.help_screen import HelpDocument, read_doc

RULES_MISSING = "# Combat Club\n\nThe rules file is missing from this installation."


def combat_rules_markdown() -> str:
    """docs/combat-rules.md, or a line saying it is missing."""
    return read_doc("combat-rules.md") or RULES_MISSING


def first_fight_markdown() -> str:
    """docs/combat-first-fight.md (empty if missing: the rules still open the help)."""
    return read_doc("combat-first-fight.md") or ""


def combat_help_parts() -> tuple[str, ...]:
    return tuple(part for part in (first_fight_markdown(), combat_rules_markdown()) if part)


COMBAT_HELP = HelpDocument("combat", combat_help_parts)
