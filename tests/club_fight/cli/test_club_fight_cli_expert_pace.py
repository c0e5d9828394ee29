"""Expert's cost is said as measured (a median of about 0.6 s a move, docs/ai.md), the same in the
command line's help as in Settings, never "a second or more"."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from pathlib import Path

from clubfight.cli import build_parser
from clubfight.club_fight.ai import bench
from clubfight.club_fight.names import EXPERT_PACE, HINT_STRENGTH_LABELS


def helps(parser: argparse.ArgumentParser) -> Iterator[str]:
    for action in parser._actions:
        if action.help:
            yield str(action.help)
        if isinstance(action, argparse._SubParsersAction):
            for command in action.choices.values():
                yield from helps(command)


def test_expert_is_described_by_its_measured_median() -> None:
    texts = list(helps(build_parser()))
    expert = [text for text in texts if "expert" in text and " s " in text]
    assert len(expert) == 3, expert  # clubfight --strength, hint --strength, bench --policies
    assert all(EXPERT_PACE in text for text in expert)
    assert not any("second or more" in text for text in texts)
    assert "0.6 s" in HINT_STRENGTH_LABELS["expert"] and "0.6 s" in EXPERT_PACE


def test_the_bench_module_says_the_measured_pace() -> None:
    source = Path(bench.__file__).read_text(encoding="utf-8")
    assert "second or more" not in source and "0.6 s a move" in source
