"""Why an action is illegal: the error ``Round.play`` raises, naming the ruling that forbids it.

Only asked about actions that are not among the legal ones, so each check here looks for the
first rule the action breaks, in the order a player would meet them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action, Arrange, Attack, Counter, Decline, Draw, Pick
from .cards import Card
from .errors import IllegalActionError
from .movegen import setup_colour
from .plays import fit_mask, is_locked, sequence_values
from .rules import Style
from .state import Phase

if TYPE_CHECKING:
    from .round import Round


def why_not(r: Round, action: Action) -> IllegalActionError:
    """The error for ``action``, which is not legal in ``r``."""
    phase = r.phase
    if phase is Phase.OVER:
        return IllegalActionError("W7", f"the round is over: {r.outcome}")
    if phase is Phase.SETUP:
        if not isinstance(action, Arrange):
            return IllegalActionError("U2", "setup: each player arranges first")
        return _why_not_arrange(r, action)
    if phase is Phase.DRAW:
        return _why_not_draw(r, action)
    if phase is Phase.COUNTER:
        if not isinstance(action, Counter):
            return IllegalActionError("C1", f"{r.defender} must counter or decline first")
        return _why_not_counter(r, action.card)
    if isinstance(action, Attack):
        return _why_not_attack(r, action)
    if isinstance(action, (Counter, Decline)):
        return IllegalActionError("C1", "there is no unsafe play to counter now")
    if isinstance(action, (Draw, Pick)):
        return IllegalActionError("T2", "the counter card is drawn at the start of a turn only")
    return IllegalActionError("T3", f"{action} is not an action of the ATTACK phase")


def _why_not_arrange(r: Round, action: Arrange) -> IllegalActionError:
    colour = setup_colour(r.stacks)
    if action.colour is not colour:
        return IllegalActionError("U4", f"{colour} arranges now (RED first, then BLACK)")
    cards = [*action.front, action.neutral]
    if sorted(cards) != sorted(r.hand(colour)) or len(set(cards)) != 4:
        return IllegalActionError("U2", f"{colour} arranges exactly the 4 cards of its hand")
    return IllegalActionError("U2", f"{action} is not an arrangement of {colour}'s hand")


def _why_not_draw(r: Round, action: Action) -> IllegalActionError:
    defender = r.defender
    ninjutsu = r.rules.has(defender, Style.NINJUTSU)
    if isinstance(action, Pick):
        if not ninjutsu:
            return IllegalActionError("F1", f"only a NINJUTSU defender picks its counter card; {defender} draws")
        return IllegalActionError("F1", f"{action.card} is not in {defender}'s deck")
    if isinstance(action, Draw):
        if ninjutsu:
            return IllegalActionError("F1", f"{defender} (NINJUTSU) picks its counter card from its deck")
        return IllegalActionError("F1", "a WUSHU defender draws 1 or 2 counter cards")
    return IllegalActionError("T2", f"{defender} draws its counter card first")


def _why_not_counter(r: Round, card: Card) -> IllegalActionError:
    defender = r.defender
    if card not in r.hand(defender):
        return IllegalActionError("C1", f"{card} is not in {defender}'s hand")
    pending = r.pending
    assert pending is not None
    top = pending.cards[-1]
    return IllegalActionError("C1", f"{card.symbol} is not a valid play onto {top.symbol} (P1)")


def _why_not_attack(r: Round, attack: Attack) -> IllegalActionError:
    player = r.attacker
    place = attack.to
    if not isinstance(place, int) or not 1 <= place <= 9:
        return IllegalActionError("K3", f"there is no place {place!r}; places are 1-9")
    cards = attack.cards
    if not cards:
        return IllegalActionError("P5", "a play has at least one card")
    for card in cards:
        if card not in r.hand(player) and card not in r.advantage:
            return IllegalActionError("T3", f"{card} is not in {player}'s hand or ADVANTAGE")
    values = sequence_values(cards)
    if isinstance(values, str):
        ruling = "P3" if "joker" in values else "P5"
        return IllegalActionError(ruling, values)
    top = r.stacks[place - 1][-1]
    if is_locked(top, player):
        return IllegalActionError(
            "P2", f"the {top.symbol} at {place} is {top.colour}'s 10: only {top.colour} plays on it"
        )
    if not values & fit_mask(top, player):
        first = cards[0]
        wrap = ""
        if {first.rank, top.rank} in ({1, 10}, {11, 13}):
            wrap = f": a wrap goes only onto {player}'s own colour"
        return IllegalActionError("P1", f"{first.symbol} is not a valid play onto {top.symbol}{wrap}")
    return IllegalActionError("T3", f"{attack} is not a play now")
