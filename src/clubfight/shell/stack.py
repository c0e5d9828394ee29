"""The screen stack's one rule: the too-small screen stays on top of everything while it shows.

Below 80x24 the ``TooSmallScreen`` covers the app. Anything that pushes, pops or switches a
screen meanwhile (a dialog's answer, a worker finishing, the game ending, a key the app itself
binds) acts on the screens *under* it, and the cover stays on top until the terminal is big
enough again. Before this, ctrl+p under the cover pushed a second command palette
(``DuplicateIds: '--command-palette'``), and a dialog dismissed under the cover popped the cover
instead of itself.

Every screen also arrives with the breakpoint classes (``-wide``, ``-tall``...) that its first
Resize would give it, so that Resize changes no class and the screen is not styled twice over.
"""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.command import CommandPalette
from textual.screen import Screen

from .layout import MIN_SIZE
from .screens.too_small_screen import TooSmallScreen


class GuardedStack(App[None]):
    """An app whose too-small cover is always the top screen (see the module's doc)."""

    @property
    def covered(self) -> bool:
        return isinstance(self.screen, TooSmallScreen)

    @property
    def top(self) -> Screen[Any]:
        """The screen the player is using: the top one, or the one under the too-small cover."""
        stack = self.screen_stack
        return stack[-2] if self.covered and len(stack) > 1 else stack[-1]

    @property
    def depth(self) -> int:
        """How many screens are stacked, not counting the cover."""
        return len(self.screen_stack) - self.covered

    def _presize(self, screen: Any) -> None:
        """The breakpoint classes Textual's ``Screen._on_resize`` would add, added now (unstyled)."""
        if not isinstance(screen, Screen):
            return
        horizontal = (
            self.HORIZONTAL_BREAKPOINTS if screen.HORIZONTAL_BREAKPOINTS is None else screen.HORIZONTAL_BREAKPOINTS
        ) or []
        vertical = (
            self.VERTICAL_BREAKPOINTS if screen.VERTICAL_BREAKPOINTS is None else screen.VERTICAL_BREAKPOINTS
        ) or []
        classes = {name: False for _, name in horizontal + vertical}
        for dimension, breakpoints in ((self.size.width, horizontal), (self.size.height, vertical)):
            reached = [(threshold, name) for threshold, name in breakpoints if dimension >= threshold]
            if reached:
                classes[max(reached)[1]] = True
        screen.update_classes(classes, update=False)

    def push_screen(self, screen: Any, *args: Any, **kwargs: Any) -> Any:
        self._presize(screen)
        if not self.covered or isinstance(screen, TooSmallScreen):
            return super().push_screen(screen, *args, **kwargs)
        super().pop_screen()
        pushed = super().push_screen(screen, *args, **kwargs)
        super().push_screen(TooSmallScreen())
        return pushed

    def pop_screen(self) -> Any:
        if not self.covered or len(self.screen_stack) <= 2:
            return super().pop_screen()
        super().pop_screen()
        popped = super().pop_screen()
        super().push_screen(TooSmallScreen())
        return popped

    def switch_screen(self, screen: Any) -> Any:
        self._presize(screen)
        if not self.covered or isinstance(screen, TooSmallScreen):
            return super().switch_screen(screen)
        super().pop_screen()
        switched = super().switch_screen(screen)
        super().push_screen(TooSmallScreen())
        return switched

    def action_command_palette(self) -> None:
        """One palette at a time, and none under the too-small cover (Textual looks at the top screen only)."""
        if self.covered or any(isinstance(screen, CommandPalette) for screen in self.screen_stack):
            return
        super().action_command_palette()

    def guard_size(self, width: int, height: int) -> None:
        """Below the minimum, cover everything with a clear message instead of a broken layout."""
        too_small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        if too_small and not self.covered:
            super().push_screen(TooSmallScreen())
        elif not too_small and self.covered:
            super().pop_screen()
