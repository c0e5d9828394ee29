"""Position JSON: the moment an ATTACKER is about to play, as ``clubfight combat moves`` reads it.

``parse_position(text)`` reads the JSON object of docs/combat-notation.md into an ATTACK-phase
``Round``; ``format_position(round)`` writes one back, so ``format_position(parse_position(t))`` is
``t`` in canonical form and reads back to the same Round. ``analyse(round)`` lists every legal play
with what it would score, win and risk, and ``PlayReport.to_json()`` is the ``--json`` output.

A position names only what the plays depend on. What it leaves out is filled in so:

- the decks hold each colour's remaining cards in deck order (their true order is hidden, T6,
  and no play depends on it);
- ``first_play: false`` says the attacker has played this turn but not where: the Round says
  place 5 (``UNKNOWN_LAST_PLACE``), which only matters for the next turn's PUNISH;
- the defender is taken not to have been countered last turn (``countered`` is False), and the
  match rules are best of 3 with no survival (neither changes a play).

Every problem is a NotationError with a one-line message that names it: bad JSON, a missing or
unknown key, a wrong type, a card written twice, a hand holding the other colour's cards, more cards
than a hand can hold (T1, T2, T4), a score of 30 or more (the round would be over, W1).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from .actions import Attack
from .cards import BLACK_DECK, RED_DECK, Card, Colour
from .errors import NotationError
from .grid import CENTRE
from .round import Round
from .rules import KNOCK_OUT_SCORE, Juggle, Rules, Style
from .scoring import Points
from .state import DECK_SIZE, HAND_SIZE, Phase
from .wins import Win

MAX_POSITION_LENGTH = 20_000
"""Characters. A real position is under 1,000; the cap keeps hostile input cheap to refuse."""
UNKNOWN_LAST_PLACE = CENTRE
"""Where the Round says the attacker last played when the position says only ``first_play: false``."""

REQUIRED_KEYS = ("stacks", "attacker", "hand", "advantage", "defender_hand", "scores", "first_play", "punish_place")
OPTIONAL_KEYS = ("styles", "juggle")
WUSHU_COUNTER_CARDS = 2
_COLOURS = {c.value: c for c in Colour}
_STYLES = {s.value: s for s in Style}
_JUGGLES = {j.value: j for j in Juggle}


def _fail(message: str) -> NotationError:
    return NotationError(f"bad position: {message}")


def _load(text: str) -> Any:
    if not isinstance(text, str):
        raise _fail("a position is JSON text")
    if len(text) > MAX_POSITION_LENGTH:
        raise _fail(f"too long ({len(text)} characters; a position is at most {MAX_POSITION_LENGTH})")

    def no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        found: dict[str, Any] = {}
        for key, value in pairs:
            if key in found:
                raise _fail(f"key {_shown(key)} is given twice")
            found[key] = value
        return found

    def no_constant(name: str) -> Any:
        raise _fail(f"{name} is not a number JSON allows")

    try:
        return json.loads(text, object_pairs_hook=no_duplicates, parse_constant=no_constant)
    except NotationError:
        raise
    except json.JSONDecodeError as error:
        raise _fail(f"not JSON: {error.msg} at line {error.lineno} column {error.colno}") from None
    except RecursionError:
        raise _fail("not JSON this reader takes: nested too deeply") from None
    except ValueError as error:  # an integer with thousands of digits
        raise _fail(f"not JSON this reader takes: {str(error).splitlines()[0]}") from None


def _shown(value: object) -> str:
    text = json.dumps(value) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 40 else f"{text[:40]}... ({len(text)} characters)"


def _type_name(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    return "an object"


def _card(value: object, where: str) -> Card:
    if not isinstance(value, str):
        raise _fail(f'{where} should be a card token such as "9D", not {_type_name(value)}')
    try:
        return Card.parse(value)
    except NotationError:
        raise _fail(
            f"{where}: unknown card {_shown(value)} (a rank A, 2-10, J, Q, K and a suit H, D, S, C; RJ, BJ)"
        ) from None


def _cards(value: object, where: str) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise _fail(f"{where} should be a list of cards, not {_type_name(value)}")
    return tuple(_card(item, f"{where}[{i}]") for i, item in enumerate(value))


def _name(value: object, where: str, names: dict[str, Any]) -> Any:
    if not isinstance(value, str) or value not in names:
        shown = _shown(value) if isinstance(value, str) else _type_name(value)
        raise _fail(f"{where} should be one of {', '.join(names)}, not {shown}")
    return names[value]


def _score(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(f"{where} should be a whole number, not {_type_name(value)}")
    if not 0 <= value < KNOCK_OUT_SCORE:
        raise _fail(f"{where} is {value}: a score is 0 to {KNOCK_OUT_SCORE - 1} while the round lasts (W1)")
    return value


def _object(value: object, where: str, keys: tuple[str, ...], *, required: bool) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _fail(f"{where} should be an object, not {_type_name(value)}")
    for key in value:
        if key not in keys:
            raise _fail(f"unknown key {_shown(key)} in {where}: it takes {', '.join(keys)}")
    if required:
        for key in keys:
            if key not in value:
                raise _fail(f"{where} has no {key!r}")
    return value


def parse_position(text: str) -> Round:
    """Read position JSON (docs/combat-notation.md) into an ATTACK-phase Round; raises NotationError."""
    data = _object(_load(text), "the position", REQUIRED_KEYS + OPTIONAL_KEYS, required=False)
    for key in REQUIRED_KEYS:
        if key not in data:
            raise _fail(f"the position has no {key!r} (it needs {', '.join(REQUIRED_KEYS)})")

    raw_stacks = data["stacks"]
    if not isinstance(raw_stacks, list):
        raise _fail(f"'stacks' should be a list of 9 stacks, not {_type_name(raw_stacks)}")
    if len(raw_stacks) != 9:
        raise _fail(f"'stacks' holds {len(raw_stacks)} stacks: the grid has 9 places (K3)")
    stacks = []
    for place, raw in enumerate(raw_stacks, start=1):
        stack = _cards(raw, f"the stack at place {place}")
        if not stack:
            raise _fail(f"the stack at place {place} is empty: every place holds a card after setup (U2, U3)")
        stacks.append(stack)

    attacker: Colour = _name(data["attacker"], "'attacker'", _COLOURS)
    defender = attacker.other
    styles = _object(data.get("styles", {}), "'styles'", ("red", "black"), required=False)
    red_style = None if styles.get("red") is None else _name(styles["red"], "styles 'red'", _STYLES)
    black_style = None if styles.get("black") is None else _name(styles["black"], "styles 'black'", _STYLES)
    juggle: Juggle = _name(data.get("juggle", "none"), "'juggle'", _JUGGLES)
    rules = Rules(red_style=red_style, black_style=black_style, juggle=juggle)

    hand = _cards(data["hand"], "'hand'")
    advantage = _cards(data["advantage"], "'advantage'")
    defender_hand = _cards(data["defender_hand"], "'defender_hand'")
    for where, held, colour in (
        ("'hand'", hand, attacker),
        ("'advantage'", advantage, defender),
        ("'defender_hand'", defender_hand, defender),
    ):
        for c in held:
            if c.colour is not colour:
                raise _fail(f"{where} holds {c}, a {c.colour.value} card: it holds only {colour.value} cards (K2)")
    counter_cards = WUSHU_COUNTER_CARDS if rules.has(defender, Style.WUSHU) else 1
    for where, held, most, ruling in (
        ("'hand'", hand, _most_held(rules, attacker), "T1"),
        ("'advantage'", advantage, _most_held(rules, defender), "T4"),
        ("'defender_hand'", defender_hand, counter_cards, "T2"),
    ):
        if len(held) > most:
            raise _fail(f"{where} holds {len(held)} cards: at most {most} ({ruling})")

    seen: set[Card] = set()
    for c in [card for stack in stacks for card in stack] + [*hand, *advantage, *defender_hand]:
        if c in seen:
            raise _fail(f"{c} appears twice: each card is in the game once (K1)")
        seen.add(c)

    scores = _object(data["scores"], "'scores'", ("red", "black"), required=True)
    red_score = _score(scores["red"], "scores 'red'")
    black_score = _score(scores["black"], "scores 'black'")
    first_play = data["first_play"]
    if not isinstance(first_play, bool):
        raise _fail(f"'first_play' should be true or false, not {_type_name(first_play)}")
    punish = data["punish_place"]
    if punish is not None and (isinstance(punish, bool) or not isinstance(punish, int) or not 1 <= punish <= 9):
        shown = str(punish) if isinstance(punish, int) and not isinstance(punish, bool) else _type_name(punish)
        raise _fail(f"'punish_place' should be a place 1-9 or null, not {shown}")

    red_hand, black_hand = (hand, defender_hand) if attacker is Colour.RED else (defender_hand, hand)
    return Round(
        stacks,
        tuple(c for c in RED_DECK if c not in seen),
        tuple(c for c in BLACK_DECK if c not in seen),
        red_hand,
        black_hand,
        advantage=advantage,
        red_score=red_score,
        black_score=black_score,
        attacker=attacker,
        phase=Phase.ATTACK,
        punish_place=punish,
        last_place=None if first_play else UNKNOWN_LAST_PLACE,
        rules=rules,
    )


def position_data(r: Round) -> dict[str, Any]:
    """The position JSON of an ATTACK-phase round, as a dict (keys in the documented order)."""
    if r.phase is not Phase.ATTACK:
        raise ValueError(f"position JSON is the moment before an attacking play, not the {r.phase.value} phase")
    attacker = r.attacker
    data: dict[str, Any] = {
        "stacks": [[str(c) for c in stack] for stack in r.stacks],
        "attacker": attacker.value,
        "hand": [str(c) for c in r.hand(attacker)],
        "advantage": [str(c) for c in r.advantage],
        "defender_hand": [str(c) for c in r.hand(attacker.other)],
        "scores": {"red": r.score(Colour.RED), "black": r.score(Colour.BLACK)},
        "first_play": r.last_place is None,
        "punish_place": r.punish_place,
    }
    styles = {c.value: s.value for c in Colour if (s := r.rules.style(c)) is not None}
    if styles:
        data["styles"] = styles
    if r.rules.juggle is not Juggle.NONE:
        data["juggle"] = r.rules.juggle.value
    return data


def format_position(r: Round) -> str:
    """Position JSON on one line for an ATTACK-phase round; raises ValueError in any other phase."""
    return json.dumps(position_data(r))


# --- the plays of a position -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CounterReport:
    """One answer to an unsafe play: the defender's card, what it scores (C2) and wins (W1, W3)."""

    card: Card
    points: Points
    wins: tuple[Win, ...]

    def to_json(self) -> dict[str, Any]:
        return {"card": str(self.card), "points": self.points.total, "wins": sorted(w.value for w in self.wins)}


