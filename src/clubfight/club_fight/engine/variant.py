"""Rules variants (V1): off by default, and a game records which ones were on."""

from __future__ import annotations

from collections.abc import Iterable
from enum import Flag

from .errors import NotationError


class Variant(Flag):
    """The variants on in a game, combined with ``|``; ``Variant.NONE`` plays the rules as written.

    Each variant has a stable text name (``all-clear``): records, saves, statistics and the CLI's
    ``--variant`` write exactly these, so they must never change.
    """

    NONE = 0
    ALL_CLEAR = 1

    @property
    def names(self) -> tuple[str, ...]:
        """The text names of the variants on, in a fixed order; () for none."""
        return tuple(name for variant, name in _NAMES.items() if variant in self)

    def __str__(self) -> str:
        return " ".join(self.names) or "none"

    @staticmethod
    def from_names(names: Iterable[str]) -> Variant:
        """The variants named (repeats are harmless); NotationError for a name it doesn't know."""
        variant = Variant.NONE
        for name in names:
            found = _BY_NAME.get(name)
            if found is None:
                raise NotationError(f"unknown variant {name!r}: the variants are {', '.join(VARIANT_NAMES)}")
            variant |= found
        return variant


_NAMES = {Variant.ALL_CLEAR: "all-clear"}
_BY_NAME = {name: variant for variant, name in _NAMES.items()}

VARIANT_NAMES: tuple[str, ...] = tuple(_NAMES.values())
"""Every variant's text name, in order: what ``--variant`` accepts."""

VARIANTS: tuple[Variant, ...] = tuple(_NAMES)
"""Every single variant, in order (iterating a Flag differs between Python versions)."""
