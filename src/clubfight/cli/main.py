"""Command-line parsing. Nothing heavy is imported here, so ``--help`` and errors are instant;
each command's module is imported only when that command runs."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from clubfight import __version__
from clubfight.club_fight.cli import parser as club_fight_parser
from clubfight.common.command_line import OneLineParser, OpenApp, UsageError, port_number


def build_parser() -> argparse.ArgumentParser:
    from clubfight.combat.cli import parser as combat_parser  # its commands' modules: not for a plain start

    parser = OneLineParser(
        prog="clubfight",
        description="Club Fight, D. Teuber's solo card game: clear the 3x3 grid with your 13 clubs.",
        epilog="Run 'clubfight COMMAND --help' for a command's options. With no command, the game starts.",
    )
    parser.add_argument("--version", action="version", version=f"clubfight {__version__}")
    club_fight_parser.add_play_options(parser)

    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=OneLineParser)
    club_fight_parser.add_analysis_commands(commands)
    stats = commands.add_parser("stats", help="show your statistics")
    stats.add_argument("--json", action="store_true", help="print them as JSON")
    stats.add_argument("--reset", action="store_true", help="clear all statistics (asks first)")
    stats.add_argument("--yes", action="store_true", help="with --reset, don't ask")

    club_fight_parser.add_replay_command(commands)
    serve = commands.add_parser("serve", help="serve the game to a web browser (needs the web extra)")
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=port_number, default=8000, help="the port to listen on (default 8000)")

    combat_parser.add_combat_parser(commands)
    describe_commands(parser)
    return parser


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


SHARED_HANDLERS = {
    "stats": "clubfight.cli.stats",
    "serve": "clubfight.cli.serve",
}
"""The commands that belong to neither game: both games' statistics, and the browser server."""


class _NotAPlainStart(Exception):
    """The play-options parser met something it doesn't know: the whole parser must read the line."""


class PlayOptionsParser(OneLineParser):
    """Only ``clubfight [play options]``, without the help, the version or any command: building every
    command's parser (twenty of them, argparse translating each one's help words) was the biggest
    single cost of start-up after Textual itself (benchmarks/startup.py). Anything it doesn't accept,
    it leaves to ``build_parser``'s parser, which then reads the line as it always has."""

    def __init__(self) -> None:
        super().__init__(prog="clubfight", add_help=False)
        club_fight_parser.add_play_options(self)

    def error(self, message: str) -> NoReturn:
        raise _NotAPlainStart(message)


def parse_command_line(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The arguments, as ``build_parser()`` reads them; a plain start (play options only) is read
    without building every command's parser."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    try:
        return PlayOptionsParser().parse_args(arguments, argparse.Namespace(command=None))
    except _NotAPlainStart:
        return build_parser().parse_args(arguments)


def handler(args: argparse.Namespace) -> str:
    """The module that runs the command ``args`` names."""
    if args.command == "combat":
        from clubfight.combat.cli import parser as combat_parser  # as in build_parser

        return combat_parser.HANDLERS[args.combat_command]
    if args.command in SHARED_HANDLERS:
        return SHARED_HANDLERS[args.command]
    return club_fight_parser.HANDLERS[args.command]


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_command_line(argv)
    try:
        module = importlib.import_module(handler(args))
        outcome: int | OpenApp = module.run(args)
        if isinstance(outcome, OpenApp):
            from .app import run_app  # only when a command opens the app: --help and errors stay instant

            outcome = run_app(outcome.launch)
        status = outcome
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
