"""The fight's words: a play, its points and what it wins, what a card may go onto (P1), the log's
lines, the styles' rules and a round's score part by part, as the fight screen, its prompts, its
log and its banners show them. Pure: the model and the screens ask; every figure comes from the
engine (its previews, its events and their points)."""

from __future__ import annotations

from collections.abc import Iterable

from clubfight.combat.engine import (
    Attack,
    Card,
    Colour,
    Event,
    EventKind,
    Juggle,
    PlayKind,
    Points,
    Round,
    Rules,
    Style,
    Win,
)

STYLE_RULES: dict[Style, str] = {
    Style.KARATE: "a perfect counter against this player scores 2, not 4; its plays that score a COMBO get +1",
    Style.KRAV_MAGA: "a single-card UNSAFE play scores a base of 2",
    Style.MMA: "after a THROW that stands, this player draws 1 extra card",
    Style.JEET_KUNE_DO: "one card that makes a RUSH of n cards scores 1+2+...+n",
    Style.WUSHU: "draws 2 counter cards; a counter made holding two scores half",
    Style.KUNG_FU: "after a play that stands and scores a COMBO or RUSH, this player draws 1 extra card",
    Style.NINJUTSU: "picks its counter card from its deck (then the deck is shuffled)",
    Style.WRESTLING: "a throw's first card scores 2: a throw of n scores 2+3+...+(n+1)",
    Style.SUMO: "a RING OUT needs no safe play; two 10s of this player's in one row or column win",
}
"""F1, one line each: the start screen shows the highlighted style's, the help and the panel name them."""

JUGGLE_RULES: dict[Juggle, str] = {
    Juggle.NONE: "off",
    Juggle.COMBO: "faces chain with their numbers in COMBOs (J with A-3, Q with 4-6, K with 7-9)",
    Juggle.RUSH: "faces chain with their numbers in RUSHes (J with A-3, Q with 4-6, K with 7-9)",
    Juggle.BOTH: "faces chain with their numbers in COMBOs and RUSHes",
}
"""F2 in one line."""


OTHER_GAME_KEYS = {
    "d": "d: no discard pile here: every card played stays in its stack (×N).",
    "g": "g: each round's result shows on its banner when the round ends.",
}
"""Club Fight's keys that mean nothing here, each answered in one line."""


def style_name(style: Style | None) -> str:
    return style.title if style is not None else "none"


def variants_text(rules: Rules) -> str:
    """The match's optional rules in one line (empty when none is on): ``Styles: RED KARATE, BLACK none``."""
    parts = []
    if rules.red_style is not None or rules.black_style is not None:
        parts.append(f"Styles: RED {style_name(rules.red_style)}, BLACK {style_name(rules.black_style)}")
    if rules.juggle is not Juggle.NONE:
        parts.append(f"Juggle: {rules.juggle.value}")
    if rules.survival:
        parts.append("Survival: the loser keeps its score")
    return "  ·  ".join(parts)


def cards_text(cards: Iterable[Card]) -> str:
    """A plain list of cards: ``9♣ 3♣`` (the throw's dash is for cards played as one sequence)."""
    return " ".join(c.symbol for c in cards)


def describe_attack(attack: Attack, r: Round) -> str:
    """``8♥-9♥ onto the K♠ at 3``."""
    top = r.top(attack.to)
    onto = top.symbol if top is not None else "?"
    return f"{'-'.join(c.symbol for c in attack.cards)} onto the {onto} at {attack.to}"


def _parts(points: Points, style: Style | None) -> list[tuple[str, int]]:
    """The points' parts with a value, the first always shown; KARATE's +1 apart from the combo (F1)."""
    if points.kind is PlayKind.COUNTER:
        first = ("Counter", points.counter)
    elif points.kind is PlayKind.PERFECT_COUNTER:
        first = ("Perfect counter", points.counter)
    else:
        first = ("Throw" if points.kind is PlayKind.THROW else "Attack", points.base)
    combo, karate = points.combo, 0
    if style is Style.KARATE and combo and not points.is_counter:
        combo, karate = combo - 1, 1
    rest = (("Combo", combo), ("Karate", karate), ("Rush", points.rush), ("Block", points.block))
    return [first, *((name, value) for name, value in (*rest, ("Punish", points.punish)) if value)]


def points_text(points: Points, style: Style | None = None) -> str:
    """Points part by part, with the total once there are two parts: ``Attack 1``, ``Throw 3 + Combo 3 = 6``.
    ``style``: the scoring player's, so that KARATE's +1 shows as its own part (``Combo 1 + Karate 1``)."""
    parts = _parts(points, style)
    text = " + ".join(f"{name} {value}" for name, value in parts)
    return text if len(parts) == 1 else f"{text} = {points.total}"


