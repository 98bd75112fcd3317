"""What a played card proves: revokes and lead breaches, and the "only trumps"
presumption they end (R6, R24, R36, R43, R59, R67).

Part of the engine's card play (:mod:`referee.core.play`): these functions change the
mutable :class:`~referee.core.deal.Deal` and append notices.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.core.cards import FULL_DECK, Card, Suit
from referee.core.deal import Deal, Revoke
from referee.core.notices import BreachProven, Notice, RevokeProven
from referee.core.table import Seat, Side
from referee.core.vocab import Result

if TYPE_CHECKING:
    from referee.core.game import Game

End = tuple[Result, Side]
"""How a deal ends: its result and the side credited (R64)."""

ONLY_TRUMPS, NO_TRUMPS = "only-trumps", "no-trumps"
"""The kinds of a suspected lead breach (R24, R67), keys of ``Deal.suspects``."""
_ONLY_TRUMPS, _NO_TRUMPS = ONLY_TRUMPS, NO_TRUMPS
_BIT: dict[Card, int] = {c: 1 << c.code for c in FULL_DECK}


def presumed(d: Deal, seat: Seat) -> bool:
    """True while ``seat`` is presumed to hold only trumps (R67): a trump lead of his
    was flagged against an R21/R23 duty (R52) and no non-trump of his has been seen."""
    return bool(d.suspects) and (seat, _ONLY_TRUMPS) in d.suspects


def proofs(
    g: Game, d: Deal, seat: Seat, card: Card, number: int, led: Suit | None, notices: list[Notice]
) -> End | None:
    """What the card proves (R6, R24, R59, R67) and the void it shows (``led``: the
    suit it failed to follow). Returns the deal's end when a penalty ends it."""
    suit = card.suit
    voids = d.voids
    ends: End | None = None
    # R6: a card of a suit the seat already failed to follow proves a revoke.
    if voids[seat] >> suit & 1:
        ends = prove(g, d, Revoke(seat, d.void_trick[(seat, suit)], number, "revoke", card, suit), notices)
    # R24 ruling: a suspected lead breach is proven by the card that contradicts it;
    # R67: any non-trump ends an "only trumps" presumption, dated to the flagged lead.
    if d.suspects:
        at = d.suspects.pop((seat, _ONLY_TRUMPS if suit != d.trump else _NO_TRUMPS), None)
        if at is not None:
            prove(g, d, Revoke(seat, at, number, "breach", card, None), notices)
    if led is not None and not presumed(d, seat):
        # R6; R67: a presumed all-trump player's failure to follow is no revoke.
        voids[seat] |= 1 << led
        d.void_trick[(seat, led)] = number
        th = d.thirteenth
        if th is not None and seat == d.caller and th.suit == led and not d.seen & _BIT[th]:
            # R59: the caller holds the unplayed 13th card of the led suit.
            r = prove(g, d, Revoke(seat, number, number, "revoke", card, led), notices)
            ends = ends or r
    return ends


def prove(g: Game, d: Deal, rev: Revoke, notices: list[Notice]) -> End | None:
    """Record a proven revoke or breach (R6, R24, R36, R43, R59). Returns the
    deal's end ``(result, winner)`` when the profile's penalty ends it."""
    key = (rev.seat, f"{rev.kind}:{rev.suit}:{rev.trick}")
    if key in d.proven:
        return None
    d.proven.add(key)
    penalty = g.profile.scoring.revoke_penalty == "court" and rev.kind == "revoke"
    if d.revoke is None or penalty:
        d.revoke = rev
    assert rev.proven_at is not None and rev.card is not None
    if rev.kind == "revoke":
        assert rev.suit is not None
        notices.append(RevokeProven(rev.seat, rev.trick, rev.proven_at, rev.card, rev.suit, penalty))
    else:
        notices.append(BreachProven(rev.seat, rev.trick, rev.proven_at, rev.card))
    if penalty:
        return (Result.REVOKE, rev.seat.side.other)
    what = "revoke" if rev.kind == "revoke" else "lead breach"
    d.flags.append(
        f"{what} proven: {rev.seat.name} in trick {rev.trick}, proven by "
        f"{rev.card} in trick {rev.proven_at} (no penalty, R36)"
    )
    return None
