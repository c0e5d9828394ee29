"""Club Fight's help (``?``): the keys, then the full rules (docs/rules.md, bundled with the package),
drawn by the shell's help screen."""

from __future__ import annotations

from clubfight.club_fight.engine import Action
from clubfight.shell.screens.help_screen import HelpDocument, read_doc

from .action_panel import ACTION_KEYS
from .hand_view import HAND_KEYS

KEYS_MARKDOWN = f"""\
# Club Fight: keys

A turn is: pick a club, pick an action, pick its cards if it asks for them, then confirm.
Nothing is played before you confirm, and Esc always steps back.

- **{" ".join(HAND_KEYS)}**: pick the club in hand slot 1 to 4 (press it again to put it back)
- **{"  ".join(f"{key} {action.title}" for action, key in ACTION_KEYS.items() if action is not Action.ALLCLEAR)}**
  (and **{ACTION_KEYS[Action.ALLCLEAR]}** All Clear with `--variant all-clear`)
- **1-9**: pick or unpick the card at that place for Sum, Run or Any; for Line, a place in the line
  (press it again for the other line through it)
- **↑ ↓**: Up/Down with the 7: clear upwards or downwards; **← →** step through the choices
- **Enter**: confirm the move; **Esc**: one step back (cards, then action, then club)
- **u**: undo, back to the start of the deal (the game is then no longer a clean win); **r**: redo
- **h**: a hint: the hint engine's move is shown on the table (Enter plays it) with its reason;
  hints are counted, and a game with one is no longer a clean win. At game over, **w** asks whether
  the deal was winnable and lets you step through a winning line. `clubfight --autoplay` is a demo.
- **s**: statistics; **o**: settings (theme, hint strength, four-colour deck, animations, and
  asking before a move that leaves a suit blocking an action: off by default, see "Blocks")
- **d**: the discard pile, and the cards still unseen by suit and rank; **? or F1**: this help;
  **n**: new deal; **b**: restart this deal (mid-game, press twice: the game counts as a loss); **q**: quit;
  **Ctrl+P**: command palette (themes and more)

The mouse works everywhere: click a club, an action, the cards, then Confirm.
Places are numbered in reading order: 1 2 3 on top, 4 5 6 in the middle, 7 8 9 at the bottom.
Marks on the cards read without colour: **✕** will be cleared, **•** picked, **+** just dealt,
**▲** the club you play.
"""

RULES_MISSING = "# Rules\n\nThe rules file is missing from this installation."


def rules_markdown() -> str:
    """docs/rules.md, or a line saying it is missing."""
    return read_doc("rules.md") or RULES_MISSING


CLUB_FIGHT_HELP = HelpDocument("club-fight", lambda: (KEYS_MARKDOWN, rules_markdown()))
