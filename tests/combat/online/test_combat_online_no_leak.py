"""Nothing a seat may not see reaches it: not in a state, a note, a preview or an error, and not by
what the counter window shows or when. (docs/online.md, "What each seat sees".)"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clubfight.combat.engine import Attack, Card, Colour, Phase, Round, Style, parse_action
from clubfight.combat.game import Match, PlayedRound
from clubfight.combat.online.options import RoomOptions
from clubfight.combat.online.table import Change, Refusal, Stage, Table
from clubfight.combat.online.views import state_view
from combat_online_support import BLACK, RED, cards_named, random_game, sent_to
from combat_online_table_support import attack_position, table_at

AUDIENCES: tuple[Colour | None, ...] = (RED, BLACK, None)
STYLES = [None, *Style]


def hidden_from(table: Table, audience: Colour | None) -> set[Card]:
    """The cards ``audience`` may not see now: the other hand and deck (both, for a spectator), in the
    engine's round and in the round shown during a window (which the engine may have played past),
    less what either shows on the table; the centre draw-off's cards were shown too."""
    rounds = [table.current] + ([table.window.shown] if table.window is not None else [])
    players = [audience.other] if audience is not None else [RED, BLACK]
    hidden = {c for r in rounds for p in players for c in (*r.hand(p), *r.deck(p))}
    shown = {c for r in rounds for c in (*r.advantage, *(c for s in r.stacks for c in s))}
    return hidden - shown - {c for pair in table.current.draw_off for c in pair}


def without_record(message: dict[str, Any]) -> dict[str, Any]:
    """The record comes with the match's end, when every card may be shown (docs/online.md)."""
    view = {k: v for k, v in message["view"].items() if k != "record"}
    return {**message, "view": view}


@settings(max_examples=40)
@given(st.integers(0, 10**9), st.sampled_from(STYLES), st.sampled_from(STYLES), st.sampled_from([1, 3]))
def test_no_message_names_a_card_hidden_from_its_reader(seed: int, red: object, black: object, rounds: int) -> None:
    options = RoomOptions(rounds=rounds, host_style=red, guest_style=black, counter_window=1.0)  # type: ignore[arg-type]
    messages = 0
    for table, change, now in random_game(seed, options):
        for audience in AUDIENCES:
            if not change.game and change.private_to is not audience:
                continue
            message = sent_to(table, change, audience, now)
            if table.stage is Stage.MATCH_OVER:
                assert isinstance(message["view"]["record"], (str, type(None)))
                message = without_record(message)
            leaked = cards_named(message, hidden_from(table, audience))
            assert not leaked, f"{audience} was told {sorted(map(str, leaked))}: {json.dumps(message)[:400]}"
            messages += 1
    assert messages > 5


def test_the_hidden_card_scan_finds_tokens_and_symbols() -> None:
    seven = Card.parse("7H")
    assert cards_named({"text": "RED plays 7♥ onto the 9♠"}, {seven}) == {seven}
    assert cards_named({"legal": ["7H@4"]}, {seven}) == {seven}
    assert cards_named({"text": "ADVANTAGE 17H x7Hy"}, {Card.parse("AD"), seven}) == set()


# --- errors say nothing of hidden cards ------------------------------------------------------------


def redealt(table: Table, seat: Colour, rng: random.Random) -> Table:
    """A twin of ``table`` in which ``seat``'s hidden cards (hand and deck) are dealt anew."""
    twin = copy.deepcopy(table)
    r = twin.current
    pool = [*r.hand(seat), *r.deck(seat)]
    rng.shuffle(pool)
    size = len(r.hand(seat))
    hands = {c: r.hand(c) for c in (RED, BLACK)}
    decks = {c: r.deck(c) for c in (RED, BLACK)}
    hands[seat], decks[seat] = tuple(pool[:size]), tuple(pool[size:])
    final = r.replace(red_hand=hands[RED], black_hand=hands[BLACK], red_deck=decks[RED], black_deck=decks[BLACK])
    last = twin.match.rounds[-1]
    twin.match = Match(
        twin.code, twin.rules, (*twin.match.rounds[:-1], PlayedRound(last.number, last.start, last.actions, final))
    )
    return twin


def probes(table: Table, seat: Colour, rng: random.Random) -> list[str]:
    """Actions naming the other player's hidden cards, none of which ``seat`` may make."""
    r = table.current
    other = [*r.hand(seat.other), *r.deck(seat.other)]
    named = rng.sample(other, min(4, len(other)))
    found = [f"counter {c}" for c in named] + [f"pick {c}" for c in named]
    found += [f"{c}@{rng.randint(1, 9)}" for c in named] + ["decline", "draw 1", "draw 2"]
    if seat is not r.to_act:
        found.append("end")
    return found


@settings(max_examples=15)
@given(st.integers(0, 10**9), st.sampled_from(STYLES))
def test_refusals_are_the_same_whatever_the_other_player_holds(seed: int, style: object) -> None:
    options = RoomOptions(rounds=1, host_style=style, guest_style=style, counter_window=1.0)  # type: ignore[arg-type]
    rng = random.Random(seed)
    compared = 0
    for table, _, now in random_game(seed, options):
        if table.stage is not Stage.PLAY or table.window is not None or rng.random() < 0.7:
            continue
        for seat in (RED, BLACK):
            twin = redealt(table, seat.other, rng)
            for text in probes(table, seat, rng):
                answers = []
                for t in (table, twin):
                    with pytest.raises(Refusal) as caught:
                        t.act(seat, text, now)
                    answers.append((caught.value.code, caught.value.message, caught.value.ruling))
                assert answers[0] == answers[1], text
                compared += 1
    assert compared > 0


