"""Rule tables written out by hand from ../shared/spec/rules.md, not from the engine
(issue 13): R42 (who deals and calls next) for every first dealer and every kind of
outcome, and R41 (courts and streaks, pagat) over a chain of deals. Each test plays
the outcome in the engine and compares its report with the row of the table.

Seats turn ``S -> E -> N -> W -> S`` (R1); the caller is the dealer's right-hand
neighbour, i.e. the next seat (R40); partners sit opposite (S-N, E-W).
"""

from __future__ import annotations

import pytest

from referee.core.game import Game
from referee.core.table import Seat
from tests.helpers.rules import deal, last, pagat, revoke_by, sides

# ------------------------------------------------------------------ R42 next dealer
# R42: "Dealer's side won: the dealer's right-hand neighbour deals next. Caller's side
# won without a court: the same dealer deals again. Caller's side won and got a court
# (any court, R41 or R43): the dealer's partner deals next. The caller is always the
# new dealer's right-hand neighbour."  R43: after a revoke, "the next dealer follows
# R42 with the opponents as winners".
#
# outcome: "dealer 7:1" / "dealer 7:0": the dealer's side wins 7:1 / 7:0;
# "caller 7:1" / "caller 7:0": the caller's side; "revoke by dealer": the dealer
# revokes, the caller's side wins a court (R43); "revoke by dealer's partner": the
# same; "revoke by caller's partner": the dealer's side wins.
#
# (first dealer, outcome, next dealer, next caller)
R42_TABLE: list[tuple[str, str, str, str]] = [
    ("S", "dealer 7:1", "E", "N"),
    ("S", "dealer 7:0", "E", "N"),
    ("S", "caller 7:1", "S", "E"),
    ("S", "caller 7:0", "N", "W"),
    ("S", "revoke by dealer", "N", "W"),
    ("S", "revoke by dealer's partner", "N", "W"),
    ("S", "revoke by caller's partner", "E", "N"),
    ("E", "dealer 7:1", "N", "W"),
    ("E", "dealer 7:0", "N", "W"),
    ("E", "caller 7:1", "E", "N"),
    ("E", "caller 7:0", "W", "S"),
    ("E", "revoke by dealer", "W", "S"),
    ("E", "revoke by dealer's partner", "W", "S"),
    ("E", "revoke by caller's partner", "N", "W"),
    ("N", "dealer 7:1", "W", "S"),
    ("N", "dealer 7:0", "W", "S"),
    ("N", "caller 7:1", "N", "W"),
    ("N", "caller 7:0", "S", "E"),
    ("N", "revoke by dealer", "S", "E"),
    ("N", "revoke by dealer's partner", "S", "E"),
    ("N", "revoke by caller's partner", "W", "S"),
    ("W", "dealer 7:1", "S", "E"),
    ("W", "dealer 7:0", "S", "E"),
    ("W", "caller 7:1", "W", "S"),
    ("W", "caller 7:0", "E", "N"),
    ("W", "revoke by dealer", "E", "N"),
    ("W", "revoke by dealer's partner", "E", "N"),
    ("W", "revoke by caller's partner", "S", "E"),
]

# Seats by hand, not by arithmetic: (dealer's partner, caller, caller's partner).
AROUND = {"S": ("N", "E", "W"), "E": ("W", "N", "S"), "N": ("S", "W", "E"), "W": ("E", "S", "N")}


def _play_outcome(g: Game, dealer: str, outcome: str) -> None:
    """Play the first deal of ``g`` (dealer ``dealer``) to ``outcome``."""
    partner, caller, callers_partner = AROUND[dealer]
    side, _, score = outcome.partition(" ")
    if side in ("dealer", "caller"):
        winner, loser = (dealer, caller) if side == "dealer" else (caller, dealer)
        deal(g, winner * 7 if score == "7:0" else loser + winner * 7)
        return
    revoker = {
        "revoke by dealer": dealer,
        "revoke by dealer's partner": partner,
        "revoke by caller's partner": callers_partner,
    }[outcome]
    rep = revoke_by(g, Seat[revoker])
    assert rep["result"] == "revoke"


@pytest.mark.parametrize("dealer,outcome,next_dealer,next_caller", R42_TABLE)
def test_R42_table_of_the_next_dealer_and_caller(
    dealer: str, outcome: str, next_dealer: str, next_caller: str
) -> None:
    g = pagat(dealer)
    assert g.report()["next"] == {"dealer": dealer, "caller": AROUND[dealer][1]}  # R40
    _play_outcome(g, dealer, outcome)
    assert g.report()["next"] == {"dealer": next_dealer, "caller": next_caller}


