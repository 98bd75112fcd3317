"""Further rulings R50-R66 (rules.md "Further rulings")."""

from __future__ import annotations

import copy

import pytest

from referee.core.events import Bavyan, EndSession, Event, Misdeal, Play, Redeal, RevokeRuling
from referee.core.game import Game
from referee.core.notices import RevokeProven
from referee.core.table import Seat
from referee.errors import RulesError
from tests.helpers.rules import MakeGame, auto, card, deal, kort, last, pagat, play, sides, sweep_tail, trump


def raises_flag(g: Game, token: str) -> bool:
    n = len(last(g)["flags"])
    play(g, token)
    return len(last(g)["flags"]) > n


def kort_s() -> Game:
    g = kort("S")
    trump(g, "S")
    return g


def pagat_s() -> Game:
    g = pagat("W")  # caller S
    trump(g, "S")
    return g


# --------------------------------------------------- R50 ending inside a trick


def test_R50_proving_card_completes_its_trick_so_it_counts() -> None:
    g = pagat_s()
    play(g, "AH 2H 3H 2D", "AC 2C 3C 4C", "AD 3D 4D 5H")  # W's 5H: 4th card of trick 3
    rep = last(g)
    assert rep["result"] == "revoke"
    assert rep["tricks"] == sides(3, 0) and rep["trick_winners"] == ["S", "S", "S"]


def test_R50_proving_card_inside_a_trick_abandons_it() -> None:
    g = pagat_s()
    play(g, "AH 2H 3H 2D", "4C 2C AC 3C")  # W void in hearts; N wins trick 2
    play(g, "5H 6H")  # trick 3: N leads, W follows with a heart: proven, 2nd card
    rep = last(g)
    assert rep["result"] == "revoke" and rep["winner"] == "NS"
    assert rep["revoke"] == {"seat": "W", "trick": 1, "proven_at": 3}
    assert rep["tricks"] == sides(2, 0) and rep["trick_winners"] == ["S", "N"]


def test_R50_proving_lead_abandons_the_trick() -> None:
    g = pagat_s()
    play(g, "AH 2H 3H 2D", "2C 3C 4C AC")  # W wins trick 2
    play(g, "5H")  # W leads a heart: proven by the first card of trick 3
    rep = last(g)
    assert rep["result"] == "revoke" and rep["winner"] == "NS"
    assert rep["tricks"] == sides(1, 1) and rep["trick_winners"] == ["S", "W"]
    assert rep["revoke"] == {"seat": "W", "trick": 1, "proven_at": 3}


def test_R50_trop7_broken_by_a_lead_abandons_the_trick() -> None:
    g = kort_s()
    play(g, "AS:trop7 2S 3S 4S", "AH")
    rep = last(g)
    assert rep["result"] == "trop-failed"
    assert rep["tricks"] == sides(1, 0) and rep["trick_winners"] == ["S"]


def test_R50_trop7_broken_by_a_lost_trick_counts_that_trick() -> None:
    g = kort_s()
    play(g, "2S:trop7 AS 3S 4S")
    rep = last(g)
    assert rep["result"] == "trop-failed" and rep["tricks"] == sides(0, 1)
    assert rep["trick_winners"] == ["E"]


# ------------------------------------------- R51 third trop trick lost


def test_R51_third_trop_lead_completes_the_trop_even_if_the_opponents_win_it() -> None:
    g = kort_s()
    play(g, "9S:trop 2S 3S 4S", "8S 5S 6S 7S", "TS AS JS QS")  # E wins the 3rd lead
    play(g, "2H AH 3H 4H")  # E leads, N wins
    assert last(g)["trick_winners"] == ["S", "S", "E", "N"]
    assert raises_flag(g, "KS")  # R23 ban on NS


def test_R51_trop_lost_before_its_last_lead_is_lifted_entirely() -> None:
    g = kort_s()
    play(g, "9S:trop 2S 3S 4S", "8S AS 5S 6S")  # E wins the 2nd lead
    play(g, "2H AH 3H 4H")  # N wins
    assert last(g)["trick_winners"] == ["S", "E", "N"]
    assert not raises_flag(g, "KS")


