"""The player's settings in ``settings.json``: one flat JSON object that both games and the app share.

Each owner declares its part as a ``SettingsSection`` (a frozen dataclass of on/off switches and
named choices): the app's look (``AppSettings`` below), and each game's own (Club Fight's hint
strength, say). Every field is checked on its own, so one bad value costs only that value, and a
key nobody here knows (a newer release's, or a game's that isn't installed) is kept as it is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, fields, replace
from datetime import datetime
from pathlib import Path
from typing import Any, ClassVar, TypeVar

from clubfight.common.storage import paths

from .atomic import Loaded, load_document, write_document
from .lock import locked

KIND = "settings"
VERSION = 1

S = TypeVar("S", bound="SettingsSection")


@dataclass(frozen=True)
class SettingsSection:
    """A part of the settings file. Subclasses are frozen dataclasses whose fields are bools
    (switches) or strs; a str field is limited to ``CHOICES[name]`` or matches ``PATTERNS[name]``.
    ``TITLES`` name each field on the Settings screen: (title, one line of explanation)."""

    CHOICES: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    CHOICE_LABELS: ClassVar[Mapping[str, Mapping[str, str]]] = {}
    PATTERNS: ClassVar[Mapping[str, tuple[re.Pattern[str], str]]] = {}
    """A str field's shape and how to say it ("a theme name such as clubfight-felt")."""
    TITLES: ClassVar[Mapping[str, tuple[str, str]]] = {}
    OMIT_DEFAULTS: ClassVar[bool] = False
    """Leave fields at their defaults out of the file: a section added after files were written keeps
    those files as they were, byte for byte, until one of its fields is changed."""

    @classmethod
    def names(cls) -> tuple[str, ...]:
        return tuple(f.name for f in fields(cls))

    @classmethod
    def problem(cls, name: str, value: object) -> str | None:
        """What is wrong with ``value`` for the field ``name``, or None."""
        default = getattr(cls(), name)
        if isinstance(default, bool):
            return None if isinstance(value, bool) else f"{name} must be true or false"
        if name in cls.CHOICES:
            choices = cls.CHOICES[name]
            return None if value in choices else f"{name} must be one of {', '.join(choices)}"
        if name in cls.PATTERNS:
            pattern, shape = cls.PATTERNS[name]
            return None if isinstance(value, str) and pattern.fullmatch(value) else f"{name} must be {shape}"
        return None if isinstance(value, str) else f"{name} must be text"

    def with_changes(self: S, **changes: Any) -> S:
        """A copy with some fields changed; raises ValueError for an unknown field or a bad value."""
        unknown = set(changes) - set(self.names())
        if unknown:
            raise ValueError(f"unknown setting {sorted(unknown)[0]!r}")
        for name, value in changes.items():
            problem = self.problem(name, value)
            if problem:
                raise ValueError(problem)
        return replace(self, **changes)

    def to_json(self) -> dict[str, Any]:
        """The section's fields as the file holds them."""
        values = asdict(self)
        if self.OMIT_DEFAULTS:
            default = type(self)()
            values = {name: value for name, value in values.items() if value != getattr(default, name)}
        return values

    @classmethod
    def read(cls: type[S], document: Mapping[str, Any]) -> tuple[S, list[str]]:
        """The section from a settings document, and the names of the fields that had bad values
        (those take their defaults; a missing field, added by a later release, too)."""
        kept: dict[str, Any] = {}
        bad: list[str] = []
        for name in cls.names():
            if name not in document:
                continue
            if cls.problem(name, document[name]):
                bad.append(name)
            else:
                kept[name] = document[name]
        return cls(**kept), bad


THEME_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")
"""The shape of a Textual theme name; whether the theme exists is the app's to check."""
DEFAULT_THEME = "clubfight-felt"
"""The app's own card-table theme."""


@dataclass(frozen=True)
class AppSettings(SettingsSection):
    """The app's look, the same for both games."""

    theme: str = DEFAULT_THEME
    four_colour_deck: bool = False
    """Hearts, diamonds, spades and clubs each in their own colour: suit blocks are easier to count."""
    animations: bool = True

    PATTERNS: ClassVar[Mapping[str, tuple[re.Pattern[str], str]]] = {
        "theme": (THEME_NAME, "a theme name such as clubfight-felt")
    }
    TITLES: ClassVar[Mapping[str, tuple[str, str]]] = {
        "theme": ("Theme", ""),
        "four_colour_deck": ("Four-colour deck", "each suit in its own colour: blocks are easier to count"),
        "animations": ("Animations", "new cards glow for a moment after each refill, then fade"),
    }


