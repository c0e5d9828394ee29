"""``clubfight solve``: the clairvoyant verdict on a deal or position, with a winning line."""

from __future__ import annotations

import argparse
import json

from clubfight.club_fight.ai import Verdict, solve

from .input import read_position


def run(args: argparse.Namespace) -> int:
    position = read_position(args.position, args.variant)
    result = solve(position, time_limit=args.time_limit, node_limit=args.nodes)
    if args.json:
        print(
            json.dumps(
                {
                    "verdict": result.verdict.value,
                    "line": [str(move) for move in result.line],
                    "moves": [move.to_json() for move in result.line],
                    "nodes": result.nodes,
                    "seconds": round(result.seconds, 4),
                }
            )
        )
        return 0
    if result.verdict is Verdict.WINNABLE and not result.line:
        print("won: the grid and the grid deck are already empty")
    elif result.verdict is Verdict.WINNABLE:
        print(f"winnable in {len(result.line)} turns:")
        for move in result.line:
            print(f"  {move}")
    elif result.verdict is Verdict.UNWINNABLE and position.is_over:
        left = "1 card" if position.score == 1 else f"{position.score} cards"
        print(f"lost: the clubs are used up with {left} left")
    elif result.verdict is Verdict.UNWINNABLE:
        print("unwinnable: every line was searched and none wins")
    else:
        print("unknown: the search ran out of its budget before deciding (try a larger --time-limit or --nodes)")
    print(f"{result.nodes:,} nodes in {result.seconds:.3f} s")
    return 0
