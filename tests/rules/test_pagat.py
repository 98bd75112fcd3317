"""Profile pagat: dealer and caller, courts and streaks, next dealer, revoke
penalty, session (R40-R44, R57).

Default table: first dealer W, so the caller is S (W's right-hand neighbour):
NS is the caller's side and EW the dealer's side in the first deal.
"""

from __future__ import annotations

from typing import Any

import pytest

from referee.core.cards import Suit
from referee.core.events import Bavyan, ChooseTrump, EndSession, Play, Redeal, RevokeRuling
from referee.core.game import Game
from referee.core.table import Seat
from referee.errors import RulesError
from tests.helpers.rules import auto, card, deal, last, pagat, play, profile, revoke_by, sides, trump


def plain(g: Game, side: str, caller: str | None = None) -> dict[str, Any]:
    """A 7:1 win for ``side`` in a new deal; returns the deal's report."""
    w, o = ("S", "E") if side == "NS" else ("E", "S")
    rep = deal(g, o + w * 7)
    assert rep["result"] == "win" and rep["winner"] == side
    return rep


def nil(g: Game, side: str) -> dict[str, Any]:
    """7:0 for ``side`` in a new deal."""
    return deal(g, ("S" if side == "NS" else "E") * 7)


# ----------------------------------------------------------- R40 dealer/caller


@pytest.mark.parametrize("dealer,caller", [("S", "E"), ("E", "N"), ("N", "W"), ("W", "S")])
def test_R40_the_dealers_right_hand_neighbour_calls_and_leads(dealer: str, caller: str) -> None:
    g = pagat(dealer)
    assert g.report()["next"] == {"dealer": dealer, "caller": caller}
    trump(g, "H")
    rep = last(g)
    assert rep["dealer"] == dealer and rep["caller"] == caller
    assert g.to_play is Seat[caller]


def test_R40_a_first_caller_must_be_the_dealers_neighbour() -> None:
    p = profile("pagat")
    with pytest.raises(RulesError):
        Game(p, first_dealer=Seat.W, first_caller=Seat.N)
    g = Game(p, first_dealer=Seat.W, first_caller=Seat.S)
    assert g.report()["next"] == {"dealer": "W", "caller": "S"}
    with pytest.raises(RulesError):
        Game(p, first_caller=Seat.S)  # the first dealer is required


def test_R40_no_redeal_no_13_no_declarations() -> None:
    g = pagat()
    with pytest.raises(RulesError):
        g.apply(ChooseTrump(Suit.H, thirteenth=card("9H")))
    trump(g, "S")
    with pytest.raises(RulesError):
        g.apply(Redeal())
    before = g.report()
    for decl in ("tsar", "trop", "trop7"):
        with pytest.raises(RulesError):
            g.apply(Play(card("AS"), decl))
    assert g.report() == before


def test_R40_no_tsar_trop_restrictions() -> None:
    g = pagat()
    trump(g, "S")
    # S leads trumps again and again: nothing to flag under pagat
    rep = play(g, "AS 2S 3S 4S", "KS 5S 6S 7S", "QS 8S 9S TS")["deals"][-1]
    assert rep["flags"] == [] and rep["trick_winners"] == ["S", "S", "S"]


def test_R40_no_bavyan_the_deal_stops_at_7_nil() -> None:
    g = pagat()
    rep = nil(g, "NS")
    assert rep["result"] == "court" and g.phase == "trump"
    with pytest.raises(RulesError):
        g.apply(Bavyan(True))


# ------------------------------------------------------- R41 courts and streaks


def test_R41_first_7_tricks_give_1_court_at_once() -> None:
    g = pagat()
    rep = nil(g, "NS")
    assert rep["courts"] == sides(1, 0) and rep["winner"] == "NS"
    r = g.report()
    assert r["totals"]["courts"] == sides(1, 0)
    assert r["streaks"] == sides(0, 0)  # a 7:0 does not grow the streak


def test_R41_plain_win_grows_own_streak_and_zeroes_the_opponents() -> None:
    g = pagat()
    plain(g, "NS")
    assert g.report()["streaks"] == sides(1, 0)
    plain(g, "NS")
    assert g.report()["streaks"] == sides(2, 0)
    plain(g, "EW")
    r = g.report()
    assert r["streaks"] == sides(0, 1) and r["totals"]["courts"] == sides(0, 0)


def test_R41_a_streak_of_7_won_deals_gives_a_court() -> None:
    g = pagat()
    for k in range(1, 7):
        rep = plain(g, "NS")
        assert rep["courts"] == sides(0, 0)
        assert g.report()["streaks"] == sides(k, 0)
    rep = plain(g, "NS")  # the 7th in a row
    assert rep["result"] == "win"  # R57
    assert rep["courts"] == sides(1, 0)
    r = g.report()
    assert r["totals"]["courts"] == sides(1, 0) and r["streaks"] == sides(0, 0)
    assert r["totals"]["deals_won"] == sides(7, 0)