# -------------------------------------------------- R52 continuation leads


def test_R52_declaration_on_a_continuation_lead_is_ignored() -> None:
    g = kort_s()
    play(g, "AS:trop 2S 3S 4S", "5S:tsar 6S KS 7S")  # N wins the 2nd lead
    assert not raises_flag(g, "8S")  # the trop goes on: N's 3rd trump lead is due


def test_R52_trop7_continuation_cannot_be_downgraded() -> None:
    g = kort_s()
    play(g, "AS:trop7 2S 3S 4S", "KS:trop 5S 6S 7S", "QS:tsar 8S 9S TS")
    play(g, "JS JH JD JC")  # S wins; still trop7 (4 of 7 leads)
    assert not last(g)["flags"]
    play(g, "2H")  # a non-trump lead breaks the trop7
    assert last(g)["result"] == "trop-failed"


def test_R52_breaking_trump_lead_counts_as_nothing_declared() -> None:
    g = kort_s()
    play(g, "2S 3S AS 4S")  # tsar; N wins and owes a non-trump lead
    assert raises_flag(g, "5S:trop")  # breach: taken as "holds only trumps", no trop
    play(g, "6S KS 7S")  # N 5S, W 6S, S KS, E 7S: S wins
    assert last(g)["trick_winners"] == ["N", "S"]
    # If the trop counted, S would owe a trump lead and his heart lead would say
    # "no trump left", proven false by his spade below. It does not count.
    play(g, "AH 2H 8S 3H")  # S leads a heart; N (only trumps, as flagged) ruffs and wins
    play(g, "9S TS JS QS")  # N leads; S follows with a spade; E's QS wins
    rep = last(g)
    assert rep["trick_winners"] == ["N", "S", "N", "E"]
    assert rep["revoke"] is None


# --------------------------------------------- R53 declarations replaced


def test_R53_trop_with_five_tricks_becomes_tsar_and_is_flagged() -> None:
    g = kort_s()
    auto(g, "SSSSS")
    assert not last(g)["flags"]
    assert raises_flag(g, "AS:trop")
    play(g, "2S 3S 4S")
    assert raises_flag(g, "KS")  # a tsar, so a second trump lead is a breach


def test_R53_trop7_after_the_first_lead_becomes_trop_and_is_flagged() -> None:
    g = kort_s()
    play(g, "AH 2H 3H 4H")
    assert raises_flag(g, "AS:trop7")
    play(g, "2S 3S 4S", "5S KS 6S 7S")  # E wins the 2nd lead: a trop is lifted
    rep = last(g)
    assert rep["result"] == "in-progress"  # a trop7 would have failed here
    assert rep["trick_winners"] == ["S", "S", "E"]


def test_R53_unchecked_declarations_are_taken_as_declared() -> None:
    g = kort_s()
    assert not raises_flag(g, "2S:trop7")  # maybe fewer than 7 trumps: not checkable
    play(g, "3S 4S 5S")  # W's 5S wins: the trop7 as declared is broken
    assert last(g)["result"] == "trop-failed"


# ---------------------------------------------------------- R54 bavyan side


def test_R54_trop_at_6_nil_before_the_bavyan_decision_is_tsar() -> None:
    g = kort_s()
    auto(g, "SSSSSS")
    assert raises_flag(g, "AS:trop")


def test_R54_trop_allowed_once_the_side_plays_bavyan() -> None:
    g = kort_s()
    auto(g, "S" * 7)
    g.apply(Bavyan(True))
    auto(g, "SS")
    sweep_tail(g)  # N declares trop in trick 11 with 10 tricks won
    rep = last(g)
    assert rep["result"] == "bavyan" and rep["flags"] == []


TROP7_BY_S = (
    "AS:trop7 2S 2D 2C",
    "KS 3S 3D 3C",
    "QS 4S 4D 4C",
    "JS 2H 5D 5C",
    "TS 3H 6D 6C",
    "9S 4H 7D 7C",
    "8S 5H 8D 8C",
)


