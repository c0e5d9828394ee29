"""Game records: where a game started, its moves, and the small text file that carries them.

A record is plain text so a player can read it, mail it, or fix it by hand::

    clubfight record 1
    deal: hard-12345
    variants: none
    result: won with 2 clubs to spare
    8C run 1 5 9
    3C line row2
    ...

Reading a record replays every move through the engine, so a record can only ever describe a game
the rules allow; anything else is refused with the number of the line at fault. Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from clubfight.club_fight.engine import (
    VARIANT_NAMES,
    DealCode,
    IllegalMoveError,
    Move,
    NotationError,
    Outcome,
    Position,
    Variant,
    parse_position,
)
from clubfight.common.records import RecordError, RecordFrame, read_frame

from .start import Start

RECORD_HEADER = "clubfight record"
RECORD_VERSION = 1
MAX_RECORD_LINES = 200
"""A game has at most MAX_TURNS (13) turns; the cap keeps a hostile file from costing anything to refuse."""
MAX_LINE_LENGTH = 1000
FRAME = RecordFrame(
    RECORD_HEADER,
    RECORD_VERSION,
    fields=("deal", "position", "variants", "result"),
    max_lines=MAX_RECORD_LINES,
    max_line_length=MAX_LINE_LENGTH,
    what="a game record",
)


def replay_moves(opening: Position, moves: Sequence[Move]) -> list[Position]:
    """Every position of a game, the opening first; raises IllegalMoveError on the first bad move."""
    positions = [opening]
    for move in moves:
        positions.append(positions[-1].play(move))
    return positions


def move_texts(opening: Position, moves: Sequence[Move]) -> tuple[str, ...]:
    """Each move in move notation, named in the position it is played from, so it reads back as
    the same move; from the first illegal move on (a save being repaired, say) ``str(move)``."""
    texts = []
    position: Position | None = opening
    for move in moves:
        if position is not None and position.is_legal(move):
            texts.append(position.move_notation(move))
            position = position.play(move)
        else:
            texts.append(str(move))
            position = None
    return tuple(texts)


def cleared_per_turn(moves: Sequence[Move]) -> list[int]:
    """How many grid cards each turn cleared (the share line's emoji strip)."""
    return [len(move.cleared) for move in moves]


def result_text(final: Position) -> str:
    """``won with 2 clubs to spare``, ``lost with 5 cards left`` or ``unfinished, 9 cards left``."""
    if final.outcome is Outcome.WON:
        spare = final.clubs_left
        return f"won with {spare} club{'' if spare == 1 else 's'} to spare"
    cards = final.score
    state = "lost" if final.outcome is Outcome.LOST else "unfinished"
    return f"{state} with {cards} card{'' if cards == 1 else 's'} left"


# --- the text file ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A replayed record: ``positions[i]`` is the position before ``moves[i]``; the last is final."""

    start: Start
    moves: tuple[Move, ...]
    positions: tuple[Position, ...]

    @property
    def final(self) -> Position:
        return self.positions[-1]


def format_record(start: Start, moves: Sequence[Move]) -> str:
    """The text of a record; raises IllegalMoveError if ``moves`` isn't a legal game from ``start``."""
    positions = replay_moves(start.opening(), moves)
    head = f"deal: {start.deal}" if start.deal is not None else f"position: {start.position}"
    lines = [
        f"{RECORD_HEADER} {RECORD_VERSION}",
        head,
        f"variants: {start.variant}",
        f"result: {result_text(positions[-1])}",
        *(position.move_notation(move) for position, move in zip(positions[:-1], moves, strict=True)),
    ]
    return "\n".join(lines) + "\n"


def parse_record(text: str) -> GameRecord:
    """Read and replay a record. Raises RecordError naming the first bad line; never anything else."""
    framed = read_frame(text, FRAME)
    fields, moves_from = framed.fields, framed.body
    start = _read_start(fields, framed.header_line)
    try:
        opening = start.opening()
    except NotationError as error:
        raise RecordError(fields["position"][0], str(error)) from None
    moves: list[Move] = []
    positions = [opening]
    for number, line in moves_from:
        position = positions[-1]
        if position.is_over:
            raise RecordError(number, f"{line!r}: the game was already over ({result_text(position)})")
        try:
            move = position.parse_move(line)
        except (NotationError, IllegalMoveError) as error:
            raise RecordError(number, str(error)) from None
        moves.append(move)
        positions.append(position.play(move))
    if "result" in fields:
        number, claimed = fields["result"]
        actual = result_text(positions[-1])
        if claimed.lower() != actual:
            raise RecordError(number, f"the record says {claimed!r} but its moves end {actual!r}")
    return GameRecord(start, tuple(moves), tuple(positions))


def _read_start(fields: dict[str, tuple[int, str]], header_line: int) -> Start:
    if ("deal" in fields) == ("position" in fields):
        where = fields["position"][0] if "position" in fields else header_line + 1
        raise RecordError(where, "a record names either a 'deal:' code or a starting 'position:', exactly one")
    variants_line, variants_text = fields.get("variants", (header_line, "none"))
    variants = [] if variants_text.lower() == "none" else variants_text.lower().replace(",", " ").split()
    for name in variants:
        if name not in VARIANT_NAMES:
            raise RecordError(variants_line, f"unknown variant {name!r}: use 'none' or {', '.join(VARIANT_NAMES)}")
    variant = Variant.from_names(variants)
    if "deal" in fields:
        number, code = fields["deal"]
        try:
            return Start.from_deal(DealCode.parse(code), variant=variant)
        except NotationError as error:
            raise RecordError(number, str(error)) from None
    number, text = fields["position"]
    try:
        position = parse_position(text)
    except NotationError as error:
        raise RecordError(number, str(error)) from None
    if position.variant != variant:
        raise RecordError(variants_line, "the variants don't match the position's allclear flag")
    # Keep the text as written: parse_position already proved it sound.
    return Start(None, position.notation(), variant)
