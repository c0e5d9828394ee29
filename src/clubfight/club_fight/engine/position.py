"""The game state: an immutable position with python-chess-style ``legal_moves()`` and ``play()``."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

from .cards import CLUBS, JOKER, Card, Suit
from .errors import IllegalMoveError, NotationError
from .movegen import (
    BITS,
    LINE_MASKS,
    MASK_POSITIONS,
    ClubClears,
    GridSummary,
    all_clear_moves,
    all_clear_trios,
    club_clears,
    generate,
)
from .moves import (
    BLOCK_THRESHOLD,
    BLOCKED_BY,
    DOWN,
    GRID_SIZE,
    LINES,
    Action,
    Move,
    MoveText,
    directions,
)
from .variant import Variant

HAND_SIZE = 4
"""Clubs in a full hand (C4, T3)."""
MAX_TURNS = len(CLUBS)
"""A game has at most 13 turns, one per club (E2); All Clear (V1) spends three clubs in one."""
EMPTY = "-"
"""An empty grid place in a position string."""
ALL_CLEAR_FLAG = "allclear"
"""The position string's flag for the All Clear variant (docs/notation.md)."""


class Level(Enum):
    """Easy plays with one joker, hard with two (C1)."""

    EASY = "easy"
    HARD = "hard"

    @property
    def jokers(self) -> int:
        return 1 if self is Level.EASY else 2

    @property
    def grid_deck_size(self) -> int:
        """Cards to clear in a whole game: 40 on easy, 41 on hard."""
        return 39 + self.jokers


class Outcome(Enum):
    WON = "won"
    LOST = "lost"


@dataclass(frozen=True, slots=True)
class Block:
    """Why an action is blocked: ``count`` cards of ``suit`` lie in the grid (T2)."""

    action: Action
    suit: Suit
    count: int

    def __str__(self) -> str:
        return f"{self.action.title} blocked by {self.count} {self.suit.symbol}"