def test_R54_ban_after_a_kept_trop7_carries_into_bavyan() -> None:
    g = kort_s()
    play(g, *TROP7_BY_S)
    g.apply(Bavyan(True))
    assert not last(g)["flags"]
    assert raises_flag(g, "7S")


def test_R54_non_trump_lead_in_bavyan_after_trop7_is_fine() -> None:
    g = kort_s()
    play(g, *TROP7_BY_S)
    g.apply(Bavyan(True))
    assert not raises_flag(g, "AH")


# -------------------------------------------------- R55 known all-trump hand

ALL_TRUMP_N = ("AH 2H 2D 3H", "AD 3D 2C 4D", "AC 3C 2S 4C")  # N void in H, D, C; N wins 3


def test_R55_known_all_trump_hand_declares_nothing() -> None:
    g = kort_s()
    play(g, *ALL_TRUMP_N)
    assert last(g)["trick_winners"] == ["S", "S", "N"]
    play(g, "KS 3S 4S 5S")  # N leads a trump: nothing declared
    assert not raises_flag(g, "QS")  # no tsar duty, no flag


def test_R55_known_all_trump_hand_is_exempt_from_the_partners_tsar() -> None:
    g = kort_s()
    play(g, *ALL_TRUMP_N)
    play(g, "KS 3S AS 5S")  # N leads, S overtakes with AS
    play(g, "4S:tsar 6S QS 7S")  # S's tsar, won by N: NS owe a non-trump lead
    assert last(g)["trick_winners"][-2:] == ["S", "N"]
    assert not raises_flag(g, "JS")  # N holds only trumps: exempt
    assert last(g)["revoke"] is None


# -------------------------------------------------- R56 failed at-bavyan


def test_R56_failed_at_bavyan_is_an_ordinary_win_for_the_callers_side() -> None:
    g = kort("S")
    trump(g, "S")
    auto(g, "E" * 7)
    g.apply(Bavyan(True))
    auto(g, "S")  # NS take trick 8
    rep = last(g)
    assert rep["result"] == "bavyan-failed" and rep["winner"] == "NS"
    assert rep["wins"] == sides(5, 0)
    # R12: the caller's first win in a row keeps the trump (a court would pass it to N)
    assert g.report()["next"]["caller"] == "S"


def test_R56_failed_at_bavyan_as_second_win_passes_trump_to_partner() -> None:
    g = kort("S")
    deal(g, "E" + "S" * 7)  # S's first win
    assert g.report()["next"]["caller"] == "S"
    trump(g, "S")
    auto(g, "E" * 7)
    g.apply(Bavyan(True))
    auto(g, "N")
    assert last(g)["result"] == "bavyan-failed"
    assert g.report()["next"]["caller"] == "N"


# ------------------------------------------------------- R57 pagat names


def test_R57_any_pagat_7_nil_is_court() -> None:
    for side_seat, side in (("S", "NS"), ("E", "EW")):
        g = pagat("W")
        rep = deal(g, side_seat * 7)
        assert rep["result"] == "court" and rep["winner"] == side


def test_R57_streak_deal_is_a_win_with_its_court() -> None:
    g = pagat("W")
    for _ in range(7):
        rep = deal(g, "E" + "S" * 7)
    assert rep["result"] == "win" and rep["courts"] == sides(1, 0)


# -------------------------------------------------------------- R58 flags


def test_R58_clean_kort_deal_has_no_flags() -> None:
    g = kort_s()
    play(g, "AS:trop 2S 3S 4S", "KS 5S 6S 7S", "QS 8S 9S TS", "AH 2H 3H 4H")
    assert last(g)["flags"] == []


def test_R58_kort_unproven_breach_raises_a_flag() -> None:
    g = kort_s()
    play(g, "AS 2S 3S 4S", "KS")
    rep = last(g)
    assert rep["flags"] and rep["revoke"] is None


