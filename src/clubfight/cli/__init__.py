"""The command line: ``main`` parses arguments and imports each command's module only when it runs.
Each game adds its own options and commands (``club_fight.cli.parser``, ``combat.cli.parser``)."""

from clubfight.common.command_line import UsageError
from clubfight.common.shuffle import MAX_SEED

from .main import build_parser, main

__all__ = ["MAX_SEED", "UsageError", "build_parser", "main"]
