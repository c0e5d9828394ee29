"""``combat moves`` against a naive generator written here from the rulings alone.

The reference tries every ordered subset of the attacker's cards (hand and ADVANTAGE) onto every
place, judges it from P1-P5, scores it from S1-S5 (with the attacking styles of F1 and the juggle
of F2), finds its wins from W1-W3 and W5, and its counters from C1-C3. It shares no code with the
engine but the card tokens: cards are (rank, colour) pairs here, a joker's rank is 0.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from clubfight.cli import main
from clubfight.combat.engine import ALL_CARDS, analyse, parse_position

Card = tuple[str, int, str]
"""(token, rank, colour): rank 1-13, 0 for a joker; colour "red" or "black"."""

CARDS: list[Card] = [(str(c), c.rank, c.colour.value) for c in ALL_CARDS]
BY_TOKEN = {c[0]: c for c in CARDS}
FRONT = {"black": (1, 2, 3), "red": (7, 8, 9)}
NEUTRAL = (4, 5, 6)
PAIRS = {11: (1, 2, 3), 12: (4, 5, 6), 13: (7, 8, 9)}
STYLES = ["karate", "krav-maga", "mma", "jeet-kune-do", "wushu", "kung-fu", "ninjutsu", "wrestling", "sumo"]


def other(colour: str) -> str:
    return "black" if colour == "red" else "red"


def fits(x: int, top: Card, player: str) -> bool:
    """P1 for a card judged by value x (1-13) onto ``top``; anything goes onto a joker (P3)."""
    t = top[1]
    if t == 0:
        return True
    own = top[2] == player
    if (x > 10) == (t > 10):
        if abs(x - t) <= 1:
            return True
        return own and {x, t} == ({1, 10} if x <= 10 else {11, 13})
    face, number = (x, t) if x > 10 else (t, x)
    return number in PAIRS[face]


def first_values(seq: tuple[Card, ...], *, prefix: bool = False) -> set[int] | None:
    """The values the first card may be judged by, if ``seq`` is a single card or a THROW (P3, P5);
    with ``prefix``, if it could begin one (its top card may then be a joker)."""
    if len(seq) == 1:
        return set(range(1, 14)) if seq[0][1] == 0 else {seq[0][1]}
    if seq[-1][1] == 0 and not prefix:
        return None  # a joker is never a throw's top card
    found = set()
    known = next(((i, c[1]) for i, c in enumerate(seq) if c[1]), None)
    for direction in (1, -1):
        # a real card fixes where the sequence starts; only jokers leave every start open
        starts = range(1, 14) if known is None else [known[1] - direction * known[0]]
        for start in starts:
            values = [start + direction * i for i in range(len(seq))]
            if not all(1 <= v <= 13 for v in values):
                continue
            if len({v > 10 for v in values}) != 1:
                continue  # all numbers or all faces, so no 10-J step either
            if all((v <= 9) if c[1] == 0 else (c[1] == v) for c, v in zip(seq, values, strict=True)):
                found.add(start)
    return found or None


def linked(a: Card, b: Card, juggle: bool) -> bool:
    if a[1] == 0 or b[1] == 0:
        return False
    if a[1] == b[1]:
        return True
    if not juggle or (a[1] > 10) == (b[1] > 10):
        return False
    face, number = (a[1], b[1]) if a[1] > 10 else (b[1], a[1])
    return number in PAIRS[face]


def neighbours(place: int) -> list[int]:
    row, col = divmod(place - 1, 3)
    return [
        3 * r + c + 1
        for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
        if 0 <= r < 3 and 0 <= c < 3
    ]


def combo(tops: list[Card], place: int, juggle: bool) -> int:
    seen, todo = {place}, [place]
    while todo:
        p = todo.pop()
        for q in neighbours(p):
            if q not in seen and linked(tops[p - 1], tops[q - 1], juggle):
                seen.add(q)
                todo.append(q)
    return len(seen) - 1 if tops[place - 1][1] else 0


def rush(stack: list[Card], juggle: bool) -> int:
    count = 0
    while count + 1 < len(stack) and linked(stack[-2 - count], stack[-1 - count], juggle):
        count += 1
    return count


def lines_through(place: int) -> list[tuple[int, ...]]:
    row, col = divmod(place - 1, 3)
    return [tuple(3 * row + c + 1 for c in range(3)), tuple(3 * r + col + 1 for r in range(3))]


def own_tens(tops: list[Card], line: tuple[int, ...], player: str) -> int:
    return sum(1 for q in line if tops[q - 1][1] == 10 and tops[q - 1][2] == player)


def reference(pos: dict[str, Any]) -> list[dict[str, Any]]:
    player = pos["attacker"]
    rival = other(player)
    styles = pos.get("styles", {})
    style, rival_style = styles.get(player), styles.get(rival)
    juggle = pos.get("juggle", "none")
    stacks = [[BY_TOKEN[t] for t in s] for s in pos["stacks"]]
    usable = [BY_TOKEN[t] for t in pos["hand"] + pos["advantage"]]
    defender_hand = [BY_TOKEN[t] for t in pos["defender_hand"]]
    score = pos["scores"][player]
    found = []
    for seq in ordered_subsets(usable):
        values = first_values(seq)
        if values is None:
            continue
        n = len(seq)
        for place in range(1, 10):
            covered = stacks[place - 1][-1]
            if covered[1] == 10 and covered[2] != player:
                continue  # P2
            if not any(fits(v, covered, player) for v in values):
                continue
            safe = covered[2] == player or (n == 1 and seq[0][1] == 0)
            stack = stacks[place - 1] + list(seq)
            tops = [s[-1] for s in stacks]
            tops[place - 1] = seq[-1]
            top = seq[-1]
            if n == 1:
                base = 2 if style == "krav-maga" and not safe else 1
            else:
                base = sum(range(2, n + 2)) if style == "wrestling" else sum(range(1, n + 1))
            r = rush(stack, juggle in ("rush", "both"))
            if style == "jeet-kune-do" and n == 1 and r:
                r = sum(range(2, r + 2))
            c = combo(tops, place, juggle in ("combo", "both"))
            if c and style == "karate":
                c += 1
            block = 1 if any(card[1] == 10 for card in seq) else 0
            punish = 1 if pos["first_play"] and pos["punish_place"] == place else 0
            total = base + c + r + block + punish
            wins = set()
            if top[1] == 10 and top[2] == player:
                if place in FRONT[rival] and covered[1] != 0 and (covered[2] == player or style == "sumo"):
                    wins.add("ring-out")
                lines = lines_through(place) if style == "sumo" else ([NEUTRAL] if place in NEUTRAL else [])
                if any(own_tens(tops, line, player) >= 2 for line in lines):
                    wins.add("submission")
            if score + total >= 30:
                wins.add("knock-out")
            item: dict[str, Any] = {
                "cards": [card[0] for card in seq],
                "to": place,
                "safe": safe,
                "points": {"base": base, "combo": c, "rush": r, "block": block, "punish": punish, "total": total},
                "wins": sorted(wins),
            }
            if not safe:
                item["counters"] = counters(pos, tops, place, top, defender_hand, style, rival_style)
            found.append(item)
    found.sort(key=lambda d: (d["to"], d["cards"]))
    return found


def ordered_subsets(cards: list[Card]) -> list[tuple[Card, ...]]:
    """Every ordered subset of ``cards``, but for those whose start can't begin a throw (a throw's
    every start is one, so nothing playable is lost): all of them would be 109,600 for 8 cards."""
    found: list[tuple[Card, ...]] = []

    def grow(seq: tuple[Card, ...]) -> None:
        found.append(seq)
        for card in cards:
            if card not in seq and first_values((*seq, card), prefix=True) is not None:
                grow((*seq, card))

    for card in cards:
        grow((card,))
    return found


def counters(
    pos: dict[str, Any],
    tops: list[Card],
    place: int,
    top: Card,
    hand: list[Card],
    attacker_style: str | None,
    style: str | None,
) -> list[dict[str, Any]]:
    defender = other(pos["attacker"])
    found = []
    for card in hand:
        if card[1] != 0 and not fits(card[1], top, defender):
            continue  # C1 (no lock: C3)
        if card[1] == 0:
            points = 0
        else:
            perfect = card[1] == top[1]
            points = 4 if perfect else 2
            if perfect and attacker_style == "karate":
                points = 2
            if style == "wushu" and len(hand) == 2:
                points //= 2
            points += 1 if card[1] == 10 else 0
        after = list(tops)
        after[place - 1] = card
        wins = []
        if pos["scores"][defender] + points >= 30:
            wins.append("knock-out")
        if card[1] == 10 and card[2] == defender and place in NEUTRAL and own_tens(after, NEUTRAL, defender) >= 2:
            wins.append("submission")
        found.append({"card": card[0], "points": points, "wins": wins})
    return sorted(found, key=lambda c: str(c["card"]))


# --- random positions --------------------------------------------------------------------------


def random_position(rng: random.Random) -> dict[str, Any]:
    """Any position the reader takes, tilted towards 10s, jokers, faces and scores near 30."""
    attacker = rng.choice(["red", "black"])
    styles = {}
    for colour in ("red", "black"):
        if rng.random() < 0.5:
            styles[colour] = rng.choice(STYLES)
    pool = list(CARDS)
    rng.shuffle(pool)
    if rng.random() < 0.5:  # bring the 10s and jokers forward
        pool.sort(key=lambda c: 0 if c[1] in (0, 10) and rng.random() < 0.5 else 1)

    def take(colour: str | None, count: int) -> list[str]:
        picked = [c for c in pool if colour is None or c[2] == colour][:count]
        for c in picked:
            pool.remove(c)
        return [c[0] for c in picked]

    defender = other(attacker)
    counter_cards = 2 if styles.get(defender) == "wushu" else 1
    hand = take(attacker, rng.choice([1, 2, 3, 4, 4, 4]))
    advantage = take(defender, rng.choice([0, 0, 1, 2, 3, 4]))
    defender_hand = take(defender, rng.randint(0, counter_cards))
    stacks = [take(None, rng.choice([1, 1, 2, 3])) for _ in range(9)]
    position: dict[str, Any] = {
        "stacks": stacks,
        "attacker": attacker,
        "hand": hand,
        "advantage": advantage,
        "defender_hand": defender_hand,
        "scores": {"red": rng.choice([0, 5, 20, 26, 29]), "black": rng.choice([0, 6, 21, 27, 29])},
        "first_play": rng.random() < 0.5,
        "punish_place": rng.choice([None, *range(1, 10)]),
    }
    if styles:
        position["styles"] = styles
    if rng.random() < 0.4:
        position["juggle"] = rng.choice(["combo", "rush", "both"])
    return position


POSITIONS = 1500


def test_combat_moves_agrees_with_the_reference_on_random_positions() -> None:
    rng = random.Random(20260)
    plays = wins = counters_seen = 0
    for _ in range(POSITIONS):
        pos = random_position(rng)
        text = json.dumps(pos)
        got = [report.to_json() for report in analyse(parse_position(text))]
        expected = reference(pos)
        assert got == expected, text
        plays += len(got)
        wins += sum(1 for d in got if d["wins"])
        counters_seen += sum(len(d.get("counters", [])) for d in got)
    # the positions were worth checking: many plays, some wins, some counters
    assert plays > 20 * POSITIONS and wins > 100 and counters_seen > 1000


@pytest.mark.parametrize("seed", range(6))
def test_the_command_line_agrees_too(seed: int, capsys: pytest.CaptureFixture[str]) -> None:
    pos = random_position(random.Random(seed))
    assert main(["combat", "moves", json.dumps(pos), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == reference(pos)
