"""The framing every text record shares, both games alike: a header line with a version, then
``name: value`` fields, then the body (moves, actions); ``#`` comments and blank lines anywhere; a cap
on lines and line length so that a hostile file costs nothing to refuse. Each game reads its own
fields and body on top of this. Pure: no I/O.
"""

from __future__ import annotations

from dataclasses import dataclass

Numbered = list[tuple[int, str]]
"""Lines with their 1-based numbers in the file."""


class RecordError(ValueError):
    """A record that can't be read or replayed; ``line`` is the 1-based line at fault."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.reason = message


@dataclass(frozen=True)
class RecordFrame:
    """One kind of record: its header (``clubfight record``), version, field names and limits."""

    header: str
    version: int
    fields: tuple[str, ...]
    max_lines: int
    max_line_length: int
    what: str
    """The kind in a message: "a game record", "a Combat Club record"."""

    @property
    def first_line(self) -> str:
        return f"{self.header} {self.version}"


@dataclass(frozen=True)
class Framed:
    """A record's frame, read: the header's line number, each field's (line, value), and the body."""

    header_line: int
    fields: dict[str, tuple[int, str]]
    body: Numbered


def read_frame(text: str, frame: RecordFrame) -> Framed:
    """Check the header and the limits and split off the fields. Raises RecordError, nothing else."""
    if not isinstance(text, str):
        raise RecordError(1, "a record is text")
    lines = text.splitlines()
    if len(lines) > frame.max_lines:
        raise RecordError(frame.max_lines + 1, f"too long for {frame.what} (at most {frame.max_lines} lines)")
    numbered = [(n, line.strip()) for n, line in enumerate(lines, start=1)]
    for number, line in numbered:
        if len(line) > frame.max_line_length:
            raise RecordError(number, f"line is too long ({len(line)} characters)")
    content = [(n, line) for n, line in numbered if line and not line.startswith("#")]
    if not content:
        raise RecordError(1, f"empty file: a record starts with '{frame.first_line}'")
    _check_header(*content[0], frame)
    fields, body = _read_fields(content[1:], frame)
    return Framed(content[0][0], fields, body)


def _check_header(number: int, line: str, frame: RecordFrame) -> None:
    words = line.split()
    size = len(frame.header.split())
    if len(words) != size + 1 or " ".join(words[:size]).lower() != frame.header:
        raise RecordError(number, f"not {frame.what}: the first line should be '{frame.first_line}'")
    found = words[size]
    if found != str(frame.version):
        # ASCII digits only: "٣".isdigit() is True too, and no version of ours is written that way.
        if found.isascii() and found.isdigit() and int(found) > frame.version:
            raise RecordError(number, f"record version {found} is newer than this clubfight ({frame.version})")
        raise RecordError(number, f"unknown record version {found!r}: this clubfight reads version {frame.version}")


def _read_fields(lines: Numbered, frame: RecordFrame) -> tuple[dict[str, tuple[int, str]], Numbered]:
    """The ``name: value`` lines after the header; the body is everything after them."""
    fields: dict[str, tuple[int, str]] = {}
    for index, (number, line) in enumerate(lines):
        name, colon, value = line.partition(":")
        name = name.strip().lower()
        if not colon or " " in name:
            return fields, lines[index:]
        if name not in frame.fields:
            raise RecordError(number, f"unknown field {name!r}: a record has {', '.join(frame.fields)}")
        if name in fields:
            raise RecordError(number, f"{name!r} is given twice (first on line {fields[name][0]})")
        fields[name] = (number, value.strip())
    return fields, []
