"""The turn being built: club, action, targets. Pure (no Textual), so the move flow is easy to test.

Nothing here decides legality by itself: every "is this a move?" question is answered by looking the
selection up in the engine's ``Position.moves_for`` / ``legal_moves`` lists.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from clubfight.club_fight.engine import RANK_NAMES, Action, ActionInput, Card, Move, Position, directions
from clubfight.club_fight.game import Unseen

PICKING_ACTIONS = frozenset(a for a in Action if a.input is ActionInput.CARDS)
"""Actions whose targets the player toggles card by card."""
CHOOSING_ACTIONS = frozenset(
    a for a in Action if a.input in (ActionInput.LINE, ActionInput.DIRECTION, ActionInput.CLUBS)
)
"""Actions where the player picks one of a few whole moves (a line, a direction, a trio of clubs)."""


@dataclass(frozen=True)
class Plan:
    """What the player has chosen so far this turn; nothing is committed until confirm."""

    club: Card | None = None
    action: Action | None = None
    picked: frozenset[int] = field(default_factory=frozenset)
    choice: Move | None = None

    def back(self) -> Plan:
        """One step back, as Esc does: targets, then the action, then the club."""
        if self.picked or self.choice is not None:
            return replace(self, picked=frozenset(), choice=None)
        if self.action is not None:
            return Plan(club=self.club)
        return Plan()

    @property
    def is_empty(self) -> bool:
        return self.club is None


def options(position: Position, plan: Plan) -> list[Move]:
    """The engine's legal moves for the chosen club and action."""
    if plan.club is None or plan.action is None:
        return []
    return position.moves_for(plan.club).get(plan.action, [])


def candidate(position: Position, plan: Plan) -> Move | None:
    """The legal move the plan describes right now, or None if it doesn't describe one yet."""
    if plan.club is None or plan.action is None:
        return None
    moves = options(position, plan)
    if plan.action in PICKING_ACTIONS:
        wanted = Move(plan.club, plan.action, plan.picked)
        return next((m for m in moves if m == wanted), None)
    if plan.choice is not None:
        return plan.choice if plan.choice in moves else None
    return moves[0] if len(moves) == 1 else None


def needs_choice(position: Position, plan: Plan) -> bool:
    """A Line, Up/Down (the 7) or All Clear with several legal moves waits for the player to pick one."""
    return plan.action in CHOOSING_ACTIONS and plan.choice is None and len(options(position, plan)) > 1


def why_not(position: Position, plan: Plan) -> str:
    """Why confirm is refused, in one line; the engine's own IllegalMoveError names the rule."""
    if plan.club is None:
        return "Pick a club first (z x c v, or click one)."
    if plan.action is None:
        return f"Pick an action for the {plan.club.symbol}."
    if needs_choice(position, plan):
        return "Choose up or down first." if plan.action.input is ActionInput.DIRECTION else "Choose which one first."
    if plan.action in PICKING_ACTIONS:
        if not plan.picked:
            return f"Pick the cards for {plan.action.title} (1-9, or click them)."
        error = position.explain(Move(plan.club, plan.action, plan.picked))
        if error is not None:
            return f"Not a legal move: {error.explanation}"
    return "Not a legal move."


def card_label(card: Card | None) -> str:
    return "--" if card is None else card.symbol