def test_R58_kort_replaced_declaration_raises_a_flag() -> None:
    g = kort_s()
    play(g, "AH 2H 3H 4H", "AS:trop7")
    assert last(g)["flags"]


def test_R58_kort_proven_revoke_raises_a_flag() -> None:
    g = kort_s()
    play(g, "AH 2H 3H 2D", "KH 4H 5H")
    assert not last(g)["flags"]
    play(g, "6H")
    assert last(g)["flags"]


def test_R58_pagat_proven_revoke_raises_no_flag() -> None:
    g = pagat_s()
    play(g, "AH 2H 3H 2D", "KH 4H 5H 6H")
    rep = last(g)
    assert rep["result"] == "revoke" and rep["flags"] == []


# -------------------------------------------------------- R59 the 13th card


def kort_13() -> Game:
    g = kort("S")
    trump(g, "H", thirteenth="9H")
    return g


def test_R59_trump_13_is_reported_as_the_suit_of_the_shown_card() -> None:
    g = kort_13()
    assert last(g)["trump"] == "H"


def test_R59_another_seat_playing_the_13th_card_is_an_error() -> None:
    g = kort_13()
    play(g, "2C")
    before = g.report()
    with pytest.raises(RulesError):
        g.apply(Play(card("9H")))  # E cannot hold the caller's shown card
    assert g.report() == before
    play(g, "3C 4C AC")
    assert last(g)["trick_winners"] == ["W"]


def test_R59_caller_failing_to_follow_while_13th_unplayed_proves_a_revoke_at_once() -> None:
    g = kort_13()
    play(g, "2C 3C 4C AC")  # W wins
    play(g, "2H 2D")  # W leads a heart (trump), S plays a diamond: S holds 9H
    rep = last(g)
    assert rep["revoke"] == {"seat": "S", "trick": 2, "proven_at": 2}
    assert rep["flags"] and rep["result"] == "in-progress"


def test_R59_after_the_13th_card_is_played_a_failure_proves_nothing() -> None:
    g = kort_13()
    play(g, "9H 2H 3H 4H")  # S leads the 13th card (tsar)
    play(g, "2C 3C 4C AC")  # S leads a club (the tsar duty), W wins
    play(g, "5H 2D")  # S shows out of hearts: no longer provable
    assert last(g)["revoke"] is None


def test_R59_the_caller_may_play_his_13th_card() -> None:
    g = kort_13()
    play(g, "2C 3C 4C AC", "2H 9H 3H 4H")  # W leads, S follows with 9H and wins
    rep = last(g)
    assert rep["trick_winners"] == ["W", "S"] and rep["revoke"] is None


# --------------------------------------------------------- R60 revoke rulings


def test_R60_pagat_ruling_ends_a_deal_in_progress() -> None:
    g = pagat_s()
    play(g, "AH 2H 3H 4H", "KH 5H")
    g.apply(RevokeRuling(Seat.E, 1))
    rep = last(g)
    assert rep["result"] == "revoke" and rep["winner"] == "NS"
    assert rep["revoke"] == {"seat": "E", "trick": 1, "proven_at": None}
    assert rep["tricks"] == sides(1, 0) and rep["trick_winners"] == ["S"]  # open trick 2 dropped
    assert rep["courts"] == sides(1, 0)
    with pytest.raises(RulesError):
        play(g, "6H")


def test_R60_kort_ruling_is_recorded_with_no_penalty() -> None:
    g = kort_s()
    play(g, "AH 2H 3H 4H", "KH 5H 6H 7H")
    g.apply(RevokeRuling(Seat.N, 2))
    rep = last(g)
    assert rep["revoke"] == {"seat": "N", "trick": 2, "proven_at": None}
    assert rep["result"] == "in-progress"
    auto(g, "ESSSSS")  # play goes on: NS 7:1
    rep = last(g)
    assert rep["result"] == "win" and rep["wins"] == sides(1, 0)


