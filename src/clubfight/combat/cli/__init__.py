"""Combat Club's commands (``clubfight combat ...``), one module each, imported only when it runs."""
