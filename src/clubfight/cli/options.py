"""What every command shares: the one-line parser, argument types and the usage error.

The commands import these from here, never from ``main``, so the parser module stays a leaf.
"""

from __future__ import annotations

import argparse
from typing import Any, NoReturn

MAX_SEED = (1 << 64) - 1  # clubfight.engine.MAX_SEED; restated so --help needn't import the engine


class UsageError(Exception):
    """Bad input from the command line: printed as one line, exit status 2."""


class OneLineParser(argparse.ArgumentParser):
    """argparse, but errors are a single line (and status 2) instead of usage plus message.

    Abbreviations are off: ``stats --re --ye`` must not be read as ``--reset --yes``.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def seed_value(text: str) -> int:
    # ASCII digits only: int() would also take "1_000" and other scripts' digits.
    if not (text.isascii() and text.isdigit()):
        raise argparse.ArgumentTypeError(f"seed must be a whole number from 0 to {MAX_SEED}, not {text!r}")
    seed = int(text)
    if not 0 <= seed <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"seed must be from 0 to {MAX_SEED}, not {text}")
    return seed


def positive_int(text: str) -> int:
    if not (text.isascii() and text.isdigit()):
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}")
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number of at least 1, not {text}")
    return value


def positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, not {text!r}") from None
    if not value > 0 or value != value or value == float("inf"):
        raise argparse.ArgumentTypeError(f"expected a positive number, not {text}")
    return value


def port_number(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"expected a port number from 1 to 65535, not {text!r}")
    return int(text)


VARIANTS = ("all-clear",)  # clubfight.engine.VARIANT_NAMES, restated like MAX_SEED
LEVELS = ("easy", "hard")
STRENGTHS = ("fast", "strong", "expert")  # clubfight.ai.hints.STRENGTHS, restated: parsing stays light
COMBAT_OPPONENTS = ("easy", "normal", "hard")  # clubfight.combat.ai.LEVELS
COMBAT_ROUNDS = (1, 3, 5)
COMBAT_STYLES = (  # clubfight.combat.engine.Style's values
    "karate",
    "krav-maga",
    "mma",
    "jeet-kune-do",
    "wushu",
    "kung-fu",
    "ninjutsu",
    "wrestling",
    "sumo",
)
COMBAT_JUGGLES = ("combo", "rush", "both")
