"""Seats, sides and the order of play (R1).

Seats are named by compass point ``S E N W``; partnerships are ``NS`` and ``EW``.
Play passes counter-clockwise, to the player on the right: ``S -> E -> N -> W -> S``
(a profile may reverse it, see :class:`referee.core.profile.Profile`).
"""

from __future__ import annotations

from enum import IntEnum

from referee.errors import N_, NotationError


class Seat(IntEnum):
    """A seat at the table (R1), numbered in counter-clockwise order of play."""

    S = 0
    E = 1
    N = 2
    W = 3

    @classmethod
    def parse(cls, text: str) -> Seat:
        """Parse ``S E N W`` (any case); raise NotationError naming the token otherwise."""
        try:
            from referee.core.cards import fold_case

            return Seat[fold_case(text.strip())]
        except KeyError:
            raise NotationError(
                N_("not a seat: {token!r} (use S, E, N or W)"), text, id="not-a-seat", params={"token": text}
            ) from None

    def next(self, clockwise: bool = False) -> Seat:
        """The next player to play (R1): the right-hand neighbour, ``S -> E -> N -> W``.

        With ``clockwise=True`` (a profile option) the left-hand neighbour instead.
        """
        return Seat((self + (3 if clockwise else 1)) % 4)

    @property
    def partner(self) -> Seat:
        """The seat opposite: S<->N, E<->W (R1)."""
        return Seat((self + 2) % 4)

    @property
    def side(self) -> Side:
        """The partnership this seat belongs to (R1)."""
        return Side(self % 2)

    def __str__(self) -> str:
        return self.name


class Side(IntEnum):
    """A partnership (R1): ``NS`` or ``EW``."""

    NS = 0
    EW = 1

    @property
    def other(self) -> Side:
        """The opposing partnership."""
        return Side(1 - self)

    @property
    def seats(self) -> tuple[Seat, Seat]:
        """The two seats of the side: ``(S, N)`` or ``(E, W)``."""
        return (Seat.S, Seat.N) if self is Side.NS else (Seat.E, Seat.W)

    def __str__(self) -> str:
        return self.name


SEATS: tuple[Seat, ...] = (Seat.S, Seat.E, Seat.N, Seat.W)
SIDES: tuple[Side, ...] = (Side.NS, Side.EW)
