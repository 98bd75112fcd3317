"""Deal results and the session score: match wins (R30, R31, R61) and courts (R41, R43, R44).

:class:`Score` is the session-level state between deals; :func:`settle` credits
one finished deal to it and works out who deals and calls next.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from referee.core.profile import Profile
from referee.core.rotation import COURT_RESULTS, next_caller_kort, next_dealer_pagat
from referee.core.table import Seat, Side
from referee.core.vocab import Result

RESULTS: tuple[str, ...] = tuple(r.value for r in Result)
"""Every deal result name of the summary report (record-format.md)."""


def _pair() -> list[int]:
    return [0, 0]


@dataclass(slots=True)
class Score:
    """The session score and the next deal's seats. Indexed by ``Side`` (NS=0, EW=1).

    - ``wins``: kort match wins over the whole session (R61); ``match_wins``: in
      the match now in play (R31); ``matches_won``; ``match_number`` (1-based).
    - ``courts``, ``deals_won``: both profiles. ``streaks``: pagat won deals in a
      row (R41).
    - ``dealer``/``caller``: who deals/calls the next deal (dealer None under kort);
      ``caller_streak``: the kort caller's wins in a row since he took the trump (R12).
    """

    dealer: Seat | None
    caller: Seat
    caller_streak: int = 0
    wins: list[int] = field(default_factory=_pair)
    match_wins: list[int] = field(default_factory=_pair)
    matches_won: list[int] = field(default_factory=_pair)
    match_number: int = 1
    courts: list[int] = field(default_factory=_pair)
    deals_won: list[int] = field(default_factory=_pair)
    streaks: list[int] = field(default_factory=_pair)

    def copy(self) -> Score:
        """An independent copy (the lists are copied)."""
        return replace(
            self,
            wins=self.wins[:],
            match_wins=self.match_wins[:],
            matches_won=self.matches_won[:],
            courts=self.courts[:],
            deals_won=self.deals_won[:],
            streaks=self.streaks[:],
        )


@dataclass(frozen=True, slots=True)
class Settlement:
    """What one finished deal gave: match wins and courts per side, and whether it
    ended a match (the side that won it, else None)."""

    wins: tuple[int, int]
    courts: tuple[int, int]
    match_won_by: Side | None


def kort_result(
    won: Side, caller_side: Side, tricks_won: int, tricks_lost: int, tricks_to_win: int
) -> Result:
    """The kort result of a deal that reached ``tricks_to_win`` (R30): ``win``,
    ``court`` (7:0 by the caller's side) or ``at-court`` (7:0 by the other side)."""
    if tricks_won >= tricks_to_win and tricks_lost == 0:
        return Result.COURT if won == caller_side else Result.AT_COURT
    return Result.WIN


def settle(
    profile: Profile,
    score: Score,
    *,
    result: str,
    winner: Side,
    dealer: Seat | None,
    caller: Seat,
    target: int | None = None,
) -> Settlement:
    """Credit a finished deal to ``score`` (mutated) and set the next dealer and caller.

    ``target`` overrides the profile's match target (a record's ``target:``, R31).
    Under ``match`` scoring (kort): ``winner`` gets the result's match wins (R30);
    a side reaching the target wins the match and the next deal starts a new
    match at 0:0 (R31, R61); the caller rotates by R12 (R56 for a failed at-bavyan).
    Under ``courts`` scoring (pagat): 7:0 (``court``) and ``revoke`` give 1 court
    at once, a plain ``win`` grows the winner's streak and zeroes the opponents',
    and a streak of ``scoring.streak`` gives 1 court; after any court both streaks
    are 0 (R41, R43, R57); the dealer rotates by R42.
    """
    w, lose = int(winner), int(winner.other)
    score.deals_won[w] += 1
    clockwise = profile.clockwise
    if profile.is_match:
        gained = profile.scoring.results.for_result(result)
        court = 1 if result in COURT_RESULTS else 0
        score.wins[w] += gained
        score.match_wins[w] += gained
        score.courts[w] += court
        match_won_by = None
        if target is None:
            target = profile.scoring.match_target or 0
        if score.match_wins[w] >= target:
            score.matches_won[w] += 1
            score.match_number += 1
            score.match_wins = [0, 0]
            match_won_by = winner
        caller_side_won = winner == caller.side
        score.caller, score.caller_streak = next_caller_kort(
            caller,
            caller_side_won,
            court > 0 and caller_side_won,
            score.caller_streak,
            profile.caller_wins_before_pass,
            clockwise=clockwise,
        )
        wins = (gained, 0) if w == 0 else (0, gained)
        courts = (court, 0) if w == 0 else (0, court)
        return Settlement(wins, courts, match_won_by)
    # courts scoring (pagat)
    court = 0
    if result in ("court", "revoke"):
        court = 1
    else:
        score.streaks[w] += 1
        score.streaks[lose] = 0
        streak = profile.scoring.streak
        if streak is not None and score.streaks[w] >= streak:
            court = 1
    if court:
        score.streaks = [0, 0]
        score.courts[w] += 1
    assert dealer is not None
    new_dealer = next_dealer_pagat(dealer, winner == dealer.side, court > 0, clockwise=clockwise)
    score.dealer = new_dealer
    score.caller = new_dealer.next(clockwise)
    return Settlement((0, 0), (court, 0) if w == 0 else (0, court), None)
