"""One deal: its tricks, voids and proven revokes (R3-R6, R50, R59, R63, R64).

:class:`Deal` is the mutable state of one deal inside a :class:`~referee.core.game.Game`;
only the game changes it. Readers use its fields and properties.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from referee.core.cards import Card, Suit
from referee.core.events import Declaration
from referee.core.leads import LeadDuty
from referee.core.scoring import Score
from referee.core.table import Seat, Side


@dataclass(slots=True)
class Trick:
    """A trick (R4): ``leader``, the cards in play order, ``winner`` once complete.

    ``number`` is 1-based within the deal. ``declared`` is the declaration
    written on the lead (as entered, or None); ``declaration`` is what the lead
    counted as under kort (R20-R25, after R52/R53), or None.
    """

    number: int
    leader: Seat
    cards: list[Card] = field(default_factory=list)
    seats: list[Seat] = field(default_factory=list)
    declaration: Declaration | None = None
    declared: Declaration | None = None
    winner: Seat | None = None

    @property
    def complete(self) -> bool:
        """True once four cards are played."""
        return len(self.cards) == 4


@dataclass(frozen=True, slots=True)
class Revoke:
    """A proven revoke or kort lead breach (R6, R24, R36, R43, R60).

    ``trick``: the trick where it happened (1-based); ``proven_at``: the trick of
    the card that proved it, None for a table ruling (R60). ``kind`` is
    ``revoke`` (failure to follow suit), ``breach`` (tsar/trop lead breach) or
    ``ruling``. ``card`` is the proving card, if any.
    """

    seat: Seat
    trick: int
    proven_at: int | None
    kind: Literal["revoke", "breach", "ruling"] = "revoke"
    card: Card | None = None
    suit: Suit | None = None

    def as_report(self) -> dict[str, object]:
        """The report's ``revoke`` object: ``{"seat", "trick", "proven_at"}``."""
        return {"seat": self.seat.name, "trick": self.trick, "proven_at": self.proven_at}


BavyanState = Literal["no", "pending", "playing", "declined"]


@dataclass(slots=True)
class Deal:
    """The state of one deal. ``tricks`` holds the completed and abandoned tricks
    plus the open one last (see :attr:`open_trick`).

    ``won`` counts completed tricks per side (index ``Side``). ``result`` is None
    while the deal is in progress, else a result name of the report; ``winner``
    the side credited with the deal (R64). ``score_before`` is the session score
    before this deal was settled (so a table ruling, R43, can re-settle it).
    """

    number: int
    dealer: Seat | None
    caller: Seat
    match_number: int
    score_before: Score
    trump: Suit | None = None
    thirteenth: Card | None = None
    redeals: int = 0
    tricks: list[Trick] = field(default_factory=list)
    won: list[int] = field(default_factory=lambda: [0, 0])
    seen: int = 0
    voids: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    void_trick: dict[tuple[Seat, Suit], int] = field(default_factory=dict)
    duties: tuple[LeadDuty, LeadDuty] = field(default_factory=lambda: (LeadDuty(), LeadDuty()))
    suspects: dict[tuple[Seat, str], int] = field(default_factory=dict)
    """Unproven lead breaches (R24 ruling): ``(seat, "only-trumps"|"no-trumps")`` ->
    the trick of the first lead that is legal only if that holds. While
    ``(seat, "only-trumps")`` is here the seat is presumed all-trump (R67)."""
    proven: set[tuple[Seat, str]] = field(default_factory=set)
    trop7_side: Side | None = None
    bavyan: BavyanState = "no"
    bavyan_side: Side | None = None
    revoke: Revoke | None = None
    flags: list[str] = field(default_factory=list)
    result: str | None = None
    winner: Side | None = None
    wins: tuple[int, int] = (0, 0)
    courts: tuple[int, int] = (0, 0)
    abandoned: bool = False

    @property
    def over(self) -> bool:
        """True once the deal has a result (R5, R25, R27, R43)."""
        return self.result is not None

    @property
    def started(self) -> bool:
        """True once the first card is played."""
        return bool(self.tricks)

    @property
    def open_trick(self) -> Trick | None:
        """The trick being played (1-3 cards), or None."""
        if self.tricks and not self.tricks[-1].complete and not self.abandoned_last:
            return self.tricks[-1]
        return None

    @property
    def abandoned_last(self) -> bool:
        """True when the last listed trick was cut short by the deal's end (R50)."""
        return self.abandoned and bool(self.tricks) and not self.tricks[-1].complete

    @property
    def completed_tricks(self) -> list[Trick]:
        """The completed tricks (with a winner), in order."""
        return [t for t in self.tricks if t.winner is not None]

    def cards_played(self) -> int:
        """How many cards stand in this deal."""
        return sum(len(t.cards) for t in self.tricks)

    def badge(self) -> str:
        """The KORT trump badge word now: ``trop 7``, ``trop``, ``tsar`` or ``trump``.

        While a trick led with a declared trump is open, its declaration shows
        (so the third trop lead still reads ``trop``); otherwise a running trop.
        """
        t = self.open_trick
        if t is not None and t.declaration is not None:
            return {"trop7": "trop 7"}.get(t.declaration, t.declaration)
        for duty in self.duties:
            word = duty.badge()
            if word:
                return word
        return "trump"
