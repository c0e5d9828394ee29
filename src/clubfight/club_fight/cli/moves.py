"""``clubfight moves``: every legal move of a position, as text or as the JSON contract."""

from __future__ import annotations

import argparse
import json
import sys

from clubfight.club_fight.engine import Outcome, Position

from .input import read_position


def run(args: argparse.Namespace) -> int:
    position = read_position(args.position, args.variant)
    moves = sorted(position.legal_moves(), key=lambda m: m.sort_key())
    if args.json:
        print(json.dumps([m.to_json() for m in moves]))
    else:
        for move in moves:
            print(move)
        if not moves:  # a finished game: say so, rather than print nothing (stderr keeps stdout a move list)
            print(f"clubfight: no legal moves: the game is over ({_result(position)})", file=sys.stderr)
    return 0


def _result(position: Position) -> str:
    left = position.score
    return "won" if position.outcome is Outcome.WON else f"lost with {left} card{'s' if left != 1 else ''} left"
