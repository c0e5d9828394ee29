"""Combat Club in the app: the fight screen and its model, setup, banners, start, help and replay."""

COMBAT_CSS = "fight.tcss"
"""Combat Club's stylesheet (next to its screens), given as ``CSS_PATH`` to each screen that uses it:
it loads with the first of them shown, so Club Fight's start-up never parses it."""
