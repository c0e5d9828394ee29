"""Position strings and move notation: the public text contract of docs/notation.md."""

from __future__ import annotations

from collections import Counter

from .cards import CLUBS, JOKER, Card, Suit, grid_cards
from .errors import IllegalMoveError, NotationError
from .movegen import make_move, mask_of
from .moves import DOWN, LINES, UP, Action, Move
from .position import GRID_SIZE, HAND_SIZE, Level, Position

EMPTY = "-"
ALL_CLEAR_FLAG = "allclear"
_FLAG_ALIASES = {"allclear": ALL_CLEAR_FLAG, "all-clear": ALL_CLEAR_FLAG, "easy": "easy", "hard": "hard"}
MAX_POSITION_LENGTH = 1000


def format_position(position: Position) -> str:
    """``grid | hand | grid deck | clubs deck``, plus a flags field only when one is needed."""
    grid = " ".join(str(c) if c is not None else EMPTY for c in position.grid)
    fields = [
        grid,
        " ".join(map(str, position.hand)),
        " ".join(map(str, position.grid_deck)),
        " ".join(map(str, position.clubs_deck)),
    ]
    flags = []
    visible_jokers = sum(1 for c in (*position.grid, *position.grid_deck) if c == JOKER)
    if position.level is Level.HARD and visible_jokers < Level.HARD.jokers:
        flags.append(Level.HARD.value)
    if position.all_clear:
        flags.append(ALL_CLEAR_FLAG)
    if flags:
        fields.append(" ".join(flags))
    return " | ".join(fields)


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

    level_flag, all_clear = _flags(flags)
    _check_duplicates([*grid, *hand, *grid_deck, *clubs_deck])
    if grid_deck and None in grid:
        raise NotationError(
            f"place {grid.index(None) + 1} is empty but the grid deck still has cards; the grid refills first (T3)"
        )
    if clubs_deck and len(hand) < HAND_SIZE:
        raise NotationError(f"the hand has {len(hand)} clubs but the clubs deck still has cards; it refills to 4 (T3)")

    grid_side = [c for c in (*grid, *grid_deck) if c is not None]
    clubs_used = len(CLUBS) - len(hand) - len(clubs_deck)
    level = _level(level_flag, grid_side, clubs_used, all_clear)
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
        all_clear=all_clear,
    )
    return position


def _club(token: str, where: str) -> Card:
    card = _card(token, where)
    if card.suit is not Suit.CLUBS:
        raise NotationError(f"{token} is not a club; only clubs go in the {where}")
    return card


def _flags(tokens: list[str]) -> tuple[Level | None, bool]:
    level = None
    all_clear = False
    for token in tokens:
        flag = _FLAG_ALIASES.get(token.lower())
        if flag is None:
            raise NotationError(f"unknown flag {token!r} in the fifth field: use easy, hard or allclear")
        if flag == ALL_CLEAR_FLAG:
            all_clear = True
        elif level is not None:
            raise NotationError(f"the level is given twice ({level.value} and {flag})")
        else:
            level = Level(flag)
    return level, all_clear


def _check_duplicates(cards: list[Card | None]) -> None:
    counts = Counter(c for c in cards if c is not None)
    for card, count in counts.items():
        if card == JOKER:
            if count > Level.HARD.jokers:
                raise NotationError(f"{count} jokers (JK): no level has more than {Level.HARD.jokers}")
        elif count > 1:
            raise NotationError(f"{card} appears {count} times; every card is unique")


