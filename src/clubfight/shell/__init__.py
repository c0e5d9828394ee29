"""The Textual app: screens and widgets that render the engine's positions."""
