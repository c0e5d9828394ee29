"""Club Fight's part of the command line: the options that start a game (``clubfight --level ...``)
and its commands. Nothing heavy is imported here: ``--help`` and usage errors stay instant."""

from __future__ import annotations

import argparse
from typing import Any

from clubfight.club_fight.names import EXPERT_PACE, HINT_STRENGTHS, LEVELS, VARIANTS
from clubfight.common.command_line import positive_float, positive_int, seed_value

NOTATION = "the notation: docs/notation.md, installed as clubfight/docs/notation.md"

HANDLERS = {
    None: "clubfight.club_fight.cli.play",
    "moves": "clubfight.club_fight.cli.moves",
    "solve": "clubfight.club_fight.cli.solve",
    "hint": "clubfight.club_fight.cli.hint",
    "bench": "clubfight.club_fight.cli.bench",
    "replay": "clubfight.club_fight.cli.replay",
}
"""The module that runs each of Club Fight's commands (None: the game itself)."""


def add_play_options(parser: argparse.ArgumentParser) -> None:
    """``clubfight [options]``: the options that start a game."""
    play = parser.add_argument_group("starting a game")
    play.add_argument("--level", choices=LEVELS, help="easy (1 joker) or hard (2 jokers); skips the start screen")
    play.add_argument("--seed", type=seed_value, metavar="N", help="replay deal N (asks for a level unless --level)")
    play.add_argument("--deal", metavar="DEAL", help="start from a deal code such as hard-12345, or a position string")
    play.add_argument("--daily", action="store_true", help="play today's daily deal (the same for everyone, UTC)")
    play.add_argument("--variant", choices=VARIANTS, action="append", default=[], help="turn on a rules variant")
    play.add_argument("--autoplay", action="store_true", help="watch the hint engine play the deal")
    play.add_argument(
        "--strength",
        choices=HINT_STRENGTHS,
        default=None,
        help="hint engine strength for the hint key and --autoplay, for this run: fast, strong, or expert "
        f"(slower, {EXPERT_PACE}; for analysis and demos). Default: the one chosen in Settings (fast)",
    )


def add_analysis_commands(commands: Any) -> None:
    """``moves``, ``solve``, ``hint`` and ``bench``."""
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
        choices=HINT_STRENGTHS,
        default="fast",
        help=f"fast (the default), strong (slower) or expert ({EXPERT_PACE})",
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
        f"(default: all but hint-expert, which takes {EXPERT_PACE})",
    )
    bench.add_argument("--jobs", type=positive_int, default=1, metavar="N", help="worker processes")
    bench.add_argument("--json", default=None, metavar="FILE", help="also write the figures as JSON to FILE")


def add_replay_command(commands: Any) -> None:
    """``replay FILE``: a game record, in the app or as text."""
    replay = commands.add_parser("replay", help="step through a saved game record")
    replay.add_argument("file", help="a game record written by the app")
    replay.add_argument("--text", action="store_true", help="print the moves and positions instead of opening the app")
