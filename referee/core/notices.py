"""What the engine tells the table: one small frozen value per happening (issue 8).

:meth:`referee.core.game.Game.apply` returns a list of these for each accepted
event, in the order they happened. Each carries what a display needs (a screen,
the camera, the web view, a record), so no reader pokes the engine's state to
explain a notice. ``kind`` (a class constant) names the class in one word, as
the summary of a session log does.

Seats are :class:`~referee.core.table.Seat`, sides :class:`~referee.core.table.Side`,
trick numbers 1-based within the deal, pairs ``(NS, EW)``.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from referee.core.cards import Card, Suit
from referee.core.events import Declaration
from referee.core.table import Seat, Side
from referee.core.vocab import Result


@dataclass(frozen=True, slots=True)
class TrumpChosen:
    """``seat`` (the caller) named ``suit`` trumps for deal ``deal``; ``thirteenth`` the
    shown 13th card under "13" (R10, R40, R59)."""

    kind: ClassVar[str] = "trump"
    deal: int
    seat: Seat
    suit: Suit
    thirteenth: Card | None = None


@dataclass(frozen=True, slots=True)
class CardPlayed:
    """``seat`` played ``card`` in trick ``trick`` of deal ``deal`` (R4)."""

    kind: ClassVar[str] = "card"
    deal: int
    trick: int
    seat: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class TrickWon:
    """``seat`` won trick ``trick`` (R4); ``tricks`` the tricks won per side after it."""

    kind: ClassVar[str] = "trick"
    seat: Seat
    trick: int
    tricks: tuple[int, int]

    @property
    def side(self) -> Side:
        """The partnership credited with the trick (R1)."""
        return self.seat.side


@dataclass(frozen=True, slots=True)
class DeclarationMade:
    """``seat``'s trump lead in trick ``trick`` counts as ``declaration`` (R20-R25)."""

    kind: ClassVar[str] = "declared"
    seat: Seat
    trick: int
    declaration: Declaration


@dataclass(frozen=True, slots=True)
class DeclarationReplaced:
    """R53: the declaration ``typed`` was not allowed on ``seat``'s lead in trick
    ``trick`` and was taken as ``taken`` (R24, R25)."""

    kind: ClassVar[str] = "replaced"
    seat: Seat
    trick: int
    typed: Declaration
    taken: Declaration


@dataclass(frozen=True, slots=True)
class LeadFlagged:
    """``seat`` led trump ``card`` in trick ``trick`` against a tsar/trop duty: legal
    only if he holds only trumps (R21, R23, R24; presumed so, R67)."""

    kind: ClassVar[str] = "flag"
    seat: Seat
    trick: int
    card: Card


@dataclass(frozen=True, slots=True)
class RevokeProven:
    """``seat`` failed to follow ``suit`` in trick ``trick``; ``card`` in trick
    ``proven_at`` proves it (R6, R59). ``penalty``: the profile's penalty ended the
    deal (R43); else it is recorded with no penalty (R36)."""

    kind: ClassVar[str] = "revoke"
    seat: Seat
    trick: int
    proven_at: int
    card: Card
    suit: Suit
    penalty: bool


@dataclass(frozen=True, slots=True)
class BreachProven:
    """A kort lead breach of ``seat`` in trick ``trick`` (R21-R24, R67), proven by
    ``card`` in trick ``proven_at``; no penalty (R36)."""

    kind: ClassVar[str] = "breach"
    seat: Seat
    trick: int
    proven_at: int
    card: Card
    penalty: ClassVar[bool] = False


@dataclass(frozen=True, slots=True)
class RulingRecorded:
    """A table ruling that ``seat`` revoked in trick ``trick`` of deal ``deal`` (R43,
    R60); ``penalty``: it ends (or re-settles) the deal with the R43 court."""

    kind: ClassVar[str] = "ruling"
    deal: int
    seat: Seat
    trick: int
    penalty: bool


@dataclass(frozen=True, slots=True)
class BavyanAsked:
    """``side`` leads 7:0 and must say whether it plays on for all 13 tricks (R27)."""

    kind: ClassVar[str] = "bavyan"
    side: Side


