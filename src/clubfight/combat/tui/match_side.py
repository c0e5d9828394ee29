"""Combat Club's side of the app, loaded when Combat Club is entered (``entry.CombatGame`` holds it):
entering (resume, its own start screen, a match), autosave after every action, the round-end banner,
recording the match in the statistics, exporting its record, replays."""

from __future__ import annotations

import os
from collections.abc import Sequence
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from clubfight.combat.ai import Opponent
from clubfight.combat.engine import Colour, CombatCode
from clubfight.combat.game import (
    CombatResult,
    CombatSave,
    Match,
    RecordError,
    combat_figures,
    format_record,
    parse_record,
)
from clubfight.combat.storage.saves import CombatSlot, any_match_saved, claim_free_match_slot, claim_unfinished_match
from clubfight.combat.storage.settings import CombatSettings
from clubfight.combat.storage.stats import export_combat_record, load_combat_stats, record_match
from clubfight.combat.views.stats import combat_table
from clubfight.common.storage.errors import why
from clubfight.common.storage.results_file import new_game_id
from clubfight.shell.games import StatsPane, StatsPart
from clubfight.shell.screens.question_screen import AskScreen

from .banners import RoundOverScreen
from .fight_model import FightModel
from .fight_screen import FightScreen
from .launch import CombatLaunch, CombatReplay, OnlineLaunch
from .replay_screen import CombatReplayScreen
from .start_screen import CombatStartScreen

if TYPE_CHECKING:
    from clubfight.shell.app import CardGamesApp

    from .online_side import OnlineSide

ELSEWHERE = "A Combat Club match is open in another window, so it stays there: here is a new one."


def combat_stats_pane(results: Sequence[CombatResult], warning: str | None = None) -> StatsPane:
    """The matches against each computer level: won, lost, rounds and how they were won."""
    return StatsPane((StatsPart(combat_table(combat_figures(results)), id="stats-combat"),), warning)


