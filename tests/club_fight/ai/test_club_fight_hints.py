"""The hint engine: legal, deterministic, and unable to peek at the deck order."""

from __future__ import annotations

import json
import random
import re
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from club_fight_ai_support import mid_game, play_alone, with_decks
from clubfight.club_fight.ai import Hint, make_policy, suggest
from clubfight.club_fight.ai.bench import DealResult, report_json, run_task, summarise
from clubfight.club_fight.ai.heuristic import (
    DEFAULT_WEIGHTS,
    GridMasks,
    Weights,
    best_clear,
    best_move,
    move_scorer,
    ranked_moves,
)
from clubfight.club_fight.ai.hints import (
    STRENGTHS,
    Finisher,
    HintSettings,
    clearly_behind,
    rollout,
    suggest_with,
    unseen_cards,
)
from clubfight.club_fight.ai.policies import greedy_policy
from clubfight.club_fight.engine import Level, Move, Position, Suit, Variant, deal, parse_position
from support import load_benchmark

# A small setting keeps the property tests quick; the no-peeking argument is the same at any size.
TINY = HintSettings(candidates=4, samples=3)


@settings(max_examples=30)
@given(
    level=st.sampled_from([Level.EASY, Level.HARD]),
    deal_seed=st.integers(1, 10_000),
    turns=st.integers(0, 8),
    hint_seed=st.integers(0, 2**32),
    data=st.data(),
)
def test_hint_ignores_the_order_of_the_hidden_decks(
    level: Level, deal_seed: int, turns: int, hint_seed: int, data: st.DataObject
) -> None:
    position = mid_game(level, deal_seed, turns)
    if position.is_over:
        return
    grid_deck = data.draw(st.permutations([str(c) for c in position.grid_deck]))
    clubs_deck = data.draw(st.permutations([str(c) for c in position.clubs_deck]))
    shuffled = parse_position(with_decks(position, grid_deck, clubs_deck))
    original = parse_position(position.notation())
    assert suggest_with(shuffled, TINY, seed=hint_seed) == suggest_with(original, TINY, seed=hint_seed)


def assert_blind_at(strength: str, deal_seed: int, turns: int, data: st.DataObject, seed: int) -> None:
    """A shipped strength's hint is the same whatever the order of the hidden decks."""
    position = mid_game(Level.HARD, deal_seed, turns)
    if position.is_over or len(set(position.grid_deck)) < 2:
        return  # a permutation must really change the deal
    grid_deck = data.draw(st.permutations([str(c) for c in position.grid_deck]))
    clubs_deck = data.draw(st.permutations([str(c) for c in position.clubs_deck]))
    other = parse_position(with_decks(position, grid_deck, clubs_deck))
    assert suggest(other, strength=strength, seed=seed) == suggest(position, strength=strength, seed=seed)


@settings(max_examples=6)
@given(deal_seed=st.integers(1, 10_000), turns=st.integers(0, 6), data=st.data())
def test_fast_hint_ignores_the_order_of_the_hidden_decks(deal_seed: int, turns: int, data: st.DataObject) -> None:
    assert_blind_at("fast", deal_seed, turns, data, seed=3)


@pytest.mark.parametrize("strength", [name for name in STRENGTHS if name != "fast"])
@settings(max_examples=3)
@given(deal_seed=st.integers(1, 10_000), turns=st.integers(6, 10), data=st.data())
def test_slower_strengths_ignore_the_order_of_the_hidden_decks(
    strength: str, deal_seed: int, turns: int, data: st.DataObject
) -> None:
    """strong and expert, later in the game where their searches are short enough to test."""
    assert_blind_at(strength, deal_seed, turns, data, seed=5)


def test_unseen_cards_are_canonical() -> None:
    position = mid_game(Level.HARD, 5, 1)
    grid_cards, clubs = unseen_cards(position)
    assert list(grid_cards) == sorted(position.grid_deck)
    assert list(clubs) == sorted(position.clubs_deck)


@pytest.mark.parametrize("strength", list(STRENGTHS))
def test_hint_is_legal_and_has_a_one_line_reason(strength: str) -> None:
    position = mid_game(Level.HARD, 11, 3)
    hint = suggest(position, strength=strength, seed=1)
    assert isinstance(hint, Hint)
    assert position.is_legal(hint.move)
    assert "\n" not in hint.reason
    assert hint.reason.startswith("clears ")
    assert "sampled deals" in hint.reason


