"""Who deals and who calls trumps next (R12 under kort, R40/R42 under pagat)."""

from __future__ import annotations

from referee.core.table import Seat

COURT_RESULTS = frozenset({"court", "at-court", "bavyan", "at-bavyan"})


def next_caller_kort(
    caller: Seat,
    caller_side_won: bool,
    court: bool,
    streak: int,
    wins_before_pass: int = 2,
    *,
    clockwise: bool = False,
) -> tuple[Seat, int]:
    """The trump caller of the next kort deal and his count of wins in a row (R12).

    ``caller_side_won``: the caller's side is the deal's winner (the side credited
    with its match wins, R12 ruling; after a failed at-bavyan the caller's side
    counts as an ordinary win, R56). ``court``: it won with a court, bavyan or a
    kept trop7. ``streak``: the caller's wins in a row before this deal.

    Returns ``(next caller, his wins in a row so far)``:
    a court passes the trump to the partner; the ``wins_before_pass``-th win in a
    row (2nd by the rules) passes it to the partner; an earlier win keeps it; a loss
    passes it to the next player after the caller, who is on the winning side.
    """
    if not caller_side_won:
        return caller.next(clockwise), 0
    if court or streak + 1 >= wins_before_pass:
        return caller.partner, 0
    return caller, streak + 1


def next_dealer_pagat(
    dealer: Seat, winner_is_dealer_side: bool, court: bool, *, clockwise: bool = False
) -> Seat:
    """The dealer of the next pagat deal (R42).

    The dealer's side won: the dealer's right-hand neighbour deals. The caller's
    side won without a court: the same dealer deals again. The caller's side won
    with any court (7:0, a completed streak, or a revoke court R43): the dealer's
    partner deals. The caller is always the new dealer's right-hand neighbour (R40).
    """
    if winner_is_dealer_side:
        return dealer.next(clockwise)
    if court:
        return dealer.partner
    return dealer
