"""Profile kort: leading trumps, tsar / trop / trop7 (R20-R26).

Trumps are spades and S is the caller unless stated. Flags are compared only
as present or absent, or as "a new flag was raised by this card" (R58).
"""

from __future__ import annotations

import pytest

from referee.core.cards import Card
from referee.core.events import Bavyan, Play
from referee.core.game import Game
from referee.errors import RulesError
from tests.helpers.rules import kort, last, play, sides, trump


def game(caller: str = "S") -> Game:
    g = kort(caller)
    trump(g, "S")
    return g


def flags(g: Game) -> list[str]:
    out: list[str] = last(g)["flags"]
    return out


def raises_flag(g: Game, token: str) -> bool:
    """Play one card; True when it raised a new flag."""
    n = len(flags(g))
    play(g, token)
    return len(flags(g)) > n


# ------------------------------------------------------------------------ R20


def test_R20_undeclared_trump_lead_counts_as_tsar() -> None:
    g = game()
    play(g, "AS 2S 3S 4S")  # S leads a trump, says nothing: tsar; S wins
    assert not flags(g)
    assert raises_flag(g, "KS")  # a second trump lead breaks the tsar (R21)


def test_R20_declared_trop_is_not_a_tsar() -> None:
    g = game()
    play(g, "AS:trop 2S 3S 4S")
    assert not raises_flag(g, "KS")  # the 2nd trop lead is owed, not a breach


def test_R20_restrictions_bind_only_the_declaring_side() -> None:
    g = game()
    # NS play a complete trop (3 leads); E wins the 3rd, so NS are under the R23 ban
    play(g, "9S:trop 2S 3S 4S", "8S 5S 6S 7S", "TS AS JS QS")
    assert last(g)["trick_winners"] == ["S", "S", "E"]
    # the opponents lead trumps freely
    assert not raises_flag(g, "KS")
    play(g, "2H 3H 4H")
    assert last(g)["trick_winners"][-1] == "E" and not flags(g)


# ------------------------------------------------------------------------ R21


def test_R21_tsar_won_by_partner_passes_the_duty_to_him() -> None:
    g = game()
    play(g, "2S:tsar 3S AS 4S")  # N wins the tsar trick
    assert raises_flag(g, "KS")  # N must lead a non-trump


def test_R21_tsar_duty_ends_after_one_non_trump_lead() -> None:
    g = game()
    play(g, "2S:tsar 3S AS 4S")  # N wins
    assert not raises_flag(g, "AH")
    play(g, "2H 3H 4H")  # N wins the heart trick
    assert not raises_flag(g, "KS")  # a fresh trump lead is allowed


def test_R21_tsar_won_by_the_opponents_is_lifted() -> None:
    g = game()
    play(g, "2S:tsar AS 3S 4S")  # E wins the tsar trick
    play(g, "2H AH 3H 4H")  # E leads, N wins
    assert last(g)["trick_winners"] == ["E", "N"]
    assert not raises_flag(g, "KS")


# ------------------------------------------------------------------------ R22


def test_R22_trop_winner_must_go_on_leading_trumps() -> None:
    g = game()
    play(g, "QS:trop 2S 3S 4S", "5S 6S AS 7S")  # 2nd lead won by N
    assert not raises_flag(g, "KS")  # N's trump lead is the 3rd trop lead


def test_R22_trop_lifted_when_an_opponent_wins_a_trick() -> None:
    g = game()
    play(g, "2S:trop AS 3S 4S")  # E wins the first trop trick: lifted
    play(g, "2H AH 3H 4H")  # E leads, N wins
    assert not raises_flag(g, "KS")  # no R23 ban: the trop never completed
    play(g, "5S 6S 7S")  # N's KS (a fresh tsar) wins
    assert last(g)["trick_winners"] == ["E", "N", "N"]