@dataclass(frozen=True, slots=True)
class DealOver:
    """Deal ``deal`` is over: ``result`` credited to ``side`` (R5, R25, R27, R30, R41,
    R43, R64).

    ``tricks``: tricks won per side; ``match_wins`` and ``courts``: what the deal gave
    per side; ``match``: the match wins per side right after it (before a match won
    starts the next at 0:0, R31); ``streak``: ``side``'s won deals in a row after it
    (pagat, R41; 0 under kort); ``revoker``: the seat whose revoke decided it (R43).
    """

    kind: ClassVar[str] = "deal"
    deal: int
    result: Result
    side: Side
    tricks: tuple[int, int]
    match_wins: tuple[int, int]
    courts: tuple[int, int]
    match: tuple[int, int]
    streak: int
    revoker: Seat | None


@dataclass(frozen=True, slots=True)
class MatchWon:
    """``side`` won the match, ``match`` the match wins per side at its end (R31)."""

    kind: ClassVar[str] = "match"
    side: Side
    match: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Redealt:
    """The caller ``seat`` shows a hand without J, Q or K: cards are dealt again (R13)."""

    kind: ClassVar[str] = "redeal"
    seat: Seat


@dataclass(frozen=True, slots=True)
class Misdealt:
    """The deal is cancelled before the first lead; ``seat`` deals again (R66)."""

    kind: ClassVar[str] = "misdeal"
    seat: Seat


@dataclass(frozen=True, slots=True)
class SessionEnded:
    """The end of the session is signalled: the deal on is finished, then no more (R44)."""

    kind: ClassVar[str] = "end"


def _setters(cls: type) -> tuple[Any, ...]:
    return tuple(cls.__dict__[f.name].__set__ for f in fields(cls))


_new = object.__new__
_CP = _setters(CardPlayed)
_TW = _setters(TrickWon)
_DM = _setters(DeclarationMade)


def card_played(
    deal: int,
    trick: int,
    seat: Seat,
    card: Card,
    *,
    _cls: type = CardPlayed,
    _d: Any = _CP[0],
    _t: Any = _CP[1],
    _s: Any = _CP[2],
    _c: Any = _CP[3],
) -> CardPlayed:
    """``CardPlayed(deal, trick, seat, card)`` for the engine's per-card path: the same
    frozen value, set through its slots (a frozen ``__init__`` costs about three
    times as much, and every card makes one)."""
    n: CardPlayed = _new(_cls)
    _d(n, deal)
    _t(n, trick)
    _s(n, seat)
    _c(n, card)
    return n


def trick_won(
    seat: Seat,
    trick: int,
    tricks: tuple[int, int],
    *,
    _cls: type = TrickWon,
    _s: Any = _TW[0],
    _t: Any = _TW[1],
    _w: Any = _TW[2],
) -> TrickWon:
    """``TrickWon(seat, trick, tricks)`` for the engine's per-trick path (see
    :func:`card_played`)."""
    n: TrickWon = _new(_cls)
    _s(n, seat)
    _t(n, trick)
    _w(n, tricks)
    return n


def declaration_made(
    seat: Seat,
    trick: int,
    declaration: Declaration,
    *,
    _cls: type = DeclarationMade,
    _s: Any = _DM[0],
    _t: Any = _DM[1],
    _x: Any = _DM[2],
) -> DeclarationMade:
    """``DeclarationMade(seat, trick, declaration)`` for the engine's kort lead path
    (see :func:`card_played`)."""
    n: DeclarationMade = _new(_cls)
    _s(n, seat)
    _t(n, trick)
    _x(n, declaration)
    return n


Notice = (
    TrumpChosen
    | CardPlayed
    | TrickWon
    | DeclarationMade
    | DeclarationReplaced
    | LeadFlagged
    | RevokeProven
    | BreachProven
    | RulingRecorded
    | BavyanAsked
    | DealOver
    | MatchWon
    | Redealt
    | Misdealt
    | SessionEnded
)
"""Anything :meth:`~referee.core.game.Game.apply` reports."""
