"""``clubfight combat hint POSITION``: expert's play for the attacker of a position, with its reasons.

The position is the ``combat moves`` format (docs/combat-notation.md). The hint sees only what the
attacker may see: the position's ``defender_hand`` is read (the format requires it) but never
looked at, so changing it never changes the hint.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from .moves import read_combat_position


def reasons_data(action: object, reasons: Any) -> dict[str, Any]:
    """The suggestion as JSON-ready data (docs/combat-ai.md, *The coach*)."""
    return {
        "action": str(action),
        "points": reasons.points,
        "safe": reasons.safe,
        "counter_risk": round(reasons.counter_risk, 3),
        "wins": [w.value for w in reasons.wins],
        "sets_up": list(reasons.sets_up),
        "hands_over": [str(c) for c in reasons.hands_over],
        "win_chance": round(reasons.win_chance, 3),
    }


def hint_text(data: dict[str, Any]) -> str:
    """``Play 9D@4: scores 3; unsafe, counter risk 33%; ...``, for a person to read."""
    action = data["action"]
    lines = [f"Expert plays {action}" if action != "end" else "Expert ends the turn"]
    if action != "end":
        lines.append(
            f"  scores {data['points']} if it stands"
            + (", and wins by " + ", ".join(data["wins"]) if data["wins"] else "")
        )
        risk = "safe: it can't be countered" if data["safe"] else f"unsafe: counter risk {data['counter_risk']:.0%}"
        lines.append(f"  {risk}")
    if data["sets_up"]:
        lines.append(f"  sets up: {', '.join(data['sets_up'])} next turn")
    if data["hands_over"]:
        when = "if it is countered or the turn ends" if not data["safe"] else "when the turn ends"
        lines.append(f"  hands over {' '.join(data['hands_over'])} as ADVANTAGE {when}")
    lines.append(f"  chance to win the round after it: {data['win_chance']:.0%}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    from clubfight.combat.ai import suggest

    position = read_combat_position(args.position)
    suggestion = suggest(position, position.attacker, seed=args.seed)
    data = reasons_data(suggestion.action, suggestion.reasons)
    print(json.dumps(data) if args.json else hint_text(data))
    return 0
