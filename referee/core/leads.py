"""Leading trumps under kort: tsar, trop and trop7 duties (R20-R26, R51-R55).

One :class:`LeadDuty` per partnership and deal. Restrictions bind only the
declaring side (R20). The referee cannot see hands, so breaches are flagged as
"illegal unless the leader holds only trumps" and proven later (R24 ruling).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

DutyKind = Literal["free", "tsar", "trop", "trop7", "nontrump", "nontrump-once"]


@dataclass(slots=True)
class LeadDuty:
    """What one side owes on its next lead.

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

    kind: DutyKind = "free"
    leads: int = 0
    target: int = 0

    @property
    def owes_trump(self) -> bool:
        """True while a trop continues: the side's next lead must be a trump (R22)."""
        return self.kind in ("trop", "trop7") and 0 < self.leads < self.target

    @property
    def owes_nontrump(self) -> bool:
        """True while the side's next lead must be a non-trump (R21, R23)."""
        return self.kind in ("nontrump", "nontrump-once")

    def badge(self) -> str:
        """The KORT badge word for this duty: ``tsar``, ``trop``, ``trop 7`` or ``""``."""
        return {"tsar": "tsar", "trop": "trop", "trop7": "trop 7"}.get(self.kind, "")

    def after_lead(self, trump_led: bool) -> None:
        """Update after the side led: a completed trop turns into the R23 ban (R51);
        a tsar duty covers one lead (R21); a non-trump lead lifts the R23 ban."""
        if self.kind == "nontrump-once":
            self.kind = "free"
        elif trump_led:
            if self.kind in ("trop", "trop7") and self.leads >= self.target:
                self.kind = "nontrump"
        elif self.kind == "nontrump":
            self.kind = "free"

    def after_trick(self, side_won: bool) -> None:
        """Update after a trick the side's duty covered was won (R21, R22, R51)."""
        if self.kind == "tsar":
            self.kind = "nontrump-once" if side_won else "free"
        elif self.kind in ("trop", "trop7") and not side_won and self.leads < self.target:
            self.kind = "free"  # R22: the opponents won, the trop is lifted entirely
