"""Everything the game keeps on disk: the unfinished game, statistics, settings and exported records.

Storage reads and writes the values of ``clubfight.game``; it computes nothing itself.

No Textual or Rich here: the app and the CLI both call it. Every read-modify-write holds the file's
lock (``lock.locked``) and a game in progress is held by the process playing it. Every write is atomic and every loader
survives any file (corrupt, truncated, from a newer version, hand-edited): it keeps a backup, returns
what it could keep and one warning line for the player, and never raises.
"""

from .atomic import Loaded
from .exports import export_record
from .lock import locked
from .paths import data_dir
from .saves import GameSlot, claim_free_slot, claim_unfinished, clear_game, finish_game, load_game, save_game
from .settings import Settings, load_settings, save_settings, update_settings
from .stats import load_stats, new_game_id, record_game, reset_stats

__all__ = [
    "GameSlot",
    "Loaded",
    "Settings",
    "claim_free_slot",
    "claim_unfinished",
    "clear_game",
    "data_dir",
    "export_record",
    "finish_game",
    "load_game",
    "load_settings",
    "load_stats",
    "locked",
    "new_game_id",
    "record_game",
    "reset_stats",
    "save_game",
    "save_settings",
    "update_settings",
]
