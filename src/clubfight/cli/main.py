"""Command-line parsing. Nothing heavy is imported here, so ``--help`` and errors are instant;
each command's module is imported only when that command runs."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from .. import __version__
from . import combat_bench, combat_bot, combat_server
from .options import (
    COMBAT_JUGGLES,
    COMBAT_OPPONENTS,
    COMBAT_ROUNDS,
    COMBAT_STYLES,
    LEVELS,
    STRENGTHS,
    VARIANTS,
    OneLineParser,
    UsageError,
    port_number,
    positive_float,
    positive_int,
    seed_value,
)


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog="clubfight",
        description="Club Fight, D. Teuber's solo card game: clear the 3x3 grid with your 13 clubs.",
        epilog="Run 'clubfight COMMAND --help' for a command's options. With no command, the game starts.",
    )
    parser.add_argument("--version", action="version", version=f"clubfight {__version__}")
    play = parser.add_argument_group("starting a game")
    play.add_argument("--level", choices=LEVELS, help="easy (1 joker) or hard (2 jokers); skips the start screen")
    play.add_argument("--seed", type=seed_value, metavar="N", help="replay deal N (asks for a level unless --level)")
    play.add_argument("--deal", metavar="DEAL", help="start from a deal code such as hard-12345, or a position string")
    play.add_argument("--daily", action="store_true", help="play today's daily deal (the same for everyone, UTC)")
    play.add_argument("--variant", choices=VARIANTS, action="append", default=[], help="turn on a rules variant")
    play.add_argument("--autoplay", action="store_true", help="watch the hint engine play the deal")
    play.add_argument(
        "--strength",
        choices=STRENGTHS,
        default=None,
        help="hint engine strength for the hint key and --autoplay, for this run: fast, strong, or expert "
        "(slow, a second or more a move; for analysis and demos). Default: the one chosen in Settings (fast)",
    )

    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=OneLineParser)

    moves = commands.add_parser("moves", help="list every legal move in a position")
    moves.add_argument(
        "position", help=f"a position string ({NOTATION}) or a deal code such as easy-7", metavar="POSITION"
    )
    moves.add_argument("--json", action="store_true", help="print a JSON list of moves")
    moves.add_argument("--variant", choices=VARIANTS, action="append", default=[], help="for a deal code")

    solve = commands.add_parser("solve", help="decide whether a deal can still be won, seeing both decks")
    solve.add_argument("position", help="a deal code such as hard-12345 or a position string")
    solve.add_argument("--json", action="store_true", help="print the verdict as JSON")
    solve.add_argument("--time-limit", type=positive_float, default=10.0, metavar="S", help="give up after S seconds")
    solve.add_argument("--nodes", type=positive_int, default=None, metavar="N", help="give up after N nodes")
    solve.add_argument("--variant", choices=VARIANTS, action="append", default=[], help="for a deal code")

    hint = commands.add_parser("hint", help="suggest a move, seeing only what a player sees")
    hint.add_argument("position", help="a position string or a deal code")
    hint.add_argument(
        "--strength",
        choices=STRENGTHS,
        default="fast",
        help="fast (the default), strong (slower) or expert (a second or more)",
    )
    hint.add_argument("--seed", type=seed_value, default=0, metavar="N", help="the hint engine's own random seed")
    hint.add_argument("--json", action="store_true", help="print the hint as JSON")
    hint.add_argument("--variant", choices=VARIANTS, action="append", default=[], help="for a deal code")

    bench = commands.add_parser("bench", help="win rates of the solver and the policies over many deals")
    bench.add_argument("--seeds", default="1-500", metavar="A-B", help="consecutive seeds (default 1-500)")
    bench.add_argument("--levels", default="easy,hard", help="comma-separated levels (default easy,hard)")
    bench.add_argument(
        "--policies",
        default=None,
        help="comma-separated policies: solver, random, greedy, hint-fast, hint-strong, hint-expert "
        "(default: all but hint-expert, which takes a second or more a move)",
    )
    bench.add_argument("--jobs", type=positive_int, default=1, metavar="N", help="worker processes")
    bench.add_argument("--json", default=None, metavar="FILE", help="also write the figures as JSON to FILE")

    stats = commands.add_parser("stats", help="show your statistics")
    stats.add_argument("--json", action="store_true", help="print them as JSON")
    stats.add_argument("--reset", action="store_true", help="clear all statistics (asks first)")
    stats.add_argument("--yes", action="store_true", help="with --reset, don't ask")

    replay = commands.add_parser("replay", help="step through a saved game record")
    replay.add_argument("file", help="a game record written by the app")
    replay.add_argument("--text", action="store_true", help="print the moves and positions instead of opening the app")

    serve = commands.add_parser("serve", help="serve the game to a web browser (needs the web extra)")
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=port_number, default=8000, help="the port to listen on (default 8000)")

    add_combat_parser(commands)
    describe_commands(parser)
    return parser


NOTATION = "the notation: docs/notation.md, installed as clubfight/docs/notation.md"


def describe_commands(parser: argparse.ArgumentParser) -> None:
    """Every sub-command's --help starts with a description line: its one-line help, where it has none."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            summaries = {choice.dest: choice.help for choice in action._choices_actions}
            for name, command in action.choices.items():
                if command.description is None and summaries.get(name):
                    summary = str(summaries[name])
                    command.description = summary[0].upper() + summary[1:] + "."
                describe_commands(command)


