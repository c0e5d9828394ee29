"""The spoken log: every game's plain one-line account of what each key did, each move, the
computer's plays, counters and round ends, as a screen reader would read it aloud. Plain Python:
the games' models write the lines (``CardGamesApp.speak``), the log screen shows them.

A line may be private to the player at the keyboard (their own hand, in hot-seat): such lines are
forgotten when the keyboard passes (``forget_private``), so the next player can't read them back.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

KEPT = 500
"""The newest lines kept: a long match's worth, bounded."""
TITLE_LENGTH = 200
"""A terminal title longer than this is cut (some terminals truncate or refuse long titles)."""
UNSAFE_IN_TITLE = re.compile(r"[\x00-\x1f\x7f-\x9f]")
"""Control characters: none may reach the title's escape sequence (they would end or break it)."""


@dataclass
class SpokenLine:
    text: str
    private: bool = False


@dataclass
class SpokenLog:
    """The lines, oldest first; a line equal to the last one is said once."""

    lines: list[SpokenLine] = field(default_factory=list)

    def add(self, text: str, *, private: bool = False) -> bool:
        """Add ``text`` (stripped); False when there was nothing new to say."""
        text = " ".join(text.split())
        if not text or (self.lines and self.lines[-1].text == text):
            return False
        self.lines.append(SpokenLine(text, private))
        del self.lines[:-KEPT]
        return True

    def forget_private(self) -> None:
        self.lines = [line for line in self.lines if not line.private]

    def texts(self) -> list[str]:
        return [line.text for line in self.lines]

    @property
    def latest(self) -> str:
        return self.lines[-1].text if self.lines else ""


def title_sequence(text: str) -> str:
    """The escape sequence (OSC 2) that sets the terminal's window title to ``text``: where screen
    readers such as Orca, and terminals' status lines, read it."""
    clean = UNSAFE_IN_TITLE.sub(" ", text)[:TITLE_LENGTH]
    return f"\x1b]2;{clean}\x07"