def test_R22_trop_lifted_when_the_winner_has_no_trump_left() -> None:
    g = game()
    play(g, "QS:trop 2S 3S 4S", "5S 6S AS 7S")  # N won the 2nd lead
    assert not raises_flag(g, "AH")  # N leads a non-trump: he has none (R24 ruling)
    play(g, "2H 3H 4H")  # N wins
    play(g, "2D 3D AD 4D")  # N leads, S wins
    assert last(g)["trick_winners"] == ["S", "N", "N", "S"]
    assert not raises_flag(g, "KS")  # lifted entirely: S may lead a fresh trump
    assert last(g)["revoke"] is None


def test_R22_R24_trump_after_claiming_none_proves_a_breach() -> None:
    g = game()
    play(g, "QS:trop 2S 3S 4S", "5S 6S AS 7S")
    play(g, "AH 2H 3H 4H")  # trick 3: N owed a trump and led a heart: "no trump left"
    play(g, "KH 5H 6H 7H")  # trick 4: N wins again
    assert last(g)["revoke"] is None
    play(g, "8S")  # trick 5: N plays a trump after all
    rep = last(g)
    assert rep["revoke"] == {"seat": "N", "trick": 3, "proven_at": 5}
    assert rep["flags"] and rep["result"] == "in-progress"  # R36: no penalty under kort


# ------------------------------------------------------------------------ R23


def test_R23_ban_binds_the_partner_who_won_the_third_lead() -> None:
    g = game()
    play(g, "AS:trop 2S 3S 4S", "5S 6S KS 7S", "QS 8S 9S TS")  # N wins the 3rd
    assert last(g)["trick_winners"] == ["S", "N", "N"]
    assert raises_flag(g, "JS")


def test_R23_ban_binds_the_declarer_too() -> None:
    g = game()
    # trick 3 from N: N 8S, W 9S, S QS, E TS -> S wins the 3rd lead
    play(g, "AS:trop 2S 3S 4S", "5S 6S KS 7S", "8S 9S QS TS")
    assert last(g)["trick_winners"] == ["S", "N", "S"]
    assert raises_flag(g, "JS")


def test_R23_ban_lifted_by_one_non_trump_lead_for_both_partners() -> None:
    g = game()
    play(g, "AS:trop 2S 3S 4S", "5S 6S KS 7S", "8S 9S QS TS")  # S wins the 3rd
    assert not raises_flag(g, "2H")
    play(g, "3H AH 4H")  # N wins the heart trick
    assert last(g)["trick_winners"][-1] == "N"
    assert not raises_flag(g, "JS")  # N may lead a trump again


def test_R23_ban_lifted_then_same_player_may_lead_trump() -> None:
    g = game()
    play(g, "AS:trop 2S 3S 4S", "5S 6S KS 7S", "QS 8S 9S TS")  # N wins the 3rd lead
    play(g, "AH 2H 3H 4H")  # N leads a heart and wins
    assert not raises_flag(g, "JS")


# ------------------------------------------------------------------------ R24


def test_R24_with_five_tricks_only_tsar_trop_is_replaced_and_flagged() -> None:
    g = game()
    play(g, "AH 2H 3H 4H", "KH 5H 6H 7H", "QH 8H 9H TH", "AD 2D 3D 4D", "KD 5D 6D 7D")
    assert last(g)["tricks"] == sides(5, 0) and not flags(g)
    assert raises_flag(g, "AS:trop")  # R53: replaced by tsar, flagged
    play(g, "2S 3S 4S")  # S wins: now owes a non-trump lead (tsar)
    assert raises_flag(g, "KS")


def test_R24_with_four_tricks_trop_is_allowed() -> None:
    g = game()
    play(g, "AH 2H 3H 4H", "KH 5H 6H 7H", "QH 8H 9H TH", "AD 2D 3D 4D")
    assert not raises_flag(g, "AS:trop")
    play(g, "2S 3S 4S")
    assert not raises_flag(g, "KS")  # 2nd trop lead


def test_R24_breach_is_flagged_at_once_and_proven_by_a_later_non_trump() -> None:
    g = game()
    play(g, "AS 2S 3S 4S")  # tsar, S wins
    assert raises_flag(g, "KS")  # illegal unless S holds only trumps
    play(g, "5S 6S 7S")  # S wins trick 2
    assert last(g)["revoke"] is None
    play(g, "AH")  # trick 3: S plays a non-trump: the breach is proven
    rep = last(g)
    assert rep["revoke"] == {"seat": "S", "trick": 2, "proven_at": 3}
    assert rep["result"] == "in-progress"


