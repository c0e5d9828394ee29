"""Seeded decisions of every level, and ``combat moves``, pinned to what revision da62a10 did (expert's
since it searches 600 worlds a decision, not 300: 4 of its 70 pinned decisions changed then, no other
level's and no ``combat moves`` digest).

Speed work on the engine and the AI must not change a single decision: a long benchmark of expert
against hard started on the old code must stay valid. The fixture
(``tests/fixtures/combat-decisions-da62a10.json``) holds a few rounds of normal against itself
(every action, so the engine's own play is pinned too), each level's seeded choice at chosen
positions of them, and a digest of ``clubfight combat moves`` (text and JSON) at others.

Regenerate (only on purpose, from a revision whose decisions are the reference):
``uv run python tests/combat/ai/test_combat_decisions_pinned.py``.
"""

from __future__ import annotations

import hashlib
import io
import json
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from clubfight.cli import main
from clubfight.combat.ai import Opponent, choose
from clubfight.combat.engine import Juggle, Phase, Round, Rules, Style, deal, format_position

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "combat-decisions-da62a10.json"

GAMES: tuple[tuple[int, Rules], ...] = (
    (1, Rules()),
    (2, Rules()),
    (3, Rules(red_style=Style.KARATE, black_style=Style.WUSHU, juggle=Juggle.BOTH)),
    (4, Rules(red_style=Style.NINJUTSU, black_style=Style.MMA, juggle=Juggle.COMBO)),
    (5, Rules(red_style=Style.KUNG_FU, black_style=Style.SUMO, juggle=Juggle.RUSH)),
    (6, Rules(red_style=Style.JEET_KUNE_DO, black_style=Style.KRAV_MAGA)),
    (7, Rules(red_style=Style.WRESTLING, black_style=None)),
    (8, Rules(red_style=Style.WUSHU, black_style=Style.NINJUTSU)),
    (9, Rules(juggle=Juggle.BOTH)),
)
"""Rounds of normal against itself, from ``deal(seed, rules)``; every style and juggle appears."""
SEARCH_EVERY = 4
"""Hard and expert decide at every this-many-th real choice (two or more actions) of each round, and
at every real choice outside the ATTACK phase (arrangements, counter windows, counter draws)."""
MOVES_EVERY = 3
"""``combat moves`` is pinned at every this-many-th ATTACK position of each round."""


def rules_data(rules: Rules) -> dict[str, str | None]:
    return {
        "red_style": None if rules.red_style is None else rules.red_style.value,
        "black_style": None if rules.black_style is None else rules.black_style.value,
        "juggle": rules.juggle.value,
    }


def self_play(seed: int, rules: Rules) -> list[Round]:
    """Every position of a round normal plays against itself, the last one over."""
    r = deal(seed, rules)
    found = [r]
    while not r.is_over:
        r = r.play(choose(r, Opponent.NORMAL, seed=seed))
        found.append(r)
    return found


def moves_output(r: Round, *extra: str) -> str:
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(["combat", "moves", format_position(r), *extra])
    return f"{code}\n{out.getvalue()}"


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def record_game(seed: int, rules: Rules) -> dict[str, Any]:
    """What the current code does in one round: its actions, decisions and ``combat moves``."""
    positions = self_play(seed, rules)
    actions = [str(choose(r, Opponent.NORMAL, seed=seed)) for r in positions[:-1]]
    decisions: list[dict[str, Any]] = []
    moves: list[dict[str, Any]] = []
    real = 0
    attack_positions = 0
    for ply, r in enumerate(positions[:-1]):
        history = positions[:ply]
        levels = [Opponent.EASY, Opponent.NORMAL]
        if r.phase is Phase.SETUP or len(r.legal_actions()) > 1:
            real += 1
            if r.phase is not Phase.ATTACK or real % SEARCH_EVERY == 1:
                levels += [Opponent.HARD, Opponent.EXPERT]
        chosen = {level.value: str(choose(r, level, seed=ply, history=history)) for level in levels}
        decisions.append({"ply": ply, "seed": ply, "chosen": chosen})
        if r.phase is Phase.ATTACK:
            attack_positions += 1
            if attack_positions % MOVES_EVERY == 1:
                moves.append({"ply": ply, "text": digest(moves_output(r)), "json": digest(moves_output(r, "--json"))})
    return {
        "seed": seed,
        "rules": rules_data(rules),
        "actions": actions,
        "decisions": decisions,
        "moves": moves,
    }


def load() -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(FIXTURE.read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize(("seed", "rules"), GAMES, ids=[f"seed{seed}" for seed, _ in GAMES])
def test_decisions_and_moves_are_those_of_da62a10(seed: int, rules: Rules) -> None:
    recorded = next(game for game in load() if game["seed"] == seed)
    assert recorded["rules"] == rules_data(rules)
    positions = self_play(seed, rules)
    assert [str(choose(r, Opponent.NORMAL, seed=seed)) for r in positions[:-1]] == recorded["actions"]
    for entry in recorded["decisions"]:
        ply = entry["ply"]
        r, history = positions[ply], positions[:ply]
        for name, action in entry["chosen"].items():
            assert str(choose(r, Opponent(name), seed=entry["seed"], history=history)) == action, (ply, name)
    for entry in recorded["moves"]:
        r = positions[entry["ply"]]
        assert digest(moves_output(r)) == entry["text"], entry["ply"]
        assert digest(moves_output(r, "--json")) == entry["json"], entry["ply"]


def test_the_fixture_covers_every_level_and_phase() -> None:
    """The pinned decisions are not a handful of forced moves: each level decides in many positions,
    and every phase with a choice in it is among them."""
    games = load()
    counts = {level.value: 0 for level in Opponent}
    phases: set[Phase] = set()
    for (seed, rules), game in zip(GAMES, games, strict=True):
        positions = self_play(seed, rules)
        for entry in game["decisions"]:
            for name in entry["chosen"]:
                counts[name] += 1
            if len(entry["chosen"]) == len(counts):
                phases.add(positions[entry["ply"]].phase)
    assert min(counts[Opponent.HARD.value], counts[Opponent.EXPERT.value]) >= 24
    assert min(counts[Opponent.EASY.value], counts[Opponent.NORMAL.value]) >= 100
    assert {Phase.SETUP, Phase.ATTACK, Phase.COUNTER, Phase.DRAW} <= phases
    assert sum(len(game["moves"]) for game in games) >= 30


if __name__ == "__main__":
    FIXTURE.write_text(
        json.dumps([record_game(seed, rules) for seed, rules in GAMES], indent=1) + "\n", encoding="utf-8"
    )
    print(f"wrote {FIXTURE}")
