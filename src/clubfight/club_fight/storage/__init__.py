"""Club Fight's files in the data folder: the unfinished game (``saves``), the statistics (``stats``)
and exported records (``exports``). They store the values of ``clubfight.club_fight.game`` and
compute nothing themselves.

Built on ``clubfight.common.storage``: every read-modify-write holds the file's lock, a game in
progress is held by the process playing it, every write is atomic, and every loader survives any
file (corrupt, truncated, from a newer version, hand-edited): it keeps a backup, returns what it
could keep and one warning line for the player, and never raises.
"""

from typing import TYPE_CHECKING

from clubfight.common.lazy import lazy_names

from .saves import (
    GameSlot,
    claim_free_slot,
    claim_unfinished,
    clear_game,
    finish_game,
    load_game,
    save_game,
)

if TYPE_CHECKING:
    from .exports import export_record
    from .stats import load_stats, record_game, reset_stats

_HOME = {
    "export_record": "clubfight.club_fight.storage.exports",
    "load_stats": "clubfight.club_fight.storage.stats",
    "record_game": "clubfight.club_fight.storage.stats",
    "reset_stats": "clubfight.club_fight.storage.stats",
}
"""The statistics and the exports load when first used: the first frame needs neither (their
results and records types cost start-up time: benchmarks/startup.py)."""


__getattr__ = lazy_names(__name__, _HOME, globals())


__all__ = [
    "GameSlot",
    "claim_free_slot",
    "claim_unfinished",
    "clear_game",
    "export_record",
    "finish_game",
    "load_game",
    "load_stats",
    "record_game",
    "reset_stats",
    "save_game",
]
