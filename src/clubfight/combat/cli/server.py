"""``clubfight combat server``: the headless match server for Combat Club online (docs/online.md).

The parser is registered by ``add_server_parser``; nothing heavy (websockets, the engine) is
imported until ``run``. The rooms are kept in ``--data DIR`` (default: the data folder's
``online``), one file a room, written atomically by ``clubfight.club_fight.storage`` after every change;
only one server at a time may use a folder.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import threading
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any

from clubfight.common.command_line import UsageError, positive_float, positive_int

if TYPE_CHECKING:
    from clubfight.combat.online.store import RoomStore

ROOMS_FOLDER = "rooms"


def port_or_any(text: str) -> int:
    """A port number, or 0 for any free one."""
    if not (text.isascii() and text.isdigit()) or not 0 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"expected a port number from 0 (any free port) to 65535, not {text!r}")
    return int(text)


def add_server_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add ``server`` to the ``combat`` command's subparsers."""
    server: argparse.ArgumentParser = subparsers.add_parser(
        "server",
        help="run the online match server: many rooms, headless",
        description=(
            "Run the Combat Club match server (protocol 1, docs/online.md): rooms created and joined by "
            "code, each match run by the engine, every room kept on disk after every action and brought "
            "back on restart. Logs one line per room event. Ctrl+C stops it."
        ),
    )
    server.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    server.add_argument("--port", type=port_or_any, default=8765, help="the port (default 8765; 0: any free port)")
    server.add_argument(
        "--data",
        type=Path,
        default=None,
        metavar="DIR",
        help="keep the rooms here (default: the data folder's online/)",
    )
    server.add_argument("--memory", action="store_true", help="keep rooms in memory only: nothing survives a restart")
    server.add_argument(
        "--max-rooms", type=positive_int, default=10_000, metavar="N", help="most rooms at once (default 10000)"
    )
    server.add_argument(
        "--ping-interval",
        type=positive_float,
        default=20.0,
        metavar="S",
        help="keepalive ping every S seconds; a client silent for 2S is dropped (default 20)",
    )
    server.add_argument(
        "--fixed-deals",
        action="store_true",
        help="let a room's creator fix its deal (tests only: the creator knows every card)",
    )
    server.add_argument(
        "--finished-ttl",
        type=positive_float,
        default=600.0,
        metavar="S",
        help="remove a finished room after S seconds (default 600)",
    )
    server.add_argument(
        "--idle-ttl",
        type=positive_float,
        default=6 * 3600.0,
        metavar="S",
        help="remove a room nobody has joined for S seconds (default 21600)",
    )
    server.add_argument(
        "--exit-when-done", action="store_true", help="stop once every match has ended and nobody is connected"
    )
    server.add_argument(
        "--idle-exit", type=positive_float, default=None, metavar="S", help="stop after S seconds with nobody connected"
    )
    server.add_argument(
        "--stats", type=positive_float, default=None, metavar="S", help="log a line of load figures every S seconds"
    )
    server.add_argument(
        "--ready-file", type=Path, default=None, metavar="FILE", help="write the address to FILE (JSON) once listening"
    )
    return server


LOG_FLUSH_DELAY = 0.05
"""Lines logged from the event loop reach stdout within this many seconds, written together: a
write per line (stdout is often unbuffered, PYTHONUNBUFFERED) cost a system call per room event,
4% of the server's time at 500 rooms."""

_log_lines: list[str] = []
_log_lock = threading.Lock()


def _log(line: str) -> None:
    stamp = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    with _log_lock:
        _log_lines.append(f"{stamp} {line}\n")
        first = len(_log_lines) == 1
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:  # not on the event loop (start-up, shutdown, a writer thread): at once
        _flush_log()
        return
    if first:
        loop.call_later(LOG_FLUSH_DELAY, _flush_log)


def _flush_log() -> None:
    with _log_lock:
        text = "".join(_log_lines)
        _log_lines.clear()
    if text:
        sys.stdout.write(text)
        sys.stdout.flush()


