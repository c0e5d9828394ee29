"""Combat Club, HEAVY SYSTEMS' two-player card fighting game: ``engine`` (the rules), ``ai`` (the
computer opponent), ``game`` (matches and records), all pure; ``online`` (play from two machines),
``storage`` and ``views`` (its files and statistics table), ``tui`` (its screens) and ``cli`` (its
commands). Each layer's ``__init__`` is its public API."""
