"""``clubfight combat analyse RECORD``: where did the round turn? A match followed from one seat.

For every action of the record, the seat's chance to win the round after it, by expert's estimate
from what the seat could see at the time; then the seat's action that cost the most, against the
play expert would have made.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from .replay import read_combat_record


def analysis_data(analysis: Any) -> dict[str, Any]:
    turning = analysis.turning
    return {
        "seat": analysis.seat.value,
        "steps": [
            {
                "round": s.round,
                "index": s.index,
                "actor": s.actor.value,
                "action": s.action,
                "chance": round(s.chance, 3),
            }
            for s in analysis.steps
        ],
        "turning": None
        if turning is None
        else {
            "round": turning.round,
            "index": turning.index,
            "action": turning.action,
            "better": turning.better,
            "chance": round(turning.chance, 3),
            "better_chance": round(turning.better_chance, 3),
        },
    }


def analysis_text(data: dict[str, Any]) -> str:
    seat = data["seat"].upper()
    lines = [f"{seat}'s chance to win the round after each action:"]
    current = None
    for step in data["steps"]:
        if step["round"] != current:
            current = step["round"]
            lines.append(f"Round {current}")
        lines.append(f"  {step['index'] + 1:>3}. {step['actor']:<5} {step['action']:<28} {step['chance']:>4.0%}")
    turning = data["turning"]
    if turning is None:
        lines.append(f"No action of {seat}'s cost anything measurable against expert's choice.")
    else:
        lines.append(
            f"It turned at round {turning['round']}, action {turning['index'] + 1}: {turning['action']} "
            f"left {turning['chance']:.0%}; {turning['better']} would have left {turning['better_chance']:.0%}."
        )
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    from clubfight.combat.ai import analyse
    from clubfight.combat.engine import Colour

    match = read_combat_record(args.record)
    rounds = []
    for played in match.rounds:
        rounds.append((played.positions(), played.actions))
    analysis = analyse(rounds, Colour(args.seat), seed=args.seed, samples=args.samples)
    data = analysis_data(analysis)
    print(json.dumps(data) if args.json else analysis_text(data))
    return 0
