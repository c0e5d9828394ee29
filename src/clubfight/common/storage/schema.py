"""Hand-written checks for the JSON documents: each field's type and range, nothing evaluated.

Every getter raises SchemaError (a ValueError) with the field's name, so a loader can skip one bad
entry and keep the rest.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Any

MAX_COUNTER = 1_000_000
"""The most hints or undos a file may claim; anything larger is nonsense, not play."""

_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,40}")


class SchemaError(ValueError):
    pass


def as_object(value: object, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise SchemaError(f"{where} is not an object")
    return value


def get_int(obj: dict[str, Any], key: str, low: int, high: int) -> int:
    value = obj.get(key)
    if type(value) is not int or not low <= value <= high:  # bool is an int subclass: refused too
        raise SchemaError(f"{key} must be a whole number from {low} to {high}")
    return value


def get_bool(obj: dict[str, Any], key: str) -> bool:
    value = obj.get(key)
    if not isinstance(value, bool):
        raise SchemaError(f"{key} must be true or false")
    return value


def get_str(obj: dict[str, Any], key: str, max_length: int = 200) -> str:
    value = obj.get(key)
    if not isinstance(value, str) or len(value) > max_length:
        raise SchemaError(f"{key} must be text of at most {max_length} characters")
    return value


def get_optional_str(obj: dict[str, Any], key: str, max_length: int = 200) -> str | None:
    return None if obj.get(key) is None else get_str(obj, key, max_length)


def get_date(obj: dict[str, Any], key: str) -> date:
    text = get_str(obj, key, 10)
    if not _ISO_DATE.fullmatch(text):
        raise SchemaError(f"{key} must be a date like 2026-11-30")
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise SchemaError(f"{key} is not a real date") from None


def get_optional_date(obj: dict[str, Any], key: str) -> date | None:
    return None if obj.get(key) is None else get_date(obj, key)


def get_str_list(obj: dict[str, Any], key: str, max_items: int, max_length: int = 200) -> list[str]:
    value = obj.get(key)
    if not isinstance(value, list) or len(value) > max_items:
        raise SchemaError(f"{key} must be a list of at most {max_items} items")
    if not all(isinstance(item, str) and len(item) <= max_length for item in value):
        raise SchemaError(f"{key} must hold only short texts")
    return list(value)


def get_optional_game_id(obj: dict[str, Any], key: str) -> str | None:
    value = obj.get(key)
    if value is None:
        return None
    if not isinstance(value, str) or not _GAME_ID.fullmatch(value):
        raise SchemaError(f"{key} must be a short token of letters, digits, - and _")
    return value
