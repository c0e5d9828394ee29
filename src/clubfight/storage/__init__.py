"""Everything the game keeps on disk: the unfinished game, statistics, settings and exported records.

Storage reads and writes the values of ``clubfight.game``; it computes nothing itself.

No Textual or Rich here: the app and the CLI both call it. Every write is atomic and every loader
survives any file (corrupt, truncated, from a newer version, hand-edited): it keeps a backup, returns
what it could keep and one warning line for the player, and never raises.
"""

from .atomic import Loaded
from .exports import export_record
from .paths import data_dir
from .saves import clear_game, finish_game, load_game, save_game
from .settings import Settings, load_settings, save_settings
from .stats import load_stats, new_game_id, record_game, reset_stats

__all__ = [
    "Loaded",
    "Settings",
    "clear_game",
    "data_dir",
    "export_record",
    "finish_game",
    "load_game",
    "load_settings",
    "load_stats",
    "new_game_id",
    "record_game",
    "reset_stats",
    "save_game",
    "save_settings",
]
