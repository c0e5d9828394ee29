"""Where did the round turn? The seat's chance to win after each action as a block chart, and the
action that cost the most in words. Pure: the turning-point screen asks ``analyse`` on a thread and
draws these lines.

Which seat: the player's against the computer; in hot-seat the round's loser's (they have the most to
learn from it, and the winner's hidden cards stay out of it). ``analyse`` sees only what that seat
saw; in hot-seat the screen also keeps that seat's NINJUTSU picks unnamed, since the other player may
be looking at the terminal.
"""

from __future__ import annotations

from collections.abc import Sequence

from clubfight.combat.ai import AnalysedStep, Analysis, Turning
from clubfight.combat.engine import Action, Colour, NotationError, Round, parse_action
from clubfight.combat.game import Match

from .coach_hint import action_words

BLOCKS = "▁▂▃▄▅▆▇█"
CHART_ROWS = 4
"""Rows of the chart: 4 × 8 block heights."""
CHART_WIDTH = 64
"""Columns of the chart at most: up to 3 per action in a short round, a few actions averaged per column
in a long one."""
PICK = "pick"


def analysed_seat(match: Match, you: Colour | None) -> Colour:
    """The player's seat against the computer; in hot-seat (``you`` None) the loser of the last round."""
    if you is not None:
        return you
    outcome = match.current.outcome
    return outcome.winner.other if outcome is not None else Colour.RED


def round_to_analyse(match: Match) -> list[tuple[Sequence[Round], Sequence[Action]]]:
    """The last round's positions and actions, as ``analyse`` takes them."""
    played = match.rounds[-1]
    return [(played.positions(), played.actions)]


def scale(count: int, width: int = CHART_WIDTH) -> tuple[int, int]:
    """(columns per action, actions per column) for ``count`` actions in ``width`` columns."""
    if count <= width:
        return max(1, min(3, width // max(1, count))), 1
    return 1, -(-count // width)


def columns(chances: Sequence[float], width: int = CHART_WIDTH) -> list[float]:
    """``chances`` spread over at most ``width`` columns (a column of several actions is their mean)."""
    wide, per = scale(len(chances), width)
    if per == 1:
        return [c for c in chances for _ in range(wide)]
    return [sum(part) / len(part) for part in (chances[i : i + per] for i in range(0, len(chances), per))]


def chart_lines(chances: Sequence[float], rows: int = CHART_ROWS) -> list[str]:
    """A bar per chance (0 to 1), ``rows`` rows tall in eighths: the top row first."""
    # Any chance above 0 shows at least ▁, so that "unlikely" never looks like "lost".
    heights = [max(1, round(min(1.0, c) * rows * 8)) if c > 0 else 0 for c in chances]
    lines = []
    for row in range(rows - 1, -1, -1):
        line = ""
        for height in heights:
            fill = max(0, min(8, height - row * 8))
            line += BLOCKS[fill - 1] if fill else " "
        lines.append(line)
    return lines


def masked(text: str, hot_seat: bool) -> str:
    """An action of the analysis in the fight's words (``5♦ at 8``). In hot-seat a NINJUTSU pick shows
    without its card: the other player may be watching."""
    if (text.startswith(PICK + " ") and hot_seat) or text == PICK:
        return PICK
    try:
        return action_words(parse_action(text))
    except NotationError:
        return text


def turning_column(analysis: Analysis, turning: Turning, width: int = CHART_WIDTH) -> int | None:
    """The chart column of the turning action (its chance is the one after it)."""
    steps = analysis.steps
    index = next((i for i, s in enumerate(steps) if (s.round, s.index) == (turning.round, turning.index)), None)
    if index is None:
        return None
    wide, per = scale(len(steps), width)
    return index * wide if per == 1 else index // per


def chart_text(analysis: Analysis, *, hot_seat: bool) -> str:
    """The chart with its axis, a ▲ under the turning point, and what turned it."""
    steps = analysis.steps
    seat = analysis.seat
    if not steps:
        return f"No action to look at: {seat}'s round had none."
    cols = columns([s.chance for s in steps])
    labels = ("100%", "", "", "  0%")
    whose = f"{seat}'s (the round's loser)" if hot_seat else f"{seat}'s"
    lines = [f"{whose} chance to win the round after each action ({len(steps)} in the round):", ""]
    for label, line in zip(labels, chart_lines(cols), strict=True):
        lines.append(f"{label:>4} │{line}")
    axis = "     └" + "─" * len(cols)
    lines.append(axis)
    turning = analysis.turning
    if turning is not None:
        column = turning_column(analysis, turning)
        if column is not None:
            lines.append(" " * 6 + " " * column + "▲ here")
    lines.append("")
    lines.extend(verdict_lines(analysis, steps, hot_seat=hot_seat))
    return "\n".join(lines)


def verdict_lines(analysis: Analysis, steps: Sequence[AnalysedStep], *, hot_seat: bool) -> list[str]:
    seat = analysis.seat
    first, last = steps[0].chance, steps[-1].chance
    lines = [f"From {first:.0%} after the first action to {last:.0%} at the end."]
    turning = analysis.turning
    if turning is None:
        lines.append(f"No action of {seat}'s cost anything measurable against expert's choice.")
        return lines
    lines.append(
        f"It turned at action {turning.index + 1}: {masked(turning.action, hot_seat)} left {turning.chance:.0%}"
        f" (lost the most: {turning.loss:.0%})."
    )
    better = masked(turning.better, hot_seat)
    lines.append(f"The better play: {better}, which would have left {turning.better_chance:.0%}.")
    return lines
