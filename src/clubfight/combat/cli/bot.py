"""``clubfight combat bot``: one online match played headless by the computer (docs/online.md).

It plays through the protocol with the same client the app uses, decides as the computer at its
level would on what its seat sees, reconnects with backoff and resumes its seat. With ``--create``
its first line is the room code alone; its last line is one JSON object with the result.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from clubfight.combat.names import OPPONENTS, ROUNDS, STYLES
from clubfight.common.command_line import UsageError, positive_float, seed_value


def seconds_or_none(text: str) -> float:
    """A number of seconds, 0 or more."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of seconds, not {text!r}") from None
    if not 0 <= value < float("inf"):
        raise argparse.ArgumentTypeError(f"expected a number of seconds, 0 or more, not {text}")
    return value


def add_bot_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``bot`` to the ``combat`` command's subparsers."""
    bot: argparse.ArgumentParser = subparsers.add_parser(
        "bot",
        help="play one online match as the computer, headless",
        description=(
            "Play one online Combat Club match as the computer at LEVEL, through the match server "
            "(docs/online.md). With --create the first line printed is the room code; the last is the "
            "result as JSON. Exits 0 when the match ended normally."
        ),
    )
    bot.add_argument("--server", required=True, metavar="URL", help="the server, such as ws://127.0.0.1:8765")
    start = bot.add_mutually_exclusive_group(required=True)
    start.add_argument("--create", action="store_true", help="create a room (and print its code)")
    start.add_argument("--join", metavar="CODE", help="join the room with this code")
    bot.add_argument("--level", choices=OPPONENTS, default="normal", help="the computer's level (default normal)")
    bot.add_argument(
        "--seed", type=seed_value, default=0, metavar="N", help="the bot's own seed for its choices (default 0)"
    )
    bot.add_argument(
        "--pace", type=seconds_or_none, default=0.0, metavar="SECONDS", help="wait this long before each action"
    )
    room = bot.add_argument_group("the room, with --create")
    room.add_argument("--rounds", type=int, choices=ROUNDS, default=None, help="best of 1, 3 or 5 (default 3)")
    room.add_argument(
        "--colour", choices=("red", "black", "draw"), default=None, help="the bot's colour (default: the draw decides)"
    )
    room.add_argument(
        "--deal", metavar="CODE", default=None, help="fix the deal (a server started with --fixed-deals only)"
    )
    room.add_argument(
        "--counter-window", type=positive_float, default=None, metavar="S", help="counter window (default 3)"
    )
    room.add_argument("--turn-timer", type=positive_float, default=None, metavar="S", help="turn timer (default none)")
    room.add_argument(
        "--grace", type=positive_float, default=None, metavar="S", help="reconnect grace period (default 120)"
    )
    bot.add_argument("--style", choices=STYLES, metavar="NAME", default=None, help="the bot's fighting style")
    bot.add_argument(
        "--session",
        type=Path,
        default=None,
        metavar="FILE",
        help="keep the seat's token in FILE, and resume the seat it holds",
    )
    bot.add_argument(
        "--give-up",
        type=positive_float,
        default=300.0,
        metavar="S",
        help="give up after S seconds without a connection (default 300)",
    )
    return bot


def _options(args: argparse.Namespace) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for name, key in (
        ("rounds", "rounds"),
        ("colour", "colour"),
        ("deal", "deal"),
        ("counter_window", "counter_window"),
    ):
        if getattr(args, name) is not None:
            options[key] = getattr(args, name)
    if args.turn_timer is not None:
        options["turn_timer"] = args.turn_timer
    if args.grace is not None:
        options["grace"] = args.grace
    if args.style is not None:
        options["styles"] = {"host": args.style}
    return options


def run(args: argparse.Namespace) -> int:
    import asyncio

    from clubfight.combat.ai import Opponent
    from clubfight.combat.engine import Style
    from clubfight.combat.online.bot import play_bot
    from clubfight.combat.online.client import OnlineSession, Ticket
    from clubfight.combat.online.codes import RoomCodeError, parse_room_code
    from clubfight.combat.online.options import OptionError, RoomOptions

    if not args.create:
        for name in ("rounds", "colour", "deal", "counter_window", "turn_timer", "grace"):
            if getattr(args, name) is not None:
                raise UsageError(f"--{name.replace('_', '-')} sets up a room: use it with --create")
    ticket: Ticket | None = None
    if args.session is not None and args.session.is_file():
        try:
            ticket = Ticket.from_json(args.session.read_text(encoding="utf-8"))
        except (OSError, ValueError, KeyError) as error:
            raise UsageError(f"{args.session} holds no seat to resume ({error})") from None
    create: RoomOptions | None = None
    join: str | None = None
    if ticket is None:
        if args.create:
            try:
                create = RoomOptions.from_json(_options(args))
            except OptionError as error:
                raise UsageError(str(error)) from None
        else:
            try:
                join = parse_room_code(args.join)
            except RoomCodeError as error:
                raise UsageError(str(error)) from None
    style = Style(args.style) if args.style is not None else None
    session = OnlineSession(
        args.server,
        create=create,
        join=join,
        ticket=ticket,
        style=style,
        choose_style=join is not None and args.style is not None,
        give_up_after=args.give_up,
    )

    def room_line(code: str) -> None:
        if args.create:
            print(code, flush=True)

    def keep(ticket: Ticket) -> None:
        if args.session is not None:
            from clubfight.common.storage.atomic import atomic_write_text

            atomic_write_text(args.session, ticket.to_json())

    def log(line: str) -> None:
        print(f"clubfight bot: {line}", file=sys.stderr, flush=True)

    result = asyncio.run(
        play_bot(
            session,
            Opponent(args.level),
            seed=args.seed,
            pace=args.pace,
            on_room=room_line,
            on_ticket=keep,
            log=log,
        )
    )
    print(json.dumps(result.to_json()), flush=True)
    if not result.finished:
        log(f"the match didn't finish: {result.reason}")
        return 1
    return 0
