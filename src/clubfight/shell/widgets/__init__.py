"""Widgets shared by every table: cards, flat buttons and the wrapping footer."""

from .card_spread import CardSlot, CardSpread

__all__ = ["CardSlot", "CardSpread"]
