"""Combat Club's help (``?``): docs/combat-rules.md, which opens with how to read the screen and the
keys, drawn by the shell's help screen."""

from __future__ import annotations

from clubfight.shell.screens.help_screen import HelpDocument, read_doc

RULES_MISSING = "# Combat Club\n\nThe rules file is missing from this installation."


def combat_rules_markdown() -> str:
    """docs/combat-rules.md, or a line saying it is missing."""
    return read_doc("combat-rules.md") or RULES_MISSING


COMBAT_HELP = HelpDocument("combat", lambda: (combat_rules_markdown(),))
