"""Combat Club's own start screen: the opponent (a computer level or a friend), your colour, the
rounds, the fighting styles and the variants, each by key and by click; Enter fights. o hosts an
online match with these options, i joins one (online_dialog.py asks for the code and the server)."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from clubfight.combat.ai import LEVEL_RATINGS, Opponent
from clubfight.combat.engine import Juggle, Style
from clubfight.combat.tui import COMBAT_CSS
from clubfight.shell.widgets.buttons import FlatButton

from .fight_text import JUGGLE_RULES, STYLE_RULES
from .launch import CombatLaunch, OnlineLaunch

STYLES_HINT = "Styles (y, t): each bends one rule for its player; none is the plain game."

TITLE_ART = """\
╭──────╮ ╭──────╮
│ 10   │ │ K    │   C O M B A T   C L U B
│  ♥   │ │  ♠   │
│   10 │ │    K │   RED against BLACK on a 3×3 grid
╰──────╯ ╰──────╯"""

OPPONENTS: tuple[Opponent | None, ...] = (Opponent.EASY, Opponent.NORMAL, Opponent.HARD, Opponent.EXPERT, None)
STYLES: tuple[Style | None, ...] = (None, *Style)
JUGGLES = tuple(Juggle)
ROUNDS = (1, 3, 5)


def _next(options: tuple[object, ...], current: object) -> object:
    return options[(options.index(current) + 1) % len(options)]


def _style(style: Style | None) -> str:
    return style.title if style is not None else "none"


def level_name(level: Opponent) -> str:
    """A level with its rating from the ladder (docs/combat-ai.md): ``hard ~1,800``."""
    rating = LEVEL_RATINGS.get(level.value)
    return f"{level.value} ~{rating:,}" if rating is not None else level.value


def ratings_line() -> str:
    """Every level's rating (a random player is 1,000), under the options when the opponent was just chosen."""
    levels = " · ".join(level_name(level) for level in OPPONENTS if level is not None)
    return f"Ratings: {levels}"


