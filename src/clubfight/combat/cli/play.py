"""``clubfight combat`` with no sub-command: check the options, then open Combat Club in the app.

With no option at all, Combat Club's start screen comes first; with any, the match starts at once.
Textual is imported only once the options are known to be good.
"""

from __future__ import annotations

import argparse

from clubfight.combat.ai import Opponent
from clubfight.combat.engine import Colour, CombatCode, Juggle, NotationError, Style
from clubfight.combat.tui.launch import CombatLaunch
from clubfight.common.command_line import OpenApp, UsageError

MATCH_OPTIONS = (
    "opponent",
    "hot_seat",
    "seed",
    "deal",
    "rounds",
    "colour",
    "style",
    "other_style",
    "survival",
    "juggle",
)


def launch_from(args: argparse.Namespace) -> CombatLaunch:
    """The CombatLaunch the options ask for; UsageError for options that contradict each other."""
    if args.hot_seat and args.opponent:
        raise UsageError("--hot-seat is two people at one terminal; leave out --opponent")
    if args.deal and args.seed is not None:
        raise UsageError("--deal already names the seed; leave out --seed")
    seed = args.seed
    if args.deal:
        try:
            seed = CombatCode.parse(args.deal).seed
        except NotationError as error:
            raise UsageError(str(error)) from None
    given = any(getattr(args, name, None) not in (None, False) for name in MATCH_OPTIONS)
    return CombatLaunch(
        opponent=None if args.hot_seat else Opponent(args.opponent or "normal"),
        colour=Colour(args.colour or "red"),
        rounds=args.rounds or 3,
        seed=seed,
        style=Style(args.style) if args.style else None,
        other_style=Style(args.other_style) if args.other_style else None,
        juggle=Juggle(args.juggle) if args.juggle else Juggle.NONE,
        survival=bool(args.survival),
        ask=not given,
    )


def run(args: argparse.Namespace) -> OpenApp:
    return OpenApp(launch_from(args))