def test_hints_along_a_game_are_legal_and_reproducible() -> None:
    position = deal(Level.EASY, 7)
    while not position.is_over:
        hint = suggest_with(position, TINY, seed=9)
        assert hint == suggest_with(position, TINY, seed=9)
        assert hint.move in position.legal_moves()
        position = position.play(hint.move)


def test_hint_seed_matters_only_through_sampling() -> None:
    position = mid_game(Level.EASY, 3, 2)
    hints = {suggest_with(position, TINY, seed=s).move for s in range(6)}
    candidates = {move for _, move in ranked_moves(position)[: TINY.candidates]}
    assert hints <= candidates


def test_unknown_strength_and_finished_game_raise_value_error() -> None:
    position = deal(Level.EASY, 1)
    with pytest.raises(ValueError, match="strength"):
        suggest(position, strength="medium")
    while not position.is_over:
        position = position.play(greedy_policy(position))
    with pytest.raises(ValueError, match="over"):
        suggest(position)


def test_a_single_legal_move_is_suggested_without_sampling() -> None:
    position = parse_position("- - - - 9H - - - - | KC | |")
    hint = suggest(position)
    assert str(hint.move) == "KC any 5"
    assert "only legal move" in hint.reason


def test_policies_play_legal_moves_and_random_is_seeded() -> None:
    position = mid_game(Level.EASY, 8, 1)
    for name in ("random", "greedy"):
        move = make_policy(name, seed=4)(position)
        assert move in position.legal_moves()
    assert make_policy("random", 4)(position) == make_policy("random", 4)(position)
    greedy = make_policy("greedy")(position)
    assert len(greedy.cleared) == max(len(m.cleared) for m in position.legal_moves())
    with pytest.raises(ValueError):
        make_policy("clairvoyant")


def test_heuristic_prefers_clearing_a_joker() -> None:
    # Same club, same count: Any on the joker beats Any on a heart.
    position = parse_position("JK 2H - - - - - - - | 9C KC | |")
    assert best_move(position).cleared == frozenset({1})


HINTS_BEFORE_MASKS = json.loads((Path(__file__).parent / "hints-bfe1c20.json").read_text(encoding="utf-8"))
"""Hints recorded at bfe1c20, the last commit whose rollouts built every ``Move``: six deals from
1650001, at turns 1 (fast), 5 (strong) and 9 (fast) of the heuristic's play."""
STRENGTHS_AT_BFE1C20 = {
    "fast": HintSettings(candidates=8, samples=10, rounds=2, per_card=0.1),
    "strong": HintSettings(candidates=8, samples=24, rounds=3, per_card=0.1),
}
"""fast and strong as they were then: full rollouts, which these hints pin down."""


@pytest.mark.parametrize("recorded", HINTS_BEFORE_MASKS, ids=lambda r: f"{r['strength']}-{r['seed']}")
def test_hints_are_the_same_as_when_rollouts_built_moves(recorded: dict[str, Any]) -> None:
    position = parse_position(recorded["position"])
    hint = suggest_with(position, STRENGTHS_AT_BFE1C20[recorded["strength"]], seed=recorded["seed"])
    assert position.move_notation(hint.move) == recorded["hint"]


def naive_score(position: Position, move: Move, weights: Weights) -> float:
    """The heuristic's score written out again from its definition, sharing no code with it."""
    cleared = [position.card_at(p) for p in move.cleared]
    value = float(len(cleared)) + weights.joker * sum(1 for card in cleared if card is not None and card.is_joker)
    for suit in (Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS):
        left = sum(1 for p in range(1, 10) if p not in move.cleared and (c := position.card_at(p)) and c.suit is suit)
        if left > 1:
            value -= weights.crowd * (left - 1)
    return value - sum(weights.club_cost[club.rank] for club in move.clubs_used)


def game_positions_for_scoring(games: int) -> list[Position]:
    """Every position of random games from deals 1800000+, both levels, All Clear in a third."""
    rng = random.Random(1202)
    found = []
    for index in range(games):
        variant = Variant.ALL_CLEAR if index % 3 == 0 else Variant.NONE
        position = deal(Level.HARD if index % 2 else Level.EASY, 1_800_000 + index, variant=variant)
        while not position.is_over:
            found.append(position)
            position = position.play(rng.choice(position.legal_moves()))  # random play reaches odd grids
    return found


