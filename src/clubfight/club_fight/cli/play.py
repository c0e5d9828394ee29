"""``clubfight`` with no command: resolve the deal to play, then start the app.

Textual is imported only once the arguments are known to be good, so ``--help`` and usage
errors stay instant.
"""

from __future__ import annotations

import argparse

from clubfight.club_fight.engine import Level, Position, Variant
from clubfight.club_fight.tui.launch import ClubFightLaunch
from clubfight.common.command_line import OpenApp, UsageError

from .input import read_deal_code, read_position


def resolve(args: argparse.Namespace) -> tuple[Level | None, int | None]:
    """The level and seed asked for: either may be None (start screen asks / a fresh seed is drawn)."""
    if args.deal and (args.seed is not None or args.daily):
        raise UsageError("--deal already names the seed; leave out --seed and --daily")
    if args.daily and args.seed is not None:
        raise UsageError("--daily takes its seed from today's UTC date; leave out --seed")
    if args.autoplay and args.daily:
        raise UsageError("--autoplay would spoil the daily deal; pick --seed or --deal instead")
    if args.deal:
        code = read_deal_code(args.deal)
        if args.level and Level(args.level) is not code.level:
            raise UsageError(f"--level {args.level} contradicts --deal {args.deal}")
        return code.level, code.seed
    return (Level(args.level) if args.level else None), args.seed


def starting_position(args: argparse.Namespace) -> Position | None:
    """``--deal`` given as a position string (ruling D2), as the other commands accept one; else None."""
    if not args.deal or "|" not in args.deal:
        return None
    if args.seed is not None or args.daily or args.level:
        raise UsageError("--deal with a position string sets the whole deal; leave out --level, --seed and --daily")
    return read_position(args.deal, args.variant)


def run(args: argparse.Namespace) -> OpenApp:
    position = starting_position(args)
    level, seed = resolve(args) if position is None else (None, None)
    return OpenApp(
        ClubFightLaunch(
            level=level,
            seed=seed,
            position=position,
            variant=Variant.from_names(args.variant),
            daily=bool(args.daily),
            hint_strength=args.strength,
            autoplay=bool(args.autoplay),
        )
    )
