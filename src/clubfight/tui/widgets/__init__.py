"""Widgets shared by every table: cards, flat buttons and the wrapping footer."""

from .cards import CardWidget

__all__ = ["CardWidget"]