EXACT_WEIGHTS = [DEFAULT_WEIGHTS, Weights(joker=1.5, crowd=0.25, club_cost=(0, 0.5, *[0.25 * v for v in range(2, 14)]))]
"""Weights whose every score is an exact binary fraction, so any order of adding them up agrees."""


@pytest.mark.parametrize("weights", EXACT_WEIGHTS, ids=["shipped", "other"])
def test_best_move_is_the_first_best_by_the_heuristics_definition(weights: Weights) -> None:
    """best_clear compares only each club's best mask, one Any card per kind and the longest runs:
    along whole games it still names the first move of the best score, scored from scratch."""
    checked = 0
    for position in game_positions_for_scoring(60):
        expected = max(position.legal_moves(), key=lambda move: naive_score(position, move, weights))
        assert best_move(position, weights) is expected, position.notation()
        assert best_clear(position, weights) == (expected.clubs_used, expected.mask)
        checked += 1
    assert checked > 600


ROUNDING_WEIGHTS = [
    Weights(joker=0.1, crowd=0.3, club_cost=(0, *[10 + 0.1 * v for v in range(1, 14)])),
    Weights(joker=0.7, crowd=0.1, club_cost=(0.0,) * 14),
]
"""Weights whose scores round (0.1 + 0.2 style) or tie across clubs: the first of equals must still win."""


@pytest.mark.parametrize("weights", ROUNDING_WEIGHTS, ids=["rounding", "no-club-cost"])
def test_best_clear_keeps_the_first_of_equal_scores_as_move_scorer_rounds_them(weights: Weights) -> None:
    for position in game_positions_for_scoring(45):
        expected = max(position.legal_moves(), key=move_scorer(GridMasks.of(position), weights))
        assert best_clear(position, weights) == (expected.clubs_used, expected.mask), position.notation()


def test_heuristic_weights_may_not_reward_leaving_cards() -> None:
    with pytest.raises(ValueError):
        Weights(crowd=-0.1)
    with pytest.raises(ValueError):
        Weights(joker=-1.0)
    with pytest.raises(ValueError):
        Weights(crowd=float("nan"))


def test_random_policy_differs_between_seeds() -> None:
    position = deal(Level.EASY, 2)
    picks = {make_policy("random", seed)(position) for seed in range(20)}
    assert len(picks) > 1


def benchmark_finishers() -> dict[str, Finisher]:
    finishers: dict[str, Finisher] = load_benchmark("finishers").FINISHERS
    return finishers


@pytest.mark.parametrize("finish", ["greedy", "solve"])
def test_compared_finishers_also_give_legal_moves(finish: str) -> None:
    position = mid_game(Level.EASY, 12, 9)
    assert not position.is_over
    hint = suggest_with(position, HintSettings(candidates=3, samples=2, finish=benchmark_finishers()[finish]), seed=1)
    assert position.is_legal(hint.move)


def test_the_finisher_decides_the_samples() -> None:
    position = mid_game(Level.EASY, 12, 3)
    favourite = ranked_moves(position)[2][1]
    # What a move adds to the discard pile (its club, then the cards it cleared) tells it apart.
    mark = position.play(favourite).discard[len(position.discard) :]

    def finish(child: Position) -> tuple[bool, int]:
        won = child.discard[-len(mark) :] == mark
        return won, 0 if won else 9

    assert suggest_with(position, HintSettings(candidates=3, samples=2, finish=finish)).move == favourite


def move_behind(position: Position, moves: list[Move]) -> Callable[[Position], Move]:
    """Which of ``moves`` a sample game after ``position`` began with, told apart by what the move
    added to the discard pile (its club, then the cards it cleared): a finisher's way to know."""
    marks = {position.play(move).discard[len(position.discard) :]: move for move in moves}
    return lambda child: next(move for mark, move in marks.items() if child.discard[-len(mark) :] == mark)


