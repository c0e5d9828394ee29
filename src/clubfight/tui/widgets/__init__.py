"""Small widgets that each render one part of a position."""

from .actions import ActionPanel
from .cards import CardWidget
from .grid import GridView
from .hand import HandView
from .suits import SuitCounter

__all__ = ["ActionPanel", "CardWidget", "GridView", "HandView", "SuitCounter"]