def add_combat_parser(commands: argparse._SubParsersAction[OneLineParser]) -> None:
    """``clubfight combat ...``: Combat Club, with its own commands (docs/combat-notation.md)."""
    combat = commands.add_parser(
        "combat",
        help="Combat Club, HEAVY SYSTEMS' two-player card fighting game",
        description="Combat Club: a two-player card fighting game on a 3x3 grid (docs/combat-rules.md).",
        epilog="With no command, the match starts in the app (with no option at all, on Combat Club's start screen). "
        "Run 'clubfight combat COMMAND --help' for a command's options.",
    )
    fight = combat.add_argument_group("starting a match")
    fight.add_argument("--opponent", choices=COMBAT_OPPONENTS, help="the computer's level (default normal)")
    fight.add_argument("--hot-seat", action="store_true", help="two people at one terminal instead of the computer")
    fight.add_argument("--seed", type=seed_value, metavar="N", help="deal the match from seed N")
    fight.add_argument("--deal", metavar="CODE", help="deal the match from a code such as combat-12345")
    fight.add_argument("--rounds", type=int, choices=COMBAT_ROUNDS, help="best of 1, 3 or 5 rounds (default 3)")
    fight.add_argument("--colour", choices=("red", "black"), help="your colour (default red)")
    fight.add_argument(
        "--style", choices=COMBAT_STYLES, metavar="NAME", help=f"your fighting style: {', '.join(COMBAT_STYLES)}"
    )
    fight.add_argument("--survival", action="store_true", help="survival mode: the loser of a round keeps its score")
    fight.add_argument(
        "--juggle",
        nargs="?",
        const="combo",
        choices=COMBAT_JUGGLES,
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

    combat_bench.add_bench_parser(combat_commands)
    combat_server.add_server_parser(combat_commands)
    combat_bot.add_bot_parser(combat_commands)


HANDLERS = {
    None: "clubfight.cli.play",
    "moves": "clubfight.cli.moves",
    "solve": "clubfight.cli.solve",
    "hint": "clubfight.cli.hint",
    "bench": "clubfight.cli.bench",
    "stats": "clubfight.cli.stats",
    "replay": "clubfight.cli.replay",
    "serve": "clubfight.cli.serve",
}
COMBAT_HANDLERS = {
    "moves": "clubfight.cli.combat_moves",
    "replay": "clubfight.cli.combat_replay",
    "bench": "clubfight.cli.combat_bench",
    "server": "clubfight.cli.combat_server",
    "bot": "clubfight.cli.combat_bot",
}


def handler(args: argparse.Namespace) -> str:
    """The module that runs the command ``args`` names."""
    if args.command != "combat":
        return HANDLERS[args.command]
    if args.combat_command is None:
        return "clubfight.cli.combat_play"
    return COMBAT_HANDLERS[args.combat_command]


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        module = importlib.import_module(handler(args))
        status: int = module.run(args)
    except UsageError as error:
        print(f"clubfight: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader (head, less) went away: stop quietly, as Unix tools do.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    return status