class StorageFiles:
    """The room store's file work, done as ``clubfight.club_fight.storage`` does all of it: atomic, versioned
    documents; a damaged file is backed up, reported once and set aside."""

    def write(self, path: Path, body: dict[str, Any]) -> None:
        from clubfight.combat.online.snapshot import SNAPSHOT_KIND, SNAPSHOT_VERSION
        from clubfight.common.storage.atomic import write_document

        write_document(path, SNAPSHOT_KIND, SNAPSHOT_VERSION, body)

    def read(self, path: Path) -> tuple[dict[str, Any] | None, str | None]:
        from clubfight.combat.online.snapshot import SNAPSHOT_KIND, SNAPSHOT_VERSION
        from clubfight.common.storage.atomic import load_document

        def parse(document: dict[str, Any]) -> tuple[dict[str, Any] | None, str | None]:
            return {k: v for k, v in document.items() if k not in ("format", "version")}, None

        loaded = load_document(
            path,
            kind=SNAPSHOT_KIND,
            version=SNAPSHOT_VERSION,
            what=f"online room {path.stem}",
            parse=parse,
            default=lambda: None,
            rewrite=lambda value: path.unlink(missing_ok=True),
        )
        return loaded.value, loaded.warning

    def set_aside(self, path: Path, reason: str) -> str:
        from clubfight.common.storage.atomic import keep_backup

        try:
            backup = keep_backup(path, path.read_bytes())
            path.unlink()
        except OSError as error:
            return f"room file {path} can't be played ({reason}) nor set aside ({error.strerror or error})"
        return f"room file {path} can't be played ({reason}); set aside, a copy is at {backup}"

    def remove(self, path: Path) -> None:
        path.unlink(missing_ok=True)


def room_store(folder: Path, *, warn: Any = _log) -> RoomStore:
    from clubfight.combat.online.store import FileStore

    return FileStore(folder / ROOMS_FOLDER, StorageFiles(), warn=warn)


def run(args: argparse.Namespace) -> int:
    import asyncio
    import contextlib
    import signal

    from clubfight.combat.online.server import MatchServer, ServerSettings
    from clubfight.combat.online.store import MemoryStore
    from clubfight.common.storage.atomic import atomic_write_text
    from clubfight.common.storage.lock import hold
    from clubfight.common.storage.paths import data_dir

    folder: Path = args.data if args.data is not None else data_dir() / "online"
    claim = None
    if args.memory:
        store: RoomStore = MemoryStore()
    else:
        try:
            claim = hold(folder / ROOMS_FOLDER)
        except OSError as error:
            raise UsageError(f"can't use {folder}: {error.strerror or error}") from None
        if claim is None:
            raise UsageError(f"another server is using {folder}: give this one its own --data folder")
        store = room_store(folder)
    settings = ServerSettings(
        host=args.host,
        port=args.port,
        ping_interval=args.ping_interval,
        ping_timeout=args.ping_interval,
        fixed_deals=args.fixed_deals,
        max_rooms=args.max_rooms,
        finished_ttl=args.finished_ttl,
        idle_ttl=args.idle_ttl,
        exit_when_done=args.exit_when_done,
        idle_exit=args.idle_exit,
        stats_interval=args.stats,
    )
    server = MatchServer(settings, store, _log)

    def listening(url: str) -> None:
        if args.ready_file is not None:
            atomic_write_text(args.ready_file, json.dumps({"url": url, "port": server.port}))
        where = "in memory" if args.memory else str(folder)
        _log(f"clubfight combat server, protocol 1, rooms kept {where}")

    async def main() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for name in ("SIGINT", "SIGTERM"):
            sig = getattr(signal, name, None)
            if sig is not None:
                with contextlib.suppress(NotImplementedError, RuntimeError):  # Windows: Ctrl+C still stops it
                    loop.add_signal_handler(sig, stop.set)
        await server.run(stop, listening)

    try:
        asyncio.run(main())
    except OSError as error:
        print(f"clubfight: error: can't listen on {args.host}:{args.port}: {error.strerror or error}", file=sys.stderr)
        return 1
    finally:
        _flush_log()
        if claim is not None:
            claim.release()
    return 0
