"""The command line: ``main`` parses arguments and imports each command's module only when it runs."""

from .main import build_parser, main
from .options import MAX_SEED, UsageError

__all__ = ["MAX_SEED", "UsageError", "build_parser", "main"]