def test_per_card_ranks_a_near_miss_above_a_rout_with_one_more_win() -> None:
    """HintSettings.per_card: over two samples, one move wins once and loses by 20 cards, another loses
    both by a card. By wins alone the first is played; at 0.1 a card left, the near miss."""
    position = mid_game(Level.EASY, 12, 3)
    ranked = [move for _, move in ranked_moves(position)[:3]]
    rout, near_miss, _ = ranked
    results = {rout: [(True, 0), (False, 20)], near_miss: [(False, 1), (False, 1)]}
    started_with = move_behind(position, ranked)
    calls = {move: 0 for move in ranked}

    def finish(child: Position) -> tuple[bool, int]:
        move = started_with(child)
        calls[move] += 1
        return results.get(move, [(False, 50), (False, 50)])[(calls[move] - 1) % 2]

    by_wins = suggest_with(position, HintSettings(candidates=3, samples=2, finish=finish)).move
    calls = dict.fromkeys(ranked, 0)
    by_cards = suggest_with(position, HintSettings(candidates=3, samples=2, finish=finish, per_card=0.1)).move
    assert (by_wins, by_cards) == (rout, near_miss)


def test_clearly_behind_weighs_the_lead_against_its_spread() -> None:
    assert clearly_behind([1, 1, 1, 1], [0, 0, 0, 0], 1.5)  # the same lead in every sample
    assert clearly_behind([1, 0, 1, 0], [1, 0, 1, 0], 1.5)  # exactly as good: the leader ranks first
    assert not clearly_behind([1, 0, 1, 0], [0, 1, 1, 0], 1.5)  # one each way: a coin toss
    leader, other = [1.0] * 9 + [0.0], [0.0] * 9 + [1.0]  # a lead of 0.8 a sample, with an error of 0.2
    assert clearly_behind(leader, other, 3.9) and not clearly_behind(leader, other, 4.1)


def sample_counts(
    position: Position, settings: HintSettings, results: dict[Move, Callable[[int], float]]
) -> dict[Move, int]:
    """How many samples each candidate got, when ``results[move](n)`` is the chance won in that
    move's n-th sample (as a value model's estimate would give it)."""
    ranked = [move for _, move in ranked_moves(position)[: settings.candidates]]
    started_with = move_behind(position, ranked)
    calls = dict.fromkeys(ranked, 0)

    def finish(child: Position) -> tuple[float, float]:
        move = started_with(child)
        calls[move] += 1
        return results[move](calls[move]), 0.0

    suggest_with(position, replace(settings, finish=finish))
    return calls


RACING = HintSettings(candidates=3, samples=4, rounds=4, race=1.5)


def test_racing_stops_after_one_round_when_the_best_move_is_clear() -> None:
    position = mid_game(Level.EASY, 12, 3)
    best, second, third = (move for _, move in ranked_moves(position)[:3])
    counts = sample_counts(position, RACING, {best: lambda n: 0.9, second: lambda n: 0.5, third: lambda n: 0.1})
    assert counts == {best: 4, second: 4, third: 4}


def test_racing_gives_a_close_call_every_round() -> None:
    """Two moves that take turns doing better are raced to the last round (4 + 8 + 16 + 32
    samples); the clearly worse one drops out after the first."""
    position = mid_game(Level.EASY, 12, 3)
    best, second, third = (move for _, move in ranked_moves(position)[:3])
    results = {best: lambda n: 0.5 + 0.1 * (n % 2), second: lambda n: 0.6 - 0.1 * (n % 2), third: lambda n: 0.0}
    assert sample_counts(position, RACING, results) == {best: 60, second: 60, third: 4}
    halving = sample_counts(position, replace(RACING, race=None), results)
    assert halving == {best: 12, second: 12, third: 4}  # halving stops once two are left


def test_a_joker_cleared_is_counted_once_among_the_cards() -> None:
    """Issue 10.12: a Line of three cards, one a joker, "clears 3 cards (a joker among them)"."""
    position = parse_position("5H JK 9S 2D 3H 4S 6H 7D 8S | 5C | 10H | ")
    line = position.parse_move("5C line row1")
    assert len(line.cleared) == 3
    from clubfight.club_fight.ai.hints import Evaluation, describe

    reason = describe(position, Evaluation(line, 0.0, 0, 0, 0))
    assert reason.startswith("clears 3 cards (a joker among them)") and "and a joker" not in reason


