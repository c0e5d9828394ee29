"""``clubfight`` with no command: resolve the deal to play, then start the app."""

from __future__ import annotations

import argparse

from ..cli import UsageError


def run(args: argparse.Namespace) -> int:
    if args.deal and (args.seed is not None or args.daily):
        raise UsageError("--deal already names the seed; leave out --seed and --daily")
    print("Club Fight: the Textual app is coming. Try 'clubfight moves easy-7' meanwhile.")
    return 0
