"""What the server shows each seat and each spectator: the ``view`` of a ``state`` message, and the
``presence`` message. Pure.

A seat's view holds the public table (T6: every stack, both scores, deck and hand sizes, the
ADVANTAGE, the play pending in a counter window) and its own hand; the seat to act also gets its
legal actions and their previews. A spectator's view is the public table alone. No view holds the
other hand, a deck's order or content, the RNG state, or whether a defender could counter: during
a counter window every view is built from ``Window.shown``, the same whatever the defender holds.
"""

from __future__ import annotations

from typing import Any

from clubfight.combat.engine import KNOCK_OUT_SCORE, Attack, Colour, Counter, Phase, Points, Round, Rules
from clubfight.combat.game import format_record

from .notes import CARD_NAMES, action_text, cards_json, points_json, result_json
from .table import SEATS, Stage, Table

TEN = 10


def rules_json(rules: Rules) -> dict[str, Any]:
    return {
        "styles": {c.value: (s.value if (s := rules.style(c)) else None) for c in SEATS},
        "juggle": rules.juggle.value,
        "rounds": rules.rounds,
        "survival": rules.survival,
    }


def match_json(table: Table) -> dict[str, Any]:
    results = []
    for number in range(1, table.match.round_number + 1):
        found = table.round_result(number)
        if found is None:
            continue
        result, claimed = found
        scores = table.match.rounds[number - 1].final.scores
        results.append({"round": number, **result_json(result, claimed=claimed), "scores": _pair(scores)})
    winner = table.winner
    return {
        "wins": {c.value: table.round_wins(c) for c in SEATS},
        "winner": None if winner is None else winner.value,
        "results": results,
    }


def phase_name(table: Table) -> str:
    stage = table.stage
    if stage is not Stage.PLAY:
        return str(stage.value)
    return "counter" if table.window is not None else str(table.current.phase.value)


def state_view(table: Table, audience: Colour | None, now: float) -> dict[str, Any]:
    """The table as ``audience`` (a seat, or None for a spectator) may see it at ``now``."""
    r = table.shown
    stage = table.stage
    to_act = table.to_act()
    view: dict[str, Any] = {
        "phase": phase_name(table),
        "round": table.match.round_number,
        "to_act": [c.value for c in to_act],
        "host": table.host.value,
        "rules": rules_json(table.rules),
        "match": match_json(table),
    }
    if stage is Stage.WAITING:
        return view
    setup = stage is Stage.SETUP
    view.update(
        {
            "stacks": [cards_json(stack) for stack in r.stacks],
            "scores": _pair(r.scores),
            "decks": {c.value: len(r.deck(c)) for c in SEATS},
            "hands": {c.value: len(r.hand(c)) for c in SEATS},
            "advantage": cards_json(r.advantage),
            "attacker": None if setup else r.attacker.value,
            "first_defender": None if r.first_defender is None else r.first_defender.value,
            "punish_place": r.punish_place,
            "last_place": r.last_place,
            "countered": r.countered,
            "passes": r.passes,
            "draw_off": [[CARD_NAMES[red], CARD_NAMES[black]] for red, black in r.draw_off],
            "pending": _pending(r),
        }
    )
    if audience is not None:
        view["hand"] = cards_json(r.hand(audience))
    window = table.window
    if window is not None:
        view["window"] = {"seconds": table.options.counter_window, "left": _left(window.closes_at, now)}
        if audience is window.attacker.other:
            view["window"]["declined"] = window.declined
    if table.deadline is not None and table.options.turn_timer is not None:
        view["timer"] = {"seconds": table.options.turn_timer, "left": _left(table.deadline, now)}
    if setup:
        view["arranged"] = {c.value: c in table.arrangements for c in SEATS}
        if audience is not None:
            mine = table.arrangements.get(audience)
            view["arrangement"] = None if mine is None else str(mine)
    if stage in (Stage.ROUND_OVER, Stage.MATCH_OVER):
        found = table.round_result(table.match.round_number)
        view["result"] = None if found is None else result_json(found[0], claimed=found[1])
        view["ready"] = {c.value: c in table.ready for c in SEATS}
    if stage is Stage.MATCH_OVER:
        view["record"] = None if table.claims else format_record(table.match)
    legal, previews = _choices(table, audience) if audience in to_act else ([], [])
    view["legal"] = legal
    view["previews"] = previews
    return view


def _choices(table: Table, seat: Colour | None) -> tuple[list[str], list[dict[str, Any]]]:
    """The legal actions of ``seat`` (which is to act) and, for plays and counters, their previews.
    A play's preview never lists the defender's counters: those name the defender's hand."""
    assert seat is not None
    stage = table.stage
    if stage is Stage.SETUP:
        return [action_text(a) for a in table.setup_round(seat).legal_actions()], []
    if stage is not Stage.PLAY:
        return [], []
    previews: list[dict[str, Any]] = []
    window = table.window
    if window is not None:
        if window.declined:
            return [], []
        legal = window.shown.legal_actions()
        texts = [action_text(a) for a in legal]
        answers = {card: (points, wins) for card, points, wins in window.before.counters_to(window.attack)}
        for action, text in zip(legal, texts, strict=True):
            if isinstance(action, Counter):
                points, wins = answers[action.card]
                previews.append({"action": text, "points": points_json(points), "wins": _wins(wins)})
        return texts, previews
    r = table.current
    legal = r.legal_actions()
    texts = [action_text(a) for a in legal]  # once each: the legal list and the previews both name them
    previews = []
    if r.phase is Phase.ATTACK:
        score = r.score(r.attacker)
        for action, text in zip(legal, texts, strict=True):
            if isinstance(action, Attack):
                points = r.points_of(action)
                wins = r.wins_of(action) if may_win(action, score, points) else frozenset()
                previews.append(
                    {"action": text, "safe": r.is_safe(action), "points": points_json(points), "wins": _wins(wins)}
                )
    return texts, previews


def may_win(attack: Attack, score: int, points: Points) -> bool:
    """Could ``attack`` win the round? Only a knock out (W1) wins without a 10 on top: a ring out, a
    submission and SUMO's lines all need the 10 just played (W2, W3, F1). The previews ask the engine
    (``wins_of``, which scores the play again) only when this says it could."""
    return attack.cards[-1].rank == TEN or score + points.total >= KNOCK_OUT_SCORE


def _pending(r: Round) -> dict[str, Any] | None:
    if r.phase is not Phase.COUNTER or r.pending is None or r.pending_points is None:
        return None
    return {"cards": cards_json(r.pending.cards), "to": r.pending.to, "points": points_json(r.pending_points)}


def presence_view(table: Table, now: float) -> dict[str, Any]:
    """Who holds each seat, who is connected, how long the other has been away, and when the round
    may be claimed."""
    seats = {}
    for colour in SEATS:
        since = table.away_since[colour]
        away = None if table.present[colour] or since is None else round(max(0.0, now - since), 1)
        left = table.claimable_in(colour, now)
        seats[colour.value] = {
            "taken": table.tokens[colour] is not None,
            "host": colour is table.host,
            "connected": table.present[colour],
            "away_for": away,
            "claimable_in": None if left is None else round(left, 1),
        }
    return {"seats": seats, "grace": table.options.grace}


def _wins(wins: frozenset[Any] | tuple[Any, ...]) -> list[str]:
    return sorted(w.value for w in wins)


def _pair(scores: tuple[int, int]) -> dict[str, int]:
    return {"red": scores[0], "black": scores[1]}


def _left(deadline: float, now: float) -> float:
    return round(max(0.0, deadline - now), 2)
