"""Club Fight, D. Teuber's solo card game, for the terminal."""

__version__ = "0.1.0"
