"""``clubfight hint``: the move the hint engine suggests, seeing only what a player sees."""

from __future__ import annotations

import argparse
import json

from clubfight.club_fight.ai import suggest
from clubfight.common.command_line import UsageError

from .input import read_position


def run(args: argparse.Namespace) -> int:
    position = read_position(args.position, args.variant)
    if position.is_over:
        raise UsageError("the game in that position is over: there is no move to suggest")
    hint = suggest(position, strength=args.strength, seed=args.seed)
    if args.json:
        print(json.dumps({"move": str(hint.move), **hint.move.to_json(), "reason": hint.reason}))
    else:
        print(hint.move)
        print(hint.reason)
    return 0