@dataclass(frozen=True, slots=True)
class PlayReport:
    """One legal attacking play: safe or not (P4), its points if it stands (S1-S5), the wins it brings
    before any counter (W1-W3, W5), and for an unsafe play the defender's answers (C1-C3)."""

    attack: Attack
    safe: bool
    points: Points
    wins: tuple[Win, ...]
    counters: tuple[CounterReport, ...]

    def sort_key(self) -> tuple[int, list[str]]:
        return (self.attack.to, [str(c) for c in self.attack.cards])

    def to_json(self) -> dict[str, Any]:
        p = self.points
        data: dict[str, Any] = {
            "cards": [str(c) for c in self.attack.cards],
            "to": self.attack.to,
            "safe": self.safe,
            "points": {
                "base": p.base,
                "combo": p.combo,
                "rush": p.rush,
                "block": p.block,
                "punish": p.punish,
                "total": p.total,
            },
            "wins": sorted(w.value for w in self.wins),
        }
        if not self.safe:
            data["counters"] = [c.to_json() for c in self.counters]
        return data


def analyse(r: Round) -> list[PlayReport]:
    """Every distinct legal attacking play of an ATTACK-phase round, sorted by place, then by its cards
    as plain strings; empty in any other phase."""
    if r.phase is not Phase.ATTACK:
        return []
    reports = []
    for action in r.legal_actions():
        if not isinstance(action, Attack):
            continue
        safe = r.is_safe(action)
        counters: list[CounterReport] = []
        if not safe:
            for card, points, ways in r.counters_to(action):
                counters.append(CounterReport(card, points, tuple(sorted(ways, key=lambda w: w.value))))
            counters.sort(key=lambda c: str(c.card))
        wins = tuple(sorted(r.wins_of(action), key=lambda w: w.value))
        reports.append(PlayReport(action, safe, r.points_of(action), wins, tuple(counters)))
    reports.sort(key=PlayReport.sort_key)
    return reports


def _most_held(rules: Rules, colour: Colour) -> int:
    """Cards a player can hold: 4 (T1), but MMA's and KUNG FU's extra draws may take a hand past 4
    during a turn, and what is left of it becomes the opponent's ADVANTAGE (F1)."""
    if rules.has(colour, Style.MMA) or rules.has(colour, Style.KUNG_FU):
        return DECK_SIZE
    return HAND_SIZE