def wins_text(wins: frozenset[Win] | tuple[Win, ...]) -> str:
    return ", ".join(w.title for w in (Win.RING_OUT, Win.SUBMISSION, Win.KNOCK_OUT, Win.TIME_OUT) if w in wins)


_FITS = {
    1: "an A, a 2 or a J (or a 10 of your own colour)",
    10: "a 9 or a 10 (or an A of your own colour)",
    11: "a J, a Q, an A, a 2 or a 3 (or a K of your own colour)",
    12: "a J, a Q, a K, a 4, a 5 or a 6",
    13: "a Q, a K, a 7, an 8 or a 9 (or a J of your own colour)",
}
_FACE_OF = {n: face for face, numbers in ((11, (1, 2, 3)), (12, (4, 5, 6)), (13, (7, 8, 9))) for n in numbers}
_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}


def fits_text(card: Card) -> str:
    """P1 in words for one card: what it may go onto."""
    if card.is_joker:
        return "a joker goes onto any stack that is not another player's 10"
    rank = card.rank
    if rank in _FITS:
        article = "an" if rank == 1 else "a"
        return f"{article} {card.rank_name} goes onto {_FITS[rank]}"
    low, high = _NAMES.get(rank - 1, str(rank - 1)), _NAMES.get(rank + 1, str(rank + 1))
    lower = f"an {low}" if low in ("A", "8") else f"a {low}"
    higher = "an 8" if high == "8" else f"a {high}"
    here = "an 8" if rank == 8 else f"a {rank}"
    return f"{here} goes onto {lower}, {here}, {higher} or a {_NAMES[_FACE_OF[rank]]}"


def counter_question(r: Round) -> str:
    """The play a counter would answer: ``BLACK plays 7♣ onto the 6♥ at 8 (unsafe): Attack 1 if it stands.``"""
    pending, points = r.pending, r.pending_points
    if pending is None or points is None:
        return ""
    before = r.stack(pending.to)[-len(pending.cards) - 1]
    cards = "-".join(c.symbol for c in pending.cards)
    verb = "throws" if pending.is_throw else "plays"
    play = f"{r.attacker} {verb} {cards} onto the {before.symbol} at {pending.to}"
    return f"{play} (unsafe): {points_text(points, r.rules.style(r.attacker))} if it stands."


def end_turn_question(playable: tuple[Card, ...], hand_size: int) -> str:
    """Why ending the turn is asked about: what could still be played, and what the hand becomes (T4)."""
    cards_left = "Your card in hand becomes" if hand_size == 1 else f"Your {hand_size} cards in hand become"
    given = f" {cards_left} your opponent's ADVANTAGE." if hand_size else ""
    return f"You could still play: {cards_text(playable)}.{given}"


def play_text(r: Round, attack: Attack, *, other_order: bool = False) -> str:
    """A play as the preview shows it: what it scores, whether it may be countered, what it wins.

    Whether the defender can answer is judged from public facts only: a defender with no card in
    hand (countered last turn, so no counter card, T2 and C4) can't; otherwise it may, whatever
    its hidden card is."""
    points = r.points_of(attack)
    safe = r.is_safe(attack)
    text = f"{describe_attack(attack, r)}: {points_text(points, r.rules.style(r.attacker))}"
    answerable = bool(r.hand(r.defender))
    if safe:
        text += "  (safe)"
    elif answerable:
        text += f"  (UNSAFE: {r.defender} may counter)"
    else:
        text += f"  (unsafe, but {r.defender} holds no card to counter with)"
    wins = r.wins_of(attack)
    if wins:
        text += f"  → {wins_text(wins)}{' unless countered' if answerable and not safe else ''}"
    if other_order:
        text += "  ← → the other order"
    return text


# --- the log ------------------------------------------------------------------------------------


def _draw_off_reason(red: Card, black: Card) -> str:
    """Why the deciding draw-off card won the centre (U3)."""
    if red.is_face != black.is_face:
        return "a face beats a number"
    high, low = (red, black) if red.rank > black.rank else (black, red)
    order = " (J < Q < K)" if high.is_face else ""
    return f"{high.rank_name} beats {low.rank_name}{order}"


