"""The app shell: the Textual app, its screens and widgets, for whichever games it is given. It knows
no game: it reaches each through ``shell.games.Game`` (docs/architecture.md)."""
