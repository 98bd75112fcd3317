"""The events the engine understands. Each is a small frozen value.

The live table, the camera and a record replay all produce these and feed
them to :meth:`referee.core.game.Game.apply`. Undo (R65) pops the last one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from referee.core.cards import Card, Suit
from referee.core.table import Seat

Declaration = Literal["tsar", "trop", "trop7"]
"""What a kort player says when leading a trump (R20-R25)."""

DECLARATIONS: tuple[str, ...] = ("tsar", "trop", "trop7")


@dataclass(frozen=True, slots=True)
class ChooseTrump:
    """The caller names trumps (R10, R40): a suit, or "13" with the shown 13th card.

    ``thirteenth`` is set only for the "13" option (R10, R59); ``suit`` is then
    the suit of that card. Starts a new deal when the previous one is over.
    """

    suit: Suit
    thirteenth: Card | None = None


@dataclass(frozen=True, slots=True)
class Play:
    """A card played by the seat whose turn it is (R4).

    ``declaration`` only on a trump lead under kort (R20); None means the
    default (tsar, R24).
    """

    card: Card
    declaration: Declaration | None = None


@dataclass(frozen=True, slots=True)
class Bavyan:
    """The side at 7:0 decides whether to play on for all 13 tricks (R27)."""

    play_on: bool


@dataclass(frozen=True, slots=True)
class Redeal:
    """The kort caller's redeal before the first lead (R13).

    ``hand`` optionally lists his 13 cards; a J, Q or K in it refuses the redeal.
    """

    hand: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class Misdeal:
    """The table cancels the deal before the first lead (R66)."""


@dataclass(frozen=True, slots=True)
class RevokeRuling:
    """A table ruling that ``seat`` revoked in ``trick`` (1-based) of the current or
    last finished deal (R43, R60)."""

    seat: Seat
    trick: int


@dataclass(frozen=True, slots=True)
class EndSession:
    """The agreed session length is up: the current deal is finished, then no more (R44)."""


Event = ChooseTrump | Play | Bavyan | Redeal | Misdeal | RevokeRuling | EndSession
