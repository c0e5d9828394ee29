"""The counter window as the table shows it: open after every unsafe play, whether or not the defender
holds a card that fits.

The engine opens its COUNTER phase only when the defender holds a counter (a play nothing can answer
stands at once), which is right for the rules and their records, but a table that followed it would
tell the attacker about the defender's face-down card: a defender who lets a play stand would look
different from one who holds nothing that fits. So after an unsafe play that stood at once, the
fight shows ``standing_window``: the round as it would be if the engine had opened the window, in
which the only answer is to let the play stand. ``Round.play(Decline())`` on it gives the very
round the engine reached (tests/tui/test_combat_fair_counter_window.py checks it on whole matches).
Pure: no Textual.
"""

from __future__ import annotations

from clubfight.combat.engine import Attack, Colour, Event, EventKind, Phase, Round


def standing_window(before: Round, attack: Attack) -> Round:
    """``before`` with ``attack`` (an unsafe play nothing in the defender's hand fits) on the grid and
    waiting for the defender's answer: COUNTER phase, unscored, as ``Round.play`` leaves a play that
    opens the window (C1, C5)."""
    player = before.attacker
    points = before.points_of(attack)
    stacks = list(before.stacks)
    covered = stacks[attack.to - 1][-1]
    stacks[attack.to - 1] = stacks[attack.to - 1] + attack.cards
    hand = before.hand(player)
    kept = tuple(c for c in hand if c not in attack.cards)
    advantage = before.advantage
    if len(kept) + len(attack.cards) != len(hand):  # some cards came from the ADVANTAGE
        advantage = tuple(c for c in advantage if c not in attack.cards)
    hands = {player: kept, player.other: before.hand(player.other)}
    event = Event(
        EventKind.PLAY, player, cards=attack.cards, place=attack.to, covered=covered, points=points, pending=True
    )
    return before.replace(
        stacks=stacks,
        red_hand=hands[Colour.RED],
        black_hand=hands[Colour.BLACK],
        advantage=advantage,
        phase=Phase.COUNTER,
        pending=attack,
        pending_points=points,
        last_place=attack.to,
        last_points=None,
        events=(event,),
    )


def stood_at_once(before: Round, attack: Attack, after: Round) -> bool:
    """Whether ``attack`` was unsafe (P4) and yet opened no counter window (nothing fit, C1)."""
    return not before.is_safe(attack) and after.pending is None
