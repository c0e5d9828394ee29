"""``clubfight serve``: the game in a web browser, through textual-serve (the optional ``web`` extra).

Each browser tab runs its own ``clubfight`` process on the same data folder; the storage locks
keep the tabs' statistics, settings and saves safe from each other. Exported records reach the
browser as a download (``App.deliver_text``).
"""

from __future__ import annotations

import argparse
import shlex
import sys

WEB_EXTRA = "clubfight serve needs the web extra: pip install 'clubfight[web]' (or uv tool install 'clubfight[web]')"


def command() -> str:
    """The command each browser tab runs: this very interpreter and package, in served mode."""
    return f"{shlex.quote(sys.executable)} -m clubfight"


def run(args: argparse.Namespace) -> int:
    try:
        from textual_serve.server import Server  # the optional web extra
    except ImportError:
        print(f"clubfight: {WEB_EXTRA}", file=sys.stderr)
        return 1
    server = Server(command(), host=args.host, port=args.port, title="Club Fight")
    print(f"Serving Club Fight at http://{args.host}:{args.port} (Ctrl+C stops)", flush=True)
    server.serve()
    return 0
