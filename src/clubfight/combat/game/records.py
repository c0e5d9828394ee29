"""Combat Club records: a match's seed, its rules and every action, as a small text file.

A record is plain text so a player can read it, mail it, or fix it by hand::

    combat club record 1
    deal: combat-12345
    rounds: 3
    survival: no
    juggle: none
    red-style: none
    black-style: karate
    result: RED wins the match 2-1
    round 1
    red arrange 5H 6D 7H | 9H
    black arrange 5S AS QS | 9S
    AC-2C-3C@2
    7S@8
    counter 8H
    ...
    round 2
    ...

Reading a record replays every action through the engine, so a record can only ever describe a
match the rules allow; anything else is refused with a RecordError naming the line at fault. Pure.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from clubfight.common.records import RecordError, RecordFrame, read_frame

from ..engine import CombatCode, Juggle, Rules, Style, parse_action
from .match import Match

RECORD_HEADER = "combat club record"
RECORD_VERSION = 1
MAX_ROUND_ACTIONS = 400
"""More than a round can hold (about 300 at most): every attack or counter puts one of the 45 cards
not dealt into the grid for good, each turn ends with at most one ``end`` and starts with at most
one counter draw, and two turns in a row without a play end the round (W6)."""
MAX_RECORD_LINES = 5 * (MAX_ROUND_ACTIONS + 1) + 50
"""Five rounds of actions, their ``round`` lines, the fields and room for comments."""
MAX_LINE_LENGTH = 1000
FRAME = RecordFrame(
    RECORD_HEADER,
    RECORD_VERSION,
    fields=("deal", "rounds", "survival", "juggle", "red-style", "black-style", "result"),
    max_lines=MAX_RECORD_LINES,
    max_line_length=MAX_LINE_LENGTH,
    what="a Combat Club record",
)
NO_STYLE = "none"
_YES_NO = {"yes": True, "no": False}
_ROUND = re.compile(r"round\s+([0-9]{1,3})")


def format_record(match: Match) -> str:
    """The text of a record of ``match`` (finished or not)."""
    rules = match.rules
    lines = [
        f"{RECORD_HEADER} {RECORD_VERSION}",
        f"deal: {match.code}",
        f"rounds: {rules.rounds}",
        f"survival: {'yes' if rules.survival else 'no'}",
        f"juggle: {rules.juggle.value}",
        f"red-style: {rules.red_style.value if rules.red_style else NO_STYLE}",
        f"black-style: {rules.black_style.value if rules.black_style else NO_STYLE}",
        f"result: {match.summary()}",
    ]
    for played in match.rounds:
        lines.append(f"round {played.number}")
        lines.extend(str(action) for action in played.actions)
    return "\n".join(lines) + "\n"


def parse_record(text: str) -> Match:
    """Read and replay a record. Raises RecordError naming the first bad line; never anything else."""
    framed = read_frame(text, FRAME)
    fields, body = framed.fields, framed.body
    code, rules = _read_rules(fields, framed.header_line)
    match = _replay(code, rules, body)
    if "result" in fields:
        number, claimed = fields["result"]
        actual = match.summary()
        if claimed.lower() != actual.lower():
            raise RecordError(number, f"the record says {claimed!r} but its actions end {actual!r}")
    return match


def _choice(fields: dict[str, tuple[int, str]], name: str, choices: dict[str, object], default: str) -> object:
    number, value = fields.get(name, (0, default))
    key = value.lower()
    if key not in choices:
        raise RecordError(number, f"{name}: {value!r} is not one of {', '.join(choices)}")
    return choices[key]


def _read_rules(fields: dict[str, tuple[int, str]], header_line: int) -> tuple[CombatCode, Rules]:
    if "deal" not in fields:
        raise RecordError(header_line + 1, "a record names its 'deal:', a combat code such as combat-12345")
    number, text = fields["deal"]
    try:
        code = CombatCode.parse(text)
    except ValueError as error:
        raise RecordError(number, str(error)) from None
    styles: dict[str, object] = {NO_STYLE: None, **{s.value: s for s in Style}}
    rounds = _choice(fields, "rounds", {"1": 1, "3": 3, "5": 5}, "3")
    survival = _choice(fields, "survival", dict(_YES_NO), "no")
    juggle = _choice(fields, "juggle", {j.value: j for j in Juggle}, Juggle.NONE.value)
    red = _choice(fields, "red-style", styles, NO_STYLE)
    black = _choice(fields, "black-style", styles, NO_STYLE)
    assert isinstance(rounds, int) and isinstance(survival, bool) and isinstance(juggle, Juggle)
    assert (red is None or isinstance(red, Style)) and (black is None or isinstance(black, Style))
    return code, Rules(red_style=red, black_style=black, juggle=juggle, rounds=rounds, survival=survival)


@dataclass
class _Reading:
    match: Match | None = None


def _replay(code: CombatCode, rules: Rules, body: list[tuple[int, str]]) -> Match:
    state = _Reading()
    for number, line in body:
        if heading := _ROUND.fullmatch(line.lower()):
            _start_round(state, code, rules, number, int(heading.group(1)))
            continue
        match = state.match
        if match is None:
            raise RecordError(number, f"{line!r}: expected 'round 1' before the first action")
        current = match.current
        if current.outcome is not None:
            raise RecordError(number, f"{line!r}: round {match.round_number} was already over ({current.outcome})")
        try:
            state.match = match.play(parse_action(line))
        except ValueError as error:  # NotationError and IllegalActionError both are
            raise RecordError(number, f"{line!r}: {error}") from None
    return state.match if state.match is not None else Match.new(code, rules)


def _start_round(state: _Reading, code: CombatCode, rules: Rules, number: int, wanted: int) -> None:
    match = state.match
    expected = 1 if match is None else match.round_number + 1
    if wanted != expected:
        raise RecordError(number, f"'round {wanted}': the next round is round {expected}")
    if match is None:
        state.match = Match.new(code, rules)
    elif match.is_over:
        raise RecordError(number, f"'round {wanted}': the match was already over ({match.summary()})")
    elif match.current.outcome is None:
        raise RecordError(number, f"'round {wanted}': round {match.round_number} is not over yet")
    else:
        state.match = match.next_round()