# --- the counter window ----------------------------------------------------------------------------


def attacker_sees(table: Table, changes: list[Change], attacker: Colour, now: float) -> list[dict[str, Any]]:
    """The states the attacker (and a spectator) would be sent for ``changes``, then the view a
    reconnecting attacker would get at ``now``."""
    seen = []
    for change in changes:
        for audience in (attacker, None):
            if change.game or change.private_to is audience:
                seen.append(without_record(sent_to(table, change, audience, now)))
    resume = without_record({"view": state_view(table, attacker, now)})
    public = without_record({"view": state_view(table, None, now)})
    seen.append({"resume": resume, "public": public})
    return seen


def play_window(table: Table, attack: str, defender_answers: tuple[float, str] | None) -> list[list[dict[str, Any]]]:
    """The attacker plays ``attack`` at 10.0; the defender answers at the given time, or never; then
    the attacker plays on (first legal play, then ``end``) until the defender must decide an attack.
    What the attacker is sent, time by time."""
    attacker = table.current.attacker
    timeline = []
    timeline.append(attacker_sees(table, [table.act(attacker, attack, 10.0)], attacker, 10.0))
    for now in (10.5, 11.0, 12.0, 12.5, 12.99, 13.0, 13.5):
        changes = []
        if defender_answers is not None and defender_answers[0] == now:
            changes.append(table.act(attacker.other, defender_answers[1], now))
        changes.extend(table.tick(now))
        timeline.append(attacker_sees(table, changes, attacker, now))
    now = 14.0
    for _ in range(12):
        if table.stage is not Stage.PLAY or table.current.to_act is not attacker or table.window is not None:
            if table.window is not None:
                now = table.window.closes_at
                timeline.append(attacker_sees(table, table.tick(now), attacker, now))
                continue
            break
        legal = state_view(table, attacker, now)["legal"]
        now += 1.0
        timeline.append(attacker_sees(table, [table.act(attacker, legal[0], now)], attacker, now))
    return timeline


def test_the_attacker_is_sent_the_same_whatever_the_defender_holds_and_does() -> None:
    runs = {
        "counter held, let it stand at once": play_window(table_at(attack_position("8S")), "9D@4", (10.5, "decline")),
        "counter held, let it stand late": play_window(table_at(attack_position("8S")), "9D@4", (12.99, "decline")),
        "counter held, no answer": play_window(table_at(attack_position("8S")), "9D@4", None),
        "nothing fits, let it stand": play_window(table_at(attack_position("JC")), "9D@4", (11.0, "decline")),
        "nothing fits, no answer": play_window(table_at(attack_position("JC")), "9D@4", None),
    }
    first = next(iter(runs.values()))
    assert len(first) > 9  # the window, then the attacker's turn going on
    for name, timeline in runs.items():
        assert timeline == first, name


def forked_windows(table: Table, rng: random.Random) -> tuple[Table, Table] | None:
    """Two copies of ``table`` (the attacker about to play unsafe) differing only in the defender's
    hidden cards, one with a counter to the play and one without, and the play; None if no deal does."""
    r = table.current
    attacks = [a for a in r.legal_actions() if isinstance(a, Attack) and not r.is_safe(a)]
    if not attacks:
        return None
    attack = rng.choice(attacks)
    defender = r.attacker.other
    can = bool(r.counters_to(attack))
    for _ in range(30):
        twin = redealt(table, defender, rng)
        if bool(twin.current.counters_to(attack)) != can:
            return (table, twin), str(attack)  # type: ignore[return-value]
    return None


def compare_forks(seed: int, options: RoomOptions, most: int = 3) -> int:
    """Fork a random match at unsafe plays into a twin whose defender can (or can't) answer, and check
    the attacker is sent the same in both; the number of forks compared."""
    rng = random.Random(seed)
    forks = 0
    for table, _, _ in random_game(seed, options):
        if forks >= most or table.stage is not Stage.PLAY or table.window is not None:
            continue
        if table.current.phase is not Phase.ATTACK or rng.random() < 0.8:
            continue
        found = forked_windows(table, rng)
        if found is None:
            continue
        (one, other), attack = found  # type: ignore[misc]
        lines = [play_window(copy.deepcopy(t), attack, None) for t in (one, other)]
        assert lines[0] == lines[1]
        forks += 1
    return forks


@settings(max_examples=25)
@given(st.integers(0, 10**9), st.sampled_from(STYLES), st.sampled_from(STYLES))
def test_windows_with_and_without_a_counter_look_alike_to_the_attacker(seed: int, red: object, black: object) -> None:
    options = RoomOptions(rounds=1, host_style=red, guest_style=black, counter_window=3.0)  # type: ignore[arg-type]
    compare_forks(seed, options)


def test_forked_windows_are_found_often() -> None:
    assert sum(compare_forks(seed, RoomOptions(rounds=1, counter_window=3.0)) for seed in range(8)) >= 8


def test_a_twin_really_differs_in_what_the_defender_could_do() -> None:
    """The check above can fail: a defender who answers does change what the attacker sees."""
    answered = play_window(table_at(attack_position("8S")), "9D@4", (11.0, "counter 8S"))
    quiet = play_window(table_at(attack_position("8S")), "9D@4", None)
    assert answered != quiet


def test_the_engine_really_skips_the_window_the_table_keeps() -> None:
    r: Round = attack_position("JC")
    attack = parse_action("9D@4")
    assert r.play(attack).phase is Phase.ATTACK and r.play(attack).score(RED) > 0
    table = table_at(r)
    table.act(RED, "9D@4", 0.0)
    assert state_view(table, RED, 0.0)["scores"]["red"] == 0  # held until the window closes