@dataclass(frozen=True)
class AccessSettings(SettingsSection):
    """Play by screen reader or braille display, the same for both games. Written only once changed
    (``OMIT_DEFAULTS``): the files written before it keep their bytes."""

    screen_reader: bool = False
    """No animations, no box drawing around the cards, the terminal cursor shown on the element being
    chosen, and each line of the spoken log in the terminal's title."""

    OMIT_DEFAULTS: ClassVar[bool] = True
    TITLES: ClassVar[Mapping[str, tuple[str, str]]] = {
        "screen_reader": (
            "Screen reader",
            "cursor on the choice, last spoken line in the title, no animations or card boxes",
        ),
    }


class SettingsBook:
    """Every section read from one settings file, and the keys no section claimed (kept as they are)."""

    def __init__(self, sections: Iterable[SettingsSection] = (), others: Mapping[str, Any] | None = None) -> None:
        self._sections = {type(section): section for section in sections}
        self._others = dict(others or {})

    def get(self, kind: type[S]) -> S:
        """The section of type ``kind`` (its defaults if the file had none)."""
        section = self._sections.get(kind)
        return section if isinstance(section, kind) else kind()

    def __getitem__(self, name: str) -> Any:
        """A field's value by its name in the file, whichever section holds it."""
        for section in self._sections.values():
            if name in section.names():
                return getattr(section, name)
        if name in self._others:
            return self._others[name]
        raise KeyError(name)

    def with_section(self, section: SettingsSection) -> SettingsBook:
        sections = dict(self._sections)
        sections[type(section)] = section  # a section already there keeps its place in the file
        return SettingsBook(sections.values(), self._others)

    def to_json(self) -> dict[str, Any]:
        document = dict(self._others)
        for section in self._sections.values():
            document.update(section.to_json())
        return document

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SettingsBook) and self.to_json() == other.to_json()

    def __repr__(self) -> str:
        return f"SettingsBook({list(self._sections.values())!r})"


def read_book(document: Mapping[str, Any], kinds: Iterable[type[SettingsSection]]) -> tuple[SettingsBook, str | None]:
    """Each section of ``kinds`` from ``document``, and one warning line naming any bad values."""
    sections: list[SettingsSection] = []
    claimed: set[str] = set()
    bad: list[str] = []
    for kind in kinds:
        section, wrong = kind.read(document)
        sections.append(section)
        claimed.update(kind.names())
        bad += wrong
    others = {key: value for key, value in document.items() if key not in claimed and key not in ("format", "version")}
    warning = f"had bad values for {', '.join(bad)} (reset to the defaults)" if bad else None
    return SettingsBook(sections, others), warning


def load_settings(
    kinds: Iterable[type[SettingsSection]] = (AppSettings,), path: Path | None = None, *, now: datetime | None = None
) -> Loaded[SettingsBook]:
    """The saved settings of each section in ``kinds``, or their defaults. Never raises."""
    where = path or paths.settings_path()
    wanted = tuple(kinds)
    return load_document(
        where,
        kind=KIND,
        version=VERSION,
        what="settings",
        parse=lambda document: read_book(document, wanted),
        default=lambda: SettingsBook([kind() for kind in wanted]),
        rewrite=lambda book: save_settings(book, where),
        now=now,
    )


def save_settings(book: SettingsBook | SettingsSection, path: Path | None = None) -> None:
    """Write the settings atomically (a lone section: with the other keys of the file kept);
    raises OSError if the folder can't be written."""
    where = path or paths.settings_path()
    with locked(where):
        if isinstance(book, SettingsSection):
            book = _current(where, type(book)).with_section(book)
        write_document(where, KIND, VERSION, book.to_json())


def update_settings(kind: type[S], path: Path | None = None, **changes: Any) -> S:
    """Change some fields of one section in the file and return that section: read, change and
    write under the file's lock, so a change made meanwhile in another window (to any section) is
    kept, not overwritten.

    Raises ValueError for an unknown setting or a bad value, OSError if the file can't be written.
    """
    where = path or paths.settings_path()
    with locked(where):
        book = _current(where, kind)
        section = book.get(kind).with_changes(**changes)
        write_document(where, KIND, VERSION, book.with_section(section).to_json())
    return section


def _current(where: Path, kind: type[SettingsSection]) -> SettingsBook:
    """The file as it stands, read for ``kind``: every other key is kept as it is."""
    return load_settings((kind,), where).value
