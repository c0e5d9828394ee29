"""The AI in the app: the hint key, "was this deal winnable?" with its line viewer, and autoplay."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from textual.pilot import Pilot

import clubfight.club_fight.ai as hint_engine
from club_fight_tui_support import (
    WINNING_LINE,
    answer_blocking_question,
    app_for,
    click_button,
    click_card,
    game,
    make_app,
    place_slot,
    play_by_keys,
    text_of,
)
from clubfight.club_fight.ai import Hint, LostPositions, SolveResult, Verdict, find_mistake, solve, suggest
from clubfight.club_fight.engine import Level, Move, Position, Variant, deal
from clubfight.club_fight.storage.saves import save_path
from clubfight.club_fight.storage.stats import stats_path
from clubfight.club_fight.tui.game_over_screen import GameOverScreen
from clubfight.club_fight.tui.launch import ClubFightLaunch
from clubfight.club_fight.tui.line_viewer_screen import LineViewerScreen
from clubfight.club_fight.tui.plan import candidate, card_label, hint_plan
from clubfight.club_fight.tui.table_screen import GameScreen
from clubfight.club_fight.tui.verdict_screen import VerdictScreen, answer_text, mistake_text
from clubfight.shell.app import CardGamesApp
from support import async_test

HINT_SEED = 7
"""easy-7: the fast hint engine (its own seed 0) suggests a Run on the opening table."""
LOST_LINE = (
    "3C run 1 2 8",
    "10C sum 1 4 8",
    "9C match",
    "7C up",
    "JC sum 1 5",
    "5C sum 5 9",
    "2C any 5",
    "8C up",
    "KC sum 2 3 5 6",
    "QC sum 3 7 8 9",
    "4C run 1 2 6 7 8",
    "AC any 3",
    "6C any 4",
)
"""A game of easy-7 lost with one card left; it could still be won before its 10th move."""


async def settle(pilot: Pilot[None], done: Callable[[], bool], tries: int = 400) -> None:
    """Let the app run until ``done()`` (workers on threads finish in their own time), or give up.
    A screen pushed is on the stack before it has mounted its widgets: one more pause lets it."""
    for _ in range(tries):
        if done():
            await pilot.pause()
            return
        await pilot.pause(0.02)
    assert done(), "the app never got there"


# --- the hint key -------------------------------------------------------------------------


@async_test
async def test_hint_key_previews_the_engines_legal_move_with_its_reason() -> None:
    opening = deal(Level.EASY, HINT_SEED)
    expected = suggest(opening, strength="fast")
    app = make_app(seed=HINT_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        table = game(app)
        assert table.session.hints == 0
        await pilot.press("h")
        await settle(pilot, lambda: not table.thinking)
        assert table.plan == hint_plan(expected.move)
        assert candidate(table.position, table.plan) == expected.move
        assert expected.move in table.position.legal_moves()
        assert expected.reason in table.message
        assert table.session.hints == 1
        for place in expected.move.cleared:  # the cards it clears are marked on the table
            assert "-clear" in place_slot(app, place).states
        await pilot.press("enter")  # a hint is a preview: Enter plays it like any move
        await answer_blocking_question(pilot, app)
        assert table.moves == [expected.move]


@async_test
async def test_every_kind_of_hinted_move_previews_through_the_turn_builder() -> None:
    """hint_plan must describe any move exactly, whatever its action: every legal move of a few games."""
    seen = set()
    for seed in (1, 2, 3):
        position = deal(Level.HARD, seed, variant=Variant.ALL_CLEAR)
        while not position.is_over:
            for move in position.legal_moves():
                assert candidate(position, hint_plan(move)) == move, move
                seen.add(move.action)
            position = position.play(max(position.legal_moves(), key=lambda move: len(move.cleared)))
    assert len(seen) >= 5


class SlowHints:
    """A stand-in for ``suggest`` that holds its answer until the test releases it."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.calls = 0

    def __call__(self, position: Position, *, strength: str = "fast", seed: int = 0) -> Hint:
        self.calls += 1
        self.release.wait(timeout=20)  # bounded, so a failing test can't hang the run
        return Hint(position.legal_moves()[0], "the first legal move")


