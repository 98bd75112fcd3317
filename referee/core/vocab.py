"""The engine's closed vocabularies as enums: deal results, game phases, kort lead
duties and the bavyan question's state (R20-R27, R30, R41, R43, R44).

Each is a :class:`enum.StrEnum` whose values are the strings the public interfaces
write (record-format.md: the summary report's ``result``, the store's columns), so
``Result.AT_COURT == "at-court"`` and ``json.dumps`` writes the value unchanged.
"""

from __future__ import annotations

from enum import StrEnum


class Result(StrEnum):
    """How a deal ended: the ``result`` of the summary report (record-format.md).

    ``win`` (R5, R41), ``court`` / ``at-court`` (7:0 by the caller's side / the other
    side, R30, R41), ``bavyan`` / ``at-bavyan`` / ``bavyan-failed`` (R27),
    ``trop-failed`` (R25), ``revoke`` (the R43 penalty); ``in-progress`` only in the
    report, for a deal without a result.
    """

    WIN = "win"
    COURT = "court"
    AT_COURT = "at-court"
    BAVYAN = "bavyan"
    AT_BAVYAN = "at-bavyan"
    BAVYAN_FAILED = "bavyan-failed"
    TROP_FAILED = "trop-failed"
    REVOKE = "revoke"
    IN_PROGRESS = "in-progress"


class Phase(StrEnum):
    """What the session waits for: ``trump`` (a caller must choose trumps, R10, R40),
    ``play`` (a card, R4), ``bavyan`` (the R27 question is open) or ``over`` (the
    session has ended, R44)."""

    TRUMP = "trump"
    PLAY = "play"
    BAVYAN = "bavyan"
    OVER = "over"


class Duty(StrEnum):
    """What one kort side owes on its next lead (R20-R25, R51, see
    :class:`~referee.core.leads.LeadDuty`): ``free``, ``tsar`` (a tsar trick is on,
    R21), ``trop`` / ``trop7`` (trump leads owed, R22, R25), ``nontrump-once`` (the
    next lead after a won tsar trick, R21), ``nontrump`` (after a completed trop, R23)."""

    FREE = "free"
    TSAR = "tsar"
    TROP = "trop"
    TROP7 = "trop7"
    NONTRUMP = "nontrump"
    NONTRUMP_ONCE = "nontrump-once"


class BavyanState(StrEnum):
    """The R27 question of a deal: ``no`` (not asked), ``pending`` (7:0 reached, the
    side must answer), ``playing`` (the side plays on for 13 tricks), ``declined``."""

    NO = "no"
    PENDING = "pending"
    PLAYING = "playing"
    DECLINED = "declined"
