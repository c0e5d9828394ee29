"""Win rates of the solver and every policy: the same code as ``clubfight bench``.

Run: uv run python benchmarks/ai.py [--seeds 1-500] [--levels easy,hard] [--policies ...] [--jobs N] [--json FILE]
The figures in docs/ai.md came from the commands listed there.
"""

from __future__ import annotations

import sys

from clubfight.cli import main

if __name__ == "__main__":
    sys.exit(main(["bench", *sys.argv[1:]]))
