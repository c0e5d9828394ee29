"""A room's options, as the host sets them when creating it: read strictly from JSON. Pure.

Every key is optional (the defaults below) and an unknown key is refused, so a misspelt option is
never silently ignored. ``RoomOptions.rules(host)`` turns them into the engine's ``Rules`` once the
host's colour is known.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from clubfight.combat.engine import Colour, CombatCode, Juggle, Rules, Style

ROUND_CHOICES = (1, 3, 5)
COLOUR_CHOICES = ("red", "black", "draw")
"""The host's colour, or ``draw``: the server draws it at random when the room is created."""
COUNTER_WINDOW = (0.1, 60.0)
TURN_TIMER = (1.0, 3600.0)
GRACE = (1.0, 3600.0)
DEFAULT_COUNTER_WINDOW = 3.0
DEFAULT_GRACE = 120.0
_STYLES = {s.value: s for s in Style}
_JUGGLES = {j.value: j for j in Juggle}
KEYS = (
    "rounds",
    "styles",
    "juggle",
    "survival",
    "colour",
    "counter_window",
    "turn_timer",
    "grace",
    "coach",
    "deal",
)


class OptionError(ValueError):
    """An option that can't be used; the message names it (``options.rounds: ...``)."""


@dataclass(frozen=True, slots=True)
class RoomOptions:
    """What the host chose. ``counter_window``, ``turn_timer`` and ``grace`` are seconds; a
    ``turn_timer`` of None is no timer. ``deal`` fixes the match's seed (a server takes it only when
    started with ``--fixed-deals``, for tests: whoever knows the deal knows every card)."""

    rounds: int = 3
    host_style: Style | None = None
    guest_style: Style | None = None
    juggle: Juggle = Juggle.NONE
    survival: bool = False
    colour: str = "draw"
    counter_window: float = DEFAULT_COUNTER_WINDOW
    turn_timer: float | None = None
    grace: float = DEFAULT_GRACE
    coach: bool = False
    deal: CombatCode | None = None

    def rules(self, host: Colour) -> Rules:
        """The engine's rules once the host plays ``host``: each style goes to its player's colour."""
        red, black = (self.host_style, self.guest_style) if host is Colour.RED else (self.guest_style, self.host_style)
        return Rules(red_style=red, black_style=black, juggle=self.juggle, rounds=self.rounds, survival=self.survival)

    def with_guest_style(self, style: Style | None) -> RoomOptions:
        return RoomOptions(**{**self.to_fields(), "guest_style": style})

    def to_fields(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.__slots__}

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "rounds": self.rounds,
            "styles": {
                "host": self.host_style.value if self.host_style else None,
                "guest": self.guest_style.value if self.guest_style else None,
            },
            "juggle": self.juggle.value,
            "survival": self.survival,
            "colour": self.colour,
            "counter_window": self.counter_window,
            "turn_timer": self.turn_timer,
            "grace": self.grace,
            "coach": self.coach,
        }
        if self.deal is not None:
            data["deal"] = str(self.deal)
        return data

    @staticmethod
    def from_json(value: object) -> RoomOptions:
        """Read options as a client sends them; raises OptionError naming the first bad one."""
        if not isinstance(value, dict):
            raise OptionError(f"options must be an object, not {_type_name(value)}")
        for key in value:
            if key not in KEYS:
                raise OptionError(f"options.{_shown(key)} is not an option: the options are {', '.join(KEYS)}")
        fields: dict[str, Any] = {}
        if "rounds" in value:
            rounds = value["rounds"]
            if type(rounds) is not int or rounds not in ROUND_CHOICES:
                raise OptionError(f"options.rounds must be 1, 3 or 5, not {_shown(rounds)}")
            fields["rounds"] = rounds
        if "styles" in value:
            fields.update(_styles(value["styles"]))
        if "juggle" in value:
            fields["juggle"] = _name(value["juggle"], "options.juggle", _JUGGLES)
        for flag in ("survival", "coach"):
            if flag in value:
                if type(value[flag]) is not bool:
                    raise OptionError(f"options.{flag} must be true or false, not {_shown(value[flag])}")
                fields[flag] = value[flag]
        if "colour" in value:
            colour = value["colour"]
            if colour not in COLOUR_CHOICES:
                raise OptionError(f"options.colour must be red, black or draw, not {_shown(colour)}")
            fields["colour"] = colour
        if "counter_window" in value:
            fields["counter_window"] = seconds(value["counter_window"], "options.counter_window", COUNTER_WINDOW)
        if "turn_timer" in value and value["turn_timer"] is not None:
            fields["turn_timer"] = seconds(value["turn_timer"], "options.turn_timer", TURN_TIMER)
        if "grace" in value:
            fields["grace"] = seconds(value["grace"], "options.grace", GRACE)
        if "deal" in value and value["deal"] is not None:
            deal = value["deal"]
            if not isinstance(deal, str):
                raise OptionError(f"options.deal must be a combat code such as combat-12345, not {_shown(deal)}")
            try:
                fields["deal"] = CombatCode.parse(deal)
            except ValueError as error:
                raise OptionError(f"options.deal: {error}") from None
        return RoomOptions(**fields)


def parse_style(value: object, where: str) -> Style | None:
    if value is None:
        return None
    style = _name(value, where, _STYLES)
    assert isinstance(style, Style)
    return style


def _styles(value: object) -> dict[str, Style | None]:
    if not isinstance(value, dict):
        raise OptionError(f'options.styles must be an object such as {{"host": "karate"}}, not {_type_name(value)}')
    found: dict[str, Style | None] = {}
    for key, style in value.items():
        if key not in ("host", "guest"):
            raise OptionError(f"options.styles.{_shown(key)}: the styles are for the host and the guest")
        found[f"{key}_style"] = parse_style(style, f"options.styles.{key}")
    return found


def _name(value: object, where: str, names: dict[str, Any]) -> Any:
    if not isinstance(value, str) or value not in names:
        raise OptionError(f"{where} must be one of {', '.join(names)}, not {_shown(value)}")
    return names[value]


def seconds(value: object, where: str, bounds: tuple[float, float]) -> float:
    """A number of seconds within ``bounds`` (true and false are not numbers)."""
    low, high = bounds
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise OptionError(f"{where} must be a number of seconds from {low:g} to {high:g}, not {_shown(value)}")
    if not math.isfinite(value) or not low <= value <= high:
        raise OptionError(f"{where} must be a number of seconds from {low:g} to {high:g}, not {_shown(value)}")
    return float(value)


def _type_name(value: object) -> str:
    return {dict: "an object", list: "a list", str: "a string", bool: "true/false", type(None): "null"}.get(
        type(value), "a number"
    )


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:40] + "..."