def test_R24_flagged_leader_who_keeps_playing_trumps_proves_nothing() -> None:
    g = game()
    play(g, "AS 2S 3S 4S", "KS 5S 6S 7S")  # breach flagged in trick 2
    play(g, "QS 2H 3H 4H")  # S leads trumps again (flagged) and wins
    assert last(g)["revoke"] is None and flags(g)


# ------------------------------------------------------------------------ R25

TROP7_KEPT_WITH_PARTNER = (
    "AS:trop7 2H 2S 2C",  # 1 S
    "KS 3H 3S 3C",  # 2 S
    "4S 4H 5S 4C",  # 3 N (5S)
    "QS 5C 6S 5H",  # 4 N leads: N W S E
    "JS 6C 7S 6H",  # 5 N
    "TS 7C 8S 7H",  # 6 N
    "9S 8C 2D 8H",  # 7 N: the 7th trump lead
)


def test_R25_trop7_kept_is_a_court_after_the_bavyan_question() -> None:
    g = game()
    play(g, *TROP7_KEPT_WITH_PARTNER)
    rep = last(g)
    assert rep["trick_winners"] == ["S", "S", "N", "N", "N", "N", "N"]
    assert rep["tricks"] == sides(7, 0) and not rep["flags"]
    assert g.phase == "bavyan" and rep["result"] == "in-progress"
    g.apply(Bavyan(False))
    rep = last(g)
    assert rep["result"] == "court" and rep["winner"] == "NS"
    assert rep["wins"] == sides(5, 0) and rep["courts"] == sides(1, 0)


def test_R25_trop7_broken_by_an_opponent_winning_a_trick() -> None:
    g = game()
    play(g, "KS:trop7 2S 3S 4S", "QS AS 5S 6S")  # E wins trick 2
    rep = last(g)
    assert rep["result"] == "trop-failed" and rep["winner"] == "EW"
    assert rep["wins"] == sides(0, 1) and rep["courts"] == sides(0, 0)
    assert rep["tricks"] == sides(1, 1) and rep["trick_winners"] == ["S", "E"]
    with pytest.raises(RulesError):
        g.apply(Play(Card.parse("2H")))  # the deal ended at once


def test_R25_trop7_broken_by_a_non_trump_lead_of_the_side() -> None:
    g = game()
    play(g, "AS:trop7 2S 3S 4S", "KS 5S 6S 7S")
    rep = last(g)
    assert rep["result"] == "in-progress"
    play(g, "AH")  # S wins but leads a non-trump: he has no trump left
    rep = last(g)
    assert rep["result"] == "trop-failed" and rep["winner"] == "EW"
    assert rep["wins"] == sides(0, 1)
    assert rep["tricks"] == sides(2, 0) and rep["trick_winners"] == ["S", "S"]  # R50


def test_R25_trop7_partner_breaking_it_also_fails() -> None:
    g = game()
    play(g, "QS:trop7 2S 3S 4S", "5S 6S AS 7S")  # N wins the 2nd
    play(g, "AH")  # N must lead a trump
    rep = last(g)
    assert rep["result"] == "trop-failed" and rep["wins"] == sides(0, 1)


# ------------------------------------------------------------------------ R26


def test_R26_declaration_only_on_the_trump_lead() -> None:
    g = game()
    play(g, "AS")
    before = g.report()
    with pytest.raises(RulesError):
        play(g, "2S:trop")  # a follower cannot declare
    assert g.report() == before
    g2 = game()
    with pytest.raises(RulesError):
        play(g2, "AH:tsar")  # nor on a non-trump lead


def test_R26_declared_trop_cannot_be_turned_into_tsar_later() -> None:
    g = game()
    play(g, "AS:trop 2S 3S 4S", "5S:tsar 6S KS 7S")  # "tsar" on the 2nd lead: ignored (R52)
    assert last(g)["trick_winners"] == ["S", "N"]
    assert not raises_flag(g, "8S")  # N's 3rd trop lead is still owed, so no breach