class MatchSide:
    """Combat Club's side of one app: its match file, the match on screen, and what the fight hands on."""

    def __init__(self, app: CardGamesApp) -> None:
        self.app = app
        self.pace = 0.9
        """Seconds between the computer's moves (0 with animations off)."""
        self.match_for_test: Match | None = None
        """Tests: play this match (any constructed round) instead of dealing one."""
        self.slot: CombatSlot | None = None
        """This window's match file: claimed on the first autosave or when a match is taken up."""
        self.info: CombatSave | None = None
        """Who plays the match on screen (opponent, colour, id); its record comes from the fight."""
        self._launched_alone = False
        """Entered by ``clubfight combat``: leaving its start screen quits the app."""

    @cached_property
    def online(self) -> OnlineSide:
        """Online matches: loaded (with the network client) when one is first asked for."""
        from .online_side import OnlineSide

        return OnlineSide(self.app, lambda: self._begin(CombatLaunch(ask=True)))

    def open(self, launch: object | None) -> None:
        """Offer the unfinished match if there is one; else the start screen or the match asked for.
        Before Combat Club's own start screen, an online match this player holds a seat in is offered."""
        if isinstance(launch, CombatReplay):
            self.show_replay(launch.match)
            return
        self._launched_alone = len(self.app.screen_stack) <= 1
        if isinstance(launch, OnlineLaunch):
            self.online.open(launch)
            return
        chosen = launch if isinstance(launch, CombatLaunch) else CombatLaunch(ask=True)
        if chosen.ask and self._online_seat_held() and self.online.offer_rejoin(lambda: self._open_local(chosen)):
            return
        self._open_local(chosen)

    def _online_seat_held(self) -> bool:
        """Whether the seats file names any seat (read without loading the network code)."""
        from clubfight.combat.storage.online_seats import load_online_seats, online_seats_path

        home = self.online.home if "online" in self.__dict__ else None
        return bool(load_online_seats(online_seats_path(home)).value)

    def _open_local(self, chosen: CombatLaunch) -> None:
        loaded = self._saved()
        if loaded is None:
            self._begin(chosen)
            return
        save, match = loaded
        afresh = "Start afresh (counts as a loss)" if save.opponent is not None else "Start afresh (not counted)"
        question = AskScreen(
            "An unfinished Combat Club match is waiting",
            _resume_text(match, save),
            "Resume it",
            afresh,
            id="combat-resume",
        )
        self.app.push_screen(question, lambda yes: self._resume_answered(save, match, chosen, bool(yes)))

    def stats_pane(self) -> StatsPane:
        loaded = load_combat_stats()
        return combat_stats_pane(loaded.value, loaded.warning)

    def replay(self, path: Path) -> None:
        try:
            match = parse_record(path.read_text(encoding="utf-8-sig"))
        except (OSError, UnicodeDecodeError, RecordError) as error:
            self.app.notify(f"Couldn't replay {path.name}: {getattr(error, 'reason', None) or error}", severity="error")
            return
        self.show_replay(match)

    # --- entering -------------------------------------------------------------------------

    def _begin(self, launch: CombatLaunch) -> None:
        if not launch.ask:
            self.start_match(launch)
            return

        def chosen(choice: CombatLaunch | OnlineLaunch | None) -> None:
            if isinstance(choice, OnlineLaunch):
                self.online.open(choice)
            elif choice is not None:
                self.start_match(choice)
            elif self._launched_alone and len(self.app.screen_stack) <= 1:
                self.app.exit()

        self.app.push_screen(CombatStartScreen(launch), chosen)

    def _saved(self) -> tuple[CombatSave, Match] | None:
        """The unfinished match no other window plays (now this window's), if there is one."""
        if not any_match_saved():
            return None
        claimed = claim_unfinished_match()
        if claimed.slot is not None:
            self.release_slot()
            self.slot = claimed.slot
        self._warn(claimed.loaded.warning)
        value = claimed.loaded.value
        if value is None and claimed.busy:
            self._warn(ELSEWHERE)
        if value is not None and value[1].is_over:
            save, match = value
            self._record(match, save, abandoned=False)
            self._clear()
            return None
        return value

    def _clear(self) -> None:
        """Forget this window's match file (and only this window's)."""
        if self.slot is not None:
            self.slot.clear()

    def release_slot(self) -> None:
        if self.slot is not None:
            self.slot.release()
            self.slot = None

    def _resume_answered(self, save: CombatSave, match: Match, launch: CombatLaunch, yes: bool) -> None:
        if yes:
            model = self._model_for(match, save.opponent, save.colour)
            model.assisted = save.assisted
            model.rebuild_log()
            self.show_fight(model, save)
            return
        self._record(match, save, abandoned=True)
        self._clear()
        self._begin(launch)

    def _model_for(self, match: Match, opponent: str | None, colour: Colour) -> FightModel:
        if opponent is None:
            model = FightModel(match, humans=frozenset(Colour), level=None)
        else:
            model = FightModel(match, humans=frozenset({colour}), level=Opponent(opponent))
        model.ring_out_marks = self.app.settings_of(CombatSettings).marks_for(opponent)
        return model

    def settings_changed(self, settings: CombatSettings) -> None:
        """The ring-out marks follow the setting at once."""
        for screen in self.app.screen_stack:
            if isinstance(screen, FightScreen):
                model = screen.model
                model.ring_out_marks = settings.marks_for(model.level.value if model.level is not None else None)
                if screen.is_mounted:
                    screen.render_model()

    def start_match(self, launch: CombatLaunch) -> None:
        """A new match on a fresh fight screen."""
        match = self.match_for_test
        self.match_for_test = None
        if match is None:
            seed = launch.seed if launch.seed is not None else self.app.seed_source()
            match = Match.new(CombatCode(seed), launch.rules())
        opponent = launch.opponent.value if launch.opponent is not None else None
        save = CombatSave("", opponent, launch.colour, new_game_id())
        model = self._model_for(match, opponent, launch.colour)
        model.log.append(f"Round 1 of {match.code}: {launch.describe()}. ? shows the rules and keys, l the whole log.")
        self.show_fight(model, save)

    def show_fight(self, model: FightModel, save: CombatSave) -> None:
        app = self.app
        pace = 0.0 if app.animation_level == "none" else self.pace
        screen = FightScreen(model, host=self, pace=pace)
        self.info = save
        while len(app.screen_stack) > 1 and not isinstance(app.screen, FightScreen):
            app.pop_screen()
        if isinstance(app.screen, FightScreen):
            app.switch_screen(screen)
        else:
            app.push_screen(screen)

    def show_replay(self, match: Match) -> None:
        def closed(_: object = None) -> None:
            if len(self.app.screen_stack) <= 1:  # opened by ``clubfight combat replay``: nothing under it
                self.app.exit()

        self.app.push_screen(CombatReplayScreen(match), closed)

    # --- what the fight hands on (``fight_screen.FightHost``) ----------------------------------

    def fight_changed(self, fight: FightScreen) -> None:
        if fight.model.match.is_over and fight.model.round.is_over:
            return  # recorded (and the save cleared) by the round-over handler
        self._warn(self._autosave(fight))

    def _save_of(self, fight: FightScreen) -> CombatSave:
        info = self.info
        assert info is not None, "show_fight sets it"
        model = fight.model
        return CombatSave(format_record(model.match), info.opponent, info.colour, info.match_id, model.assisted)

    def _autosave(self, fight: FightScreen) -> str | None:
        try:
            if self.slot is None:
                self.slot = claim_free_match_slot()
            self.slot.save(self._save_of(fight))
        except (OSError, ValueError) as error:
            return f"Couldn't save the match: {why(error)}. It carries on, unsaved."
        return None

    def fight_round_over(self, fight: FightScreen) -> None:
        model = fight.model
        match = model.match
        info = self._save_of(fight)
        if match.is_over:
            self._record(match, info, abandoned=False)
            self._clear()
        you = None if model.hot_seat else next(iter(model.humans))
        screen = RoundOverScreen(match, you, export=lambda: self._export(match))
        self.app.call_after_refresh(self.app.push_screen, screen, lambda choice: self._after_round(fight, choice))

    def _after_round(self, fight: FightScreen, choice: str | None) -> None:
        model = fight.model
        if choice == "quit":
            self.app.exit()
        elif choice == "next":
            fight.apply(model.next_round())
        elif choice == "rematch":
            info = self._save_of(fight)
            self.info = CombatSave("", info.opponent, info.colour, new_game_id())
            fight.apply(model.rematch(self.app.seed_source()))

    def _record(self, match: Match, save: CombatSave, *, abandoned: bool) -> None:
        """Against the computer only: two people at one terminal have no "you" to count for."""
        if save.opponent is None:
            return
        result = CombatResult.from_match(
            match,
            save.colour,
            save.opponent,
            played_on=self.app.today(),
            abandoned=abandoned,
            match_id=save.match_id,
            assisted=save.assisted,
        )
        try:
            self._warn(record_match(result))
        except (OSError, ValueError) as error:
            self._warn(f"Couldn't record the match in the statistics: {why(error)}.")

    def _export(self, match: Match) -> str:
        try:
            path = export_combat_record(format_record(match), str(match.code))
        except (OSError, ValueError) as error:
            return f"Couldn't export the record: {why(error)}"
        if self.app.is_web:
            self.app.deliver_text(path, save_filename=path.name, mime_type="text/plain")
            return f"Record downloaded by your browser:\n{path.name}"
        return f"Record written to\n{path.parent}{os.sep}\n{path.name}\n(clubfight combat replay FILE replays it)"

    def _warn(self, warning: str | None) -> None:
        if warning:
            self.app.notify(warning, severity="warning", timeout=10)


def _resume_text(match: Match, save: CombatSave) -> str:
    """Who plays, where the match stands: the points of the round in play, and the rounds won so far."""
    current = match.current
    red, black = match.wins
    points = f"RED {current.score(Colour.RED)} - BLACK {current.score(Colour.BLACK)} points"
    who = (
        "RED and BLACK at this terminal (hot-seat)"
        if save.opponent is None
        else f"{save.colour} against the computer ({save.opponent})"
    )
    text = f"{match.code}: {who}, round {match.round_number} ({points}); rounds won: RED {red}, BLACK {black}."
    if save.opponent is None:
        text += " Hot-seat matches are not in the statistics: starting afresh just drops this one."
    return text
