"""The fight's words: a play, its points and what it wins, and what a card may go onto (P1), as the
fight screen, its prompts and its log show them. Pure: the model and the screens ask; every figure
comes from the engine's previews."""

from __future__ import annotations

from clubfight.combat.engine import Attack, Card, Points, Round, Win


def describe_attack(attack: Attack, r: Round) -> str:
    """``8♥-9♥ onto the K♠ at 3``."""
    top = r.top(attack.to)
    onto = top.symbol if top is not None else "?"
    return f"{'-'.join(c.symbol for c in attack.cards)} onto the {onto} at {attack.to}"


def points_text(points: Points) -> str:
    """Points part by part, with the total once there are two parts: ``Attack 1``, ``Throw 3 + Combo 3 = 6``."""
    return str(points)


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
    return f"{play} (unsafe): {points_text(points)} if it stands."


def end_turn_question(playable: tuple[Card, ...], hand_size: int) -> str:
    """Why ending the turn is asked about: what could still be played, and what the hand becomes (T4)."""
    cards = " ".join(c.symbol for c in playable)
    cards_left = "Your card in hand becomes" if hand_size == 1 else f"Your {hand_size} cards in hand become"
    given = f" {cards_left} your opponent's ADVANTAGE." if hand_size else ""
    return f"You could still play: {cards}.{given}"


def play_text(r: Round, attack: Attack, *, other_order: bool = False) -> str:
    """A play as the preview line shows it: what it scores, whether it is safe, what it wins."""
    points = r.points_of(attack)
    safe = r.is_safe(attack)
    text = f"{describe_attack(attack, r)}: {points_text(points)}"
    text += "  (safe)" if safe else f"  (UNSAFE: {r.defender} may counter)"
    wins = r.wins_of(attack)
    if wins:
        text += f"  → {wins_text(wins)}{'' if safe else ' unless countered'}"
    if other_order:
        text += "  ← → the other order"
    return text