def test_the_weight_tuner_reads_a_vector_as_the_heuristics_weights() -> None:
    """benchmarks/tune_weights.py: a vector is [joker, crowd, club costs A-K], and the shipped weights
    play alone exactly as ``best_move`` does."""
    tuner = load_benchmark("tune_weights")
    vector = tuner.from_weights(DEFAULT_WEIGHTS)
    assert len(vector) == 15 and tuner.to_weights(vector) == DEFAULT_WEIGHTS
    deals = [(Level.EASY, seed) for seed in range(20001, 20011)]
    wins = sum(rollout(deal(level, seed)).score == 0 for level, seed in deals)  # the hint engine's own rollout
    assert tuner.solo_wins((vector, deals)) == wins


def test_the_decision_bench_judges_a_setting_against_the_reference_half() -> None:
    """benchmarks/decisions.py: the search half picks the move, the reference half values it."""
    decisions = load_benchmark("decisions")
    # In the search half candidate 0 wins once and loses by 5 cards, candidate 1 loses twice by a
    # card; the reference half says candidate 1 wins every time and candidate 0 never.
    record = {"position": "", "moves": ["a", "b"], "wins": ["0010", "1100"], "left": [[3, 3, 0, 5], [0, 0, 1, 1]]}
    stored = decisions.Stored.of(record)
    assert stored.value == [0.0, 1.0]
    chosen, spent = decisions.parse_search("2x2/1")(stored, random.Random(0))
    assert (chosen, spent, stored.regret(chosen)) == (0, 4, 1.0)
    # At 0.6 a card left, candidate 0 scores 1 - 3.0 and candidate 1 scores 0 - 1.2: candidate 1.
    chosen, _ = decisions.parse_search("2x2/1@0.6")(stored, random.Random(0))
    assert (chosen, stored.regret(chosen)) == (1, 0.0)


def test_the_decision_bench_collects_and_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    decisions = load_benchmark("decisions")
    out = tmp_path / "stored.json"
    collect = ["collect", "--seeds", "3-3", "--positions", "2", "--candidates", "3", "--samples", "4"]
    decisions.main([*collect, "--jobs", "1", "--out", str(out)])
    stored = json.loads(out.read_text(encoding="utf-8"))["positions"]
    assert len(stored) == 2 and all(len(row) == 4 for record in stored for row in record["wins"])
    decisions.main(["replay", str(out), "3x2/1", "--repeats", "2"])
    assert "3x2/1" in capsys.readouterr().out.splitlines()[-1]


def test_the_comparison_with_an_earlier_commit_unpacks_it_beside_this_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """benchmarks/against.py imports a commit's engine as ``clubfight_base``, really the unpacked copy,
    and compares hints decision by decision: against HEAD (this very code in a clean clone) they are
    all the same. The hints against the old engine are pinned by HINTS_BEFORE_MASKS."""
    import clubfight.club_fight.ai.hints
    import clubfight.club_fight.ai.solver
    import clubfight.club_fight.engine

    against = load_benchmark("against")
    monkeypatch.setattr(sys, "path", list(sys.path))
    base = against.import_base("HEAD", tmp_path)
    try:
        assert Path(base[0].__file__).is_relative_to(tmp_path)
        here = (clubfight.club_fight.engine, clubfight.club_fight.ai.hints, clubfight.club_fight.ai.solver)
        against.compare_hints([base, here], "fast", 1, 1_610_001)
    finally:
        for name in [m for m in sys.modules if m == "clubfight_base" or m.startswith("clubfight_base.")]:
            del sys.modules[name]
    said = capsys.readouterr().out
    counted = re.match(r"hint-fast: (\d+) of (\d+) hints the same", said)
    assert counted is not None and counted[1] == counted[2] and int(counted[2]) > 3, said


def test_chunked_bench_reports_merge_as_one_run() -> None:
    """benchmarks/merge_results.py: two chunks give the figures of one run over both, and a gap between
    the chunks' seeds is refused."""
    merge = load_benchmark("merge_results").merge
    results = [
        DealResult("hint-expert", "hard", seed, "won" if seed % 3 else "lost", (0.1 * seed, 0.2), 0 if seed % 3 else 2)
        for seed in range(1, 7)
    ]

    def report(chosen: list[DealResult], seeds: range) -> dict[str, object]:
        command = f"clubfight bench --seeds {seeds.start}-{seeds.stop - 1} --levels hard --policies hint-expert"
        data = report_json(summarise(chosen, ["hard"], ["hint-expert"]), chosen, seeds, command)
        return json.loads(json.dumps(data))  # as read back from the file

    whole = report(results, range(1, 7))
    merged = json.loads(json.dumps(merge([report(results[3:], range(4, 7)), report(results[:3], range(1, 4))])))
    assert merged["rows"] == whole["rows"] and merged["deals"] == whole["deals"]
    assert merged["seeds"] == "1-6" and str(merged["command"]).startswith("clubfight bench --seeds 1-6 ")
    with pytest.raises(SystemExit):
        merge([report(results[:2], range(1, 3)), report(results[3:], range(4, 7))])


