"""The table's spoken lines (the Screen reader setting, F2's log): after every key, one plain line
that reads well aloud, made from the model and the engine's words (``plan.py``), never from what the
screen drew. Only what the player can see is said: the grid, the hand, the counts; never the order
of a deck. No Textual here."""

from __future__ import annotations

from clubfight.club_fight.engine import Position
from clubfight.common.text import sentence

from .plan import PICKING_ACTIONS, card_label, feedback, game_over_line, played_text
from .table_model import TableChange, TableModel


def counts(position: Position) -> str:
    """The table's counters in words: what is left to clear and both decks."""
    return sentence(
        f"To clear {position.score}",
        f"Clubs deck {len(position.clubs_deck)}",
        f"Grid deck {len(position.grid_deck)}",
    )


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def table_line(model: TableModel) -> str:
    """The whole table in words, as a game opens: the deal, the turn, the counters, the grid by place
    and the hand by key (``hand_keys``: the keys of the hand's slots)."""
    position = model.position
    grid = ", ".join(f"{place} {card_label(position.card_at(place))}" for place in range(1, 10))
    return sentence(
        f"Club Fight, deal {model.session.start.title}",
        f"Turn {position.turns_played + 1}" if not position.is_over else "",
        counts(position),
        f"Grid: {grid}",
    )


def hand_line(model: TableModel, keys: str) -> str:
    """The hand by key: ``Hand: z 2♣, x 10♣, c 5♣, v 3♣``."""
    held = [f"{key} {club.symbol}" for key, club in zip(keys, model.hand_slots(), strict=False) if club is not None]
    return sentence(f"Hand: {', '.join(held)}" if held else "Hand: no clubs left")


def played_line(before: Position, after: Position, change: TableChange, who: str) -> str:
    """A move as said once it is played: ``You: Sum 12 with the Q♣ clears 9♠ 2♦ A♦. 3 cards. New
    cards: 7♥ at 2. To clear 21. Clubs deck 8. Grid deck 28.`` (the cards dealt are face up now)."""
    move = change.committed
    assert move is not None
    cleared = " ".join(card_label(before.card_at(place)) for place in sorted(move.cleared))
    dealt = [f"{card_label(after.card_at(p))} at {p}" for p in sorted(move.cleared) if after.card_at(p) is not None]
    return sentence(
        f"{who}: {played_text(move)} clears {cleared}",
        _cards(len(move.cleared)),
        f"New cards: {', '.join(dealt)}" if dealt else "",
        counts(after),
        game_over_line(after) if after.is_over else "",
    )


def selection_line(model: TableModel) -> str:
    """The move being built, in words: the club, the action and the cards picked so far."""
    position, plan = model.position, model.plan
    picked = ""
    if plan.action in PICKING_ACTIONS and plan.picked:
        picked = "Picked " + ", ".join(f"{card_label(position.card_at(p))} at {p}" for p in sorted(plan.picked))
    # The screen's ✓ says the move is ready; speech skips the mark (espeak-ng reads nothing for it).
    ready = "Enter plays it" if model.move is not None and not position.is_over else ""
    return sentence(feedback(position, plan), picked, ready)


def spoken_line(model: TableModel, change: TableChange, who: str = "You") -> str:
    """The one line a key (or the demo's move) leaves: the move played with the counters, else the
    table's own message, else the move being built."""
    positions = model.session.positions
    if change.committed is not None and len(positions) >= 2:
        return played_line(positions[-2], positions[-1], change, who)
    if model.message:
        return sentence(model.message, selection_line(model) if model.message.startswith("Hint") else "")
    return selection_line(model)