# ------------------------------------------- R21 duration of the tsar restriction
# Seed 000: "Царь — это один заход с козыря. На следующей взятке твоя команда должна
# начать с некозырной карты. После этого ограничение снимается." (the restriction is
# for the next trick the side leads; after that it is lifted). R23's ban, by contrast,
# lasts "until one of them has led a non-trump".


def test_R21_tsar_restriction_covers_only_the_next_trick_led_by_the_side() -> None:
    g = game()
    # N shows out of hearts, diamonds and clubs: a known all-trump hand (R55)
    play(g, "AH 2H 2D 3H", "AD 3D 2C 4D", "AC 3C 2S 4C")  # N ruffs and wins trick 3
    play(g, "KS 3S AS 5S")  # N leads, S overtakes
    play(g, "4S:tsar 6S QS 7S")  # S's tsar, won by N: NS's next trick must be non-trump
    play(g, "9S 8S TS 5H")  # N (all trumps, exempt) leads that trick; S wins it
    assert last(g)["trick_winners"] == ["S", "S", "N", "S", "N", "S"]
    assert not flags(g)
    assert not raises_flag(g, "JS")  # the tsar restriction is over: a fresh trump lead


def test_R21_R24_after_a_breach_trick_the_tsar_restriction_is_over() -> None:
    g = game()
    play(g, "AS 2S 3S 4S")  # tsar, S wins
    assert raises_flag(g, "KS")  # the next trick: flagged (R24)
    play(g, "5S 6S 7S")  # S wins it
    assert not raises_flag(g, "QS")  # the restriction covered one trick only


def test_R24_proven_breach_is_dated_to_the_first_illegal_lead() -> None:
    g = game()
    # a completed trop (E, N, W have no spades), then two trump leads against R23
    play(g, "AS:trop 2H 2D 2C", "KS 3H 3D 3C", "QS 4H 4D 4C")
    assert raises_flag(g, "JS")  # trick 4: first breach
    play(g, "5H 5D 5C")
    # trick 5: still no non-trump lead, but S is presumed to hold only trumps since
    # trick 4 (R67): his trump lead declares nothing and raises no new flag
    assert not raises_flag(g, "TS")
    play(g, "6H 6D 6C")
    play(g, "AH")  # trick 6: S holds a non-trump after all: proven
    rep = last(g)
    # like a revoke (R6), the breach happened at the first illegal lead
    assert rep["revoke"] == {"seat": "S", "trick": 4, "proven_at": 6}


def test_R20_each_side_keeps_its_own_duties() -> None:
    g = game()
    # NS: a trop of three leads (N and W discard); E wins the 3rd: NS are banned (R51)
    play(g, "5S:trop 2S 2H 2D", "6S 3S 3H 3D", "7S AS 4H 4D")
    # EW: their own trop, three leads, all won by E: no flag for either side
    assert not raises_flag(g, "KS:trop")
    play(g, "5H 5D 4S")
    assert not raises_flag(g, "QS")
    play(g, "6H 6D 8S")
    assert not raises_flag(g, "JS")
    play(g, "7H 7D 9S")
    assert last(g)["trick_winners"] == ["S", "S", "E", "E", "E", "E"]
    play(g, "2C 3C 4C AC")  # E leads a club (EW's ban lifted); S wins
    assert raises_flag(g, "TS")  # NS never led a non-trump since their trop: still banned


def test_R52_continuation_leads_are_not_rechecked_against_five_tricks() -> None:
    g = game()
    play(g, "AH 2H 3H 4H", "AD 2D 3D 4D", "AC 2C 3C 4C", "KH 5H 6H 7H")
    assert last(g)["tricks"] == sides(4, 0)
    assert not raises_flag(g, "AS:trop")  # 4 tricks: trop allowed
    play(g, "2S 3S 4S")  # 5 tricks now
    assert not raises_flag(g, "KS")  # the 2nd lead is part of the trop (R52)
    play(g, "5S 6S 7S")
    assert not raises_flag(g, "QS")  # the 3rd
