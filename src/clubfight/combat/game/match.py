"""A match in progress (M1, M2): its seed, its rules, and every round played, each a start and its
actions.

A ``Match`` is immutable like a ``Round``: ``play(action)`` and ``next_round()`` return the next one.
Round k deals from the match seed and k (U4); a new round starts only when asked (``next_round``),
so that a UI can show how the last one ended. In survival mode (M2) the loser of a round keeps its
score into the next one and only the winner starts again from 0.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..engine import Action, CombatCode, IllegalActionError, Round, RoundResult, Rules
from ..engine.cards import Colour
from ..engine.rules import DEFAULT_RULES


@dataclass(frozen=True, slots=True)
class PlayedRound:
    """One round of a match: its number (1-based), the deal it started from (SETUP), the actions
    played in it, in order, and the round they led to."""

    number: int
    start: Round
    actions: tuple[Action, ...]
    final: Round

    @property
    def result(self) -> RoundResult | None:
        return self.final.outcome

    def positions(self) -> list[Round]:
        """The round before each action and after the last: ``start`` first, ``final`` last."""
        found = [self.start]
        for action in self.actions:
            found.append(found[-1].play(action))
        return found

    def play(self, action: Action) -> PlayedRound:
        return PlayedRound(self.number, self.start, (*self.actions, action), self.final.play(action))


@dataclass(frozen=True, slots=True)
class Match:
    """A match: ``rounds`` holds every round so far, the one being played (or just finished) last."""

    code: CombatCode
    rules: Rules
    rounds: tuple[PlayedRound, ...]

    def __post_init__(self) -> None:
        if not self.rounds:
            raise ValueError("a match has at least its first round")

    @staticmethod
    def new(code: CombatCode, rules: Rules = DEFAULT_RULES) -> Match:
        """The match before its first action: round 1 dealt from ``code`` (U4)."""
        start = code.deal(rules, 1)
        return Match(code, rules, (PlayedRound(1, start, (), start),))

    @staticmethod
    def replay(code: CombatCode, rules: Rules, rounds: Iterable[Iterable[Action]]) -> Match:
        """The match the given actions lead to, round by round; raises IllegalActionError at the first
        action the rules don't allow (or a round started before the last one ended)."""
        match: Match | None = None
        for actions in rounds:
            match = Match.new(code, rules) if match is None else match.next_round()
            for action in actions:
                match = match.play(action)
        return match if match is not None else Match.new(code, rules)

    # --- state -------------------------------------------------------------------------------

    @property
    def current(self) -> Round:
        """The round being played, or the one just finished."""
        return self.rounds[-1].final

    @property
    def round_number(self) -> int:
        return len(self.rounds)

    def round_wins(self, colour: Colour) -> int:
        """Rounds ``colour`` has won so far (the current one included once it is over)."""
        return sum(1 for r in self.rounds if r.result is not None and r.result.winner is colour)

    @property
    def wins(self) -> tuple[int, int]:
        """(RED's round wins, BLACK's)."""
        return (self.round_wins(Colour.RED), self.round_wins(Colour.BLACK))

    @property
    def winner(self) -> Colour | None:
        """M1: the colour with the round wins the match needs (1, 2 or 3), once it has them."""
        for colour in (Colour.RED, Colour.BLACK):
            if self.round_wins(colour) >= self.rules.wins_needed:
                return colour
        return None

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def round_over(self) -> bool:
        return self.current.is_over

    def next_scores(self) -> tuple[int, int]:
        """The starting scores of the next round: 0 and 0 (M1); in survival, the loser keeps its own (M2)."""
        result = self.current.outcome
        if not self.rules.survival or result is None:
            return (0, 0)
        loser = result.winner.other
        scores = [0, 0]
        scores[loser.index] = self.current.score(loser)
        return (scores[0], scores[1])

    # --- moves -------------------------------------------------------------------------------

    def play(self, action: Action) -> Match:
        """Play ``action`` in the current round; raises IllegalActionError as ``Round.play`` does."""
        return Match(self.code, self.rules, (*self.rounds[:-1], self.rounds[-1].play(action)))

    def next_round(self) -> Match:
        """Deal the next round from the match seed and its number (U4), with M1/M2's starting scores."""
        result = self.current.outcome
        if result is None:
            raise IllegalActionError("M1", f"round {self.round_number} is not over yet")
        winner = self.winner
        if winner is not None:
            raise IllegalActionError("M1", f"the match is over: {self.summary()}")
        number = self.round_number + 1
        red, black = self.next_scores()
        start = self.code.deal(self.rules, number, red_score=red, black_score=black)
        return Match(self.code, self.rules, (*self.rounds, PlayedRound(number, start, (), start)))

    def summary(self) -> str:
        """``RED wins the match 2-1``, or ``RED 1, BLACK 0 after 1 round`` while it lasts."""
        red, black = self.wins
        winner = self.winner
        if winner is not None:
            mine, theirs = (red, black) if winner is Colour.RED else (black, red)
            return f"{winner} wins the match {mine}-{theirs}"
        done = sum(1 for r in self.rounds if r.result is not None)
        return f"RED {red}, BLACK {black} after {done} round{'' if done == 1 else 's'}"

    def __str__(self) -> str:
        return f"{self.code}, {self.rules}: {self.summary()}"
