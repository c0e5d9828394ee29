"""The fight's spoken lines (the Screen reader setting, F2's log): after every key and every action of
either side, plain lines that read well aloud, made from the model and the engine's words
(``fight_text``: the same log lines the full log shows), never from what the screen drew.

Nothing hidden is said: the log's lines are written for both players to read (an unsafe play reads
the same whether or not the defender could counter), and the lines about the player's own cards
(the cards picked, the play's preview, the table's message) are marked private: in hot-seat they
are forgotten when the keyboard passes. No Textual here."""

from __future__ import annotations

from typing import NamedTuple

from clubfight.combat.engine import Phase
from clubfight.common.text import sentence

from .fight_model import FightChange, FightModel
from .fight_text import counter_question, points_text


class Spoken(NamedTuple):
    text: str
    private: bool = False


def scores_line(model: FightModel) -> str:
    """The round's scores, as the side panel shows them."""
    red, black = model.round.scores
    return sentence(f"Scores RED {red}, BLACK {black}")


def selection_line(model: FightModel) -> str:
    """The play being entered: the cards picked, then the stack and what the play would score."""
    picked = " ".join(card.symbol for card in model.picked)
    preview = model.preview()
    if model.round.phase is Phase.SETUP:
        arranged = ", ".join(f"{card.symbol} at {place}" for place, card in model.arranged().items())
        return sentence(f"Arranged {arranged}" if arranged else "", preview)
    lit = ""
    if picked and model.attack is None and model.humans_turn:
        targets = model.targets()  # the stacks the screen lights, each safe or unsafe
        lit = ", ".join(f"{place} {'safe' if safe else 'unsafe'}" for place, safe in sorted(targets.items()))
    return sentence(f"Picked {picked}" if picked else "", preview, f"Lit stacks: {lit}" if lit else "")


def spoken_lines(model: FightModel, new_log: list[str], change: FightChange) -> list[Spoken]:
    """What one transition says, as one public line and one private line at most: the new log lines
    (each action, counter, turn end and round end), the computer's counter and the scores, or the
    curtain; then the table's message or the play being entered (the player's own)."""
    public = list(new_log)
    if model.last_by_computer and change.played is not None:
        public.append(model.last_by_computer)
    if change.played is not None:
        public.append(scores_line(model))
    private = []
    if model.curtain is not None:
        public.append(model.curtain_text())
    elif model.message:
        private.append(model.message)
    elif change.played is None and model.has_table:
        private.append(selection_line(model))
    said = [Spoken(sentence(*public)), Spoken(sentence(*private), model.hot_seat)]
    return [line for line in said if line.text]


def counter_line(model: FightModel) -> str:
    """The counter question as the defender hears it: the play, then each card that fits and what it
    would score, or that nothing fits (the same question either way: the attacker can't tell)."""
    question = counter_question(model.round)
    options = model.counter_options()
    if not options:
        return sentence("Unsafe play", question, "Nothing in your hand fits: Enter to let it stand")
    cards = "; ".join(f"the {card.symbol}: {points_text(points)}" for card, points, _ in options)
    return sentence("Counter?", question, f"You could counter with {cards}", "y counters, n lets it stand")
