"""The data folder, for both games: where files live (``paths``), atomic versioned JSON with a backup
of anything damaged (``atomic``), the lock every read-modify-write holds and the hold on a game in
progress (``lock``), save slots for several windows (``slots``), field checks (``schema``), and the
settings file (``settings``). No Textual or Rich: the app and the command line both call it."""