def test_R60_kort_ruling_on_a_finished_deal_keeps_its_result() -> None:
    g = kort("S")
    deal(g, "E" + "S" * 7)
    g.apply(RevokeRuling(Seat.W, 3))
    rep = last(g)
    assert rep["result"] == "win" and rep["winner"] == "NS" and rep["wins"] == sides(1, 0)
    assert rep["revoke"] == {"seat": "W", "trick": 3, "proven_at": None}
    assert g.report()["totals"]["wins"] == sides(1, 0)


def test_R60_several_kort_revokes_report_the_first() -> None:
    g = kort_s()
    play(g, "AH 2H 3H 2D", "KH 4H 5H 6H")  # W: void in trick 1, proven in trick 2
    play(g, "AD 2C 3D 4D", "KD 5D 6D 7D")  # E: void in trick 3, proven in trick 4
    rep = last(g)
    assert rep["revoke"] == {"seat": "W", "trick": 1, "proven_at": 2}


# ------------------------------------------------- R61 kort session score


def test_R61_kort_leader_is_matches_won_then_wins() -> None:
    g = kort("E")
    assert g.report()["leader"] == "draw"
    deal(g, "E" * 7, bavyan=False)  # EW court: 5; R12 -> W
    assert g.report()["leader"] == "EW"
    deal(g, "S" + "E" * 7)  # EW win: 6; W keeps it
    deal(g, "S" * 7, bavyan=False)  # NS at-court: 7, NS win the match; -> S
    r = g.report()
    assert r["totals"]["matches_won"] == sides(1, 0)
    assert r["totals"]["wins"] == sides(7, 6)
    assert r["match"]["wins"] == sides(0, 0)  # the new match at 0:0
    assert r["leader"] == "NS"
    deal(g, "S" + "E" * 7)  # EW: 7
    deal(g, "S" + "E" * 7)  # EW: 8
    r = g.report()
    assert r["totals"]["wins"] == sides(7, 8) and r["match"]["wins"] == sides(0, 2)
    assert r["leader"] == "NS"  # matches first


def test_R61_equal_matches_and_wins_is_a_draw() -> None:
    g = kort("S", name="kort-ranked")
    deal(g, "E" + "S" * 7)  # NS 1
    deal(g, "S" + "E" * 7)  # EW 1
    assert g.report()["leader"] == "draw"


def test_R61_match_shows_0_0_after_the_deal_that_ends_it() -> None:
    g = kort("S", name="kort-ranked")
    deal(g, "S" * 7, bavyan=False)
    r = g.report()
    assert r["match"]["wins"] == sides(0, 0) and r["match"]["target"] == 3
    assert r["deals"][0]["wins"] == sides(5, 0)


# ------------------------------------------------------------ R62 next deal


def test_R62_next_names_first_dealer_and_caller_before_any_deal() -> None:
    assert pagat("N").report()["next"] == {"dealer": "N", "caller": "W"}
    assert kort("E").report()["next"] == {"dealer": None, "caller": "E"}


@pytest.mark.parametrize("make", [kort, pagat])
def test_R62_next_is_null_while_a_deal_is_in_progress(make: MakeGame) -> None:
    g = make()
    trump(g, "S")
    assert g.report()["next"] == {"dealer": None, "caller": None}
    auto(g, "SSS")
    play(g, "2C")
    assert g.report()["next"] == {"dealer": None, "caller": None}


def test_R62_next_is_null_while_the_bavyan_question_is_open() -> None:
    g = kort("S")
    trump(g, "S")
    auto(g, "S" * 7)
    assert g.report()["next"] == {"dealer": None, "caller": None}
    g.apply(Bavyan(False))
    assert g.report()["next"] == {"dealer": None, "caller": "N"}


# -------------------------------------------------------------- R63 take-backs


