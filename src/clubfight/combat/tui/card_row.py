"""The fight's card row: the hand of the player at the keyboard, then the ADVANTAGE, each card under its
key (z x c v b n m ,), and a note on whose ADVANTAGE it is."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Static

from clubfight.combat.engine import Phase
from clubfight.shell.widgets.buttons import update_if_changed

from .cards import CombatCard
from .fight_model import CARD_SLOTS, FightModel, arrange_places

SLOT_KEYS = ("z", "x", "c", "v", "b", "n", "m", "comma")
SLOT_LABELS = ("z", "x", "c", "v", "b", "n", "m", ",")


class CardRow(Horizontal):
    """A click on a card posts ``CombatCard.Clicked`` (the screen acts on it)."""

    def compose(self) -> ComposeResult:
        for i in range(CARD_SLOTS):
            yield CombatCard(SLOT_LABELS[i], id=f"c-slot-{i}", classes="c-hand-card")
        yield Static(id="c-cards-note")

    def show(self, model: FightModel) -> None:
        r = model.round
        slots = model.slots()
        playable = model.playable() if model.humans_turn and r.attacker is model.viewer else None
        arranged = set(model.arrangement)
        for i in range(CARD_SLOTS):
            widget = self.query_one(f"#c-slot-{i}", CombatCard)
            if i >= len(slots):
                widget.show_card(None, title="")
                widget.display = i < 4 and model.viewer is not None
                continue
            widget.display = True
            card = slots[i]
            if card is None:  # played this turn: the slot stays, empty, so the others keep their keys
                widget.show_card(None, title=SLOT_LABELS[i])
                continue
            states: set[str] = set()
            advantage = model.is_advantage(card)
            if advantage:
                states.add("-advantage")
            if card in model.picked or card in arranged:
                states.add("-picked")
            if playable is not None and card not in playable:
                states.add("-dim")
            mark = ""
            if card in model.picked:
                mark = f"•{model.picked.index(card) + 1}"
            elif card in arranged and model.viewer is not None:
                mark = f"→{arrange_places(model.viewer)[model.arrangement.index(card)]}"
            elif "-dim" in states:
                mark = "✗"  # can't be played now: said by a mark as well as the dimmed face
            widget.show_card(
                card, title=SLOT_LABELS[i], mark=mark, states=frozenset(states), note="ADV" if advantage else ""
            )
        note = ""
        if r.advantage and r.phase is not Phase.SETUP and model.viewer is not None:
            owner = r.advantage[0].colour
            user = "yours to use" if r.attacker is model.viewer else f"{r.attacker}'s to use"
            note = f"ADV: {owner}'s cards,\n{user} this turn"
        update_if_changed(self.query_one("#c-cards-note", Static), note)
