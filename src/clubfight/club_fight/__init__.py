"""Club Fight, D. Teuber's solo puzzle: ``engine`` (the rules), ``ai`` (solver and hints), ``game``
(games in progress and finished), ``storage`` and ``views`` (its files and statistics tables),
``tui`` (its screens) and ``cli`` (its commands). Each layer's ``__init__`` is its public API."""
