"""Combat Club's part of the command line: ``clubfight combat`` with its options and commands.
Nothing heavy is imported here: ``--help`` and usage errors stay instant."""

from __future__ import annotations

from typing import Any

from clubfight.combat.names import JUGGLES, OPPONENTS, ROUNDS, STYLES
from clubfight.common.command_line import OneLineParser, positive_int, seed_value

from .bench import add_bench_parser
from .bot import add_bot_parser
from .ladder import add_ladder_parser
from .online import add_online_parsers
from .server import add_server_parser

HANDLERS = {
    None: "clubfight.combat.cli.play",
    "moves": "clubfight.combat.cli.moves",
    "replay": "clubfight.combat.cli.replay",
    "bench": "clubfight.combat.cli.bench",
    "server": "clubfight.combat.cli.server",
    "bot": "clubfight.combat.cli.bot",
    "host": "clubfight.combat.cli.online",
    "join": "clubfight.combat.cli.online",
    "watch": "clubfight.combat.cli.online",
    "ladder": "clubfight.combat.cli.ladder",
    "hint": "clubfight.combat.cli.hint",
    "analyse": "clubfight.combat.cli.analyse",
}
"""The module that runs each ``clubfight combat`` command (None: the match itself)."""


def add_combat_parser(commands: Any) -> None:
    """``clubfight combat ...``: Combat Club, with its own commands (docs/combat-notation.md)."""
    combat = commands.add_parser(
        "combat",
        help="Combat Club, HEAVY SYSTEMS' two-player card fighting game",
        description="Combat Club: a two-player card fighting game on a 3x3 grid (docs/combat-rules.md).",
        epilog="With no command, the match starts in the app (with no option at all, on Combat Club's start screen). "
        "Run 'clubfight combat COMMAND --help' for a command's options.",
    )
    fight = combat.add_argument_group("starting a match")
    fight.add_argument("--opponent", choices=OPPONENTS, help="the computer's level (default normal)")
    fight.add_argument("--hot-seat", action="store_true", help="two people at one terminal instead of the computer")
    fight.add_argument("--seed", type=seed_value, metavar="N", help="deal the match from seed N")
    fight.add_argument("--deal", metavar="CODE", help="deal the match from a code such as combat-12345")
    fight.add_argument("--rounds", type=int, choices=ROUNDS, help="best of 1, 3 or 5 rounds (default 3)")
    fight.add_argument("--colour", choices=("red", "black"), help="your colour (default red)")
    fight.add_argument(
        "--style",
        choices=STYLES,
        metavar="NAME",
        help=f"your fighting style: {', '.join(STYLES)} (hot-seat: the --colour player's, RED unless --colour black)",
    )
    fight.add_argument(
        "--other-style",
        choices=STYLES,
        metavar="NAME",
        help="the other side's fighting style: the computer's, or in hot-seat the other player's",
    )
    fight.add_argument("--survival", action="store_true", help="survival mode: the loser of a round keeps its score")
    fight.add_argument(
        "--juggle",
        nargs="?",
        const="combo",
        choices=JUGGLES,
        help="juggle combos (combo, rush or both; default combo)",
    )
    combat_commands = combat.add_subparsers(dest="combat_command", metavar="COMMAND", parser_class=OneLineParser)

    moves = combat_commands.add_parser("moves", help="list every legal attacking play of a position")
    moves.add_argument("position", help="position JSON (docs/combat-notation.md), or - to read it from stdin")
    moves.add_argument("--json", action="store_true", help="print a JSON list of plays")

    replay = combat_commands.add_parser("replay", help="check a Combat Club record and step through it in the app")
    replay.add_argument("file", help="a Combat Club record (docs/combat-notation.md)")
    replay.add_argument(
        "--text", action="store_true", help="print every action and position instead of opening the app"
    )

    hint = combat_commands.add_parser("hint", help="expert's play for a position's attacker, with its reasons")
    hint.add_argument("position", help="position JSON (docs/combat-notation.md), or - to read it from stdin")
    hint.add_argument("--json", action="store_true", help="print the play and its reasons as JSON")
    hint.add_argument("--seed", type=seed_value, default=0, metavar="N", help="the search's seed (default 0)")

    analyse = combat_commands.add_parser("analyse", help="where did it turn? a record followed from one seat")
    analyse.add_argument("record", help="a Combat Club record (docs/combat-notation.md)")
    analyse.add_argument(
        "--seat", choices=("red", "black"), default="red", help="whose chances to follow (default red)"
    )
    analyse.add_argument("--json", action="store_true", help="print the chances and the turning point as JSON")
    analyse.add_argument("--seed", type=seed_value, default=0, metavar="N", help="the estimates' seed (default 0)")
    analyse.add_argument(
        "--samples", type=positive_int, default=48, metavar="N", help="sample worlds per estimate (default 48)"
    )

    add_bench_parser(combat_commands)
    add_ladder_parser(combat_commands)
    add_server_parser(combat_commands)
    add_bot_parser(combat_commands)
    add_online_parsers(combat_commands)