def _fits(level: Level, grid_side: list[Card], clubs_used: int, all_clear: bool) -> bool:
    """Could ``clubs_used`` clubs have cleared exactly the missing grid cards at this level?"""
    if grid_side.count(JOKER) > level.jokers:
        return False
    cleared = level.grid_deck_size - len(grid_side)
    fewest_turns = -(-clubs_used // 3) if all_clear else clubs_used
    return fewest_turns <= cleared <= GRID_SIZE * clubs_used


def _level(flag: Level | None, grid_side: list[Card], clubs_used: int, all_clear: bool) -> Level:
    candidates = [flag] if flag is not None else [Level.EASY, Level.HARD]
    for level in candidates:
        if _fits(level, grid_side, clubs_used, all_clear):
            return level
    which = f"the {flag.value} level" if flag else "either level"
    raise NotationError(
        f"{len(grid_side)} cards in the grid and grid deck after {clubs_used} clubs used fits {which} "
        f"(each club clears 1 to {GRID_SIZE} cards; easy has 40 grid cards, hard 41)"
    )


# --- moves -------------------------------------------------------------------------------

_ACTION_WORDS = {a.value: a for a in Action} | {UP: Action.UPDOWN, DOWN: Action.UPDOWN}


def parse_move(position: Position, text: str) -> Move:
    """Read ``8C run 1 5 9``, ``QC sum 2 4 7``, ``3C line row2``, ``7C down``, ``JC any 5``,
    ``6C match`` or ``9C 10C JC allclear`` and return the legal move it names in ``position``."""
    if not isinstance(text, str) or len(text) > 200:
        raise NotationError("a move is a short string such as '8C run 1 5 9'")
    tokens = text.split()
    index = next((i for i, t in enumerate(tokens) if t.lower() in _ACTION_WORDS), None)
    if index is None:
        raise NotationError(f"no action in {text!r}: use match, sum, any, line, up, down, updown, run or allclear")
    word = tokens[index].lower()
    action = _ACTION_WORDS[word]
    clubs = [_club(t, "move") for t in tokens[:index]]
    args = tokens[index + 1 :]
    expected = 3 if action is Action.ALLCLEAR else 1
    if len(clubs) != expected and not (action is Action.ALLCLEAR and len(clubs) == 1):
        raise NotationError(f"{text!r}: {action.value} needs {expected} club{'s' if expected > 1 else ''} before it")
    club = clubs[0]
    if club not in position.hand:
        raise IllegalMoveError(f"{text}: {club} is not in your hand")
    move = _build(position, text, club, clubs, action, word, args)
    position._check(move)  # raises IllegalMoveError with the rule broken
    return move


def _build(
    position: Position, text: str, club: Card, clubs: list[Card], action: Action, word: str, args: list[str]
) -> Move:
    grid = position.grid
    occupied = {p for p in range(1, GRID_SIZE + 1) if grid[p - 1] is not None}
    if action in (Action.SUM, Action.RUN, Action.ANY):
        positions = _positions(text, args)
        if action is Action.ANY and len(positions) != 1:
            raise NotationError(f"{text!r}: any takes exactly one place, for example 'JC any 5'")
        return make_move(club, action, mask_of(positions))
    if action is Action.LINE:
        if len(args) != 1 or args[0].lower() not in LINES:
            raise NotationError(f"{text!r}: line takes one of row1 row2 row3 col1 col2 col3")
        name = args[0].lower()
        return make_move(club, action, mask_of(LINES[name] & occupied), name)
    _no_args(text, args)
    if action is Action.MATCH:
        same = {p for p in occupied if grid[p - 1] is not None and grid[p - 1].rank == club.rank}  # type: ignore[union-attr]
        return make_move(club, action, mask_of(same))
    if action is Action.UPDOWN:
        direction = word if word in (UP, DOWN) else _only_direction(position, text, club)
        return _updown(position, club, direction)
    moves = [m for m in position.legal_moves() if m.action is Action.ALLCLEAR and club in m.clubs_used]
    for move in moves:
        if (len(clubs) == 1 and move.club == club) or set(move.clubs_used) == set(clubs):
            return move
    raise IllegalMoveError(f"{text}: All Clear needs three clubs in sequence from your hand, with the variant on (V1)")


def _updown(position: Position, club: Card, direction: str) -> Move:
    v = club.rank
    if (direction == DOWN and not 2 <= v <= 7) or (direction == UP and not 7 <= v <= 12):
        allowed = "2 to 7 of clubs go down" if direction == DOWN else "7 to Q of clubs go up"
        raise IllegalMoveError(f"{club} {direction}: only the {allowed} (U1)")
    values = range(1, v) if direction == DOWN else range(v + 1, 14)
    cleared = {
        p
        for p in range(1, GRID_SIZE + 1)
        if (card := position.grid[p - 1]) is not None and not card.is_joker and card.rank in values
    }
    return make_move(club, Action.UPDOWN, mask_of(cleared), direction)


def _only_direction(position: Position, text: str, club: Card) -> str:
    options = [m.detail for m in position.legal_moves() if m.club == club and m.action is Action.UPDOWN]
    if len(options) == 1 and options[0] is not None:
        return options[0]
    if len(options) > 1:
        raise NotationError(f"{text!r} is ambiguous: say '{club} up' or '{club} down'")
    return DOWN if club.rank < 7 else UP


def _positions(text: str, args: list[str]) -> set[int]:
    if not args:
        raise NotationError(f"{text!r}: name the grid places to clear, 1-9")
    positions = set()
    for token in args:
        if len(token) != 1 or token not in "123456789":
            raise NotationError(f"{text!r}: {token!r} is not a grid place 1-9")
        place = int(token)
        if place in positions:
            raise NotationError(f"{text!r}: place {place} is named twice")
        positions.add(place)
    return positions


def _no_args(text: str, args: list[str]) -> None:
    if args:
        raise NotationError(f"{text!r}: unexpected {' '.join(args)!r}; this action clears without picking")
