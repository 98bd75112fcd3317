"""One deal: its tricks, voids and proven revokes (R3-R6, R50, R59, R63, R64).

:class:`Deal` is the mutable state of one deal inside a :class:`~referee.core.game.Game`;
only the engine changes it. Readers outside :mod:`referee.core` see it through the
read-only :class:`~referee.core.view.DealView`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from referee.core.cards import Card, Suit
from referee.core.events import Declaration
from referee.core.leads import LeadDuty
from referee.core.scoring import Score
from referee.core.table import Seat, Side
from referee.core.vocab import BavyanState, Result


@dataclass(slots=True)
class Trick:
    """A trick (R4): ``leader``, the cards in play order, ``winner`` once complete.

    ``number`` is 1-based within the deal. ``declaration`` is what the lead
    counted as under kort (R20-R25, after R52/R53), or None.
    """

    number: int
    leader: Seat
    cards: list[Card] = field(default_factory=list)
    seats: list[Seat] = field(default_factory=list)
    declaration: Declaration | None = None
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


@dataclass(slots=True)
class Deal:
    """The state of one deal. ``tricks`` holds the completed and abandoned tricks
    plus the open one last (see :attr:`open_trick`).

    ``tricks_won`` counts completed tricks per side (index ``Side``). ``result`` is
    None while the deal is in progress; ``winner`` the side credited with the deal
    (R64); ``match_wins`` and ``courts`` what it gave per side (R30, R41).
    ``score_before`` is the session score before this deal was settled (so a table
    ruling, R43, can re-settle it).
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
    tricks_won: list[int] = field(default_factory=lambda: [0, 0])
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
    bavyan: BavyanState = BavyanState.NO
    bavyan_side: Side | None = None
    revoke: Revoke | None = None
    flags: list[str] = field(default_factory=list)
    result: Result | None = None
    winner: Side | None = None
    match_wins: tuple[int, int] = (0, 0)
    courts: tuple[int, int] = (0, 0)
    abandoned: bool = False

    def capture(self) -> tuple[Any, ...]:
        """The state one event can change, for :meth:`restore` (undo, R65).

        Cheap by design (one flat tuple): the tricks, flags and ``void_trick`` only grow
        within an event and only the last trick changes, so their lengths (and the last
        trick's card count, winner and declaration) are enough; the rest are values.
        """
        tricks = self.tricks
        v = self.voids
        w = self.tricks_won
        d0, d1 = self.duties
        last = tricks[-1] if tricks else None
        k = len(last.cards) if last is not None else None
        decl = last.declaration if last is not None else None
        win = last.winner if last is not None else None
        return (
            len(tricks),
            k,
            decl,
            win,
            self.trump,
            self.thirteenth,
            self.redeals,
            w[0],
            w[1],
            self.seen,
            v[0],
            v[1],
            v[2],
            v[3],
            len(self.void_trick),
            d0.kind,
            d0.leads,
            d0.target,
            d1.kind,
            d1.leads,
            d1.target,
            dict(self.suspects) if self.suspects else None,
            set(self.proven) if self.proven else None,
            self.trop7_side,
            self.bavyan,
            self.bavyan_side,
            self.revoke,
            len(self.flags),
            self.result,
            self.winner,
            self.match_wins,
            self.courts,
            self.abandoned,
        )

    def restore(self, state: tuple[Any, ...]) -> None:
        """Put back the state :meth:`capture` took (in place: references stay valid)."""
        (
            n,
            k,
            decl,
            win,
            self.trump,
            self.thirteenth,
            self.redeals,
            w0,
            w1,
            self.seen,
            v0,
            v1,
            v2,
            v3,
            nvt,
            k0,
            l0,
            t0,
            k1,
            l1,
            t1,
            suspects,
            proven,
            self.trop7_side,
            self.bavyan,
            self.bavyan_side,
            self.revoke,
            nflags,
            self.result,
            self.winner,
            self.match_wins,
            self.courts,
            self.abandoned,
        ) = state
        tricks = self.tricks
        del tricks[n:]
        if k is not None:
            t = tricks[-1]
            t.declaration, t.winner = decl, win
            del t.cards[k:]
            del t.seats[k:]
        self.tricks_won[0], self.tricks_won[1] = w0, w1
        self.voids[:] = (v0, v1, v2, v3)
        vt = self.void_trick
        while len(vt) > nvt:
            vt.popitem()  # dicts keep insertion order: the newest entries go first
        d0, d1 = self.duties
        d0.kind, d0.leads, d0.target = k0, l0, t0
        d1.kind, d1.leads, d1.target = k1, l1, t1
        self.suspects = suspects if suspects is not None else {}
        self.proven = proven if proven is not None else set()
        del self.flags[nflags:]

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
