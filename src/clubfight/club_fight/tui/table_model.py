"""The Club Fight table's move flow as plain Python: club -> action -> targets -> confirm.

The table screen maps keys and clicks to these transitions and draws what the model holds; the app
saves and records on the messages the screen posts for each ``TableChange``. No Textual here, so every
turn of a whole game can be tested without a terminal. Legality always comes from the engine: the
plan is looked up in ``Position.moves_for`` / ``legal_moves`` (see ``plan.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from clubfight.club_fight.engine import HAND_SIZE, Action, ActionInput, Card, Move, Position, Variant
from clubfight.club_fight.game import GameSession

from .plan import (
    CHOOSING_ACTIONS,
    PICKING_ACTIONS,
    SUMMARY_KEY,
    Plan,
    action_summary,
    candidate,
    describe_cards,
    hint_plan,
    options,
    played_text,
    why_not,
)

NEW_GAME_WARNING = "This game isn't over: press n again for a new deal (this one counts as a loss)."
RESTART_KEY = "b"
RESTART_WARNING = f"This game isn't over: press {RESTART_KEY} again to restart this deal (this one counts as a loss)."


class TableChange(NamedTuple):
    """What a transition did, beyond the table's own state, for the screen to pass on to the app.
    (A NamedTuple: a tenth of a frozen dataclass's cost at import, on the way to the first frame.)"""

    committed: Move | None = None
    """A move was played: autosave it, or record the result when it ended the game."""
    game_over: bool = False
    history: bool = False
    """Undo or a counted hint changed the game without a move: autosave."""
    ask: tuple[str, ...] = ()
    """Ask before playing ``TableModel.pending`` (the blocks it would leave)."""
    new_deal: bool = False
    """The player wants a new deal; ``abandoned`` when the game in progress counts as given up."""
    abandoned: bool = False
    restart: bool = False
    """The player wants this deal again from its first turn; ``abandoned`` as for a new deal."""


NOTHING = TableChange()


def hand_slots(
    positions: Sequence[Position], moves: Sequence[Move], opening: Sequence[Card | None] | None = None
) -> tuple[Card | None, ...]:
    """Lay the hand out in ``HAND_SIZE`` slots along the game played so far: the opening hand in
    order (or as ``opening`` lays it out), then after each move the clubs it used leave their slots
    empty and the clubs drawn fill the empty slots from the left. The engine's own hand order is
    untouched (notation, records)."""
    first = positions[0].hand if opening is None else opening
    slots: list[Card | None] = [*first, *[None] * (HAND_SIZE - len(first))]
    for move, after in zip(moves, positions[1:], strict=False):
        slots = [None if club in move.clubs_used else club for club in slots]
        drawn = [club for club in after.hand if club not in slots]
        for club in drawn:
            slots[slots.index(None)] = club
    return tuple(slots)


@dataclass
class TableModel:
    """The game on the table (``session``), the plan being entered, and what the table says."""

    session: GameSession
    confirm_blocking_moves: bool = True
    """Ask before a move that leaves an action blocked (the setting)."""
    plan: Plan = field(default_factory=Plan)
    message: str = ""
    fresh: frozenset[int] = frozenset()
    """Places refilled by the last move, highlighted until they fade."""
    pending: Move | None = None
    """A move waiting for the answer to the blocking question."""
    new_deal_armed: bool = False
    """The first press of n mid-game: the second one deals."""
    restart_armed: bool = False
    """The first press of b mid-game: the second one restarts the deal."""
    hinted: tuple[Position, Move] | None = None
    """The hint shown for a position: played as it is, it is never questioned (the hint engine
    weighed the blocks it leaves, and the question would only contradict it)."""

    @property
    def position(self) -> Position:
        return self.session.position

    @property
    def is_over(self) -> bool:
        return self.session.is_over

    @property
    def move(self) -> Move | None:
        """The legal move the plan describes right now, if it describes one."""
        return candidate(self.position, self.plan)

    def hand_slots(self) -> tuple[Card | None, ...]:
        """The hand as the table lays it out: a club keeps its slot (and key) for as long as it is held,
        and a club drawn fills the slot a played one left. None is an empty slot."""
        return hand_slots(self.session.positions, self.session.moves)

    def _set(self, plan: Plan, message: str = "") -> TableChange:
        self.plan = plan
        self.message = message
        self.new_deal_armed = self.restart_armed = False
        return NOTHING

    def say(self, message: str) -> TableChange:
        """Show a line without touching the plan."""
        return self._set(self.plan, message)

    # --- building the move ----------------------------------------------------------------

    def select_club(self, slot: int) -> TableChange:
        slots = self.hand_slots()
        club = slots[slot] if 0 <= slot < len(slots) else None
        if self.is_over or club is None:
            return NOTHING
        self.fresh = frozenset()
        if self.plan.club == club:
            return self._set(Plan(), f"Put the {club.symbol} back.")
        return self._set(Plan(club=club))

    def choose_action(self, action: Action) -> TableChange:
        plan = self.plan
        if plan.club is None:
            return self.say("Pick a club first: z x c v, or click one.")
        available, detail = action_summary(self.position, plan.club, action)
        if not available:
            return self.say(f"{action.title}: {detail}.")
        if plan.action is action and action in CHOOSING_ACTIONS:
            return self.cycle(1)
        chosen = Plan(club=plan.club, action=action)
        moves = options(self.position, chosen)
        if action in PICKING_ACTIONS and len(moves) == 1:  # one way only (the last joker for Any): pick it
            return self._set(replace(chosen, picked=moves[0].cleared), "The only choice is picked for you.")
        return self._set(chosen)

    def press_place(self, place: int) -> TableChange:
        plan, position = self.plan, self.position
        if position.is_over:
            return NOTHING
        if plan.club is None:
            return self.say("Pick a club first (z x c v), then an action, then the cards.")
        if plan.action is None:
            return self.say(f"Pick an action for the {plan.club.symbol} first, then the cards.")
        if position.card_at(place) is None:
            return self.say(f"Place {place} is empty.")
        if plan.action.input is ActionInput.LINE:
            return self._choose_line(place)
        if plan.action not in PICKING_ACTIONS:
            return self.say(f"{plan.action.title} picks no cards: Enter plays it.")
        only = options(position, plan)
        if len(only) == 1 and plan.picked == only[0].cleared and place in plan.picked:
            # The table picked the one way for the player: un-picking it could only lead back to it.
            return self.say(f"The only choice for {plan.action.title} stays picked: Enter plays it.")
        if plan.action is Action.ANY:
            picked = frozenset() if plan.picked == {place} else frozenset({place})
        else:
            picked = plan.picked ^ {place}
        return self._set(replace(plan, picked=picked))

    def _choose_line(self, place: int) -> TableChange:
        """A place picks a legal line through it; pressing it again moves to its other line."""
        moves = [m for m in options(self.position, self.plan) if place in m.cleared]
        if not moves:
            return self.say(f"No legal line through place {place}.")
        current = self.plan.choice
        index = (moves.index(current) + 1) % len(moves) if current in moves else 0
        return self._set(replace(self.plan, choice=moves[index]))

    def choose_direction(self, direction: str) -> TableChange:
        moves = options(self.position, self.plan)
        if self.plan.action is not None and self.plan.action.input is ActionInput.DIRECTION:
            for move in moves:
                if move.detail == direction:
                    return self._set(replace(self.plan, choice=move))
            return NOTHING
        if moves:
            return self.cycle(1 if direction == "down" else -1)
        return NOTHING

    def cycle(self, step: int) -> TableChange:
        moves = options(self.position, self.plan)
        if len(moves) < 2:
            return NOTHING
        current = self.move
        index = moves.index(current) + step if current in moves else (0 if step > 0 else -1)
        return self._set(replace(self.plan, choice=moves[index % len(moves)]))

    def pick_choice(self, index: int) -> TableChange:
        moves = options(self.position, self.plan)
        if 0 <= index < len(moves):
            return self._set(replace(self.plan, choice=moves[index]))
        return NOTHING

    def back(self) -> TableChange:
        if self.plan.is_empty:
            return NOTHING
        return self._set(self.plan.back())

    def preview(self, plan: Plan, message: str) -> TableChange:
        """Show a move without playing it (a hint, the demo's next move)."""
        return self._set(plan, message)

    # --- playing --------------------------------------------------------------------------

    def confirm(self) -> TableChange:
        """Enter: play the planned move, or say why not, or ask first when it leaves a new block."""
        move = self.move
        if move is None or move not in self.position.legal_moves():
            return self.say(why_not(self.position, self.plan))
        blocks = [] if self.is_hinted(move) else self.new_blocks(move)
        if blocks:
            self.pending = move
            return TableChange(ask=tuple(blocks))
        return self.commit(move)

    def is_hinted(self, move: Move) -> bool:
        """Whether ``move`` is the hint shown for the position on the table."""
        hinted = self.hinted
        return hinted is not None and hinted[0] is self.position and hinted[1] == move

    def answer(self, yes: bool) -> TableChange:
        """The answer to the blocking question about ``pending``."""
        move, self.pending = self.pending, None
        if yes and move is not None and move in self.position.legal_moves():
            return self.commit(move)
        return NOTHING

    def new_blocks(self, move: Move) -> list[str]:
        """The blocks (T2) the move leaves standing when the same club and action could lift them all
        and clear as many cards, if the player wants to be asked: the blocks, then the better move
        ("Run blocked by 3 ♥", "Sum 4♥ 5♥ with the 9♣ would lift it").

        Only what the player can see is judged: the grid once the move's cards are cleared, before
        the refill from the face-down grid deck (``Position.blocks_after_clearing``). Clearing never
        creates a block, so the useful question is about blocks this move leaves that another could
        lift. A move that clears the whole grid, or plays the last club, is never asked about.
        """
        if not self.confirm_blocking_moves:
            return []
        position = self.position
        if position.clubs_left <= len(move.clubs_used):
            return []
        left = position.blocks_after_clearing(move)
        if not left:
            return []
        actions = {block.action for block in left}
        better = [
            other
            for other in position.moves_for(move.club).get(move.action, [])
            if len(other.cleared) >= len(move.cleared)
            and not actions & {b.action for b in position.blocks_after_clearing(other)}
        ]
        if not better:
            return []
        best = max(better, key=lambda other: len(other.cleared))
        lift = "it" if len(left) == 1 else "them"
        return [*map(str, left), f"{describe_cards(position, best)} with the {best.club.symbol} would lift {lift}"]

    def commit(self, move: Move) -> TableChange:
        """Play a legal move: the only way the game moves on."""
        after = self.session.play(move)
        self.plan = Plan()
        self.new_deal_armed = self.restart_armed = False
        self.fresh = frozenset(p for p in move.cleared if after.card_at(p) is not None)
        self.message = f"Played {played_text(move)}: cleared {len(move.cleared)}."
        if self.fresh:
            self.message += f" New cards at {' '.join(map(str, sorted(self.fresh)))}."
        return TableChange(committed=move, game_over=after.is_over)

    def fade_fresh(self) -> bool:
        """The refill highlight ends; True when there was one to clear."""
        had, self.fresh = bool(self.fresh), frozenset()
        return had

    def undo(self) -> TableChange:
        """Take back the last move, back to the start of the deal (the game is no longer clean)."""
        if self.is_over:
            return NOTHING
        if not self.session.can_undo:
            return self.say("Nothing to undo: this is the start of the deal.")
        move = self.session.moves[-1]
        self.session.undo()
        self.fresh = frozenset()
        self._set(Plan(), f"Took back {played_text(move)}. r redoes it.")
        return TableChange(history=True)

    def redo(self) -> TableChange:
        if self.is_over:
            return NOTHING
        if not self.session.can_redo:
            return self.say("Nothing to redo.")
        move = self.session.redo_stack[-1]
        change = self.commit(move)
        if not change.game_over:
            self.message = f"Redid {played_text(move)}."
        return change

    def show_hint(self, move: Move, reason: str) -> TableChange:
        """The hint engine's move previewed on the table with its reason, and the hint counted: one
        transition, so the table is drawn once. A move the turn builder can't show is said in words."""
        plan = hint_plan(move)
        self.hinted = (self.position, move)
        self._set(plan if candidate(self.position, plan) == move else self.plan, f"Hint: {reason}.")
        return self.count_hint()

    def count_hint(self) -> TableChange:
        """A hint was shown: the game is no longer clean (saved at once, so quitting can't hide it)."""
        self.session.note_hint()
        return NOTHING if self.is_over else TableChange(history=True)

    def request_new_deal(self) -> TableChange:
        """n: a new deal; mid-game it takes a second press, so one stray key can't throw a game away."""
        position = self.position
        in_progress = bool(position.turns_played) and not position.is_over
        if in_progress and not self.new_deal_armed:
            self._set(self.plan, NEW_GAME_WARNING)
            self.new_deal_armed = True
            return NOTHING
        return TableChange(new_deal=True, abandoned=in_progress)

    def request_restart(self) -> TableChange:
        """b: this deal again from its first turn, as a new game (the one in progress counts as given
        up, as with n); mid-game it takes a second press."""
        position = self.position
        if not position.turns_played:
            return self.say("Nothing to restart: this deal is at its first turn.")
        in_progress = not position.is_over
        if in_progress and not self.restart_armed:
            self._set(self.plan, RESTART_WARNING)
            self.restart_armed = True
            return NOTHING
        return TableChange(restart=True, abandoned=in_progress)

    # --- what the keys may do now -----------------------------------------------------------

    def can(self, action: str, parameters: tuple[object, ...] = ()) -> bool | None:
        """For ``check_action``: True available, None shown dimmed, False hidden (All Clear when off)."""
        position, plan = self.position, self.plan
        over = position.is_over
        # Keys that can't act now still run, so each says why (a digit before a club, a blocked action).
        if action == "place":
            return None if over else True
        if action == "club":
            slot = parameters[0] if parameters else 0
            slots = self.hand_slots()
            return True if not over and isinstance(slot, int) and slot < len(slots) and slots[slot] else None
        if action == "act":
            chosen = Action(str(parameters[0]))
            if chosen is Action.ALLCLEAR and Variant.ALL_CLEAR not in position.variant:
                return False
            return None if over else True
        if action == "confirm":
            return True if plan.action is not None else None
        if action == "back":
            return True if not plan.is_empty else None
        if action in ("undo", "redo"):
            return None if over else True
        if action in ("direction", "cycle"):
            return True if len(options(position, plan)) > 1 and plan.action in CHOOSING_ACTIONS else None
        if action == "hint":
            return True if not over else None
        if action == "summary":
            return over  # only at a finished table, where it reopens the game-over summary
        return True

    def refusal(self, action: str, parameters: tuple[object, ...] = ()) -> str:
        """Why a key whose action ``can`` refuses does nothing now: every key answers (README)."""
        position, plan = self.position, self.plan
        if action == "summary":
            return f"{SUMMARY_KEY} shows the game-over summary once the game is over."
        all_clear = action == "act" and bool(parameters) and Action(str(parameters[0])) is Action.ALLCLEAR
        if all_clear and Variant.ALL_CLEAR not in position.variant:
            return "All Clear is played only with its variant: the start screen's switch, or --variant all-clear."
        if position.is_over:
            return f"The game is over: {SUMMARY_KEY} shows the summary, n deals a new one."
        if action == "confirm":
            return why_not(position, plan)
        if action == "back":
            return "Nothing to step back from: pick a club (z x c v)."
        if action == "club":
            return "That slot is empty: the clubs deck has run out."
        if action in ("direction", "cycle"):
            return "The arrows step through the choices when a Line, Up/Down or All Clear offers several."
        return "That key can't do anything now."

    def used_clubs(self) -> tuple[Card, ...]:
        move = self.move
        return move.clubs_used if move is not None else ()
