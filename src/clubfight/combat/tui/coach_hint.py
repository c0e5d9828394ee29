"""The coach's hint in the fight: what to ask ``suggest`` and the one line of reasons the screen shows.

Pure: no Textual. The fight model makes a ``CoachRequest`` for the seat to act (its round, the round's
earlier positions for the clues, a seed fixed by the match); ``ask_coach`` runs expert's search on it
(on a thread: it is CPU-bound) and words the answer. ``suggest`` reads the round only through the
seat's own view, so the hint and its words depend on nothing the seat can't see.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from clubfight.combat.ai import Reasons, suggest
from clubfight.combat.engine import Action, Arrange, Attack, Colour, Counter, Decline, Draw, EndTurn, Pick, Round

from .fight_text import cards_text, wins_text


@dataclass(frozen=True, slots=True)
class CoachRequest:
    """What the coach is asked: ``round`` as the table shows it, for ``seat`` (the one to act)."""

    round: Round
    seat: Colour
    seed: int
    history: Sequence[Round]
    """The round's earlier positions, oldest first: the clues expert reads (public events only)."""


@dataclass(frozen=True, slots=True)
class CoachHint:
    """The coach's action for ``round`` (the position it was asked about) and its reasons, in words."""

    round: Round
    action: Action
    line: str


def ask_coach(request: CoachRequest) -> CoachHint:
    """Expert's suggestion for the request's seat, with its reasons in one line."""
    r = request.round
    suggestion = suggest(r, request.seat, seed=request.seed, history=request.history)
    return CoachHint(r, suggestion.action, hint_line(r, suggestion.action, suggestion.reasons))


def action_words(action: Action) -> str:
    """The suggested action, short: the preview above the hint already shows a play in full."""
    if isinstance(action, Attack):
        return f"{'-'.join(c.symbol for c in action.cards)} at {action.to}"
    if isinstance(action, EndTurn):
        return "end the turn"
    if isinstance(action, Counter):
        return f"counter with the {action.card.symbol}"
    if isinstance(action, Decline):
        return "let the play stand"
    if isinstance(action, Draw):
        return f"draw {action.count} counter card{'s' if action.count > 1 else ''}"
    if isinstance(action, Pick):
        return f"pick the {action.card.symbol} from your deck"
    if isinstance(action, Arrange):
        return f"{cards_text(action.front)} in front, {action.neutral.symbol} in the neutral row"
    return str(action)


def hint_line(r: Round, action: Action, reasons: Reasons) -> str:
    """``Hint: 9♦ at 4 · scores 3 · counter risk 33% · sets up ring out · gives ADVANTAGE 5♣ · win chance 62%.``,
    short enough for the side panel's message (three lines of 38 columns at 80x24)."""
    parts = [f"Hint: {action_words(action)}"]
    if isinstance(action, (Attack, Counter)):
        scored = f"scores {reasons.points}"
        if reasons.wins:
            scored += f", wins by {wins_text(reasons.wins)}"
        parts.append(scored)
    if isinstance(action, Attack):
        parts.append("safe" if reasons.safe else f"counter risk {reasons.counter_risk:.0%}")
    if reasons.sets_up and not reasons.wins:  # a play that wins the round sets nothing up, hands nothing over
        parts.append(f"sets up {', '.join(reasons.sets_up)}")
    if reasons.hands_over and not reasons.wins:
        parts.append(f"gives ADVANTAGE {cards_text(reasons.hands_over)}")
    parts.append(f"win chance {reasons.win_chance:.0%}")
    return " · ".join(parts) + ". Enter plays it."
