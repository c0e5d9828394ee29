"""Reading position strings, the text contract of docs/notation.md, and the module-level forms
of the text methods. It builds on ``position``, never the other way round: ``Position.notation()``
writes a position and ``Position.parse_move`` reads a move against it.
"""

from __future__ import annotations

from collections import Counter

from .cards import CLUBS, JOKER, Card, Suit, grid_cards
from .errors import NotationError
from .moves import GRID_SIZE, Move
from .position import ALL_CLEAR_FLAG, EMPTY, HAND_SIZE, Level, Position
from .variant import Variant

_FLAG_ALIASES = {"allclear": ALL_CLEAR_FLAG, "all-clear": ALL_CLEAR_FLAG, "easy": "easy", "hard": "hard"}
MAX_POSITION_LENGTH = 1000


def format_position(position: Position) -> str:
    """``grid | hand | grid deck | clubs deck``, plus a flags field only when one is needed."""
    return position.notation()


def parse_move(position: Position, text: str) -> Move:
    """Read ``8C run 1 5 9``, ``QC sum 2 4 7``, ``3C line row2``, ``7C down``, ``JC any 5``,
    ``6C match`` or ``9C 10C JC allclear`` and return the legal move it names in ``position``."""
    return position.parse_move(text)


def _card(token: str, where: str) -> Card:
    try:
        return Card.parse(token)
    except NotationError:
        raise NotationError(f"unknown card {token!r} in the {where}") from None


def parse_position(text: str) -> Position:
    """Read a position string, checking that it could occur in a real game."""
    if not isinstance(text, str):
        raise NotationError("a position must be a string")
    if len(text) > MAX_POSITION_LENGTH:
        raise NotationError(f"position string is too long ({len(text)} characters)")
    fields = [f.split() for f in text.split("|")]
    if len(fields) not in (4, 5):
        raise NotationError(
            f"a position has 4 fields split by '|' (grid | hand | grid deck | clubs deck), found {len(fields)}"
        )
    grid_tokens, hand_tokens, deck_tokens, clubs_tokens = fields[:4]
    flags = fields[4] if len(fields) == 5 else []

    if len(grid_tokens) != GRID_SIZE:
        raise NotationError(f"the grid needs exactly {GRID_SIZE} places ('-' for empty), found {len(grid_tokens)}")
    grid: list[Card | None] = []
    for token in grid_tokens:
        card = None if token == EMPTY else _card(token, "grid")
        if card is not None and card.suit is Suit.CLUBS:
            raise NotationError(f"{token} is a club; clubs never lie in the grid")
        grid.append(card)
    if len(hand_tokens) > HAND_SIZE:
        raise NotationError(f"the hand holds at most {HAND_SIZE} clubs, found {len(hand_tokens)}")
    hand = [_club(token, "hand") for token in hand_tokens]
    clubs_deck = [_club(token, "clubs deck") for token in clubs_tokens]
    grid_deck = []
    for token in deck_tokens:
        card = _card(token, "grid deck")
        if card.suit is Suit.CLUBS:
            raise NotationError(f"{token} is a club; clubs belong in the hand or the clubs deck, not the grid deck")
        grid_deck.append(card)

    level_flag, variant = _flags(flags)
    _check_duplicates([*grid, *hand, *grid_deck, *clubs_deck])
    if grid_deck and None in grid:
        raise NotationError(
            f"place {grid.index(None) + 1} is empty but the grid deck still has cards; the grid refills first (T3)"
        )
    if clubs_deck and len(hand) < HAND_SIZE:
        raise NotationError(f"the hand has {len(hand)} clubs but the clubs deck still has cards; it refills to 4 (T3)")

    grid_side = [c for c in (*grid, *grid_deck) if c is not None]
    clubs_used = len(CLUBS) - len(hand) - len(clubs_deck)
    level = _level(level_flag, grid_side, clubs_used, variant)
    present = Counter([*grid_side, *hand, *clubs_deck])
    missing = Counter(CLUBS) + Counter(grid_cards(level.jokers)) - present
    discard = sorted(missing.elements())
    position = Position(
        grid,
        hand,
        grid_deck,
        clubs_deck,
        discard=discard,
        turns_played=clubs_used,
        level=level,
        variant=variant,
    )
    return position


def _club(token: str, where: str) -> Card:
    card = _card(token, where)
    if card.suit is not Suit.CLUBS:
        raise NotationError(f"{token} is not a club; only clubs go in the {where}")
    return card


def _flags(tokens: list[str]) -> tuple[Level | None, Variant]:
    level = None
    variant = Variant.NONE
    for token in tokens:
        flag = _FLAG_ALIASES.get(token.lower())
        if flag is None:
            raise NotationError(f"unknown flag {token!r} in the fifth field: use easy, hard or allclear")
        if flag == ALL_CLEAR_FLAG:
            variant |= Variant.ALL_CLEAR
        elif level is not None:
            raise NotationError(f"the level is given twice ({level.value} and {flag})")
        else:
            level = Level(flag)
    return level, variant


def _check_duplicates(cards: list[Card | None]) -> None:
    counts = Counter(c for c in cards if c is not None)
    for card, count in counts.items():
        if card == JOKER:
            if count > Level.HARD.jokers:
                raise NotationError(f"{count} jokers (JK): no level has more than {Level.HARD.jokers}")
        elif count > 1:
            raise NotationError(f"{card} appears {count} times; every card is unique")


def _fits(level: Level, grid_side: list[Card], clubs_used: int, variant: Variant) -> bool:
    """Could ``clubs_used`` clubs have cleared exactly the missing grid cards at this level?"""
    if grid_side.count(JOKER) > level.jokers:
        return False
    cleared = level.grid_deck_size - len(grid_side)
    fewest_turns = -(-clubs_used // 3) if Variant.ALL_CLEAR in variant else clubs_used
    return fewest_turns <= cleared <= GRID_SIZE * clubs_used


def _level(flag: Level | None, grid_side: list[Card], clubs_used: int, variant: Variant) -> Level:
    candidates = [flag] if flag is not None else [Level.EASY, Level.HARD]
    for level in candidates:
        if _fits(level, grid_side, clubs_used, variant):
            return level
    which = f"the {flag.value} level" if flag else "either level"
    raise NotationError(
        f"{len(grid_side)} cards in the grid and grid deck after {clubs_used} clubs used fits {which} "
        f"(each club clears 1 to {GRID_SIZE} cards; easy has 40 grid cards, hard 41)"
    )