def test_R63_taken_back_card_leaves_no_trace() -> None:
    g = pagat_s()
    play(g, "AH 2H 2D")  # N shows out of hearts...
    g.undo()  # ...and takes the card back while the trick is open
    play(g, "3H 4H")  # N follows after all
    play(g, "KH 5H 6H 7H")  # N plays hearts again: no revoke
    play(g, "AD 2D 3D 4D")  # E plays 2D: the taken-back card was never played
    rep = last(g)
    assert rep["revoke"] is None and rep["result"] == "in-progress"
    clean = pagat_s()
    play(clean, "AH 2H 3H 4H", "KH 5H 6H 7H", "AD 2D 3D 4D")
    assert g.report() == clean.report()


def test_R63_later_players_may_change_their_cards_too() -> None:
    g = pagat_s()
    play(g, "AH 2H 3H 4H", "2C 3C")  # S leads 2C, E 3C
    g.undo()
    g.undo()  # S takes back 2C; E takes back 3C
    play(g, "KH 5H 6H 7H")  # S leads something else; everyone plays again
    rep = last(g)
    assert rep["trick_winners"] == ["S", "S"] and rep["revoke"] is None


def test_R63_taken_back_card_can_be_played_again() -> None:
    g = kort_s()
    play(g, "AH")
    g.undo()
    play(g, "AH 2H 3H 4H")
    assert last(g)["trick_winners"] == ["S"]


# --------------------------------------------------- R64 penalty-ended deals


def test_R64_pagat_revoke_deal_is_won_by_the_revokers_opponents() -> None:
    g = pagat_s()
    play(g, "AH 2D 3H 4H", "2C AC 3C 4C")  # E void in hearts; E wins trick 2
    play(g, "5H")  # E leads a heart: proven by his lead
    rep = last(g)
    assert rep["result"] == "revoke" and rep["winner"] == "NS"
    assert rep["revoke"] == {"seat": "E", "trick": 1, "proven_at": 3}
    assert rep["tricks"] == sides(1, 1) and rep["trick_winners"] == ["S", "E"]
    assert g.report()["totals"]["deals_won"] == sides(1, 0)
    assert g.report()["totals"]["courts"] == sides(1, 0)


def test_R64_tricks_hold_only_completed_tricks() -> None:
    g = pagat_s()
    play(g, "AH 2H 3H 2D", "2C AC 3C 4C")  # W void in hearts; E wins trick 2
    play(g, "KD 5D 5H")  # trick 3: E KD, N 5D, W 5H: proven by the 3rd card
    rep = last(g)
    assert rep["result"] == "revoke" and rep["winner"] == "NS"
    assert rep["tricks"] == sides(1, 1) and rep["trick_winners"] == ["S", "E"]
    assert sum(rep["tricks"].values()) == len(rep["trick_winners"])


# ------------------------------------------------------------------- R65 undo


def snapshots_then_undo_all(g: Game, events: list[Event]) -> None:
    """Apply events, keeping the report before each; then undo them one by one and
    check each report comes back exactly."""
    reports = []
    for e in events:
        reports.append(copy.deepcopy(g.report()))
        g.apply(e)
    for e, rep in zip(reversed(events), reversed(reports), strict=True):
        assert g.undo() == e
        assert g.report() == rep


def events_of(tokens: str) -> list[Event]:
    from tests.helpers.rules import ev

    return [ev(t) for t in tokens.split()]


def test_R65_undo_across_a_closed_trick() -> None:
    g = kort_s()
    play(g, "AH 2H 3H")
    before = copy.deepcopy(g.report())
    play(g, "4H")  # closes trick 1
    assert last(g)["trick_winners"] == ["S"]
    g.undo()
    assert g.report() == before and g.to_play is Seat.W
    play(g, "2S")  # W trumps instead and wins the trick
    assert last(g)["trick_winners"] == ["W"]


def test_R65_undo_across_a_finished_deal() -> None:
    g = pagat_s()
    auto(g, "ESSSSSS")  # NS 6, EW 1; S leads
    play(g, "6D 2D 3D")
    before = copy.deepcopy(g.report())
    play(g, "4D")  # S's 7th trick: the deal is over, streak and next dealer settled
    assert last(g)["result"] == "win"
    g.undo()
    assert g.report() == before
    assert last(g)["result"] == "in-progress"


