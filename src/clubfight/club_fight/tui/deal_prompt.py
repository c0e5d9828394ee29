""" "Play a deal…" (the start screen and the palette): the text read as ``clubfight --deal`` reads
it, into the launch it names."""

from __future__ import annotations

from clubfight.club_fight.game import DealTextError, read_deal
from clubfight.shell.games import Refused

from .launch import ClubFightLaunch

DEAL_PROMPT = "A deal code such as hard-12345, a seed such as 12345, or a position string."
"""What "Play a deal…" takes: what ``clubfight --deal`` (and ``--seed``) take."""


def launch_from_text(text: str, launch: ClubFightLaunch) -> ClubFightLaunch:
    """``launch`` set to the deal ``text`` names, read as ``clubfight --deal`` reads it (and a bare
    seed as ``--seed``: its level is still to choose); ``Refused`` with the same one-line message."""
    try:
        deal = read_deal(text)
    except DealTextError as error:
        raise Refused(str(error)) from None
    if deal.position is not None:
        return launch.with_changes(position=deal.position, level=None, seed=None, daily=False)
    if deal.code is not None:
        return launch.with_changes(level=deal.code.level, seed=deal.code.seed, daily=False, position=None)
    return launch.with_changes(seed=deal.seed, level=None, daily=False, position=None)