def draw_off_line(event: Event) -> str:
    """One step of the draw-off (U3): who drew what, and what it decided; the last step says why."""
    red, black = event.cards
    head = f"RED {red.symbol}, BLACK {black.symbol}"
    if event.note.endswith("wins the centre and defends first"):
        winner = event.note.split()[0]
        return f"{head}: {winner} wins the centre ({_draw_off_reason(red, black)}) and defends first"
    return f"{head}: {event.note}"


def event_text(event: Event, rules: Rules) -> str:
    """One line of the log: the engine's event in the fight's words (points with their parts)."""
    who = str(event.colour)
    kind = event.kind
    style = rules.style(event.colour)
    if kind is EventKind.DRAW_OFF:
        return f"Draw-off: {draw_off_line(event)}"
    if kind is EventKind.PLAY:
        verb = "throws" if len(event.cards) > 1 else "plays"
        covered = event.covered.symbol if event.covered else "?"
        head = f"{who} {verb} {'-'.join(c.symbol for c in event.cards)} onto the {covered} at {event.place}"
        points = points_text(event.points, style) if event.points else ""
        return f"{head} (unsafe): {points} if it stands" if event.pending else f"{head}: {points}"
    if kind is EventKind.STAND:
        return f"{who}'s play at {event.place} stands: {points_text(event.points, style) if event.points else ''}"
    if kind is EventKind.COUNTER:
        covered = event.covered.symbol if event.covered else "?"
        points = points_text(event.points) if event.points else ""
        return f"{who} counters with {cards_text(event.cards)} onto the {covered} at {event.place}: {points}"
    if kind is EventKind.END_TURN:
        end = event.end.value if event.end else "ended"
        verb = "becomes" if len(event.cards) == 1 else "become"
        left = f"; {cards_text(event.cards)} {verb} {event.colour.other}'s ADVANTAGE" if event.cards else ""
        return f"{who}'s turn ends ({end}){left}"
    return str(event)


def is_unsafe_play(event: Event) -> bool:
    """A PLAY that covered the other colour's card (P4): the defender's answer comes before it scores."""
    if event.kind is not EventKind.PLAY or event.covered is None:
        return False
    lone_joker = len(event.cards) == 1 and event.cards[0].is_joker
    return event.covered.colour is not event.colour and not lone_joker


def log_lines(events: Iterable[Event], rules: Rules) -> list[str]:
    """The log's lines for the events of one action. An unsafe play reads the same whether the
    defender held a card that fits or not: ``... (unsafe): X if it stands``, then ``... stands: X``
    (the engine skips the counter window when nothing fits; the log must not tell)."""
    lines = []
    for event in events:
        if is_unsafe_play(event) and not event.pending:
            lines.append(event_text(_as_pending(event), rules))
            stand = Event(EventKind.STAND, event.colour, place=event.place, points=event.points)
            lines.append(event_text(stand, rules))
        else:
            lines.append(event_text(event, rules))
    return lines


def _as_pending(event: Event) -> Event:
    return Event(
        EventKind.PLAY,
        event.colour,
        cards=event.cards,
        place=event.place,
        covered=event.covered,
        points=event.points,
        pending=True,
    )


# --- a round's score, part by part ------------------------------------------------------------


SCORING = (EventKind.PLAY, EventKind.STAND, EventKind.COUNTER)
BREAKDOWN_PARTS = ("Kept", "Attacks", "Throws", "Counters", "Combo", "Karate", "Rush", "Block", "Punish")
BREAKDOWN_NAMES = {"Attack": "Attacks", "Throw": "Throws", "Counter": "Counters", "Perfect counter": "Counters"}


def score_breakdown(events: Iterable[Event], colour: Colour, rules: Rules, carried: int = 0) -> str:
    """``RED 14 = Attacks 3 + Throws 6 + Combo 3 + Counters 2``: what ``colour`` scored in a round, by
    part, from the round's events (a countered play scored nothing, C5); ``carried``: the score it
    kept from the last round (survival, M2)."""
    style = rules.style(colour)
    totals = dict.fromkeys(BREAKDOWN_PARTS, 0)
    totals["Kept"] = carried
    for event in events:
        if event.colour is not colour or event.points is None or event.kind not in SCORING:
            continue
        if event.kind is EventKind.PLAY and event.pending:
            continue  # it scores when it stands (STAND), or never (countered, C5)
        for name, value in _parts(event.points, None if event.kind is EventKind.COUNTER else style):
            key = BREAKDOWN_NAMES.get(name, name)
            totals[key] += value
    total = sum(totals.values())
    shown = [f"{name} {value}" for name, value in totals.items() if value]
    if not shown:
        return f"{colour} {total}"
    return f"{colour} {total} = {' + '.join(shown)}"