def test_R65_every_kind_of_event_undoes_exactly() -> None:
    from referee.core.cards import Suit
    from referee.core.events import ChooseTrump

    g = kort("S")
    evs: list[Event] = [ChooseTrump(Suit.C), Redeal(), ChooseTrump(Suit.S)]
    snapshots_then_undo_all(g, evs)
    assert g.report()["deals"] == []
    # a whole kort session: a deal to 7:0 with the bavyan question, then a ruling
    g = kort("S")
    trump(g, "S")
    auto(g, "S" * 7)
    script = [e for e in g.events]
    g2 = kort("S")
    snapshots_then_undo_all(
        g2,
        [
            *script,
            Bavyan(False),
            RevokeRuling(Seat.W, 2),
            ChooseTrump(Suit.D),
            Misdeal(),
            ChooseTrump(Suit.H),
            *events_of("2C 3C"),
            EndSession(),
        ],
    )
    assert g2.report() == kort("S").report()


def test_R65_pagat_revoke_court_undone() -> None:
    g = pagat_s()
    play(g, "AH 2H 3H 2D", "KH 4H 5H")
    before = copy.deepcopy(g.report())
    play(g, "6H")  # proves W's revoke: the deal ends with a court
    assert last(g)["result"] == "revoke"
    g.undo()
    assert g.report() == before
    play(g, "6D")  # W discards again instead: no revoke
    assert last(g)["result"] == "in-progress"


def test_R65_nothing_to_undo() -> None:
    g = pagat()
    with pytest.raises(RulesError):
        g.undo()


# ----------------------------------------------------------------- R66 misdeal


@pytest.mark.parametrize("make", [kort, pagat])
def test_R66_misdeal_before_the_first_lead_cancels_the_deal(make: MakeGame) -> None:
    g = make()
    before = copy.deepcopy(g.report())
    trump(g, "D")
    g.apply(Misdeal())
    assert g.report() == before  # records do not show it
    trump(g, "H")
    rep = g.report()
    assert len(rep["deals"]) == 1 and rep["deals"][0]["number"] == 1
    assert rep["deals"][0]["caller"] == "S" and rep["deals"][0]["trump"] == "H"


def test_R66_misdeal_redeals_by_the_same_dealer_for_the_same_caller() -> None:
    g = pagat("W")
    deal(g, "E" * 1 + "S" * 7)  # NS (caller's side) win: W deals again
    before = copy.deepcopy(g.report())
    trump(g, "S")
    g.apply(Misdeal())
    r = g.report()
    assert r == before
    trump(g, "C")
    rep = last(g)
    assert rep["number"] == 2 and rep["dealer"] == "W" and rep["caller"] == "S"
    assert g.report()["totals"] == before["totals"]


def test_R66_misdeal_under_kort_for_any_hand() -> None:
    g = kort("N")
    trump(g, "S")
    g.apply(Misdeal())  # no J/Q/K condition, unlike a redeal (R13)
    assert g.report()["deals"] == [] and g.report()["next"]["caller"] == "N"


@pytest.mark.parametrize("make", [kort, pagat])
def test_R66_no_misdeal_after_the_first_lead(make: MakeGame) -> None:
    g = make()
    trump(g, "S")
    play(g, "AH")
    before = g.report()
    with pytest.raises(RulesError):
        g.apply(Misdeal())
    assert g.report() == before


# ------------------------------------------------------------ more R50 / R6


def test_R50_proving_card_that_completes_the_7th_trick_still_ends_by_revoke() -> None:
    g = pagat_s()
    play(
        g, "AH 2H 3H 2D", "AD 3D 4D 5D", "KD 6D 7D 8D", "QD 9D TD JD", "AC 2C 3C 4C", "KC 5C 6C 7C"
    )  # W void in hearts; S wins all six
    assert last(g)["tricks"] == sides(6, 0)
    play(g, "QC 8C 9C 5H")  # S's QC wins; W's heart proves the revoke and completes it
    rep = last(g)
    assert rep["result"] == "revoke" and rep["winner"] == "NS"
    assert rep["courts"] == sides(1, 0)  # one court, not a 7:0 court on top
    assert rep["tricks"] == sides(7, 0)
    assert g.report()["totals"]["courts"] == sides(1, 0)


