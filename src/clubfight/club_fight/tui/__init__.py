"""Club Fight in the app: the table (``table_model.py``, pure, and ``table_screen.py``) and its
screens, the start menu's entries, and ``entry.ClubFightGame``, the game as the app shell sees it."""

TABLE_CSS = "table.tcss"
"""The table's stylesheet (next to its screens), given as ``CSS_PATH`` to every screen that draws a board."""
