"""Leading trumps under kort: tsar, trop and trop7 duties (R20-R26, R51-R55).

One :class:`LeadDuty` per partnership and deal. Restrictions bind only the
declaring side (R20). The referee cannot see hands, so breaches are flagged as
"illegal unless the leader holds only trumps" and proven later (R24 ruling).
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.core.vocab import Duty

_FREE, _TSAR, _TROP, _TROP7 = Duty.FREE, Duty.TSAR, Duty.TROP, Duty.TROP7
_NONTRUMP, _NONTRUMP_ONCE = Duty.NONTRUMP, Duty.NONTRUMP_ONCE
_TROPS = (_TROP, _TROP7)
_BADGES = {_TSAR: "tsar", _TROP: "trop", _TROP7: "trop 7"}


@dataclass(slots=True)
class LeadDuty:
    """What one side owes on its next lead (a :class:`~referee.core.vocab.Duty`).

    - ``free``: no duty.
    - ``tsar``: a tsar trick is being played (R21); when it is over, the side owes
      a non-trump lead if it won the trick, else the tsar is lifted.
    - ``trop`` / ``trop7``: ``leads`` of ``target`` trump leads are played (R22,
      R25); while the side wins, the winner must lead a trump.
    - ``nontrump-once``: after a won tsar trick, the next trick the side leads
      must be led with a non-trump (R21); the duty covers that one lead only.
    - ``nontrump``: after a completed trop, neither partner may lead a trump
      until one of them has led a non-trump (R23, R51).
    """

    kind: Duty = _FREE
    leads: int = 0
    target: int = 0

    @property
    def owes_trump(self) -> bool:
        """True while a trop continues: the side's next lead must be a trump (R22)."""
        return self.kind in _TROPS and 0 < self.leads < self.target

    @property
    def owes_nontrump(self) -> bool:
        """True while the side's next lead must be a non-trump (R21, R23)."""
        return self.kind is _NONTRUMP or self.kind is _NONTRUMP_ONCE

    def badge(self) -> str:
        """The KORT badge word for this duty: ``tsar``, ``trop``, ``trop 7`` or ``""``."""
        return _BADGES.get(self.kind, "")

    def after_lead(self, trump_led: bool) -> None:
        """Update after the side led: a completed trop turns into the R23 ban (R51);
        a tsar duty covers one lead (R21); a non-trump lead lifts the R23 ban."""
        if self.kind is _NONTRUMP_ONCE:
            self.kind = _FREE
        elif trump_led:
            if self.kind in _TROPS and self.leads >= self.target:
                self.kind = _NONTRUMP
        elif self.kind is _NONTRUMP:
            self.kind = _FREE

    def after_trick(self, side_won: bool) -> None:
        """Update after a trick the side's duty covered was won (R21, R22, R51)."""
        if self.kind is _TSAR:
            self.kind = _NONTRUMP_ONCE if side_won else _FREE
        elif self.kind in _TROPS and not side_won and self.leads < self.target:
            self.kind = _FREE  # R22: the opponents won, the trop is lifted entirely