class Position:
    """A moment in a game of Club Fight. Immutable: ``play`` returns the next position.

    ``grid`` has 9 places (None is empty), ``hand`` up to 4 clubs, ``grid_deck`` and
    ``clubs_deck`` are in draw order (top first), ``discard`` is in the order cards were
    discarded, and ``turns_played`` counts completed turns.
    """

    __slots__ = (
        "_clears",
        "_clubs_deck",
        "_discard",
        "_grid",
        "_grid_deck",
        "_hand",
        "_index",
        "_level",
        "_moves",
        "_summary",
        "_turns_played",
        "_variant",
    )

    _grid: tuple[Card | None, ...]
    _hand: tuple[Card, ...]
    _grid_deck: tuple[Card, ...]
    _clubs_deck: tuple[Card, ...]
    _discard: tuple[Card, ...]
    _turns_played: int
    _level: Level
    _variant: Variant
    _moves: list[Move] | None
    _clears: tuple[ClubClears, ...] | None
    _index: dict[Move, Move] | None
    _summary: GridSummary | None

    def __init__(
        self,
        grid: Iterable[Card | None],
        hand: Iterable[Card],
        grid_deck: Iterable[Card],
        clubs_deck: Iterable[Card],
        *,
        discard: Iterable[Card] = (),
        turns_played: int = 0,
        level: Level = Level.EASY,
        variant: Variant = Variant.NONE,
    ) -> None:
        """Build a position as given. ``parse_position`` and ``deal`` check that it can occur."""
        self._grid = tuple(grid)
        if len(self._grid) != GRID_SIZE:
            raise ValueError(f"a grid has {GRID_SIZE} places, not {len(self._grid)}")
        self._hand = tuple(hand)
        self._grid_deck = tuple(grid_deck)
        self._clubs_deck = tuple(clubs_deck)
        self._discard = tuple(discard)
        self._turns_played = turns_played
        self._level = level
        self._variant = variant
        self._moves = None
        self._clears = None
        self._index = None
        self._summary = None

    @classmethod
    def _raw(
        cls,
        grid: tuple[Card | None, ...],
        hand: tuple[Card, ...],
        grid_deck: tuple[Card, ...],
        clubs_deck: tuple[Card, ...],
        discard: tuple[Card, ...],
        turns_played: int,
        level: Level,
        variant: Variant,
    ) -> Position:
        """The unchecked constructor for ``play``: positions are made in every playout."""
        self = object.__new__(cls)
        self._grid = grid
        self._hand = hand
        self._grid_deck = grid_deck
        self._clubs_deck = clubs_deck
        self._discard = discard
        self._turns_played = turns_played
        self._level = level
        self._variant = variant
        self._moves = None
        self._clears = None
        self._index = None
        self._summary = None
        return self

    # --- state -------------------------------------------------------------------------

    @property
    def grid(self) -> tuple[Card | None, ...]:
        return self._grid

    @property
    def hand(self) -> tuple[Card, ...]:
        return self._hand

    @property
    def grid_deck(self) -> tuple[Card, ...]:
        return self._grid_deck

    @property
    def clubs_deck(self) -> tuple[Card, ...]:
        return self._clubs_deck

    @property
    def discard(self) -> tuple[Card, ...]:
        return self._discard

    @property
    def turns_played(self) -> int:
        return self._turns_played

    @property
    def level(self) -> Level:
        return self._level

    @property
    def variant(self) -> Variant:
        """The rules variants on in this game (V1)."""
        return self._variant

    def card_at(self, position: int) -> Card | None:
        """The card at a 1-based grid position (C3), or None when the place is empty."""
        return self._grid[position - 1]

    @property
    def clubs_left(self) -> int:
        """Clubs still to play: the hand plus the clubs deck."""
        return len(self._hand) + len(self._clubs_deck)

    @property
    def score(self) -> int:
        """E3: cards left in the grid and the grid deck; 0 is a win, lower is better."""
        return len(BITS[self._grid_summary().occupied]) + len(self._grid_deck)

    def _grid_summary(self) -> GridSummary:
        summary = self._summary
        if summary is None:
            summary = self._summary = GridSummary(self._grid)
        return summary

    @property
    def outcome(self) -> Outcome | None:
        """E1/E2: WON once grid and grid deck are empty, LOST once the clubs run out first."""
        if self.score == 0:
            return Outcome.WON
        if not self._hand:
            return Outcome.LOST
        return None

    @property
    def is_over(self) -> bool:
        return not self._hand or self.score == 0  # outcome's two tests, without building an Outcome

    # --- blocks ------------------------------------------------------------------------

    def suit_counts(self) -> dict[Suit, int]:
        """How many hearts, spades and diamonds lie in the grid now (jokers count for none)."""
        return _suit_counts(self._grid_summary())

    def blocks(self) -> tuple[Block, ...]:
        """Each blocked action with the suit count behind it, in action order."""
        return _blocks(self._grid_summary())

    def mask(self, suit: Suit | None) -> int:
        """The places holding cards of ``suit`` (None: the jokers) as a 9-bit mask laid out like
        ``Move.mask``, so ``position.mask(Suit.HEARTS) & ~move.mask`` is the hearts a move leaves."""
        summary = self._grid_summary()
        if suit is Suit.HEARTS:
            return summary.hearts
        if suit is Suit.SPADES:
            return summary.spades
        if suit is Suit.DIAMONDS:
            return summary.diamonds
        return summary.jokers if suit is None else 0

    def blocked_actions(self) -> frozenset[Action]:
        return self._grid_summary().blocked()

    def blocks_after_clearing(self, move: Move) -> tuple[Block, ...]:
        """The blocks the grid shows once ``move``'s cards are cleared and before the refill (T3).

        This is all a player can know about a move's blocks in advance: the refill comes from the
        face-down grid deck. Clearing only removes cards, so it never creates a block; it can lift one.
        """
        counts = self.suit_counts()
        left = {suit: (self.mask(suit) & ~move.mask).bit_count() for suit in counts}
        return tuple(Block(b.action, b.suit, left[b.suit]) for b in self.blocks() if left[b.suit] >= BLOCK_THRESHOLD)

    # --- moves -------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every distinct legal move, clubs in hand order. Empty once the game is over."""
        moves = self._moves
        return list(moves if moves is not None else self._legal())

    def moves_for(self, club: Card) -> dict[Action, list[Move]]:
        """The legal moves of one club grouped by action; every action is a key, maybe empty.

        This is what an action panel shows: pick a club and see what each action would clear.
        """
        grouped: dict[Action, list[Move]] = {
            a: [] for a in Action if a is not Action.ALLCLEAR or Variant.ALL_CLEAR in self._variant
        }
        for move in self.legal_moves():
            if club in move.clubs_used:
                grouped[move.action].append(move)
        return grouped

    def is_legal(self, move: Move) -> bool:
        return self.explain(move) is None

    def play(self, move: Move) -> Position:
        """Play one turn (T1-T3) and return the new position; an illegal move raises IllegalMoveError."""
        self._check(move)  # raises the error explain would return
        return self._apply(move.clubs_used, move.mask)

    def clears(self) -> tuple[ClubClears, ...]:
        """What each club in hand may clear, action by action, in ``legal_moves()`` order; empty when
        there is no move (the game is over, or the grid is empty). ``legal_moves()`` is built from
        these: they are its masks without the ``Move`` values, for searches that play thousands of
        turns (``play_clear``)."""
        clears = self._clears
        if clears is None:
            clears = self._clears = () if self.score == 0 else club_clears(self._grid_summary(), self._hand)
        return clears

    def all_clear_trios(self) -> list[tuple[Card, Card, Card]]:
        """V1: the three clubs of each All Clear open now (each clears the whole grid); none when it is off."""
        variant = self._variant  # every rollout step asks: Flag's `in` is slow, so NONE is tested first
        if variant is Variant.NONE or Variant.ALL_CLEAR not in variant or self.is_over:
            return []
        return all_clear_trios(self._hand)

    def play_clear(self, clubs: tuple[Card, ...], mask: int) -> Position:
        """Play the turn that spends ``clubs`` and clears the places of ``mask`` (laid out like
        ``Move.mask``): the same next position as ``play`` of any legal move with that effect.

        Only the effect is checked, against ``clears()`` and ``all_clear_trios()`` (an All Clear's
        three clubs in the order that lists them, with every occupied place): which action clears
        those places doesn't change the next position, so a search need not name it.
        """
        if self.is_over:
            raise IllegalMoveError("the game is over")
        if not (type(mask) is int and 0 < mask < 1 << GRID_SIZE and isinstance(clubs, tuple)):
            raise IllegalMoveError(f"a turn spends a tuple of clubs and clears a 9-bit mask, not {clubs!r}, {mask!r}")
        if not self._clears_legally(clubs, mask):
            names = " ".join(map(str, clubs)) or "no club"
            places = " ".join(str(p) for p in MASK_POSITIONS[mask])
            raise IllegalMoveError(f"no legal move spends {names} to clear places {places}")
        return self._apply(clubs, mask)

    def _clears_legally(self, clubs: tuple[Card, ...], mask: int) -> bool:
        if len(clubs) == 3:
            return mask == self._grid_summary().occupied and clubs in self.all_clear_trios()
        if len(clubs) != 1:
            return False
        for clear in self.clears():
            if clear.club == clubs[0]:
                return (
                    mask == clear.match
                    or mask in clear.anys
                    or mask in clear.sums
                    or any(mask == m for _, m in clear.lines)
                    or any(mask == m for _, m in clear.updowns)
                    or mask in clear.longest_runs  # what a search that clears the most plays: cheap to list
                    or mask in clear.runs
                )
        return False

    def _apply(self, clubs: tuple[Card, ...], mask: int) -> Position:
        grid = list(self._grid)
        discard = list(self._discard)
        discard.extend(clubs)
        for bit in BITS[mask]:  # lowest place first
            index = bit.bit_length() - 1
            card = grid[index]
            assert card is not None
            discard.append(card)
            grid[index] = None
        deck = self._grid_deck
        drawn = 0
        for i in range(GRID_SIZE):
            if grid[i] is None and drawn < len(deck):
                grid[i] = deck[drawn]
                drawn += 1
        hand = [c for c in self._hand if c not in clubs]
        clubs_deck = self._clubs_deck
        take = min(HAND_SIZE - len(hand), len(clubs_deck))
        return Position._raw(
            tuple(grid),
            tuple(hand) + clubs_deck[:take],
            deck[drawn:],
            clubs_deck[take:],
            tuple(discard),
            self._turns_played + 1,
            self._level,
            self._variant,
        )

    def explain(self, move: Move) -> IllegalMoveError | None:
        """Why ``move`` is not legal here, naming the first rule it breaks; None when it is legal.

        A UI reads the error's ``reason`` and ``ruling`` instead of parsing its text.
        """
        try:
            self._check(move)
        except IllegalMoveError as error:
            return error
        return None

    def _check(self, move: Move) -> None:
        if self.is_over:
            raise _illegal(move, "the game is over")
        if move.clubs and move.action is not Action.ALLCLEAR:
            raise _illegal(move, f"{move.action.title} plays one club; only All Clear plays three", "V1")
        for club in move.clubs_used:
            if club not in self._hand:
                raise _illegal(move, f"{club} is not in your hand")
        summary = self._grid_summary()
        if move.action is Action.UPDOWN:
            # Before T1: a club that can't go this way is refused for that, not for clearing nothing.
            self._check_direction(summary, move)
        cleared = move.cleared
        if not cleared:
            raise _illegal(move, "a move must clear at least one card", "T1")
        for p in cleared:
            if not isinstance(p, int) or not 1 <= p <= GRID_SIZE:
                raise _illegal(move, f"there is no grid place {p!r}; places are 1-9")
            if self._grid[p - 1] is None:
                raise _illegal(move, f"place {p} is empty")
        if move.action in summary.blocked():
            block = next(b for b in _blocks(summary) if b.action is move.action)
            raise _illegal(move, f"{block} in the grid", "T2")
        _ACTION_CHECKS[move.action](self, summary, move)

    # --- per-action rules --------------------------------------------------------------

    def _values(self, move: Move) -> list[int]:
        values = []
        for p in sorted(move.cleared):
            card = self._grid[p - 1]
            assert card is not None
            if card.is_joker:
                raise _illegal(move, f"a joker at place {p} has no value; only Any or Line clear it")
            values.append(card.rank)
        return values

    def _check_match(self, summary: GridSummary, move: Move) -> None:
        want = summary.by_value[move.club.rank]
        if not want:
            raise _illegal(move, f"no card in the grid has the value of {move.club}", "M1")
        if move.mask != want:
            raise _illegal(move, "Match clears every card of its value, no more and no fewer", "M1")

    def _check_sum(self, summary: GridSummary, move: Move) -> None:
        total = sum(self._values(move))
        if total != move.club.rank:
            raise _illegal(move, f"the cards add up to {total}, not {move.club.rank}", "S1")

    def _check_any(self, summary: GridSummary, move: Move) -> None:
        if len(move.cleared) != 1:
            raise _illegal(move, "Any clears exactly one card", "A1")

    def _check_line(self, summary: GridSummary, move: Move) -> None:
        same = summary.by_value[move.club.rank]
        # Any row or column that clears these places will do: the line's name is not part of the move.
        for _name, line in LINE_MASKS:
            if line & same and line & summary.occupied == move.mask:
                return
        raise _illegal(move, f"Line clears a whole row or column holding a card of value {move.club.rank}", "L1")

    def _direction_masks(self, summary: GridSummary, value: int) -> dict[str, int]:
        """What each direction U1 allows a club of ``value`` would clear now."""
        return {d: summary.below(value) if d == DOWN else summary.above(value) for d in directions(value)}

    def _check_direction(self, summary: GridSummary, move: Move) -> None:
        masks = self._direction_masks(summary, move.club.rank)
        if not masks:
            raise _illegal(move, f"{move.club} can't go up or down", "U1")
        if move.detail is not None and move.detail not in masks and not (move.mask and move.mask in masks.values()):
            raise _illegal(move, f"{move.club} can't go {move.detail}", "U1")

    def _check_updown(self, summary: GridSummary, move: Move) -> None:
        if move.mask in self._direction_masks(summary, move.club.rank).values():
            return  # legal whatever ``detail`` says: like the line name, it only shapes the notation
        raise _illegal(move, "Up/Down clears every card beyond the club's value, with no picking", "U1")

    def _check_run(self, summary: GridSummary, move: Move) -> None:
        values = self._values(move)
        v = move.club.rank
        if v in values:
            raise _illegal(move, f"the club itself is the {v} of the run; no grid card of value {v}", "R1")
        run = sorted([*values, v])
        if len(set(run)) != len(run) or run[-1] - run[0] != len(run) - 1:
            raise _illegal(move, f"values {'-'.join(map(str, run))} are not an unbroken sequence", "R1")

    def _check_allclear(self, summary: GridSummary, move: Move) -> None:
        if Variant.ALL_CLEAR not in self._variant:
            raise _illegal(move, "All Clear is a variant and it is off in this game", "V1")
        if move not in all_clear_moves(self._hand, summary.occupied):
            raise _illegal(move, "All Clear takes three clubs in sequence and clears the whole grid", "V1")

    # --- text --------------------------------------------------------------------------

    def notation(self) -> str:
        """The one-line position string of docs/notation.md: ``grid | hand | grid deck | clubs deck``,
        plus a flags field only when one is needed."""
        grid = " ".join(str(c) if c is not None else EMPTY for c in self._grid)
        fields = [grid, " ".join(map(str, self._hand)), " ".join(map(str, self._grid_deck))]
        fields.append(" ".join(map(str, self._clubs_deck)))
        flags = []
        visible_jokers = sum(1 for c in (*self._grid, *self._grid_deck) if c == JOKER)
        if self._level is Level.HARD and visible_jokers < Level.HARD.jokers:
            flags.append(Level.HARD.value)
        if Variant.ALL_CLEAR in self._variant:
            flags.append(ALL_CLEAR_FLAG)
        if flags:
            fields.append(" ".join(flags))
        return " | ".join(fields)

    def move_notation(self, move: Move) -> str:
        """The move notation of ``move`` here, however it was built (like python-chess ``san``).

        A legal move is named as ``legal_moves()`` lists it, so its line name or direction is the
        one ``parse_move`` reads back as this very move, even for a ``Move`` built without
        ``detail``. An illegal move falls back to ``str(move)``.
        """
        return str(self._legal_index().get(move, move))

    def _legal_index(self) -> dict[Move, Move]:
        index = self._index
        if index is None:
            index = self._index = {m: m for m in self._legal()}
        return index

    def _legal(self) -> list[Move]:
        moves = self._moves
        if moves is None:
            clears = self.clears()
            moves = generate(clears, self._hand, self._grid_summary().occupied, self._variant) if clears else []
            self._moves = moves
        return moves

    def parse_move(self, text: str) -> Move:
        """Read a move in move notation (docs/notation.md) and return the legal move it names here.

        The string's syntax is read first (NotationError if it isn't a move); then the move is picked
        from ``legal_moves()``. When none matches, ``explain`` says why (IllegalMoveError).
        """
        said = MoveText.parse(text)
        if said.action in (Action.SUM, Action.RUN, Action.ANY, Action.LINE):
            # The text names the cleared places (a line, by its cells): one look-up, as moves hash by them.
            places = said.places
            if said.detail is not None:
                places = frozenset(p for p in LINES[said.detail] if self._grid[p - 1] is not None)
            found = self._legal_index().get(Move(said.club, said.action, places))
            matches = [found] if found is not None else []
        else:
            matches = [m for m in self._legal() if _names(said, m)]
        if len(matches) == 1 or (matches and said.action is not Action.UPDOWN):
            return matches[0]
        if matches:
            club = said.club
            raise NotationError(f"{text!r} is ambiguous: say '{club} up' or '{club} down'")
        error = self.explain(self._intended(said))
        if error is None:  # can't happen: a legal move would have matched
            error = IllegalMoveError("not a legal move here")
        raise IllegalMoveError(error.reason, ruling=error.ruling, move=text.strip())

    def _intended(self, said: MoveText) -> Move:
        """The move ``said`` would be if the rules allowed it, for ``explain`` to refuse."""
        club, action = said.club, said.action
        summary = self._grid_summary()
        if action in (Action.SUM, Action.RUN, Action.ANY):
            return Move(club, action, said.places)
        if action is Action.LINE:
            assert said.detail is not None
            return Move(club, action, MASK_POSITIONS[_line_mask(said.detail) & summary.occupied], said.detail)
        if action is Action.MATCH:
            return Move(club, action, MASK_POSITIONS[summary.by_value[club.rank]])
        if action is Action.UPDOWN:
            masks = self._direction_masks(summary, club.rank)
            detail = said.detail or next((d for d, m in masks.items() if m), next(iter(masks), None))
            return Move(club, action, MASK_POSITIONS[masks.get(detail, 0) if detail else 0], detail)
        trio = said.clubs if len(said.clubs) == 3 else ()
        return Move(club, action, MASK_POSITIONS[summary.occupied], clubs=trio)

    def __str__(self) -> str:
        rows = []
        for r in range(3):
            cells = [self._grid[3 * r + c] for c in range(3)]
            rows.append(" ".join(f"{str(card) if card else '--':>3}" for card in cells))
        hand = " ".join(str(c) for c in self._hand) or "(empty)"
        status = {None: "in play", Outcome.WON: "won", Outcome.LOST: "lost"}[self.outcome]
        blocks = ", ".join(str(b) for b in self.blocks()) or "none"
        return "\n".join(
            [
                *rows,
                f"hand: {hand}",
                f"turn {self._turns_played + 1 if not self.is_over else self._turns_played}, "
                f"{len(self._grid_deck)} in grid deck, {len(self._clubs_deck)} in clubs deck, "
                f"score {self.score} ({status})",
                f"blocked: {blocks}",
            ]
        )

    def __repr__(self) -> str:
        return f"parse_position({self.notation()!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def _key(self) -> tuple[object, ...]:
        return (
            self._grid,
            self._hand,
            self._grid_deck,
            self._clubs_deck,
            self._level,
            self._variant,
        )


