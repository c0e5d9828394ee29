"""The statistics drawn with Rich: shared by ``clubfight stats`` and the app's stats screen, so the
shell and the app always show the same figures the same way."""

from __future__ import annotations

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from clubfight.club_fight.game import DealScore, GroupStats, StatsSummary

# Score buckets for the chart: exact at the low end, where most games finish, wider above.
BUCKETS: tuple[tuple[int, int], ...] = (
    (0, 0),
    (1, 1),
    (2, 2),
    (3, 3),
    (4, 4),
    (5, 5),
    (6, 7),
    (8, 10),
    (11, 15),
    (16, 20),
    (21, 30),
    (31, 41),
)
BAR = "█"
PARTIAL_BARS = " ▏▎▍▌▋▊▉"
NO_GAMES = "No games recorded yet: finish a game and it will show here."


def bucket_label(low: int, high: int) -> str:
    if high == 0:
        return "0 (won)"
    return str(low) if low == high else f"{low}-{high}"


def bucket_counts(group: GroupStats) -> list[tuple[str, int]]:
    return [(bucket_label(low, high), sum(group.histogram[low : high + 1])) for low, high in BUCKETS]


def bar(count: int, most: int, width: int) -> str:
    """A horizontal bar ``count/most`` of ``width`` cells, in eighths of a cell."""
    if most <= 0 or count <= 0:
        return ""
    eighths = max(1, round(8 * width * count / most))
    return BAR * (eighths // 8) + (PARTIAL_BARS[eighths % 8] if eighths % 8 else "")


def histogram_chart(group: GroupStats, width: int = 30) -> Table:
    """Scores (cards left) as a horizontal bar chart: one row per bucket, then the count."""
    counts = bucket_counts(group)
    most = max(count for _, count in counts)
    chart = Table.grid(padding=(0, 1))
    chart.add_column(justify="right", style="bold")
    chart.add_column(width=width, no_wrap=True)
    chart.add_column(justify="right")
    for label, count in counts:
        style = "green" if label.startswith("0") else "cyan"
        chart.add_row(label, Text(bar(count, most, width), style=style), str(count))
    return chart


def _deals(deals: tuple[DealScore, ...]) -> str:
    return "\n".join(f"{d.deal} ({d.score})" for d in deals) or "-"


def _average(group: GroupStats) -> str:
    return "-" if group.average_score is None else f"{group.average_score:.1f}"


FIGURES = (
    ("Played", lambda g: str(g.played)),
    ("Won", lambda g: str(g.won)),
    ("Win %", lambda g: f"{g.win_percent:.1f}"),
    ("Current streak", lambda g: str(g.current_streak)),
    ("Best streak", lambda g: str(g.best_streak)),
    ("Average score (cards left)", _average),
    ("Clean wins (no undo, no hint)", lambda g: str(g.clean_wins)),
    ("Hints used", lambda g: str(g.hints_used)),
    ("Games with undo", lambda g: str(g.games_with_undo)),
    ("Best deals (score)", lambda g: _deals(g.best_deals)),
    ("Worst deals (score)", lambda g: _deals(g.worst_deals)),
)


def figures_table(summary: StatsSummary) -> Table:
    """One column per level and variant, one row per figure."""
    table = Table(title="Club Fight statistics", title_style="bold", box=box.ROUNDED)
    table.add_column("", style="bold")
    for group in summary.groups:
        # fold: a daily deal code has 20 digits, and two of them must still fit 80 columns
        table.add_column(group.name, justify="right", overflow="fold")
    for name, figure in FIGURES:
        table.add_row(name, *(figure(group) for group in summary.groups))
    return table


def daily_line(summary: StatsSummary) -> Text:
    return Text.assemble(
        ("Daily deals: ", "bold"),
        f"{summary.daily_played} played, streak {summary.daily_streak} day{'s' if summary.daily_streak != 1 else ''}"
        f" (best {summary.best_daily_streak})",
    )


def histogram_panel(group: GroupStats, width: int = 30) -> Group:
    title = Text(f"Scores, {group.name} ({group.played} game{'s' if group.played != 1 else ''})", style="bold")
    return Group(title, histogram_chart(group, width))


def render_stats(summary: StatsSummary, width: int = 30) -> RenderableType:
    """Everything: the figures table, the daily streak, and a score chart per level and variant."""
    if not summary.groups:
        return Text(NO_GAMES)
    parts: list[RenderableType] = [figures_table(summary), daily_line(summary)]
    for group in summary.groups:
        parts.extend([Text(""), histogram_panel(group, width)])
    return Group(*parts)