def test_ceiling_replays_skip_the_deals_an_earlier_replay_won(tmp_path: Path) -> None:
    """benchmarks/ceiling.py --after: the deals an earlier run printed as won, and only those, are read
    back from its own output, level and seed."""
    earlier = tmp_path / "x4.txt"
    earlier.write_text(
        "  hard-1000009: lost, 3 left in 118 s\n  hard-1000011: won in 115 s\n  easy-7: won in 9 s\n"
        "hint-expert: won 457 of 500; x4 samples won 2 of the 3 losses it replayed: replay estimate ...\n",
        encoding="utf-8",
    )
    won_earlier = load_benchmark("ceiling").won_earlier
    assert won_earlier([earlier]) == {("hard", 1000011), ("easy", 7)}
    assert won_earlier([]) == set()


def test_ceiling_replay_at_factor_one_is_the_bench_game_unless_re_rolled() -> None:
    """benchmarks/ceiling.py: without --reroll a x1 replay plays the game `clubfight bench` played, so
    the --reroll control differs from it by the luck of the samples alone."""
    ceiling = load_benchmark("ceiling")
    bench_game = run_task(("hint-fast", "hard", 2300101))
    seed, won, left, _ = ceiling.play(("hard", 2300101, "fast", 1, 0))
    assert (seed, won, left) == (2300101, bench_game.outcome == "won", bench_game.score)
    assert ceiling.search_seed(2300101, 0) == 2300101 != ceiling.search_seed(2300101, 1)


def test_ceiling_replays_scale_the_opening_samples_too() -> None:
    """benchmarks/ceiling.py --factor: fast and strong draw more samples in turns 1-5, and a bigger
    search must scale those as well; a setting without an opening one has none to scale."""
    ceiling = load_benchmark("ceiling")
    fast = ceiling.scaled(STRENGTHS["fast"], 4)
    assert (fast.samples, fast.opening_samples) == (
        4 * STRENGTHS["fast"].samples,
        4 * STRENGTHS["fast"].opening_samples,
    )
    assert ceiling.scaled(HintSettings(candidates=8, samples=28), 10).opening_samples is None


def test_the_late_search_benchmark_forks_the_shipped_game_faithfully() -> None:
    """benchmarks/late.py plays one game, wider from turn 8 on, and forks the shipped one where the
    moves first differ: both results must be those of the two games played separately."""
    late = load_benchmark("late")
    shipped = HintSettings(candidates=3, samples=3, endgame=20_000)
    wider = replace(shipped, candidates=12, samples=2, rounds=3)

    forked = 0
    for seed in range(1, 7):
        result = late.play_pair(Level.EASY, seed, shipped, wider)
        both = play_alone(Level.EASY, seed, lambda p: wider if p.clubs_left <= late.LATE_CLUBS else shipped)
        assert result["score"] == both.score
        assert result["shipped_score"] == play_alone(Level.EASY, seed, lambda _: shipped).score
        forked += result["fork_turn"] is not None
    assert forked  # some game really forked, so the check above saw a second game


@pytest.mark.parametrize(
    ("argv", "reason"),
    [
        (["--seeds", "9-3"], "bad seed range '9-3'"),
        (["--seeds", "1-x"], "bad seed range '1-x'"),
        (["--strength", "ultra"], "invalid choice: 'ultra'"),
        (["--summary", "no-such-results.jsonl"], "no results file at no-such-results.jsonl"),
    ],
)
def test_the_fork_benchmarks_turn_bad_options_into_usage_errors(
    argv: list[str], reason: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bad range, strength or results file ends the script with argparse's usage error (exit
    2) and the reason, not a traceback from deep in the run."""
    parser = load_benchmark("forking").fork_parser("", "1-2")
    with pytest.raises(SystemExit) as exit_info:
        parser.parse_args(argv)
    assert exit_info.value.code == 2
    assert reason in capsys.readouterr().err
