"""After an unsafe play, the attacker sees the same thing whether or not the defender holds a card that
fits: the same screen, the same log and the same steps in the same order (the Club Fight version of
this check is test_no_peeking.py). Two rounds that differ only in the defender's face-down card are
played side by side, against the computer and hot-seat.

The engine skips the counter window when nothing fits (the play stands at once); the table opens it
anyway (``counter_window.standing_window``), and letting the play stand there must reach the very
round the engine reached: checked on random whole rounds."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from clubfight.combat.ai import Opponent, choose
from clubfight.combat.engine import Attack, Colour, Counter, Decline, Phase, Round, deal, parse_action
from clubfight.combat.tui.counter_window import standing_window, stood_at_once
from clubfight.combat.tui.fight_model import FightModel
from clubfight.combat.tui.fight_screen import FightScreen
from clubfight.combat.tui.fight_text import log_lines
from clubfight.combat.tui.prompts import CounterScreen
from combat_support import make
from combat_tui_support import combat_app, enter_attack, fight, match_of, screen_text, settle
from support import async_test

RED, BLACK = Colour.RED, Colour.BLACK
GRID = "3S 4S JS / 7C KD 2H / 7H 6H 5D"
UNSAFE = "8H@4"
"""RED's 8♥ onto BLACK's 7♣ at 4: unsafe (P4)."""


def twin(fits: bool) -> Round:
    """RED attacks; BLACK's one hidden card is the 8♠ (a perfect counter to the 8♥) or the 3♠ (fits
    nothing), the other one lying in BLACK's deck: everything public is the same."""
    hand, other = ("8S", "3S") if fits else ("3S", "8S")
    black_deck = " ".join(["5S", other, "6S", "9S", "AS", "2C", "3C", "4C", "5C"])
    return make(GRID, red_hand="8H 3D 9D AD", black_hand=hand, black_deck=black_deck)


def public_view(screen: FightScreen) -> tuple[Any, ...]:
    """What the attacker can see of the model after each redraw."""
    model = screen.model
    r = model.round
    return (
        r.phase,
        r.to_act,
        r.scores,
        len(r.hand(BLACK)),
        tuple(r.stacks),
        model.message,
        model.last_by_computer,
        model.curtain,
        model.curtain_text(),
        tuple(model.log),
    )


def recording(monkeypatch: pytest.MonkeyPatch) -> tuple[list[tuple[Any, ...]], list[str]]:
    """Every redraw's public view, and every decision the computer was asked for (each one follows
    the same pause, so equal decisions mean equal timing)."""
    frames: list[tuple[Any, ...]] = []
    decisions: list[str] = []
    render = FightScreen.render_model

    def render_and_record(self: FightScreen) -> None:
        render(self)
        frames.append(public_view(self))

    def decide(self: FightModel) -> Any:
        decisions.append(self.round.phase.value)
        if self.round.phase is Phase.COUNTER:
            return Decline()  # the computer lets it stand: what the attacker sees must not tell why
        return choose(self.round, Opponent.EASY, seed=1)

    monkeypatch.setattr(FightScreen, "render_model", render_and_record)
    monkeypatch.setattr(FightModel, "computer_action", decide)
    return frames, decisions


async def against_the_computer(fits: bool, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, ...]:
    frames, decisions = recording(monkeypatch)
    app = combat_app(match_of(twin(fits)))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        frames.clear()
        await enter_attack(pilot, fight(app), parse_action(UNSAFE))  # type: ignore[arg-type]
        await settle(pilot)
        model = fight(app).model
        assert model.round.stack(4)[-1].symbol == "8♥" and model.round.attacker is RED
        return tuple(frames), tuple(decisions), screen_text(app), tuple(model.log)


@async_test
async def test_against_the_computer_a_play_that_stands_looks_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    declined = await against_the_computer(True, monkeypatch)
    with pytest.MonkeyPatch.context() as again:
        nothing_fits = await against_the_computer(False, again)
    frames, decisions, text, log = nothing_fits
    assert decisions == declined[1] == ("counter",)  # the computer is asked in both, once
    assert text == declined[2]
    assert "BLACK lets your play stand." in text
    assert log == declined[3]
    assert any("(unsafe): Attack 1 if it stands" in line for line in log)
    assert any("RED's play at 4 stands: Attack 1" in line for line in log)
    assert frames == declined[0]


async def hot_seat(fits: bool) -> list[str]:
    """What RED sees: its own table before and after, and every curtain in between; BLACK lets the
    play stand with n either way."""
    app = combat_app(match_of(twin(fits)), opponent=None)
    seen: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        model = fight(app).model
        assert model.curtain is RED
        await pilot.press("enter")
        await enter_attack(pilot, fight(app), parse_action(UNSAFE))  # type: ignore[arg-type]
        await settle(pilot)
        assert model.curtain is BLACK, "the defender takes the keyboard after every unsafe play"
        seen.append(screen_text(app))
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, CounterScreen)
        if not fits:
            assert "Nothing in your hand fits: Enter to let it stand" in screen_text(app)
        await pilot.press("n")
        await settle(pilot)
        assert model.curtain is RED
        seen.append(screen_text(app))
        await pilot.press("enter")
        await settle(pilot)
        seen.append(screen_text(app))
        seen.append("\n".join(model.log))
    return seen