@pytest.mark.parametrize(
    "dealer,next_dealer,next_caller",
    [
        ("S", "N", "W"),
        ("E", "W", "S"),
        ("N", "S", "E"),
        ("W", "E", "N"),
    ],
)
def test_R42_a_streak_court_of_the_callers_side_passes_the_deal_to_the_partner(
    dealer: str, next_dealer: str, next_caller: str
) -> None:
    """R41: the 7th won deal in a row gives a court; R42: the caller's side won and got
    a court, so the dealer's partner deals (after six plain wins the dealer stays)."""
    g = pagat(dealer)
    caller = AROUND[dealer][1]
    for _ in range(6):
        deal(g, dealer + caller * 7)
        assert g.report()["next"] == {"dealer": dealer, "caller": caller}
    deal(g, dealer + caller * 7)
    assert last(g)["courts"] != sides(0, 0)
    assert g.report()["next"] == {"dealer": next_dealer, "caller": next_caller}


# ------------------------------------------------------------ R41 courts and streaks
# R41: 7:0 gives 1 court at once; otherwise the winners' streak grows by 1 and the
# opponents' drops to 0; a streak of 7 won deals gives 1 court; after any court both
# streaks are 0. R43: a revoke gives the revoker's opponents 1 court, streaks reset.
#
# One session (first dealer S), deal by deal: (side that wins, how), then the courts
# that deal gives, the session's courts and the streaks after it (NS, EW).
R41_CHAIN: list[tuple[str, str, tuple[int, int], tuple[int, int], tuple[int, int]]] = [
    ("NS", "7:1", (0, 0), (0, 0), (1, 0)),
    ("NS", "7:3", (0, 0), (0, 0), (2, 0)),
    ("EW", "7:2", (0, 0), (0, 0), (0, 1)),
    ("EW", "7:0", (0, 1), (0, 1), (0, 0)),
    ("NS", "7:1", (0, 0), (0, 1), (1, 0)),
    ("NS", "7:0", (1, 0), (1, 1), (0, 0)),
    ("EW", "7:1", (0, 0), (1, 1), (0, 1)),
    ("EW", "7:1", (0, 0), (1, 1), (0, 2)),
    ("EW", "7:1", (0, 0), (1, 1), (0, 3)),
    ("EW", "7:1", (0, 0), (1, 1), (0, 4)),
    ("EW", "7:1", (0, 0), (1, 1), (0, 5)),
    ("EW", "7:1", (0, 0), (1, 1), (0, 6)),
    ("EW", "7:5", (0, 1), (1, 2), (0, 0)),  # the 7th won deal in a row: a court
    ("NS", "7:1", (0, 0), (1, 2), (1, 0)),
    ("NS", "revoke by EW", (1, 0), (2, 2), (0, 0)),
    ("EW", "7:1", (0, 0), (2, 2), (0, 1)),
    ("EW", "revoke by NS", (0, 1), (2, 3), (0, 0)),
]
NS_SEATS, EW_SEATS = ("S", "N"), ("E", "W")


def _play_deal(g: Game, side: str, how: str) -> None:
    winner = NS_SEATS[0] if side == "NS" else EW_SEATS[0]
    loser = EW_SEATS[0] if side == "NS" else NS_SEATS[0]
    if how.startswith("revoke by "):
        caller = g.report()["next"]["caller"]
        culprits = NS_SEATS if how.endswith("NS") else EW_SEATS
        revoker = next(s for s in culprits if s != caller)  # the caller leads trick 1
        assert revoke_by(g, Seat[revoker])["result"] == "revoke"
        return
    won, lost = (int(n) for n in how.split(":"))
    assert won == 7
    deal(g, loser * lost + winner * 7)


def test_R41_courts_and_streaks_over_a_chain_of_deals() -> None:
    g = pagat("S")
    for number, (side, how, courts, total, streaks) in enumerate(R41_CHAIN, start=1):
        _play_deal(g, side, how)
        rep = g.report()
        row = (number, side, how)
        assert rep["deals"][-1]["winner"] == side, row
        assert rep["deals"][-1]["courts"] == sides(*courts), row
        assert rep["totals"]["courts"] == sides(*total), row
        assert rep["streaks"] == sides(*streaks), row
    assert g.report()["leader"] == "EW"  # R44: more courts wins (2:3)
