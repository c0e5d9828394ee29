"""What every command of both games shares: the one-line parser, argument types and the usage error.

The commands import these from here, never from ``clubfight.cli.main``, so the parser stays a leaf.
"""

from __future__ import annotations

import argparse
import difflib
import itertools
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

from .shuffle import read_seed


class UsageError(Exception):
    """Bad input from the command line: printed as one line, exit status 2."""


class OneLineParser(argparse.ArgumentParser):
    """argparse, but errors are a single line (and status 2) instead of usage plus message.

    Abbreviations are off: ``stats --re --ye`` must not be read as ``--reset --yes``.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)
        self._arguments: list[str] = []

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        self._arguments = [str(arg) for arg in (sys.argv[1:] if args is None else args)]
        return super().parse_known_args(args, namespace)

    def error(self, message: str) -> NoReturn:
        message = self._unknown_option(message) or message
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")

    def _unknown_option(self, message: str) -> str | None:
        """``clubfight --lev hard``: argparse takes ``hard`` for the command and says it is an invalid
        choice. When the invalid choice follows an option this parser doesn't know, that option is
        the mistake: say so, and which option was meant. Every other message is argparse's own."""
        choice = re.match(r"argument [A-Z_]+: invalid choice: '(.*?)'", message)
        if choice is None:
            return None
        arguments = self._arguments
        for before, value in itertools.pairwise(arguments):
            if value == choice[1] and before.startswith("--") and before not in self._option_string_actions:
                meant = [option for option in self._option_string_actions if option.startswith(before)]
                meant = meant or difflib.get_close_matches(before, list(self._option_string_actions), n=1)
                return f"unknown option {before}" + (f" (did you mean {' or '.join(meant)}?)" if meant else "")
        return None


def seed_value(text: str) -> int:
    try:
        return read_seed(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


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


def read_record_text(name: str, *, max_lines: int, max_line_length: int, what: str) -> str:
    """The text of record file ``name``, read no further than a record can be long; any problem is a
    UsageError naming the file (and the line, for bytes that aren't UTF-8). ``what`` names the kind."""
    max_bytes = max_lines * (max_line_length + 2)
    try:
        with Path(name).open("rb") as handle:
            raw = handle.read(max_bytes + 1)
    except OSError as error:
        raise UsageError(f"can't read {name}: {error.strerror or error}") from None
    if len(raw) > max_bytes:
        raise UsageError(f"{name} is too large to be {what}")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        raise UsageError(f"{name}:{line}: not text ({what} is UTF-8)") from None


@dataclass(frozen=True)
class OpenApp:
    """What a command returns to open the app on ``launch`` (a game's launch value) instead of a status:
    ``clubfight.cli.main`` builds the app with every game, which no game's command can see."""

    launch: object


def check_writable(path: Path) -> None:
    """Refuse an output path (``--json FILE``) that can't be written, without creating anything yet."""
    if path.is_dir():
        raise UsageError(f"can't write {path}: it is a directory")
    if not path.parent.is_dir():
        raise UsageError(f"can't write {path}: no folder {path.parent}")
