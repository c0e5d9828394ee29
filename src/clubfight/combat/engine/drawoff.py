"""The centre draw-off (U3), run when BLACK has arranged: who takes the centre and defends first."""

from __future__ import annotations

from clubfight.common.shuffle import SplitMix64, shuffled

from .cards import TEN, Card, Colour
from .draft import Draft
from .events import EventKind
from .grid import CENTRE


def centre_draw_off(d: Draft) -> None:
    """U3, with U4's order: RED draws first and RED's card goes back first. The winner's card takes the
    centre and the winner defends first; the steps go to ``draw_off`` and the events. The caller then
    starts the first turn."""
    rng = SplitMix64(d.rng_state)
    steps: list[tuple[Card, Card]] = []
    drawn: list[Card | None] = [None, None]
    while True:
        for i in (0, 1):
            if drawn[i] is None:
                drawn[i] = d.decks[i][0]
                d.decks[i] = d.decks[i][1:]
        red, black = drawn
        assert red is not None and black is not None
        steps.append((red, black))
        notes = []
        for i, card in enumerate((red, black)):
            if card.suit is None or card.rank == TEN:
                d.decks[i] = shuffled((*d.decks[i], card), rng)
                drawn[i] = None
                notes.append(f"{card.colour}'s {card.symbol} goes back")
        if notes:
            _step(d, red, black, "; ".join(notes) + ", draw again")
            continue
        if red.is_face != black.is_face:
            winner = Colour.RED if red.is_face else Colour.BLACK
        elif red.rank != black.rank:
            winner = Colour.RED if red.rank > black.rank else Colour.BLACK
        else:
            for i, card in enumerate((red, black)):
                d.decks[i] = shuffled((*d.decks[i], card), rng)
            drawn = [None, None]
            _step(d, red, black, "equal, both go back and both draw again")
            continue
        break
    won, lost = (red, black) if winner is Colour.RED else (black, red)
    d.stacks[CENTRE - 1] = (won,)
    loser = winner.other
    d.decks[loser.index] = shuffled((*d.decks[loser.index], lost), rng)
    _step(d, red, black, f"{winner} wins the centre and defends first")
    d.rng_state = rng.state
    d.draw_off = tuple(steps)
    d.first_defender = winner
    d.attacker = loser
    d.countered = False
    d.passes = 0
    d.punish_place = d.last_place = None


def _step(d: Draft, red: Card, black: Card, note: str) -> None:
    d.event(EventKind.DRAW_OFF, Colour.RED, cards=(red, black), note=note)