def test_R41_streak_broken_before_7_gives_nothing() -> None:
    g = pagat()
    for _ in range(6):
        plain(g, "NS")
    plain(g, "EW")
    plain(g, "NS")
    r = g.report()
    assert r["totals"]["courts"] == sides(0, 0) and r["streaks"] == sides(1, 0)


def test_R41_any_court_resets_both_streaks() -> None:
    g = pagat()
    plain(g, "NS")
    plain(g, "NS")
    nil(g, "EW")  # the opponents' court
    r = g.report()
    assert r["streaks"] == sides(0, 0) and r["totals"]["courts"] == sides(0, 1)
    plain(g, "NS")
    plain(g, "NS")
    nil(g, "NS")  # own court
    assert g.report()["streaks"] == sides(0, 0)


def test_R41_a_7_to_6_win_is_no_court() -> None:
    g = pagat()
    trump(g, "S")
    auto(g, "SSSSEEEES")  # NS 5 EW 4; 2H 2D 2C and 13 spades left; S leads
    play(g, "2H 2D 2C 2S", "3S 4S 5S AS", "6S KS 7S 8S", "9S QS TS JS")
    rep = last(g)
    assert rep["tricks"] == sides(7, 6) and rep["result"] == "win"
    assert rep["courts"] == sides(0, 0) and g.report()["streaks"] == sides(1, 0)


# ------------------------------------------------------------ R42 next dealer
# first dealer W (side EW), caller S (side NS)


@pytest.mark.parametrize(
    "what,dealer,caller",
    [
        ("dealer side wins", "S", "E"),
        ("dealer side 7:0", "S", "E"),
        ("caller side wins", "W", "S"),
        ("caller side 7:0", "E", "N"),
    ],
)
def test_R42_next_dealer(what: str, dealer: str, caller: str) -> None:
    g = pagat("W")
    if what == "dealer side wins":
        plain(g, "EW")
    elif what == "dealer side 7:0":
        nil(g, "EW")
    elif what == "caller side wins":
        plain(g, "NS")
    else:
        nil(g, "NS")
    assert g.report()["next"] == {"dealer": dealer, "caller": caller}
    trump(g, "D")
    assert last(g)["dealer"] == dealer and last(g)["caller"] == caller


def test_R42_streak_court_of_the_callers_side_passes_the_deal_to_the_dealers_partner() -> None:
    g = pagat("W")
    for _ in range(6):
        plain(g, "NS")
        assert g.report()["next"] == {"dealer": "W", "caller": "S"}
    plain(g, "NS")  # 7th: a court
    assert g.report()["next"] == {"dealer": "E", "caller": "N"}


def test_R42_a_chain_of_deals() -> None:
    g = pagat("N")  # caller W
    plain(g, "EW")  # caller's side, no court: N deals again
    assert g.report()["next"] == {"dealer": "N", "caller": "W"}
    plain(g, "NS")  # dealer N's side won: N's right-hand neighbour W deals, S calls
    assert g.report()["next"] == {"dealer": "W", "caller": "S"}
    nil(g, "NS")  # caller S's side 7:0: W's partner E deals
    assert g.report()["next"] == {"dealer": "E", "caller": "N"}
    nil(g, "EW")  # dealer's side 7:0: E's right-hand neighbour N deals
    assert g.report()["next"] == {"dealer": "N", "caller": "W"}


# ----------------------------------------------------------- R43 revoke court


def test_R43_proven_revoke_ends_the_deal_court_to_the_opponents() -> None:
    g = pagat("W")
    rep = revoke_by(g, Seat.E)  # E (dealer's side) revokes
    assert rep["result"] == "revoke" and rep["winner"] == "NS"
    assert rep["courts"] == sides(1, 0)
    assert rep["revoke"] == {"seat": "E", "trick": 1, "proven_at": 2}
    assert rep["tricks"] == sides(1, 0)  # trick 2 was cut short by E's card (2nd to play)
    # R42 with NS (the caller's side) as winners of a court: the dealer's partner E deals
    assert g.report()["next"] == {"dealer": "E", "caller": "N"}


def test_R43_revoke_by_the_callers_side_gives_the_deal_to_the_dealers_side() -> None:
    g = pagat("W")
    rep = revoke_by(g, Seat.N)  # N (caller's side) revokes
    assert rep["result"] == "revoke" and rep["winner"] == "EW"
    assert rep["courts"] == sides(0, 1)
    # the dealer's side won: the dealer's right-hand neighbour S deals, E calls
    assert g.report()["next"] == {"dealer": "S", "caller": "E"}


