"""Issue 10.2: nothing the table shows depends on the order of the face-down decks.

Many positions are played with every setting on (the blocking question, the All Clear variant).
For each, both hidden decks are permuted, and every text the table would show before a move is
played is compared: the prompt, the message, each action box, the choice labels, and the blocking
question's dialog. (After a move the refill is face up, so only what precedes it is compared.) The
hint engine has its own test of the same kind (tests/club_fight/ai/test_club_fight_hints.py).
"""

from __future__ import annotations

from club_fight_tui_support import with_decks
from clubfight.club_fight.ai.heuristic import best_move
from clubfight.club_fight.engine import Action, Level, Position, Variant, deal
from clubfight.club_fight.game import GameSession, Start
from clubfight.club_fight.tui.plan import (
    CHOOSING_ACTIONS,
    PICKING_ACTIONS,
    action_summary,
    choice_label,
    feedback,
    options,
)
from clubfight.club_fight.tui.questions import blocking_question
from clubfight.club_fight.tui.table_model import TableModel


def shown(position: Position) -> list[str]:
    """Every text the table shows for every plan a player can make here, and every question asked."""
    model = TableModel(GameSession(Start.from_position(position)), confirm_blocking_moves=True)
    texts = [feedback(position, model.plan)]
    texts += [action_summary(position, None, action)[1] for action in Action]
    for slot, club in enumerate(model.hand_slots()):
        if club is None:
            continue
        for action in Action:
            model.select_club(slot)
            texts.append(action_summary(position, club, action)[1])
            model.choose_action(action)
            texts += [model.message, feedback(position, model.plan)]
            moves = options(position, model.plan)
            if model.plan.action in CHOOSING_ACTIONS:
                texts += [choice_label(m) for m in moves]
            for move in moves:
                if model.plan.action in PICKING_ACTIONS:
                    model.plan = type(model.plan)(club=club, action=action, picked=move.cleared)
                else:
                    model.plan = type(model.plan)(club=club, action=action, choice=move)
                texts.append(feedback(position, model.plan))
                change = model.confirm()
                if change.ask:
                    dialog = blocking_question(list(change.ask))
                    texts += [dialog.title_text, dialog.detail]
                    model.answer(False)
                texts.append(model.message)
                assert change.committed is None or not change.ask
                if change.committed is not None:  # no question: the move was played; start again
                    model = TableModel(GameSession(Start.from_position(position)), confirm_blocking_moves=True)
            model.plan = type(model.plan)()
    return texts


def test_nothing_shown_depends_on_the_order_of_the_hidden_decks() -> None:
    compared = 0
    for level, seed in ((Level.EASY, 317855), (Level.HARD, 378542), (Level.EASY, 14), (Level.HARD, 5)):
        position = deal(level, seed, variant=Variant.ALL_CLEAR)
        turn = 0
        while not position.is_over:
            if turn % 2 == 0:
                grid, clubs = position.grid_deck, position.clubs_deck
                expected = shown(position)
                for other in ((grid[::-1], clubs[::-1]), (grid[1:] + grid[:1], clubs[1:] + clubs[:1])):
                    assert shown(with_decks(position, *other)) == expected, position.notation()
                compared += len(expected)
            position = position.play(best_move(position))
            turn += 1
    assert compared > 3000
