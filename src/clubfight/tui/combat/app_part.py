"""The app's Combat Club side: entering it (resume, start screen, a match), autosave after every
action, the round-end banner, recording the match in the statistics, exporting its record.

``CombatApp`` is the base of ``ClubFightApp``: the two games share one app, so the themes, the
settings and the statistics screen are the same for both, while each game keeps its own files.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from datetime import date
from typing import TYPE_CHECKING

from textual.app import App

from ..autosave import utc_today, why

if TYPE_CHECKING:  # Combat Club's engine, model and screen load when it is entered, not with the app
    from ...combat.engine import Colour
    from ...combat.game import CombatSave, Match
    from ...storage.combat_saves import CombatSlot
    from .fight_model import FightModel
    from .fight_screen import FightScreen
    from .launch import CombatLaunch

ELSEWHERE = "A Combat Club match is open in another window, so it stays there: here is a new one."


class CombatApp(App[None]):
    """Combat Club's part of the app (a base class of ``ClubFightApp``)."""

    combat_launch: CombatLaunch | None = None
    """``clubfight combat ...``: enter Combat Club at start-up, with these choices."""
    combat_match: Match | None = None
    """Tests: play this match (any constructed round) instead of dealing one."""
    combat_pace: float = 0.9
    combat_seed_source: Callable[[], int] | None = None
    combat_today: Callable[[], date] | None = None
    combat_slot: CombatSlot | None = None
    """This window's match file: claimed on the first autosave or when a match is taken up."""
    combat_info: CombatSave | None = None
    """Who plays the match on screen (opponent, colour, id); its record comes from the fight."""

    # --- entering -------------------------------------------------------------------------

    def enter_combat(self, launch: CombatLaunch | None) -> None:
        """Offer the unfinished match if there is one; else the start screen or the match asked for."""
        loaded = self._combat_saved()
        if loaded is not None:
            from ..screens.question_screen import AskScreen

            save, match = loaded
            who = "two players" if save.opponent is None else f"the computer ({save.opponent})"
            question = AskScreen(
                "An unfinished Combat Club match is waiting",
                _resume_text(match, save, who),
                "Resume it",
                "Start afresh (counts as a loss)",
                id="combat-resume",
            )
            self.push_screen(question, lambda yes: self._combat_resume_answered(save, match, launch, bool(yes)))
            return
        self._combat_begin(launch)

    def _combat_begin(self, launch: CombatLaunch | None) -> None:
        if launch is None or launch.ask:
            from .start_screen import CombatStartScreen

            def chosen(choice: CombatLaunch | None) -> None:
                if choice is not None:
                    self.start_combat(choice)
                elif self.combat_launch is not None and len(self.screen_stack) <= 1:
                    self.exit()

            self.push_screen(CombatStartScreen(launch), chosen)
        else:
            self.start_combat(launch)

    def _combat_saved(self) -> tuple[CombatSave, Match] | None:
        """The unfinished match no other window plays (now this window's), if there is one."""
        from ...storage.combat_saves import any_match_saved, claim_unfinished_match

        if not any_match_saved():
            return None
        claimed = claim_unfinished_match()
        if claimed.slot is not None:
            self.release_combat_slot()
            self.combat_slot = claimed.slot
        self._combat_warn(claimed.loaded.warning)
        value = claimed.loaded.value
        if value is None and claimed.busy:
            self._combat_warn(ELSEWHERE)
        if value is not None and value[1].is_over:
            save, match = value
            self._combat_record(match, save, abandoned=False)
            self._combat_clear()
            return None
        return value

    def _combat_clear(self) -> None:
        """Forget this window's match file (and only this window's)."""
        if self.combat_slot is not None:
            self.combat_slot.clear()

    def release_combat_slot(self) -> None:
        if self.combat_slot is not None:
            self.combat_slot.release()
            self.combat_slot = None

    def _combat_resume_answered(self, save: CombatSave, match: Match, launch: CombatLaunch | None, yes: bool) -> None:
        if yes:
            model = self._model_for(match, save.opponent, save.colour)
            model.rebuild_log()
            self.show_fight(model, save)
            return
        self._combat_record(match, save, abandoned=True)
        self._combat_clear()
        self._combat_begin(launch)

    def _model_for(self, match: Match, opponent: str | None, colour: Colour) -> FightModel:
        from ...combat.ai import Level
        from ...combat.engine import Colour
        from .fight_model import FightModel

        if opponent is None:
            return FightModel(match, humans=frozenset(Colour), level=None)
        return FightModel(match, humans=frozenset({colour}), level=Level(opponent))

    def start_combat(self, launch: CombatLaunch) -> None:
        """A new match on a fresh fight screen."""
        from ...combat.engine import CombatCode
        from ...combat.game import CombatSave, Match

        match = self.combat_match
        self.combat_match = None
        if match is None:
            seed = launch.seed if launch.seed is not None else self._combat_seed()
            match = Match.new(CombatCode(seed), launch.rules())
        opponent = launch.opponent.value if launch.opponent is not None else None
        from ...storage import new_game_id

        save = CombatSave("", opponent, launch.colour, new_game_id())
        model = self._model_for(match, opponent, launch.colour)
        model.log.append(f"Round 1 of {match.code}: {launch.describe()}. ? shows the rules and keys.")
        self.show_fight(model, save)

    def _combat_seed(self) -> int:
        if self.combat_seed_source is not None:
            return self.combat_seed_source()
        import secrets

        return secrets.randbelow(1_000_000)

    def show_fight(self, model: FightModel, save: CombatSave) -> None:
        from .fight_screen import FightScreen

        pace = 0.0 if self.animation_level == "none" else self.combat_pace
        screen = FightScreen(model, pace=pace)
        self.combat_info = save
        while len(self.screen_stack) > 1 and not isinstance(self.screen, FightScreen):
            self.pop_screen()
        if isinstance(self.screen, FightScreen):
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    # --- what the fight asks of the app -----------------------------------------------------------

    def on_fight_screen_changed(self, event: FightScreen.Changed) -> None:
        fight = event.fight
        match = fight.model.match
        if match.is_over:
            return  # recorded (and the save cleared) by the round-over handler
        self._combat_warn(self._combat_autosave(fight))

    def _save_of(self, fight: FightScreen) -> CombatSave:
        from ...combat.game import CombatSave, format_record

        info = self.combat_info
        assert info is not None, "show_fight sets it"
        return CombatSave(format_record(fight.model.match), info.opponent, info.colour, info.match_id)

    def _combat_autosave(self, fight: FightScreen) -> str | None:
        try:
            if self.combat_slot is None:
                from ...storage.combat_saves import claim_free_match_slot

                self.combat_slot = claim_free_match_slot()
            self.combat_slot.save(self._save_of(fight))
        except (OSError, ValueError) as error:
            return f"Couldn't save the match: {why(error)}. It carries on, unsaved."
        return None

    def on_fight_screen_round_over(self, event: FightScreen.RoundOver) -> None:
        from .banners import RoundOverScreen

        fight = event.fight
        model = fight.model
        match = model.match
        info = self._save_of(fight)
        if match.is_over:
            self._combat_record(match, info, abandoned=False)
            self._combat_clear()
        you = None if model.hot_seat else next(iter(model.humans))
        screen = RoundOverScreen(match, you, export=lambda: self._combat_export(match))
        self.call_after_refresh(self.push_screen, screen, lambda choice: self._after_round(fight, choice))

    def _after_round(self, fight: FightScreen, choice: str | None) -> None:
        model = fight.model
        if choice == "quit":
            self.exit()
        elif choice == "next":
            fight.apply(model.next_round())
        elif choice == "rematch":
            info = self._save_of(fight)
            from ...combat.game import CombatSave
            from ...storage import new_game_id

            self.combat_info = CombatSave("", info.opponent, info.colour, new_game_id())
            fight.apply(model.rematch(self._combat_seed()))

    def _combat_record(self, match: Match, save: CombatSave, *, abandoned: bool) -> None:
        """Against the computer only: two people at one terminal have no "you" to count for."""
        if save.opponent is None:
            return
        from ...combat.game import CombatResult
        from ...storage.combat_stats import record_match

        today = self.combat_today() if self.combat_today is not None else utc_today()
        result = CombatResult.from_match(
            match, save.colour, save.opponent, played_on=today, abandoned=abandoned, match_id=save.match_id
        )
        try:
            self._combat_warn(record_match(result))
        except (OSError, ValueError) as error:
            self._combat_warn(f"Couldn't record the match in the statistics: {why(error)}.")

    def _combat_export(self, match: Match) -> str:
        from ...combat.game import format_record
        from ...storage.combat_stats import export_combat_record

        try:
            path = export_combat_record(format_record(match), str(match.code))
        except (OSError, ValueError) as error:
            return f"Couldn't export the record: {why(error)}"
        return f"Record written to\n{path.parent}{os.sep}\n{path.name}\n(clubfight combat replay FILE replays it)"

    def action_combat_rules(self) -> None:
        from .help_screen import CombatHelpScreen

        self.push_screen(CombatHelpScreen())

    def _combat_warn(self, warning: str | None) -> None:
        if warning:
            self.notify(warning, severity="warning", timeout=10)


def _resume_text(match: Match, save: CombatSave, who: str) -> str:
    """Where the match stands: the points of the round in play, and the rounds won so far."""
    from ...combat.engine import Colour

    current = match.current
    red, black = match.wins
    points = f"RED {current.score(Colour.RED)} - BLACK {current.score(Colour.BLACK)} points"
    return (
        f"{match.code}: {save.colour} against {who}, round {match.round_number} ({points}); "
        f"rounds won: RED {red}, BLACK {black}."
    )
