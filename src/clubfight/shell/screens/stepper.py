"""A screen that steps through a game's record, one step at a time (← → Home End): each game's replay."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.screen import Screen


class StepperScreen(Screen[None]):
    """Steps 0 to ``last``; a subclass draws step ``index`` in ``show_step``. Esc closes, q quits."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", "Back", key_display="←"),
        Binding("right", "step(1)", "Forward", key_display="→"),
        Binding("home", "jump(0)", "Start"),
        Binding("end", "jump(-1)", "End"),
        Binding("q", "app.quit", "Quit"),
        Binding("escape", "close", "Close", show=False),
    ]

    index = 0

    @property
    def last(self) -> int:
        """The last step's number."""
        raise NotImplementedError

    def show_step(self) -> None:
        raise NotImplementedError

    def on_mount(self) -> None:
        self.show_step()

    def action_close(self) -> None:
        self.dismiss()

    def action_step(self, step: int) -> None:
        self.index = max(0, min(self.last, self.index + step))
        self.show_step()

    def action_jump(self, index: int) -> None:
        self.index = self.last if index < 0 else index
        self.show_step()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A step that leads nowhere stays in the footer, dimmed."""
        if action == "step":
            forward = parameters[0] == 1
            return True if (self.index < self.last if forward else self.index > 0) else None
        if action == "jump":
            return True if self.index != (self.last if parameters[0] == -1 else 0) else None
        return True
