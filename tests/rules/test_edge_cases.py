"""Corner cases across rules: each test names the rule it checks."""

from __future__ import annotations

import copy

from referee.core.events import EndSession, RevokeRuling
from referee.core.game import Game
from referee.core.profile import Profile
from referee.core.table import Seat
from tests.helpers.rules import auto, deal, kort, last, pagat, play, profile, sides, trump


def raises_flag(g: Game, token: str) -> bool:
    n = len(last(g)["flags"])
    play(g, token)
    return len(last(g)["flags"]) > n


# ------------------------------------------------------------------ profiles


def test_R30_profile_result_table_matches_the_rules() -> None:
    for name in ("kort", "kort-ranked"):
        r = profile(name).scoring.results
        assert (r.win, r.court, r.at_court, r.bavyan, r.at_bavyan, r.bavyan_failed, r.trop_failed) == (
            1,
            5,
            7,
            10,
            13,
            5,
            1,
        )


def test_R31_match_targets_7_and_ranked_3(
    kort_profile: Profile, kort_ranked_profile: Profile, pagat_profile: Profile
) -> None:
    assert kort_profile.scoring.match_target == 7
    assert kort_ranked_profile.scoring.match_target == 3
    assert pagat_profile.scoring.match_target is None
    assert pagat().report()["match"]["target"] is None


def test_R41_R43_pagat_profile_streak_7_and_revoke_court() -> None:
    s = profile("pagat").scoring
    assert s.streak == 7 and s.revoke_penalty == "court"
    assert profile("kort").scoring.revoke_penalty == "none"  # R36


# ------------------------------------------------------------------- R12


def test_R12_caller_count_carries_across_the_end_of_a_match() -> None:
    g = kort("S", name="kort-ranked")
    deal(g, "E" + "S" * 7)  # S: 1st win (match 1:0)
    deal(g, "E" + "S" * 7)  # S: 2nd win -> N (2:0)
    assert g.report()["next"]["caller"] == "N"
    deal(g, "E" + "S" * 7)  # N: 1st win; 3:0 ends the match
    r = g.report()
    assert r["totals"]["matches_won"] == sides(1, 0) and r["match"]["wins"] == sides(0, 0)
    assert r["next"]["caller"] == "N"
    deal(g, "E" + "S" * 7)  # N: 2nd win in a row, in the new match -> S
    assert g.report()["next"]["caller"] == "S"


def test_R12_trop_failed_after_a_win_still_passes_to_next_player() -> None:
    g = kort("S")
    deal(g, "E" + "S" * 7)  # S: 1st win
    trump(g, "S")
    play(g, "KS:trop7 2S 3S 4S", "QS AS 5S 6S")
    assert last(g)["result"] == "trop-failed"
    assert g.report()["next"]["caller"] == "E"


# ------------------------------------------------------------------- R24/R53


def test_R24_five_tricks_counts_the_declaring_sides_tricks_only() -> None:
    g = kort("S")
    trump(g, "S")
    auto(g, "SEEEEE")  # NS 1, EW 5; E leads trick 7
    auto(g, "S")  # NS 2; S leads
    assert last(g)["tricks"] == sides(2, 5)
    assert not raises_flag(g, "AS:trop")  # NS have 2 tricks: trop is allowed
    play(g, "2S 3S 4S")
    assert not raises_flag(g, "KS")  # the 2nd trop lead


def test_R53_trop7_later_with_five_tricks_ends_as_tsar() -> None:
    g = kort("S")
    trump(g, "S")
    auto(g, "SSSSS")
    assert raises_flag(g, "AS:trop7")
    play(g, "2S 3S 4S")
    assert raises_flag(g, "KS")  # it counted as tsar


# ------------------------------------------------------------------- R25


def test_R25_trop7_declared_by_the_caller_on_the_first_lead_is_not_flagged() -> None:
    g = kort("W")
    trump(g, "S")
    assert not raises_flag(g, "AS:trop7")


# ------------------------------------------------------------------- R41/R57


def test_R41_seventh_deal_of_a_streak_won_7_nil_gives_one_court() -> None:
    g = pagat("W")
    for _ in range(6):
        deal(g, "E" + "S" * 7)
    assert g.report()["streaks"] == sides(6, 0)
    rep = deal(g, "S" * 7)
    assert rep["result"] == "court" and rep["courts"] == sides(1, 0)
    r = g.report()
    assert r["totals"]["courts"] == sides(1, 0) and r["streaks"] == sides(0, 0)


def test_R41_streak_starts_again_after_a_streak_court() -> None:
    g = pagat("W")
    for _ in range(7):
        deal(g, "E" + "S" * 7)
    assert g.report()["totals"]["courts"] == sides(1, 0)
    deal(g, "E" + "S" * 7)
    assert g.report()["streaks"] == sides(1, 0)


# ------------------------------------------------------------------- R43/R60


def test_R43_ruling_replaces_a_streak_court() -> None:
    g = pagat("W")
    for _ in range(7):
        deal(g, "E" + "S" * 7)
    assert g.report()["totals"]["courts"] == sides(1, 0)
    assert g.report()["next"] == {"dealer": "E", "caller": "N"}
    g.apply(RevokeRuling(Seat.N, 4))  # N revoked in trick 4 of the 7th deal
    rep = last(g)
    assert rep["result"] == "revoke" and rep["winner"] == "EW"
    assert rep["courts"] == sides(0, 1)
    r = g.report()
    assert r["totals"]["courts"] == sides(0, 1)
    assert r["totals"]["deals_won"] == sides(6, 1)
    assert r["streaks"] == sides(0, 0)
    # EW (the dealer W's side) won: W's right-hand neighbour S deals, E calls
    assert r["next"] == {"dealer": "S", "caller": "E"}


def test_R60_breach_proven_before_a_revoke_is_the_one_reported() -> None:
    g = kort("S")
    trump(g, "S")
    play(g, "AS 2S 3S 2D")  # S's tsar; W void in spades
    play(g, "KS 4S 5S 3D")  # S breaks the tsar (flagged)
    play(g, "AH 2H 3H 4H")  # S plays a non-trump: breach proven at trick 3
    play(g, "KH 5H 6H 6S")  # W plays a spade: revoke proven at trick 4
    rep = last(g)
    assert rep["revoke"] == {"seat": "S", "trick": 2, "proven_at": 3}


def test_R60_kort_ruling_replaces_a_proven_revoke_in_the_report() -> None:
    g = kort("S")
    trump(g, "S")
    play(g, "AH 2H 3H 2D", "KH 4H 5H 6H")  # W proven
    g.apply(RevokeRuling(Seat.E, 1))
    rep = last(g)
    assert rep["revoke"] == {"seat": "E", "trick": 1, "proven_at": None}
    assert rep["result"] == "in-progress"


def test_R65_undo_of_a_pagat_ruling_restores_the_deal() -> None:
    g = pagat("W")
    deal(g, "E" + "S" * 7)
    before = copy.deepcopy(g.report())
    g.apply(RevokeRuling(Seat.S, 2))
    assert last(g)["result"] == "revoke"
    g.undo()
    assert g.report() == before


# ------------------------------------------------------------------- R44


def test_R44_signal_between_deals_ends_the_session_at_once() -> None:
    g = pagat()
    deal(g, "S" * 7)
    g.apply(EndSession())
    assert g.phase == "over"
    assert g.report()["leader"] == "NS"


def test_R44_kort_session_can_end_too() -> None:
    g = kort("S")
    deal(g, "E" + "S" * 7)
    g.apply(EndSession())
    assert g.phase == "over" and g.report()["leader"] == "NS"
