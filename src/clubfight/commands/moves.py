"""``clubfight moves``: every legal move of a position, as text or as the JSON contract."""

from __future__ import annotations

import argparse
import json

from .common import read_position


def run(args: argparse.Namespace) -> int:
    position = read_position(args.position, args.variant)
    moves = sorted(position.legal_moves(), key=lambda m: m.sort_key())
    if args.json:
        print(json.dumps([m.to_json() for m in moves]))
    else:
        for move in moves:
            print(move)
    return 0
