"""Helpers shared by the commands: turning user text into engine positions, with one-line errors.
The reading itself is ``club_fight.game.deal_text``'s, which the app's "Play a deal…" shares."""

from __future__ import annotations

from typing import TYPE_CHECKING

from clubfight.common.command_line import UsageError

if TYPE_CHECKING:
    from clubfight.club_fight.engine import DealCode, Position


def read_position(text: str, variants: list[str] | None = None) -> Position:
    """A position string or a deal code; a DealTextError becomes a UsageError (exit status 2).
    ``variants`` are the names given to ``--variant`` (argparse has already checked them)."""
    from clubfight.club_fight.game import DealTextError, read_variants  # the deal texts: only for --deal and the like
    from clubfight.club_fight.game import read_position as _read_position

    try:
        return _read_position(text, read_variants(variants or []))
    except DealTextError as error:
        raise UsageError(str(error)) from None


def read_deal_code(text: str) -> DealCode:
    """A deal code such as hard-12345, or a UsageError (exit status 2)."""
    from clubfight.club_fight.game import DealTextError  # as in read_position
    from clubfight.club_fight.game import read_deal_code as _read_deal_code

    try:
        return _read_deal_code(text)
    except DealTextError as error:
        raise UsageError(str(error)) from None