@async_test
async def test_keys_still_work_while_a_hint_is_computing(monkeypatch: pytest.MonkeyPatch) -> None:
    slow = SlowHints()
    monkeypatch.setattr(hint_engine, "suggest", slow)
    app = make_app(seed=HINT_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        table = game(app)
        try:
            await pilot.press("h")
            await settle(pilot, lambda: slow.calls == 1)
            await pilot.press("x")  # pick the second club while the engine thinks
            await pilot.pause()
            assert table.thinking, "the stand-in answered too early"
            assert table.plan.club == table.model.hand_slots()[1]
            await pilot.press("h")  # a second press doesn't start a second search
            await pilot.pause()
            assert "still working" in table.message
        finally:
            slow.release.set()
        await settle(pilot, lambda: not table.thinking)
        assert slow.calls == 1
        assert table.plan == hint_plan(table.position.legal_moves()[0])
        assert table.session.hints == 1


@async_test
async def test_a_move_played_while_the_hint_computes_discards_the_stale_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    slow = SlowHints()
    monkeypatch.setattr(hint_engine, "suggest", slow)
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        table = game(app)
        try:
            await pilot.press("h")
            await settle(pilot, lambda: slow.calls == 1)
            await play_by_keys(pilot, app, WINNING_LINE[0])
            assert len(table.moves) == 1
        finally:
            slow.release.set()
        await settle(pilot, lambda: not table.thinking)
        assert table.plan.is_empty
        assert "Hint" not in table.message
        assert table.session.hints == 0


def broken_engine(position: Position, *, strength: str = "fast", seed: int = 0) -> Hint:
    raise ValueError("unknown hint strength 'wild'")


@async_test
async def test_a_failing_hint_engine_says_so_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hint_engine, "suggest", broken_engine)
    app = make_app(seed=HINT_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        table = game(app)
        await pilot.press("h")
        await settle(pilot, lambda: not table.thinking)
        assert table.message == "No hint: unknown hint strength 'wild'."
        assert table.plan.is_empty and table.session.hints == 0


@async_test
async def test_a_failing_engine_stops_the_demo_and_hands_over(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hint_engine, "suggest", broken_engine)
    app = autoplay_app(HINT_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        table = game(app)
        assert isinstance(table, GameScreen) and table.demo
        await settle(pilot, lambda: not table.playing)
        assert table.message.startswith("Demo stopped: unknown hint strength")
        assert table.check_action("club", (0,)) is True


# --- was this deal winnable? ----------------------------------------------------------------


@async_test
async def test_verdict_finds_a_winning_line_to_step_through() -> None:
    opening = deal(Level.EASY, HINT_SEED)
    app = make_app(seed=HINT_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        verdict = VerdictScreen(opening, opening, time_limit=None, node_limit=200_000)
        await app.push_screen(verdict)
        await settle(pilot, lambda: not verdict.searching)
        assert verdict.result is not None and verdict.result.verdict is Verdict.WINNABLE
        assert "Winnable" in text_of(app.screen, "#verdict-answer")
        line = verdict.result.line
        await pilot.press("l")
        await pilot.pause()
        viewer = app.screen
        assert isinstance(viewer, LineViewerScreen)
        assert f"Move 1 of {len(line)}" in text_of(app.screen, "#line-status")
        assert str(line[0]) in text_of(app.screen, "#line-move")
        await pilot.press(*["right"] * (len(line) + 2))  # pressing past the end stays at the end
        await pilot.pause()
        assert viewer.step == len(line)
        assert viewer.positions[-1].score == 0
        assert f"After all {len(line)} moves" in text_of(app.screen, "#line-status")
        assert "won" in text_of(app.screen, "#line-move")
        await pilot.press("left")
        await pilot.pause()
        assert viewer.step == len(line) - 1
        assert str(line[-1]) in text_of(app.screen, "#line-move")
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is verdict


@async_test
async def test_verdict_with_a_tiny_budget_says_unknown() -> None:
    opening = deal(Level.HARD, HINT_SEED)
    app = make_app(seed=HINT_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        verdict = VerdictScreen(opening, opening, time_limit=None, node_limit=50)
        await app.push_screen(verdict)
        await settle(pilot, lambda: not verdict.searching)
        assert verdict.result is not None and verdict.result.verdict is Verdict.UNKNOWN
        assert "Unknown in time" in text_of(app.screen, "#verdict-answer")
        assert not app.screen.query_one("#show-line").display
        await pilot.press("l")  # no line to show
        await pilot.pause()
        assert app.screen is verdict


class EndlessSolver:
    """A search that never ends on its own: it reports progress until it is told to stop."""

    def __init__(self, *, opening_is_winnable: bool = False) -> None:
        self.stopped = threading.Event()
        self.nodes = 0
        self.opening_is_winnable = opening_is_winnable
        self.limits: list[float | None] = []

    def __call__(
        self,
        position: Position,
        *,
        time_limit: float | None,
        node_limit: int | None,
        should_stop: Callable[[], bool] | None,
        on_progress: Callable[[int], None] | None,
        lost: LostPositions | None = None,
    ) -> SolveResult:
        assert should_stop is not None and on_progress is not None
        if self.opening_is_winnable and not position.turns_played:
            return SolveResult(Verdict.WINNABLE, (), 1, 0.0)
        self.limits.append(time_limit)
        for _ in range(2000):  # bounded: at most a few seconds if the cancel never comes
            if should_stop():
                self.stopped.set()
                break
            self.nodes += 2048
            on_progress(self.nodes)
            self.stopped.wait(0.005)
        return SolveResult(Verdict.UNKNOWN, (), self.nodes, 0.5)


@async_test
async def test_verdict_shows_progress_and_can_be_cancelled() -> None:
    opening = deal(Level.EASY, HINT_SEED)
    solver = EndlessSolver()
    app = make_app(seed=HINT_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        verdict = VerdictScreen(opening, opening, solver=solver)
        await app.push_screen(verdict)
        await settle(pilot, lambda: "positions" in text_of(app.screen, "#verdict-status"))
        assert verdict.searching
        await pilot.press("escape")  # the first Esc cancels the search
        await settle(pilot, lambda: not verdict.searching)
        assert solver.stopped.is_set()
        assert "cancelled" in text_of(app.screen, "#verdict-answer")
        assert app.screen is verdict
        await pilot.press("escape")  # the second goes back
        await pilot.pause()
        assert app.screen is not verdict


@async_test
async def test_the_slip_search_works_on_with_a_progress_line_until_it_is_stopped() -> None:
    """Issue 10.7: no time limit on the slip search; it says where it is, and Esc stops it."""
    positions, moves = lost_game()
    solver = EndlessSolver(opening_is_winnable=True)
    app = make_app(seed=HINT_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        verdict = VerdictScreen(positions[0], positions[-1], played=(positions, moves), solver=solver)
        await app.push_screen(verdict)
        await settle(pilot, lambda: "positions" in text_of(app.screen, "#verdict-status"))
        assert verdict.looking and solver.limits == [None]  # works on until it knows
        status = text_of(app.screen, "#verdict-status")
        assert f"back at turn {len(moves)}" in status and "Esc stops" in status
        await pilot.press("escape")  # the first Esc stops the search and stays
        await settle(pilot, lambda: not verdict.looking)
        assert solver.stopped.is_set() and app.screen is verdict
        assert "stopped" in text_of(app.screen, "#verdict-mistake")
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is not verdict


def lost_game() -> tuple[list[Position], list[Move]]:
    positions, moves = [deal(Level.EASY, HINT_SEED)], []
    for text in LOST_LINE:
        moves.append(positions[-1].parse_move(text))
        positions.append(positions[-1].play(moves[-1]))
    assert positions[-1].is_over and positions[-1].score > 0
    return positions, moves


def test_find_mistake_names_the_move_after_which_the_game_was_lost() -> None:
    positions, moves = lost_game()
    budget = 500_000
    opening = solve(positions[0], time_limit=None, node_limit=budget)
    searched: list[int] = []
    mistake = find_mistake(
        positions,
        moves,
        opening,
        lambda p, lost: solve(p, time_limit=None, node_limit=budget, lost=lost),
        on_turn=searched.append,
    )
    assert mistake is not None
    index = mistake.turn - 1
    assert searched == list(range(len(moves), mistake.turn - 1, -1))  # from the end backwards, to the slip
    assert mistake.before is positions[index] and mistake.move == moves[index]
    assert solve(positions[index + 1], time_limit=None, node_limit=budget).verdict is Verdict.UNWINNABLE
    replay = mistake.before
    for move in mistake.line:
        replay = replay.play(move)
    assert replay.score == 0


@pytest.mark.parametrize("slip", [0, 1, 6, 12])
def test_find_mistake_finds_the_boundary_and_gives_up_on_unknown(slip: int) -> None:
    """With a stand-in solver that knows the answers: positions up to ``slip`` win, the rest lose."""
    positions, moves = lost_game()
    index_of = {id(position): index for index, position in enumerate(positions)}

    def verdict(position: Position, lost: object = None) -> SolveResult:
        won = index_of[id(position)] <= slip
        return SolveResult(Verdict.WINNABLE if won else Verdict.UNWINNABLE, (), 1, 0.0)

    mistake = find_mistake(positions, moves, verdict(positions[0]), verdict)
    assert mistake is not None and mistake.turn == slip + 1 and mistake.move == moves[slip]
    unknown = SolveResult(Verdict.UNKNOWN, (), 1, 0.0)
    assert find_mistake(positions, moves, verdict(positions[0]), lambda p, lost: unknown) is None
    assert find_mistake(positions, moves, unknown, verdict) is None


def test_answers_read_as_won_winnable_not_winnable_or_unknown() -> None:
    opening = deal(Level.EASY, 1)
    line = tuple(opening.parse_move(text) for text in WINNING_LINE[:1])
    assert answer_text(None, won=True).startswith("Won")
    assert answer_text(SolveResult(Verdict.WINNABLE, line, 10, 0.1), won=False).startswith("Winnable")
    assert answer_text(SolveResult(Verdict.UNWINNABLE, (), 10, 0.1), won=False).startswith("Not winnable")
    assert answer_text(SolveResult(Verdict.UNKNOWN, (), 10, 0.1), won=False).startswith("Unknown in time")
    assert "cancelled" in answer_text(SolveResult(Verdict.UNKNOWN, (), 10, 0.1), won=False, cancelled=True)


# --- game over ------------------------------------------------------------------------------


@async_test
async def test_game_over_counts_hints_and_answers_was_it_winnable() -> None:
    """Lose easy-7 (LOST_LINE) after one hint; then ask the solver, and which move let it slip."""
    app = make_app(seed=HINT_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        table = game(app)
        await pilot.press("h")
        await settle(pilot, lambda: table.session.hints == 1)
        for text in LOST_LINE:
            table.commit(table.position.parse_move(text))
        await settle(pilot, lambda: isinstance(app.screen, GameOverScreen))
        over = app.screen
        assert table.check_action("hint", ()) is None  # dimmed in the Footer once the game is over
        assert table.position.score > 0
        assert "Hints used: 1" in text_of(app.screen, "#hints-used")
        await pilot.press("w")
        await pilot.pause()
        verdict = app.screen
        assert isinstance(verdict, VerdictScreen)
        assert verdict.start is table.history[0]
        await settle(pilot, lambda: not verdict.searching)
        assert "Winnable" in text_of(app.screen, "#verdict-answer")
        await settle(pilot, lambda: not verdict.looking)
        mistake = verdict.mistake
        said = text_of(app.screen, "#verdict-mistake")
        assert mistake is not None and f"turn {mistake.turn}" in said
        assert said == mistake_text(mistake)
        played, better = mistake.move, mistake.line[0]
        for move in (played, better):  # each named with the cards it cleared
            assert all(card_label(mistake.before.card_at(place)) in said for place in move.cleared)
        assert "you played" in said and "would still have won" in said
        await pilot.press("m")  # a win from just before the slip, on the board
        await pilot.pause()
        viewer = app.screen
        assert isinstance(viewer, LineViewerScreen) and viewer.positions[0] is table.history[mistake.turn - 1]
        assert viewer.positions[-1].score == 0
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is over
        assert "winnable? Yes" in text_of(app.screen, "#winnable")
        await pilot.press("w")  # asked again: the decided answer comes back at once
        await pilot.pause()
        assert isinstance(app.screen, VerdictScreen) and not app.screen.searching
        assert "Winnable" in text_of(app.screen, "#verdict-answer")


@async_test
async def test_a_won_game_answers_won() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        table = game(app)
        for text in WINNING_LINE:
            table.commit(table.position.parse_move(text))
        await settle(pilot, lambda: isinstance(app.screen, GameOverScreen))
        assert "Hints used: 0" in text_of(app.screen, "#hints-used")
        await pilot.pause()
        await pilot.click("#winnable")
        await pilot.pause()
        assert isinstance(app.screen, VerdictScreen)
        assert text_of(app.screen, "#verdict-answer").startswith("Won")


# --- autoplay -------------------------------------------------------------------------------


def autoplay_app(seed: int, level: Level = Level.EASY, *, pace: float = 0.0) -> CardGamesApp:
    app = app_for(level=level, seed=seed, autoplay=True, autoplay_pace=pace)
    app.animation_level = "none"
    return app


@async_test
async def test_autoplay_plays_a_seeded_game_to_the_end() -> None:
    app = autoplay_app(HINT_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        table = game(app)
        assert isinstance(table, GameScreen) and table.demo
        await settle(pilot, lambda: isinstance(app.screen, GameOverScreen), tries=1500)
        assert table.position.is_over
        assert not table.playing
        # every move is the hint engine's choice for the table it was played on
        replay = table.history[0]
        for move in table.moves:
            assert move == suggest(replay, strength="fast").move
            replay = replay.play(move)
        assert table.session.hints == 0  # the demo's own moves aren't the player's hints
        assert not stats_path().exists() and not save_path().exists()  # nor the player's game


@async_test
async def test_autoplay_pauses_and_hands_over_the_table() -> None:
    app = autoplay_app(HINT_SEED, pace=0.05)
    async with app.run_test(size=(80, 24)) as pilot:
        table = game(app)
        assert isinstance(table, GameScreen) and table.demo
        await settle(pilot, lambda: len(table.moves) >= 1)
        await pilot.press("space")
        await pilot.pause()
        assert table.paused
        played = len(table.moves)
        assert table.check_action("club", (0,)) is False  # off, and out of the Footer, while the engine plays
        await pilot.press("z")  # the player's keys are off while the engine plays (even paused)
        await pilot.pause()
        assert table.plan.is_empty or table.plan.action is not None  # z alone would pick a club, no action
        before = table.plan
        await click_card(pilot, app, "#hand", 1)  # and so are clicks
        await click_button(pilot, app, "#confirm-row", "confirm")
        await pilot.pause()
        assert table.plan == before and len(table.moves) == played
        # Resumed, the demo commits the move it showed, then waits 5 s before the next: on a loaded
        # machine, at its own pace, it could finish the deal before the Esc below arrived.
        table.pace = 5.0
        await pilot.press("space")
        await settle(pilot, lambda: len(table.moves) > played)
        await pilot.press("escape")
        await pilot.pause()
        assert not table.playing
        stopped_at = len(table.moves)
        await pilot.pause(0.2)
        assert len(table.moves) == stopped_at  # nothing more is played once stopped
        assert not table.position.is_over
        await pilot.press("z")  # the table is the player's now
        await pilot.pause()
        assert table.plan.club == table.model.hand_slots()[0]
        await click_card(pilot, app, "#hand", 1)
        await pilot.pause()
        assert table.plan.club == table.model.hand_slots()[1]
        assert table.check_action("hint", ()) is True


def test_autoplay_option_starts_the_demo_with_level_seed_and_strength(monkeypatch: pytest.MonkeyPatch) -> None:
    """``clubfight --autoplay --level hard --seed 7 --strength strong`` builds the demo app (not run here)."""
    from clubfight.cli import main

    built: list[CardGamesApp] = []
    monkeypatch.setattr(CardGamesApp, "run", lambda self, *args, **kwargs: built.append(self))
    assert main(["--autoplay", "--level", "hard", "--seed", "7", "--strength", "strong"]) == 0
    assert main(["--autoplay", "--deal", "easy-12"]) == 0
    first, second = (app.launch for app in built)
    assert isinstance(first, ClubFightLaunch) and isinstance(second, ClubFightLaunch)
    assert (first.autoplay, first.level, first.seed, first.hint_strength) == (True, Level.HARD, 7, "strong")
    # No --strength: the one chosen in Settings plays (fast, unless changed).
    assert (second.autoplay, second.level, second.seed, second.hint_strength) == (True, Level.EASY, 12, None)


@async_test
async def test_the_demo_keys_show_only_while_the_demo_plays() -> None:
    """One table class: the demo's Pause and Stop keys are in the Footer of a demo, and of no other table."""
    # The demo waits between moves: at full speed it can finish the deal before the checks.
    app = autoplay_app(HINT_SEED, pace=5.0)
    async with app.run_test(size=(80, 24)) as pilot:
        table = game(app)
        await pilot.pause()
        assert table.check_action("pause", ()) and table.check_action("stop_demo", ())
        assert "Stop demo" in footer_text(table)
        await pilot.press("escape")
        await pilot.pause()
        assert not table.check_action("pause", ()) and not table.check_action("stop_demo", ())
        assert "Stop demo" not in footer_text(table) and "Back" in footer_text(table)


def footer_text(table: GameScreen) -> str:
    from clubfight.shell.widgets.footer import KeyBar

    return table.query_one(KeyBar).render().plain


@async_test
async def test_a_demo_ends_as_the_engines_win_and_a_taken_over_game_counts_as_assisted() -> None:
    """Issue 10.8: the demo's game over names the engine; a game taken over is the player's, assisted."""
    from clubfight.club_fight.storage import load_stats

    app = autoplay_app(HINT_SEED)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, GameOverScreen), tries=1500)
        result = text_of(app.screen, "#result")
        assert "engine" in result and "You won" not in result
        assert "Hints used" not in text_of(app.screen, "#hints-used")
    taken = autoplay_app(HINT_SEED, pace=0.05)
    async with taken.run_test(size=(120, 40)) as pilot:
        table = game(taken)
        await settle(pilot, lambda: len(table.moves) >= 2)
        await pilot.press("escape")
        await pilot.pause()
        assert not table.demo and table.session.hints >= 2
        assert "Stop demo" not in footer_text(table) and "Pause" not in footer_text(table)
        assert save_path().exists()  # the player's game now: saved
        while not table.position.is_over:
            table.commit(table.position.legal_moves()[0])
            await pilot.pause()
        await settle(pilot, lambda: isinstance(taken.screen, GameOverScreen))
        assert "You" in text_of(taken.screen, "#result") or "Out of clubs" in text_of(taken.screen, "#result")
    games = list(load_stats().value)
    assert len(games) == 1 and games[0].hints >= 2 and not games[0].clean