def test_R43_revoke_court_resets_streaks() -> None:
    g = pagat("W")
    plain(g, "NS")
    plain(g, "NS")
    assert g.report()["streaks"] == sides(2, 0)
    revoke_by(g, Seat.W)  # NS get the court
    r = g.report()
    assert r["streaks"] == sides(0, 0) and r["totals"]["courts"] == sides(1, 0)
    assert r["totals"]["deals_won"] == sides(3, 0)


def test_R43_table_ruling_replaces_a_finished_deals_result() -> None:
    g = pagat("W")
    rep = plain(g, "NS")
    assert g.report()["streaks"] == sides(1, 0)
    g.apply(RevokeRuling(Seat.S, 2))
    rep = last(g)
    assert rep["result"] == "revoke" and rep["winner"] == "EW"
    assert rep["revoke"] == {"seat": "S", "trick": 2, "proven_at": None}
    assert rep["courts"] == sides(0, 1)
    r = g.report()
    assert r["totals"]["deals_won"] == sides(0, 1)
    assert r["totals"]["courts"] == sides(0, 1)
    assert r["streaks"] == sides(0, 0)
    # R42 with EW (the dealer's side) as winners: S deals, E calls
    assert r["next"] == {"dealer": "S", "caller": "E"}


def test_R43_ruling_must_name_a_trick_the_seat_played_in() -> None:
    g = pagat("W")
    plain(g, "NS")  # 8 tricks
    before = g.report()
    with pytest.raises(RulesError):
        g.apply(RevokeRuling(Seat.S, 9))
    assert g.report() == before


# ----------------------------------------------------------------- R44 session


def test_R44_after_the_signal_the_current_deal_is_finished_then_no_more() -> None:
    g = pagat()
    trump(g, "S")
    auto(g, "SS")
    g.apply(EndSession())
    auto(g, "SSSSS")  # the current deal is played out
    assert last(g)["result"] == "court"
    assert g.phase == "over"
    with pytest.raises(RulesError):
        trump(g, "S")
    assert len(g.report()["deals"]) == 1


def test_R44_more_courts_leads_equal_courts_is_a_draw() -> None:
    g = pagat()
    assert g.report()["leader"] == "draw"
    nil(g, "NS")
    assert g.report()["leader"] == "NS"
    nil(g, "EW")
    assert g.report()["leader"] == "draw"
    plain(g, "EW")  # a plain win is no court: still a draw
    assert g.report()["leader"] == "draw"
    nil(g, "EW")
    assert g.report()["leader"] == "EW"


# -------------------------------------------------------------- R57 names


def test_R57_pagat_7_nil_by_the_dealers_side_is_court_not_at_court() -> None:
    g = pagat("W")
    rep = nil(g, "EW")
    assert rep["result"] == "court" and rep["winner"] == "EW"
    assert rep["courts"] == sides(0, 1)


def test_R57_pagat_reports_no_match_wins() -> None:
    g = pagat()
    nil(g, "NS")
    plain(g, "NS")
    r = g.report()
    assert r["totals"]["wins"] == sides(0, 0) and r["totals"]["matches_won"] == sides(0, 0)
    assert all(d["wins"] == sides(0, 0) for d in r["deals"])


def test_R43_ruling_replaces_a_proven_revoke_result() -> None:
    g = pagat("W")
    rep = revoke_by(g, Seat.W)  # W's revoke proven: NS court
    assert rep["winner"] == "NS"
    g.apply(RevokeRuling(Seat.S, 1))  # the table rules that S revoked first
    rep = last(g)
    assert rep["result"] == "revoke" and rep["winner"] == "EW"
    assert rep["revoke"] == {"seat": "S", "trick": 1, "proven_at": None}
    r = g.report()
    assert r["totals"]["courts"] == sides(0, 1) and r["totals"]["deals_won"] == sides(0, 1)
    assert r["next"] == {"dealer": "S", "caller": "E"}  # the dealer's side won


def test_R44_a_ruling_on_the_last_deal_after_the_signal() -> None:
    g = pagat("W")
    trump(g, "S")
    auto(g, "E")
    g.apply(EndSession())  # the signal during deal 1
    auto(g, "SSSSSSS")
    assert g.phase == "over" and last(g)["result"] == "win"
    assert g.report()["leader"] == "draw"
    g.apply(RevokeRuling(Seat.N, 3))  # the table rules on the last deal
    r = g.report()
    assert r["deals"][0]["result"] == "revoke" and r["leader"] == "EW"
