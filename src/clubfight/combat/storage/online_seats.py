"""``combat-online.json``: the seats this player holds in online matches, one entry per room, so a
closed terminal (or a crash) can take its seat back (``clubfight combat join CODE``, or the offer
``clubfight combat`` makes).

An entry is what resumes a seat: the server's address, the room, the colour and the seat's token,
plus whether this player hosts it and the pid of the server the app started for it. It never holds
a card: the server keeps the match.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from clubfight.common.storage import paths
from clubfight.common.storage.atomic import Loaded, load_document, write_document
from clubfight.common.storage.lock import locked
from clubfight.common.storage.schema import SchemaError, as_object, get_bool, get_int, get_str

KIND = "combat-online"
VERSION = 1
FILE_NAME = "combat-online.json"
MAX_SEATS = 50
"""Far more than anyone plays at once; the oldest go first."""


@dataclass(frozen=True, slots=True)
class HeldSeat:
    """A seat in an online room: ``url``, ``room``, ``seat`` ("red" or "black") and ``token`` are the
    client's ticket; ``host`` says this player created the room; ``server_pid`` is the background
    server started for it (0: none of ours)."""

    url: str
    room: str
    seat: str
    token: str
    host: bool = False
    server_pid: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "url": self.url,
            "room": self.room,
            "seat": self.seat,
            "token": self.token,
            "host": self.host,
            "server_pid": self.server_pid,
        }


def online_seats_path(folder: Path | None = None) -> Path:
    return (folder or paths.data_dir()) / FILE_NAME


def read_seat(value: object) -> HeldSeat:
    obj = as_object(value, "seat")
    url = get_str(obj, "url", 300)
    if not url.startswith(("ws://", "wss://")):
        raise SchemaError("url must be a server address such as ws://127.0.0.1:8765")
    seat = get_str(obj, "seat", 5)
    if seat not in ("red", "black"):
        raise SchemaError("seat must be red or black")
    return HeldSeat(
        url=url,
        room=get_str(obj, "room", 20),
        seat=seat,
        token=get_str(obj, "token", 100),
        host=get_bool(obj, "host"),
        server_pid=get_int(obj, "server_pid", 0, 2**31 - 1),
    )


def _parse(document: dict[str, Any]) -> tuple[list[HeldSeat], str | None]:
    entries = document.get("seats")
    if not isinstance(entries, list):
        raise SchemaError("seats must be a list")
    kept: list[HeldSeat] = []
    dropped = 0
    for entry in entries[-MAX_SEATS:]:
        try:
            kept.append(read_seat(entry))
        except SchemaError:
            dropped += 1
    return kept, (f"had {dropped} unreadable seats, which were dropped" if dropped else None)


def _write(seats: list[HeldSeat], path: Path) -> None:
    write_document(path, KIND, VERSION, {"seats": [s.to_json() for s in seats[-MAX_SEATS:]]})


def load_online_seats(path: Path | None = None, *, now: datetime | None = None) -> Loaded[list[HeldSeat]]:
    """Every seat held, oldest first. Never raises: a damaged file is set aside with one warning."""
    target = path or online_seats_path()
    return load_document(
        target,
        kind=KIND,
        version=VERSION,
        what="online seats",
        parse=_parse,
        default=list,
        rewrite=lambda seats: _write(seats, target),
        now=now,
    )


def keep_seat(seat: HeldSeat, path: Path | None = None) -> str | None:
    """Remember ``seat`` (replacing the entry of the same room and server); returns a warning line, if any."""
    target = path or online_seats_path()
    with locked(target):
        loaded = load_online_seats(target)
        seats = [s for s in loaded.value if (s.url, s.room) != (seat.url, seat.room)]
        _write([*seats, seat], target)
    return loaded.warning


def forget_seat(url: str, room: str, path: Path | None = None) -> None:
    """Drop the entry of ``room`` on ``url`` (the match is over, or the player let it go)."""
    target = path or online_seats_path()
    if not target.exists():
        return
    with locked(target):
        seats = load_online_seats(target).value
        kept = [s for s in seats if (s.url, s.room) != (url, room)]
        if len(kept) != len(seats):
            _write(kept, target)


def seat_for_room(room: str, path: Path | None = None) -> HeldSeat | None:
    """The newest seat held in ``room`` (a canonical code such as KX7-4PM), if any."""
    for seat in reversed(load_online_seats(path).value):
        if seat.room == room:
            return seat
    return None
