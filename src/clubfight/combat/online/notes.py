"""What happened, told to each seat: the engine's events as JSON notes, each seen only by whom it
may be. Pure.

A note has a public form and, for a draw, a private one for the player who drew: the public form
says how many cards, the private form which. Nothing else an event says is hidden (T6): plays,
counters, the ADVANTAGE a turn leaves, the centre draw-off and round results are all on the table.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from clubfight.combat.engine import ALL_CARDS, Action, Attack, Card, Colour, Event, EventKind, Points, RoundResult

_DRAWS = {EventKind.DRAW, EventKind.COUNTER_DRAW, EventKind.EXTRA_DRAW}
_TURN_ENDS = {"ended by choice": "chosen", "no play left": "no-play", "countered": "countered"}


@dataclass(frozen=True, slots=True)
class Note:
    """One line of the log. ``owner`` sees ``private`` instead of ``public``; ``owner_only`` notes
    (a defender's own "let it stand") go to nobody else."""

    public: dict[str, Any]
    owner: Colour | None = None
    private: dict[str, Any] | None = None
    owner_only: bool = False

    def seen_by(self, audience: Colour | None) -> dict[str, Any] | None:
        """The note as ``audience`` (a seat, or None for a spectator) sees it, or None."""
        if self.owner is not None and audience is self.owner:
            return self.private if self.private is not None else self.public
        return None if self.owner_only else self.public


CARD_NAMES = {card: str(card) for card in ALL_CARDS}
"""Every card's token, written once: views name hundreds of cards a second."""


def cards_json(cards: Iterable[Card]) -> list[str]:
    return [CARD_NAMES[c] for c in cards]


def action_text(action: Action) -> str:
    """``str(action)``, faster for plays (the bulk of every legal list)."""
    if isinstance(action, Attack):
        return f"{'-'.join([CARD_NAMES[c] for c in action.cards])}@{action.to}"
    return str(action)


def points_json(points: Points) -> dict[str, Any]:
    """A new dict each time (callers may keep it); its text, the costly part, is written once."""
    return dict(_points_json(points))


@functools.lru_cache(maxsize=4096)
def _points_json(points: Points) -> dict[str, Any]:
    """The JSON of every distinct ``Points`` (a few hundred occur): previews name one a play."""
    return {
        "kind": points.kind.value,
        "base": points.base,
        "combo": points.combo,
        "rush": points.rush,
        "block": points.block,
        "punish": points.punish,
        "counter": points.counter,
        "total": points.total,
        "text": str(points),
    }


def result_json(result: RoundResult, *, claimed: bool = False) -> dict[str, Any]:
    return {
        "winner": result.winner.value,
        "ways": [w.value for w in result.ways],
        "judged": result.judged,
        "claimed": claimed,
        "text": f"{result.winner} wins by claim: the other player left" if claimed else str(result),
    }


def is_safe_play(cards: tuple[Card, ...], covered: Card, player: Colour) -> bool:
    """P4, from what the play shows: onto the player's own colour, or a single joker."""
    return covered.colour is player or (len(cards) == 1 and cards[0].is_joker)


def play_note(player: Colour, attack: Attack, covered: Card, points: Points) -> Note:
    """A play as everyone sees it. An unsafe play is always told as "if it stands": whether the
    defender could answer it is the defender's secret (docs/online.md, the counter window)."""
    safe = is_safe_play(attack.cards, covered, player)
    event = Event(
        EventKind.PLAY, player, cards=attack.cards, place=attack.to, covered=covered, points=points, pending=not safe
    )
    return Note(
        {
            "kind": "play",
            "seat": player.value,
            "cards": cards_json(attack.cards),
            "place": attack.to,
            "covered": str(covered),
            "safe": safe,
            "points": points_json(points),
            "text": str(event),
        }
    )


def event_notes(events: Iterable[Event]) -> list[Note]:
    """The engine's events as notes, in order."""
    return [_note(e) for e in events]


def _note(event: Event) -> Note:
    kind = event.kind
    seat = event.colour.value
    text = str(event)
    if kind in _DRAWS:
        public = {"kind": kind.value, "seat": seat, "count": len(event.cards), "text": text}
        return Note(public, event.colour, {**public, "cards": cards_json(event.cards)})
    if kind is EventKind.ARRANGE:
        front, neutral = event.cards[:3], event.cards[3]
        return Note(
            {"kind": "arrange", "seat": seat, "front": cards_json(front), "neutral": str(neutral), "text": text}
        )
    if kind is EventKind.DRAW_OFF:
        red, black = event.cards
        return Note({"kind": "draw-off", "red": str(red), "black": str(black), "text": text})
    if kind is EventKind.PLAY:
        assert event.covered is not None and event.points is not None
        return play_note(event.colour, Attack(event.cards, event.place), event.covered, event.points)
    if kind is EventKind.STAND:
        assert event.points is not None
        data = {"kind": "stand", "seat": seat, "place": event.place, "points": points_json(event.points)}
        return Note({**data, "text": text})
    if kind is EventKind.COUNTER:
        assert event.covered is not None and event.points is not None
        return Note(
            {
                "kind": "counter",
                "seat": seat,
                "card": str(event.cards[0]),
                "place": event.place,
                "covered": str(event.covered),
                "points": points_json(event.points),
                "text": text,
            }
        )
    if kind is EventKind.END_TURN:
        why = _TURN_ENDS[event.end.value] if event.end is not None else "chosen"
        return Note({"kind": "end-turn", "seat": seat, "why": why, "advantage": cards_json(event.cards), "text": text})
    assert kind is EventKind.WIN and event.result is not None
    return Note({"kind": "round-over", **result_json(event.result)})


def table_note(kind: str, text: str, **fields: Any) -> Note:
    """A note of the server's own (a seat taken, a timer run out, a round claimed, ...): public."""
    return Note({"kind": kind, **fields, "text": text})