def _illegal(move: Move, reason: str, ruling: str | None = None) -> IllegalMoveError:
    return IllegalMoveError(reason, ruling=ruling, move=str(move))


def _names(said: MoveText, move: Move) -> bool:
    """Whether ``said`` (Match, Up/Down or All Clear, which name no places) names the legal ``move``."""
    if move.action is not said.action:
        return False
    if said.action is Action.ALLCLEAR:
        if len(said.clubs) == 1:
            return move.club == said.club
        return set(move.clubs_used) == set(said.clubs)
    if move.club != said.club:
        return False
    return said.action is not Action.UPDOWN or said.detail is None or move.detail == said.detail


def _line_mask(name: str) -> int:
    return next(mask for line, mask in LINE_MASKS if line == name)


def _suit_counts(summary: GridSummary) -> dict[Suit, int]:
    hearts, spades, diamonds = summary.suit_counts
    return {Suit.HEARTS: hearts, Suit.SPADES: spades, Suit.DIAMONDS: diamonds}


def _blocks(summary: GridSummary) -> tuple[Block, ...]:
    counts = _suit_counts(summary)
    return tuple(
        Block(action, suit, counts[suit]) for action, suit in BLOCKED_BY.items() if counts[suit] >= BLOCK_THRESHOLD
    )


_ACTION_CHECKS = {
    Action.MATCH: Position._check_match,
    Action.SUM: Position._check_sum,
    Action.ANY: Position._check_any,
    Action.LINE: Position._check_line,
    Action.UPDOWN: Position._check_updown,
    Action.RUN: Position._check_run,
    Action.ALLCLEAR: Position._check_allclear,
}