def feedback(position: Position, plan: Plan) -> str:
    """Live text about the selection: "Sum 9 of 12", "Run 6-7-8 ✓", "Up: 4 cards"."""
    if position.is_over:
        return game_over_line(position)
    if plan.club is None:
        return "Pick a club: z x c v or click it."
    if plan.action is None:
        return f"{plan.club.symbol} selected. Pick an action."
    move = candidate(position, plan)
    mark = " ✓" if move is not None else ""
    v = plan.club.value
    cards = [position.card_at(p) for p in sorted(plan.picked)]
    if plan.action is Action.SUM:
        total = sum(c.value for c in cards if c is not None)
        if not plan.picked:
            return f"Sum 0 of {v}: pick cards adding up to {v}"
        return f"Sum {total} of {v}{mark}" + (" ✗" if _dead_end(position, plan) else "")
    if plan.action is Action.RUN:
        if not plan.picked:
            return f"Run: pick cards in sequence with the {plan.club.rank_name}"
        values = sorted([v, *(c.value for c in cards if c is not None)])
        names = "-".join(_rank_name(x) for x in values)
        return f"Run {names}{mark or ' ✗'}"
    if plan.action is Action.ANY:
        if not plan.picked:
            return "Any: pick one card (a joker too)"
        return f"Any: {', '.join(card_label(c) for c in cards)}{mark or ' ✗ pick exactly one'}"
    if needs_choice(position, plan):
        if plan.action.input is ActionInput.DIRECTION:
            return "Up or down? ↑/↓ or click"
        if plan.action.input is ActionInput.LINE:
            return "Which line? press a place in it, or ←/→"
        return "Which three clubs? ←/→"
    if move is None:
        return f"{plan.action.title}: nothing to clear"
    return f"{describe(move)}: {_count(len(move.cleared))}{mark}"


SUMMARY_KEY = "g"
"""The key that reopens the game-over summary at a finished table."""


def game_over_line(position: Position) -> str:
    """What a finished table says instead of asking for a move."""
    if position.score == 0:
        return f"Game over, won: {SUMMARY_KEY} shows the summary."
    return f"Game over, {position.score} left: {SUMMARY_KEY} shows the summary."


def _dead_end(position: Position, plan: Plan) -> bool:
    """No legal move of the plan's action clears all the picked cards: adding more can't help."""
    return not any(plan.picked <= move.cleared for move in options(position, plan))


def describe(move: Move) -> str:
    """A short name for a whole move: "Line row 2", "Up", "Match 7"."""
    if move.action is Action.LINE and move.detail:
        return f"Line {move.detail[:3]} {move.detail[3:]}"
    if move.action is Action.UPDOWN:
        return "Up" if move.detail == "up" else "Down"
    if move.action is Action.ALLCLEAR:
        return "All Clear " + "-".join(c.symbol for c in move.clubs_used)
    return move.action.title


def choice_label(move: Move) -> str:
    """A move among the few a choosing action offers, short enough for three to a row at 80 columns:
    "↓ Down (3)", "row 1 (3)", "9♣ 10♣ J♣ (9)"."""
    count = len(move.cleared)
    if move.action is Action.UPDOWN:
        return f"{'↑' if move.detail == 'up' else '↓'} {describe(move)} ({count})"
    if move.action is Action.LINE and move.detail:
        return f"{move.detail[:3]} {move.detail[3:]} ({count})"
    if move.action is Action.ALLCLEAR:
        return f"{clubs_text(move)} ({count})"
    return f"{describe(move)} ({count})"


def describe_cards(position: Position, move: Move) -> str:
    """The move with the cards it clears from ``position``: "Sum 4♥ 5♥", "Line row 2 (3♠ 7♦ J♥)"."""
    cards = " ".join(card_label(position.card_at(p)) for p in sorted(move.cleared))
    if move.action in PICKING_ACTIONS:
        return f"{describe(move)} {cards}"
    return f"{describe(move)} ({cards})"


def clubs_text(move: Move) -> str:
    """The clubs a move uses: "9♣", or "9♣ 10♣ J♣" for All Clear."""
    return " ".join(club.symbol for club in move.clubs_used)


def played_text(move: Move) -> str:
    """A move and the clubs it uses, each named once: "Line row 2 with the 9♣", "All Clear with the
    9♣ 10♣ J♣" (``describe`` names All Clear by its clubs already)."""
    name = "All Clear" if move.action is Action.ALLCLEAR else describe(move)
    return f"{name} with the {clubs_text(move)}"