@async_test
async def test_hot_seat_the_defender_takes_the_keyboard_after_every_unsafe_play() -> None:
    assert await hot_seat(False) == await hot_seat(True)


def test_the_log_reads_the_same_with_or_without_the_engines_window() -> None:
    attack = parse_action(UNSAFE)
    assert isinstance(attack, Attack)
    lines = []
    for fits in (True, False):
        before = twin(fits)
        after = before.play(attack)
        if after.phase is Phase.COUNTER:
            after = after.play(Decline())
            shown = log_lines(before.play(attack).events, before.rules) + log_lines(after.events, before.rules)
        else:
            shown = log_lines(after.events, before.rules)
        lines.append(shown)
    assert lines[0] == lines[1]


def random_round(seed: int, steps: int) -> list[tuple[Round, Attack, Round]]:
    """Unsafe plays that stood at once in a round played by easy and normal: (before, play, after)."""
    r = deal(seed)
    found = []
    for n in range(steps):
        if r.is_over:
            break
        action = choose(r, Opponent.EASY if n % 2 else Opponent.NORMAL, seed=seed + n)
        after = r.play(action)
        if isinstance(action, Attack) and stood_at_once(r, action, after):
            found.append((r, action, after))
        r = after
    return found


@given(st.integers(min_value=0, max_value=2**32))
def test_letting_the_play_stand_in_the_shown_window_reaches_the_engines_round(seed: int) -> None:
    for before, attack, after in random_round(seed, 400):
        window = standing_window(before, attack)
        assert window.phase is Phase.COUNTER and window.to_act is before.defender
        assert window.legal_actions() == [Decline()]  # nothing fits: the only answer
        assert not any(isinstance(a, Counter) for a in window.legal_actions())
        stood = window.play(Decline())
        assert stood == after  # every field but the events
        assert stood.last_points == after.last_points
        assert stood.events[1:] == after.events[1:]  # the window's STAND in place of the engine's PLAY


def test_a_resume_reopens_the_window_the_play_was_waiting_in() -> None:
    """Quitting and resuming (hot-seat) right after an unsafe play must not tell either."""
    shown = []
    for fits in (True, False):
        played = match_of(twin(fits)).play(parse_action(UNSAFE))
        model = FightModel(played, humans=frozenset(Colour), level=None)
        model.rebuild_log()
        r = model.round
        shown.append((r.phase, r.to_act, r.scores, tuple(r.stacks), model.curtain, model.curtain_text(), model.log))
    assert shown[0] == shown[1]
    assert shown[0][4] is BLACK  # the defender takes the keyboard first


def twins_from_play(seed: int) -> list[tuple[Round, Round, Attack]]:
    """Positions from real play where RED may play unsafely, each with its twin: BLACK's one hidden
    card swapped with a card of its deck, so that one fits the play and the other doesn't."""
    found = []
    r = deal(seed)
    for n in range(200):
        if r.is_over or len(found) >= 6:
            break
        if r.phase is Phase.ATTACK and r.attacker is RED and len(r.hand(BLACK)) == 1:
            for attack in (a for a in r.legal_actions() if isinstance(a, Attack) and not r.is_safe(a)):
                held = r.hand(BLACK)[0]
                fits = bool(r.counters_to(attack))
                for other in r.deck(BLACK):
                    deck = tuple(held if c == other else c for c in r.deck(BLACK))
                    twin = r.replace(black_hand=(other,), black_deck=deck)
                    if bool(twin.counters_to(attack)) != fits:
                        found.append((r, twin, attack))
                        break
                else:
                    continue
                break
        r = r.play(choose(r, Opponent.NORMAL if n % 2 else Opponent.EASY, seed=seed + n))
    return found


def attackers_view(start: Round, attack: Attack) -> list[tuple[Any, ...]]:
    """The model's public view after RED's play and after the computer lets it stand."""
    model = FightModel(match_of(start), level=Opponent.EASY)
    views = []
    for action in (attack, Decline()):
        model.play(action)
        r = model.round
        views.append(
            (r.phase, r.to_act, r.scores, tuple(r.stacks), len(r.hand(BLACK)), model.message, tuple(model.log))
        )
    return views


@given(st.integers(min_value=1, max_value=10**6))
def test_twins_from_real_play_look_the_same_to_the_attacker(seed: int) -> None:
    for one, other, attack in twins_from_play(seed):
        assert attackers_view(one, attack) == attackers_view(other, attack)
