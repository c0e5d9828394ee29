"""A deliberately naive legal-move generator, used only by the tests to cross-check the engine.

It reads the rules straight from RULINGS.md and tries every subset of grid places by brute force,
with none of the engine's bitmask tricks, so that the two implementations share no code but the
card type. It works on card strings ("10H", "JK") to stay independent of the engine's internals.
The deal's shuffle is written here the same way, from docs/notation.md (D1).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations, pairwise

RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13} | {str(n): n for n in range(2, 11)}
LINES = {
    "row1": (1, 2, 3),
    "row2": (4, 5, 6),
    "row3": (7, 8, 9),
    "col1": (1, 4, 7),
    "col2": (2, 5, 8),
    "col3": (3, 6, 9),
}
BLOCKERS = {"line": "D", "updown": "S", "run": "H"}

RefMove = tuple[tuple[str, ...], str, frozenset[int]]
"""(clubs used, action name, cleared 1-based places). One club except for All Clear."""


def value(card: str) -> int:
    """C2: A=1 ... K=13; a joker has no value (0 here, and it is never used as one)."""
    return 0 if card == "JK" else RANKS[card[:-1]]


def suit(card: str) -> str | None:
    return None if card == "JK" else card[-1]


def reference_moves(grid: Sequence[str | None], hand: Iterable[str], all_clear: bool = False) -> set[RefMove]:
    """Every legal (clubs, action, cleared) in this grid for this hand, straight from the rulings."""
    places = {p: card for p, card in enumerate(grid, start=1) if card is not None}
    hand = list(hand)
    if not places or not hand:
        return set()
    valued = {p: value(c) for p, c in places.items() if c != "JK"}
    counts = {s: sum(1 for c in places.values() if suit(c) == s) for s in "HSD"}
    blocked = {action for action, s in BLOCKERS.items() if counts[s] >= 3}
    subsets = [frozenset(combo) for size in range(1, len(valued) + 1) for combo in combinations(sorted(valued), size)]
    moves: set[RefMove] = set()
    for club in hand:
        v = value(club)
        clubs = (club,)
        same = frozenset(p for p, x in valued.items() if x == v)
        if same:
            moves.add((clubs, "match", same))
        for subset in subsets:
            values = sorted(valued[p] for p in subset)
            if sum(values) == v:
                moves.add((clubs, "sum", subset))
            if "run" not in blocked and v not in values:
                run = sorted([*values, v])
                if all(b - a == 1 for a, b in pairwise(run)):
                    moves.add((clubs, "run", subset))
        for p in places:
            moves.add((clubs, "any", frozenset({p})))
        if "line" not in blocked:
            for cells in LINES.values():
                if any(valued.get(p) == v for p in cells):
                    moves.add((clubs, "line", frozenset(p for p in cells if p in places)))
        if "updown" not in blocked:
            if 2 <= v <= 7:
                down = frozenset(p for p, x in valued.items() if x < v)
                if down:
                    moves.add((clubs, "updown", down))
            if 7 <= v <= 12:
                up = frozenset(p for p, x in valued.items() if x > v)
                if up:
                    moves.add((clubs, "updown", up))
    if all_clear:
        for trio in combinations(hand, 3):
            ordered = tuple(sorted(trio, key=value))
            low = value(ordered[0])
            if [value(c) for c in ordered] == [low, low + 1, low + 2]:
                moves.add((ordered, "allclear", frozenset(places)))
    return moves


GRID_CARDS = tuple(f"{r}{s}" for s in "HSD" for r in ("A", *map(str, range(2, 11)), "J", "Q", "K"))
CLUB_CARDS = tuple(f"{r}C" for r in ("A", *map(str, range(2, 11)), "J", "Q", "K"))


def words(text: str) -> list[str]:
    """``words("AH 2S -")`` is ``["AH", "2S", "-"]``: card lists in tests read like position strings."""
    return text.split()


# An independent implementation of the shuffle exactly as docs/notation.md specifies it, so the
# spec and the engine are checked against each other, not just against a frozen output
# (test_club_fight_deals.py, and the rulings C3 and C4).
MASK64 = (1 << 64) - 1


def spec_splitmix64(seed: int) -> list[int]:
    state = seed
    outputs = []
    for _ in range(200):
        state = (state + 0x9E3779B97F4A7C15) & MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        outputs.append(z ^ (z >> 31))
    return outputs


def spec_deal(level: str, seed: int) -> str:
    """The deal as a position string: grid | hand | grid deck | clubs deck."""
    clubs, grid_deck = spec_shuffles(level, seed)
    return " | ".join(" ".join(part) for part in (grid_deck[:9], clubs[:4], grid_deck[9:], clubs[4:]))


def spec_shuffles(level: str, seed: int) -> tuple[list[str], list[str]]:
    """The shuffled clubs and grid deck, top card first."""
    stream = iter(spec_splitmix64(seed))

    def below(n: int) -> int:
        while True:
            x = next(stream)
            if x < 2**64 - 2**64 % n:
                return x % n

    def shuffle(cards: list[str]) -> list[str]:
        for i in range(len(cards) - 1, 0, -1):
            j = below(i + 1)
            cards[i], cards[j] = cards[j], cards[i]
        return cards

    clubs = shuffle(list(CLUB_CARDS))
    grid_deck = shuffle([*GRID_CARDS, *["JK"] * (1 if level == "easy" else 2)])
    return clubs, grid_deck