class CombatStartScreen(Screen[CombatLaunch | OnlineLaunch | None]):
    GAME = "combat"
    CSS_PATH = COMBAT_CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        # The menu shows every option's key; the Footer keeps the few that fit 80 columns.
        Binding("enter", "fight", "Fight!"),
        Binding("e", "opponent('easy')", "Easy", show=False),
        Binding("n", "opponent('normal')", "Normal", show=False),
        Binding("h", "opponent('hard')", "Hard", show=False),
        Binding("x", "opponent('expert')", "Expert", show=False),
        Binding("f", "opponent('friend')", "Friend", show=False),
        Binding("c", "switch('colour')", "Colour", show=False),
        Binding("r", "switch('rounds')", "Rounds", show=False),
        Binding("y", "switch('style')", "Your style", show=False),
        Binding("t", "switch('other_style')", "Their style", show=False),
        Binding("j", "switch('juggle')", "Juggle", show=False),
        Binding("v", "switch('survival')", "Survival", show=False),
        Binding("o", "online('host')", "Host online", show=False),
        Binding("i", "online('join')", "Join online", show=False),
        Binding("question_mark", "app.rules", "Help", key_display="?"),
        Binding("escape", "back", "Back"),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self, launch: CombatLaunch | None = None) -> None:
        super().__init__()
        self.launch = launch or CombatLaunch()
        self.highlighted = ""
        """The option changed last: its rule is shown under the options (styles and juggling)."""

    def compose(self) -> ComposeResult:
        with Vertical(id="cstart"):
            yield Static(TITLE_ART, id="cstart-art")
            yield Static("Choose your fight, then press Enter.", id="cstart-prompt")
            for name in ("opponent", "colour", "rounds", "style", "other_style", "juggle", "survival"):
                with Center():
                    yield FlatButton("", id=f"cs-{name}", classes="option")
            yield Static(STYLES_HINT, id="cs-rule")
            with Center():
                yield FlatButton("Enter  FIGHT!", id="cstart-go")
            with Center():
                yield FlatButton("o  Host an online match", id="cstart-host", classes="online")
            with Center():
                yield FlatButton("i  Join an online match", id="cstart-join", classes="online")
            yield Static("? rules and keys    Esc back    q quit", id="cstart-hint")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self._refresh()

    def _labels(self) -> dict[str, str]:
        launch = self.launch
        opponent = (
            "a friend at this terminal" if launch.opponent is None else f"the computer, {level_name(launch.opponent)}"
        )
        mine = "Your style" if launch.opponent is not None else f"{launch.colour}'s style"
        them = f"{launch.colour.other}'s style" if launch.opponent is None else "Computer's style"
        colour = f"You play: {launch.colour}"
        if launch.opponent is None:
            colour = f"y sets the style of: {launch.colour}"
        return {
            "opponent": f"e/n/h/x/f  Opponent: {opponent}",
            "colour": f"c  {colour}",
            "rounds": f"r  Rounds: best of {launch.rounds}",
            "style": f"y  {mine}: {_style(launch.style)}",
            "other_style": f"t  {them}: {_style(launch.other_style)}",
            "juggle": f"j  Juggle combo: {launch.juggle.value}",
            "survival": f"v  Survival mode: {'ON' if launch.survival else 'off'}",
        }

    def _refresh(self) -> None:
        for name, label in self._labels().items():
            button = self.query_one(f"#cs-{name}", FlatButton)
            button.label = label
            button.set_class(name == self.highlighted, "-highlighted")
        self.query_one("#cs-survival", FlatButton).set_class(self.launch.survival, "-on")
        self.query_one("#cs-rule", Static).update(self._rule())

    def _rule(self) -> str:
        """The rule of the style (or juggle) just chosen, in one line."""
        launch = self.launch
        if self.highlighted in ("style", "other_style"):
            style = launch.style if self.highlighted == "style" else launch.other_style
            if style is None:
                return "none: the plain game, no rule bent."
            return f"{style.title}: {STYLE_RULES[style]}."
        if self.highlighted == "juggle":
            return f"Juggle {launch.juggle.value}: {JUGGLE_RULES[launch.juggle]}."
        if self.highlighted == "opponent":
            return ratings_line()
        if self.highlighted == "survival":
            return "Survival: the loser of a round keeps its score into the next one (M2)."
        return STYLES_HINT

    def action_opponent(self, name: str) -> None:
        self.launch = self.launch.with_changes(opponent=None if name == "friend" else Opponent(name))
        self.highlighted = "opponent"
        self._refresh()

    def action_switch(self, name: str) -> None:
        launch = self.launch
        if name == "colour":
            launch = launch.with_changes(colour=launch.colour.other)
        elif name == "rounds":
            launch = launch.with_changes(rounds=_next(ROUNDS, launch.rounds))
        elif name == "style":
            launch = launch.with_changes(style=_next(STYLES, launch.style))
        elif name == "other_style":
            launch = launch.with_changes(other_style=_next(STYLES, launch.other_style))
        elif name == "juggle":
            launch = launch.with_changes(juggle=_next(JUGGLES, launch.juggle))
        elif name == "survival":
            launch = launch.with_changes(survival=not launch.survival)
        elif name == "opponent":
            launch = launch.with_changes(opponent=_next(OPPONENTS, launch.opponent))
        self.launch = launch
        self.highlighted = name
        self._refresh()

    def action_fight(self) -> None:
        self.dismiss(self.launch.with_changes(ask=False))

    def action_back(self) -> None:
        self.dismiss(None)

    def action_online(self, mode: str) -> None:
        """Host (with the options chosen here) or join a match played from two machines."""
        from .online_dialog import OnlineDialog  # the online questions load when asked for

        def chosen(launch: OnlineLaunch | None) -> None:
            if launch is not None:
                self.dismiss(launch)

        self.app.push_screen(OnlineDialog(mode, self.launch), chosen)

    @on(FlatButton.Pressed, "#cstart-host")
    def _host(self) -> None:
        self.action_online("host")

    @on(FlatButton.Pressed, "#cstart-join")
    def _join(self) -> None:
        self.action_online("join")

    @on(FlatButton.Pressed, "#cstart-go")
    def _go(self) -> None:
        self.action_fight()

    @on(FlatButton.Pressed, ".option")
    def _option(self, event: FlatButton.Pressed) -> None:
        name = (event.button.id or "").removeprefix("cs-")
        self.action_switch(name)
