"""docs/online.md is a public contract: every JSON example in it must be a message the other side
reads, and its tables of error codes and options must be the code's."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from clubfight.combat.online.options import KEYS
from clubfight.combat.online.protocol import ERROR_CODES, FIELDS, parse_client_message
from clubfight.combat.online.seat_view import SeatState, ServerError, parse_server_message
from clubfight.combat.online.snapshot import table_from_snapshot
from support import ROOT

DOC = ROOT / "docs" / "online.md"
TEXT = DOC.read_text(encoding="utf-8")
EXAMPLES = [json.loads(block) for block in re.findall(r"```json\n(.*?)```", TEXT, flags=re.S)]
SERVER_TYPES = {"joined", "watching", "state", "presence", "error"}


def test_the_doc_has_an_example_of_every_message_type() -> None:
    types = {e.get("type") for e in EXAMPLES}
    assert set(FIELDS) <= types and types - {None} <= set(FIELDS) | SERVER_TYPES
    assert types >= SERVER_TYPES


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: str(e.get("type", "snapshot")))
def test_every_example_reads(example: dict[str, Any]) -> None:
    kind = example.get("type")
    if kind in FIELDS:
        parse_client_message(json.dumps(example))
    elif kind in SERVER_TYPES:
        message = parse_server_message(json.dumps(example))
        if isinstance(message, ServerError):
            assert message.code in ERROR_CODES
        if isinstance(message, SeatState) and message.seat is not None and message.phase in ("attack", "counter"):
            legal = {str(a) for a in message.to_round().legal_actions()}
            assert set(message.legal) <= legal
            assert {p["action"] for p in message.previews} <= set(message.legal)
    else:
        table_from_snapshot(example, 0.0)


def rows(title: str) -> dict[str, str]:
    """The first column (a `code`) and the second of the table following ``title``."""
    section = TEXT[TEXT.index(title) :]
    table = section[section.index("\n|") :]
    found = {}
    for line in table.strip().splitlines():
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip("|").split("|")]
        if cells[0].startswith("`"):
            found[cells[0].strip("`")] = cells[1]
    return found


def test_the_error_table_is_the_codes() -> None:
    assert rows("`fatal: true` means") == ERROR_CODES


def test_the_options_table_is_the_options() -> None:
    assert list(rows("| option | value |")) == list(KEYS)


def test_the_figures_are_filled_in() -> None:
    assert not re.search(r"LOAD-[A-Z]+|MEMORY-[0-9A-Z]+", TEXT)
