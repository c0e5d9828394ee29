"""Room codes such as ``KX7-4PM``: short, easy to read aloud, and hard to guess. Pure.

The alphabet keeps at most one of each group that reads alike (0 O Q, 1 I L, 2 Z, 5 S, 8 B, 6 G,
U V), so a code copied by hand or read out over the phone comes back right. Six symbols from 21
make 85,766,121 codes: with the server's limit on wrong guesses (docs/online.md), finding a live
room by guessing takes months, not minutes.

The code is drawn by the caller's source of random bytes (the server passes ``secrets.token_bytes``),
so this module stays pure and testable.
"""

from __future__ import annotations

from collections.abc import Callable

ALPHABET = "ACDEFHJKMNPRTWXY34679"
"""21 symbols, none easily mistaken for another."""
CODE_LENGTH = 6
GROUP = 3
"""Written as two groups of three: ``KX7-4PM``."""
CODE_SPACE = len(ALPHABET) ** CODE_LENGTH


class RoomCodeError(ValueError):
    """Text that is not a room code."""


def new_room_code(random_bytes: Callable[[int], bytes]) -> str:
    """A fresh code, drawn without bias: bytes at or above the largest multiple of 21 are redrawn."""
    limit = 256 - 256 % len(ALPHABET)
    symbols: list[str] = []
    while len(symbols) < CODE_LENGTH:
        for byte in random_bytes(CODE_LENGTH * 2):
            if byte < limit and len(symbols) < CODE_LENGTH:
                symbols.append(ALPHABET[byte % len(ALPHABET)])
    return format_room_code("".join(symbols))


def format_room_code(symbols: str) -> str:
    return f"{symbols[:GROUP]}-{symbols[GROUP:]}"


def parse_room_code(text: str) -> str:
    """The canonical ``KX7-4PM`` form of ``text``: case, spaces and the dash don't matter."""
    if not isinstance(text, str) or len(text) > 20 or not text.isascii():
        raise RoomCodeError("a room code is six letters and digits, such as KX7-4PM")
    symbols = "".join(text.upper().replace("-", " ").split())
    if len(symbols) != CODE_LENGTH or any(s not in ALPHABET for s in symbols):
        raise RoomCodeError(f"{text!r} is not a room code: six of {ALPHABET}, such as KX7-4PM")
    return format_room_code(symbols)