def test_R50_revoking_side_completing_its_7th_trick_still_loses() -> None:
    g = pagat_s()
    play(
        g,
        "2H AH 3H 2D",  # E wins; W void in hearts
        "AD 3D 4D 5D",
        "KD 6D 7D 8D",
        "QD 9D TD JD",
        "AC 2C 3C 4C",
        "KC 5C 6C 7C",
        "8C 9C TC QC",
    )  # E leads, S wins trick 7
    assert last(g)["tricks"] == sides(1, 6)
    play(g, "5H KH 6H 7H")  # E's KH wins; W's 7H (4th card) proves W's revoke
    rep = last(g)
    assert rep["result"] == "revoke" and rep["winner"] == "NS"
    assert rep["courts"] == sides(1, 0)
    assert rep["tricks"] == sides(1, 7)  # R50: the completed trick counts
    assert rep["trick_winners"] == ["E"] * 6 + ["S", "E"]


def test_R6_revoke_is_dated_to_the_first_failure() -> None:
    g = pagat_s()
    play(g, "AH 2H 3H 2D", "KH 4H 5H 3D")  # W fails hearts twice
    play(g, "AC 2C 3C 4C", "QH 6H 7H 8H")  # W plays a heart in trick 4
    rep = last(g)
    assert rep["revoke"] == {"seat": "W", "trick": 1, "proven_at": 4}


def test_R64_next_deal_starts_cleanly_after_a_revoke() -> None:
    g = pagat_s()
    play(g, "AH 2H 3H 2D", "2C AC 3C 4C", "KD 5D 5H")
    assert last(g)["result"] == "revoke"
    trump(g, "C")  # NS won a revoke court as the caller's side: dealer E, caller N
    rep = last(g)
    assert rep["dealer"] == "E" and rep["caller"] == "N"
    play(g, "KD 5D 5H 2D")  # N leads: the abandoned cards are back in the new deal
    assert last(g)["trick_winners"] == ["N"]


def test_R63_taken_back_breach_lead_leaves_no_flag() -> None:
    g = kort_s()
    play(g, "AS 2S 3S 4S", "KS")  # a tsar breach, flagged
    assert last(g)["flags"]
    g.undo()  # S takes the card back while the trick is open
    play(g, "AH 2H 3H 4H")
    rep = last(g)
    assert rep["flags"] == [] and rep["revoke"] is None


def test_R65_undo_of_the_deal_that_ended_a_match() -> None:
    g = kort("S", name="kort-ranked")
    deal(g, "E" + "S" * 7)  # NS 1
    deal(g, "E" + "S" * 7)  # NS 2
    trump(g, "S")
    auto(g, "E" + "S" * 6)
    play(g, "6D 2D 3D")
    before = copy.deepcopy(g.report())
    play(g, "4D")  # NS 7:1, 3 match wins: the match is over
    r = g.report()
    assert r["totals"]["matches_won"] == sides(1, 0) and r["match"]["wins"] == sides(0, 0)
    g.undo()
    assert g.report() == before
    assert g.report()["match"]["wins"] == sides(2, 0)


def test_R65_revoke_penalty_comes_with_its_evidence() -> None:
    g = pagat_s()
    play(g, "AH 2H 3H 2D", "AC 2C 3C 4C", "AD 3D 4D")
    notices = g.apply(Play(card("5H")))  # W's heart proves the revoke of trick 1
    proof = [n for n in notices if isinstance(n, RevokeProven)]
    assert len(proof) == 1
    n = proof[0]
    assert n.seat is Seat.W and n.trick == 1 and n.proven_at == 3
    assert str(n.card) == "5H" and n.penalty
    assert last(g)["result"] == "revoke"  # scripted input confirms at once
