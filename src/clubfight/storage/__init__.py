"""Everything the game keeps on disk: the unfinished game, statistics, settings and exported records.

No Textual or Rich here: the app and the CLI both call it. Every write is atomic and every loader
survives any file (corrupt, truncated, from a newer version, hand-edited): it keeps a backup, returns
what it could keep and one warning line for the player, and never raises.
"""
