"""How a card looks in each of its states: its border, face, ink and the colours of its key and mark.

Cards keep card colours on every theme; only the empty place and the state borders take the
theme's colours. The look is a cascade, as CSS would be: a base look and layers, each applying when
a card has all of its states, later layers winning. The cards are drawn by a few widgets that each
draw many cards (card_spread.py), so a card is not a widget that a CSS rule could select.

Every ink keeps 4.5:1 (WCAG AA) on every face it can meet: plain, picked, cleared, dimmed, joker.
"""

from __future__ import annotations

from typing import NamedTuple

from textual.color import Color
from textual.theme import Theme

CARD_FACE = "#f7f4ec"
CARD_INK = "#1b1b1b"
CARD_RED = "#b0202a"
CARD_DIM = "#e6e2d8"
"""A dimmed card has a greyer face, not less opacity: opacity fades the ink with the face."""
PICKED_FACE = "#fff3c4"

HOVER = ":hover"
"""The state of the card under the mouse pointer: its key lights up."""
FOUR_COLOUR = ":four-colour"
"""The state of every card under a node with the ``-four-colour`` class (the four-colour deck)."""


class Look(NamedTuple):
    """A card's look, each colour a CSS colour or a theme ``$variable``, with an optional ``N%`` alpha."""

    border: str = "round"
    """round, heavy, double or dashed; "" for none."""
    edge: str = "#8a8a80"
    face: str = CARD_FACE
    ink: str = CARD_INK
    key: str = "#555555"
    """The key's colour in the top border."""
    key_style: str = "bold"
    mark: str = CARD_INK
    """The mark's colour in the bottom border (``✕`` cleared, ``•`` picked, ``+`` dealt, ``▲`` selected)."""


Layer = tuple[frozenset[str], dict[str, str]]


def layer(states: str, **look: str) -> Layer:
    """A layer for the cards with all of ``states`` (space-separated), changing ``look``'s fields."""
    return frozenset(states.split()), look


STATE_LAYERS: tuple[Layer, ...] = (
    layer("-red", ink=CARD_RED),
    layer("-joker", ink="#6a2c91", face="#f3ecd8", border="round", edge="#6a2c91"),
    layer("-empty", face="$background", border="round", edge="$foreground 25%", key="$foreground 40%"),
    layer("-fresh", border="heavy", edge="$success", mark="$success"),
    layer("-picked", border="double", edge="$primary", face=PICKED_FACE, mark="#7a5c00"),
    layer("-clear", border="heavy", edge="$error", face="#ffd9d6", mark=CARD_RED),
    layer("-selected", border="heavy", edge="$primary", face=PICKED_FACE),
    layer("-dim", face=CARD_DIM, border="round", edge="#a8a69e"),
    layer(HOVER, key="$accent", key_style="bold reverse"),
)
"""Club Fight's layers of one state each, in cascade order."""

COMBINED_LAYERS: tuple[Layer, ...] = (
    # The four-colour deck (settings): red hearts, blue diamonds, black spades, green clubs, so a
    # block stands out.
    layer(f"{FOUR_COLOUR} -hearts", ink=CARD_RED),
    layer(f"{FOUR_COLOUR} -diamonds", ink="#1a52a8"),
    layer(f"{FOUR_COLOUR} -spades", ink=CARD_INK),
    layer(f"{FOUR_COLOUR} -clubs", ink="#17692c"),
    layer("-empty -dim", face="$background", border="round", edge="$foreground 25%"),
    layer(f"-empty {HOVER}", key="$foreground 40%", key_style="bold"),  # an empty place has nothing to pick
    layer("-empty -borderless", border=""),
)
"""Club Fight's layers of two states, which win over any one state (as a more specific CSS rule would)."""

CARD_LAYERS = STATE_LAYERS + COMBINED_LAYERS
"""Club Fight's look. Combat Club's (combat/cards.py) puts its own one-state layers between these
two parts and its two-state layer after them, as its stylesheet's rules came after the table's."""


class Ink(NamedTuple):
    """A look resolved for one theme: opaque colours, blended as Textual blends a widget's: the face
    and the border over the table, the ink and the labels over the face."""

    border: str
    edge: Color
    face: Color
    ink: Color
    key: Color
    key_style: str
    mark: Color


def look_for(states: frozenset[str], layers: tuple[Layer, ...]) -> Look:
    """The base look with every layer whose states the card has, in order."""
    look = Look()
    for needs, changes in layers:
        if needs <= states:
            look = look._replace(**changes)
    return look


def ink_for(look: Look, theme: Theme, table: Color) -> Ink:
    """``look`` in ``theme``'s colours, drawn on a table of colour ``table``."""
    key = (look, theme.name, table)
    if key not in _INKS:
        variables = theme_variables(theme)
        face = table + _colour(look.face, variables)
        _INKS[key] = Ink(
            look.border,
            table + _colour(look.edge, variables),  # Textual blends a border over what is under the widget
            face,
            face + _colour(look.ink, variables),
            face + _colour(look.key, variables),
            look.key_style,
            face + _colour(look.mark, variables),
        )
    return _INKS[key]


_INKS: dict[tuple[Look, str, Color], Ink] = {}


def theme_variables(theme: Theme) -> dict[str, str]:
    """The theme's CSS variables, from the theme itself: ``App.theme_variables`` follows a theme change
    only after the theme's watchers ran. Kept per theme name (a theme is not hashable)."""
    if theme.name not in _VARIABLES:
        _VARIABLES[theme.name] = {**theme.to_color_system().generate(), **theme.variables}
    return _VARIABLES[theme.name]


_VARIABLES: dict[str, dict[str, str]] = {}


def remember_theme_variables(theme: Theme, variables: dict[str, str]) -> None:
    """The variables the app has just made for ``theme`` (``App.get_css_variables``: the same colour
    system and the theme's own variables), so the cards don't generate them again on the way to the
    first frame."""
    _VARIABLES.setdefault(theme.name, variables)


def _colour(value: str, variables: dict[str, str]) -> Color:
    """``#hex``, a colour name or ``$variable``, each with an optional alpha such as ``25%``."""
    name, _, alpha = value.partition(" ")
    colour = Color.parse(variables[name[1:]] if name.startswith("$") else name)
    return colour.multiply_alpha(float(alpha.removesuffix("%")) / 100) if alpha else colour
