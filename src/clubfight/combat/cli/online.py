"""``clubfight combat host``, ``join CODE`` and ``watch CODE``: an online match in the app
(docs/online.md). Every option is checked here, in one line, before the app opens; the network code
loads only once it does."""

from __future__ import annotations

import argparse
from typing import Any

from clubfight.combat.names import JUGGLES, ROUNDS, STYLES
from clubfight.common.command_line import OpenApp, UsageError, positive_float

SERVER_HELP = "the match server, such as ws://127.0.0.1:8765"


def add_online_parsers(subparsers: Any) -> None:
    """Add ``host``, ``join`` and ``watch`` to the ``combat`` command's subparsers."""
    host: argparse.ArgumentParser = subparsers.add_parser(
        "host",
        help="host an online match: open a room and wait for a friend",
        description=(
            "Open the app and create an online room; your friend joins it with the code shown. Without "
            "--server a match server starts on this machine, listening on 127.0.0.1 (this machine only) "
            "unless --listen says otherwise; it stops once the match is over, or after an hour with "
            "nobody connected."
        ),
    )
    host.add_argument("--server", metavar="URL", help=f"{SERVER_HELP} (default: start one on this machine)")
    host.add_argument(
        "--listen",
        metavar="ADDR",
        default="127.0.0.1",
        help="the address the started server listens on (default 127.0.0.1; 0.0.0.0 lets your network in)",
    )
    host.add_argument("--rounds", type=int, choices=ROUNDS, default=None, help="best of 1, 3 or 5 (default 3)")
    host.add_argument("--style", choices=STYLES, metavar="NAME", default=None, help="your fighting style")
    host.add_argument(
        "--other-style",
        choices=STYLES,
        metavar="NAME",
        default=None,
        help="the style proposed to your friend (the joiner may pick their own)",
    )
    host.add_argument(
        "--juggle", nargs="?", const="combo", choices=JUGGLES, default=None, help="juggle combos (default combo)"
    )
    host.add_argument("--survival", action="store_true", default=None, help="the loser of a round keeps its score")
    host.add_argument(
        "--colour", choices=("red", "black", "draw"), default=None, help="your colour (default: drawn by the server)"
    )
    host.add_argument(
        "--counter-window", type=positive_float, default=None, metavar="S", help="the counter window (default 3 s)"
    )
    host.add_argument(
        "--turn-timer", type=positive_float, default=None, metavar="S", help="seconds for each decision (default none)"
    )
    host.add_argument(
        "--grace",
        type=positive_float,
        default=None,
        metavar="S",
        help="how long a player may be away before the round can be claimed (default 120 s)",
    )
    host.add_argument("--coach", action="store_true", default=None, help="allow hints (a practice room)")

    join: argparse.ArgumentParser = subparsers.add_parser(
        "join",
        help="join an online match by its room code (or take your seat back)",
        description=(
            "Open the app and join the room CODE. If you already hold a seat in it (you closed the "
            "window), you are put back in your seat."
        ),
    )
    join.add_argument("code", metavar="CODE", help="the room code, such as KX7-4PM")
    join.add_argument("--server", metavar="URL", help=f"{SERVER_HELP} (default ws://127.0.0.1:8765)")
    join.add_argument("--style", choices=STYLES, metavar="NAME", default=None, help="choose your own style (F1)")

    watch: argparse.ArgumentParser = subparsers.add_parser(
        "watch",
        help="watch an online match as a spectator (the public table only)",
        description="Open the app and follow the room CODE as a spectator: no hands, no counter card.",
    )
    watch.add_argument("code", metavar="CODE", help="the room code, such as KX7-4PM")
    watch.add_argument("--server", metavar="URL", help=f"{SERVER_HELP} (default ws://127.0.0.1:8765)")


def server_url(text: str | None) -> str | None:
    if text is None:
        return None
    if not text.startswith(("ws://", "wss://")) or len(text) > 300 or any(c.isspace() for c in text):
        raise UsageError(f"--server {text!r} is not a server address such as ws://127.0.0.1:8765")
    return text


def room_options(args: argparse.Namespace) -> dict[str, Any]:
    """The room's options as the protocol has them (RoomOptions.from_json checks them)."""
    options: dict[str, Any] = {}
    for name in ("rounds", "juggle", "survival", "colour", "counter_window", "turn_timer", "grace", "coach"):
        value = getattr(args, name)
        if value is not None:
            options[name] = value
    styles = {key: getattr(args, name) for key, name in (("host", "style"), ("guest", "other_style"))}
    if any(styles.values()):
        options["styles"] = styles
    return options


def run(args: argparse.Namespace) -> OpenApp:
    from clubfight.combat.engine import Style
    from clubfight.combat.online.codes import RoomCodeError, parse_room_code
    from clubfight.combat.online.options import OptionError, RoomOptions
    from clubfight.combat.tui.launch import OnlineLaunch

    command = args.combat_command
    server = server_url(args.server)
    if command == "host":
        if server is not None and args.listen != "127.0.0.1":
            raise UsageError("--listen is for the server started here; leave it out with --server")
        try:
            options = RoomOptions.from_json(room_options(args))
        except OptionError as error:
            raise UsageError(str(error).replace("options.", "--").replace("_", "-")) from None
        return OpenApp(OnlineLaunch("host", server=server, options=options, listen=args.listen))
    try:
        room = parse_room_code(args.code)
    except RoomCodeError as error:
        raise UsageError(str(error)) from None
    if command == "watch":
        return OpenApp(OnlineLaunch("watch", room=room, server=server))
    style = Style(args.style) if args.style else None
    return OpenApp(OnlineLaunch("join", room=room, server=server, style=style, choose_style=args.style is not None))