def pile_lines(count: int, last: Move | None) -> list[str]:
    """The pile's one-line summary, longest first: the table shows the first that fits its width
    (All Clear's three clubs don't fit 80 columns with every word)."""
    if last is None:
        return [f"Pile {count} cards", f"Pile {count}"]
    turn = f"{clubs_text(last)} {'All Clear' if last.action is Action.ALLCLEAR else describe(last)}"
    return [f"Pile {count} cards  last turn: {turn}", f"Pile {count}  last turn: {turn}", f"Pile {count}  last: {turn}"]


def _rank_name(value: int) -> str:
    return RANK_NAMES.get(value, str(value))


def _count(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def action_summary(position: Position, club: Card | None, action: Action) -> tuple[bool, str]:
    """(available, text) for one action box: what this club would do with it, or why it can't."""
    for block in position.blocks():
        if block.action is action:
            return False, f"blocked by {block.count} {block.suit.symbol}"
    if club is None:
        return True, ACTION_HINTS[action]
    moves = position.moves_for(club).get(action, [])
    if not moves:
        return False, _why_none(position, club, action)
    if action is Action.MATCH:
        return True, _count(len(moves[0].cleared))
    if action is Action.ANY:
        return True, "1 card"
    if action is Action.UPDOWN:
        return True, " · ".join(f"{describe(m)}: {_count(len(m.cleared))}" for m in moves)
    if action is Action.LINE:
        best = max(len(m.cleared) for m in moves)
        lines = "1 line" if len(moves) == 1 else f"{len(moves)} lines"
        return True, f"{lines}, up to {_count(best)}"
    if action is Action.ALLCLEAR:
        return True, f"whole grid: {_count(len(moves[0].cleared))}"
    best = max(len(m.cleared) for m in moves)
    ways = "1 way" if len(moves) == 1 else f"{len(moves)} ways"
    return True, f"{ways}, up to {_count(best)}"


ACTION_HINTS = {
    Action.MATCH: "all cards of its value",
    Action.SUM: "cards adding up to its value",
    Action.ANY: "any one card, a joker too",
    Action.LINE: "a row/column with its value",
    Action.UPDOWN: "lower (2-7) / higher (7-Q)",
    Action.RUN: "a sequence through its value",
    Action.ALLCLEAR: "3 clubs in a row: all cards",
}
"""Reminders shown in the action boxes before a club is picked; what is legal still comes from the engine."""


def _why_none(position: Position, club: Card, action: Action) -> str:
    name = club.rank_name
    if action is Action.MATCH:
        return f"no {name} in the grid"
    if action is Action.SUM:
        return f"nothing adds up to {club.value}"
    if action is Action.RUN:
        return "no sequence"
    if action is Action.LINE:
        return f"no {name} in any line"
    if action is Action.UPDOWN:
        if not directions(club.value):  # U1: the A and the K have no direction at all
            return f"the {name} can't go up or down"
        return "nothing to clear"
    if action is Action.ALLCLEAR:
        return "no three clubs in a row"
    return "no card to clear"


def hint_plan(move: Move) -> Plan:
    """The plan that previews ``move`` on the table (a hint, the demo's next move): club, action, and
    its cards or its choice."""
    if move.action in PICKING_ACTIONS:
        return Plan(club=move.club, action=move.action, picked=move.cleared)
    if move.action in CHOOSING_ACTIONS:
        return Plan(club=move.club, action=move.action, choice=move)
    return Plan(club=move.club, action=move.action)


def unseen_ranks(ranks: tuple[int, ...], sep: str = " ") -> str:
    """Ranks as the cards name them: "A 2 10 J"."""
    return sep.join(_rank_name(rank) for rank in ranks)


def unseen_line(unseen: Unseen | None) -> str:
    """The table's one line of unseen cards (120x40): "Unseen ♥A2510K  ♠…  ♦…  ★1", each suit's
    ranks run together (no other rank has a 1 or a 0 in it, so 10 reads as one)."""
    if unseen is None:
        return ""
    suits = "  ".join(f"{suit.symbol}{unseen_ranks(ranks, '') or '-'}" for suit, ranks in unseen.ranks.items())
    return f"Unseen {suits}  ★{unseen.jokers}"
