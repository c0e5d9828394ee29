"""``clubfight combat moves POSITION``: every legal attacking play of a position, as text or as the JSON
contract of docs/combat-notation.md."""

from __future__ import annotations

import argparse
import json
import sys

from clubfight.combat.engine import (
    MAX_POSITION_LENGTH,
    NotationError,
    PlayKind,
    PlayReport,
    Points,
    Round,
    analyse,
    parse_position,
)
from clubfight.common.command_line import UsageError


def run(args: argparse.Namespace) -> int:
    position = read_combat_position(args.position)
    reports = analyse(position)
    if args.json:
        print(json.dumps([report.to_json() for report in reports]))
    else:
        for report in reports:
            print(play_text(report))
        if not reports:  # stderr, so that stdout stays a list of plays
            print(f"clubfight: no legal plays: {position.attacker}'s turn ends here (T3)", file=sys.stderr)
    return 0


def read_combat_position(text: str) -> Round:
    """Position JSON, or ``-`` for standard input; every problem is a one-line UsageError."""
    if text == "-":
        try:
            text = sys.stdin.read(MAX_POSITION_LENGTH + 1)
        except UnicodeDecodeError:
            raise UsageError("bad position: standard input is not text (position JSON is UTF-8)") from None
    try:
        return parse_position(text)
    except NotationError as error:
        raise UsageError(str(error)) from None


def points_text(points: Points) -> str:
    """``Throw 3 + Combo 2 = 5``: every part that scores, and the total, even for a single part."""
    parts = [f"{'Throw' if points.kind is PlayKind.THROW else 'Attack'} {points.base}"]
    for name, value in (
        ("Combo", points.combo),
        ("Rush", points.rush),
        ("Block", points.block),
        ("Punish", points.punish),
    ):
        if value:
            parts.append(f"{name} {value}")
    return f"{' + '.join(parts)} = {points.total}"


def play_text(report: PlayReport) -> str:
    """``2H-3D onto 2 (unsafe): Throw 3 = 3; JS counters for 2``."""
    attack = report.attack
    line = f"{'-'.join(map(str, attack.cards))} onto {attack.to} ({'safe' if report.safe else 'unsafe'}): "
    line += points_text(report.points)
    if report.wins:
        line += f"; wins by {' and '.join(w.value for w in report.wins)}"
    if not report.safe:
        if report.counters:
            answers = []
            for counter in report.counters:
                answer = f"{counter.card} counters for {counter.points.total}"
                if counter.wins:
                    answer += f" and wins by {' and '.join(w.value for w in counter.wins)}"
                answers.append(answer)
            line += "; " + ", ".join(answers)
        else:
            line += "; no counter"
    return line
