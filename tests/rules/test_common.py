"""Rules common to both profiles: R1-R6 (rules.md "Common to both profiles")."""

from __future__ import annotations

from typing import Any

import pytest

from referee.core.cards import FULL_DECK, Card, Rank, Suit
from referee.core.events import Play
from referee.core.game import Game
from referee.core.table import Seat, Side
from referee.errors import NotationError, RulesError
from tests.helpers.rules import (
    MakeGame,
    after,
    auto,
    card,
    deal,
    kort,
    last,
    pagat,
    play,
    profile,
    sides,
    trump,
)

# --------------------------------------------------------------------- R1 table


def test_R1_play_passes_to_the_right_S_E_N_W() -> None:
    assert [Seat.S.next(), Seat.E.next(), Seat.N.next(), Seat.W.next()] == [Seat.E, Seat.N, Seat.W, Seat.S]


def test_R1_partnerships_sit_opposite() -> None:
    assert Seat.S.partner is Seat.N and Seat.E.partner is Seat.W
    assert Seat.S.side is Seat.N.side is Side.NS
    assert Seat.E.side is Seat.W.side is Side.EW
    assert Side.NS.other is Side.EW


@pytest.mark.parametrize("caller", ["S", "E", "N", "W"])
def test_R1_order_of_play_within_a_trick(caller: str) -> None:
    g = kort(caller)
    trump(g, "S")
    seen = []
    for token in ("2H", "3H", "4H", "5H"):
        seen.append(g.to_play)
        g.apply(Play(card(token)))
    assert seen == [Seat[caller], after(caller, 1), after(caller, 2), after(caller, 3)]
    # R4: 5H was played by the 4th seat and is the highest heart
    assert last(g)["trick_winners"] == [after(caller, 3).name]


def test_R1_report_names_the_partnerships_NS_and_EW() -> None:
    rep = kort().report()
    assert set(rep["totals"]["wins"]) == {"NS", "EW"}


# ---------------------------------------------------------------------- R2 deck


def test_R2_deck_has_52_distinct_cards_no_jokers() -> None:
    assert len(FULL_DECK) == 52 and len(set(FULL_DECK)) == 52
    assert {c.suit for c in FULL_DECK} == set(Suit)


def test_R2_rank_order_two_low_ace_high() -> None:
    ranks = [Card.parse(f"{r}S").rank for r in "23456789TJQKA"]
    assert ranks == sorted(ranks) and len(set(ranks)) == 13
    assert Rank.ACE > Rank.KING > Rank.QUEEN > Rank.JACK > Rank.TEN > Rank.TWO


@pytest.mark.parametrize("token", ["KH", "kh", "K♥", "Kh", "kH"])
def test_R2_king_of_hearts_spellings(token: str) -> None:
    assert str(Card.parse(token)) == "KH"


@pytest.mark.parametrize(
    "token,canonical", [("10h", "TH"), ("Th", "TH"), ("10♠", "TS"), ("a♦", "AD"), ("2♣", "2C"), ("qs", "QS")]
)
def test_R2_ten_and_suit_glyphs_are_accepted(token: str, canonical: str) -> None:
    assert str(Card.parse(token)) == canonical


def test_R2_canonical_text_round_trips_for_every_card() -> None:
    for c in FULL_DECK:
        text = str(c)
        assert len(text) == 2 and text[0] in "23456789TJQKA" and text[1] in "SHDC"
        assert Card.parse(text) == c


@pytest.mark.parametrize("token", ["QX", "1H", "", "11S", "KK", "H", "JOKER", "0S"])
def test_R2_non_cards_are_refused_naming_the_token(token: str) -> None:
    with pytest.raises(NotationError) as err:
        Card.parse(token)
    assert err.value.token == token


# ---------------------------------------------------------------------- R3 deal


@pytest.mark.parametrize("name", ["kort", "kort-ranked", "pagat"])
def test_R3_packets_5_4_4_make_13(name: str) -> None:
    assert list(profile(name).deal.packets) == [5, 4, 4]


@pytest.mark.parametrize("make", [kort, pagat])
def test_R3_second_sighting_of_a_card_is_refused_and_changes_nothing(make: MakeGame) -> None:
    g = make()
    trump(g, "S")
    play(g, "AH 2H 3H 4H", "KH")
    before = g.report()
    to_play = g.to_play
    with pytest.raises(RulesError):
        g.apply(Play(card("3H")))  # already played in trick 1
    with pytest.raises(RulesError):
        g.apply(Play(card("KH")))  # already played in this trick
    assert g.report() == before and g.to_play == to_play
    play(g, "5H")  # play goes on normally
    assert g.to_play is Seat.N


def test_R3_a_card_may_appear_again_in_the_next_deal() -> None:
    g = pagat()
    deal(g, "SSSSSSS")
    trump(g, "S")
    play(g, "AH 2H 3H 4H")
    assert last(g)["trick_winners"] == [g.report()["deals"][1]["caller"]]


# --------------------------------------------------------------------- R4 trick


@pytest.mark.parametrize("make", [kort, pagat])
def test_R4_highest_card_of_led_suit_wins_without_trumps(make: MakeGame) -> None:
    g = make()
    trump(g, "S")
    # S leads 5H; E follows 9H; N follows 2H; W follows QH: W wins
    play(g, "5H 9H 2H QH")
    assert last(g)["trick_winners"] == ["W"]


@pytest.mark.parametrize("make", [kort, pagat])
def test_R4_highest_trump_wins(make: MakeGame) -> None:
    g = make()
    trump(g, "S")
    # E and W are void in hearts and both trump: the higher trump (W's 9S) wins
    play(g, "AH 4S KH 9S")
    assert last(g)["trick_winners"] == ["W"]


@pytest.mark.parametrize("make", [kort, pagat])
def test_R4_lowest_trump_beats_ace_of_led_suit(make: MakeGame) -> None:
    g = make()
    trump(g, "S")
    play(g, "AH 2S KH QH")
    assert last(g)["trick_winners"] == ["E"]


@pytest.mark.parametrize("make", [kort, pagat])
def test_R4_a_third_suit_never_wins_even_an_ace(make: MakeGame) -> None:
    g = make()
    trump(g, "S")
    play(g, "2H AD AC 3H")  # E and N discard aces of third suits
    assert last(g)["trick_winners"] == ["W"]


@pytest.mark.parametrize("make", [kort, pagat])
def test_R4_no_duty_to_trump_or_to_beat(make: MakeGame) -> None:
    g = make()
    trump(g, "S")
    # E follows low under the lead; N (void) discards a club instead of trumping
    rep = play(g, "KH 2H 5C 3H")
    assert rep["deals"][0]["trick_winners"] == ["S"]
    assert rep["deals"][0]["flags"] == [] and rep["deals"][0]["revoke"] is None


@pytest.mark.parametrize("make", [kort, pagat])
def test_R4_winner_leads_next_and_caller_leads_first(make: MakeGame) -> None:
    g = make()
    trump(g, "D")
    assert g.to_play is Seat.S  # the caller (kort first caller S; pagat dealer W -> caller S)
    play(g, "2H 3H AH 4H")
    assert to_play(g) is Seat.N
    play(g, "2C KC 3C 4C")  # N leads, W plays KC and wins
    assert to_play(g) is Seat.W
    assert last(g)["trick_winners"] == ["N", "W"]


def test_R4_turkish_example_partner_ruffs_and_leads_next() -> None:
    """Seed 003: trumps hearts; you lead K♠, right opponent 9♠, partner (no spades)
    trumps with 5♥, left opponent A♠: partner wins and leads the next trick."""
    g = kort("S")
    trump(g, "H")
    play(g, "KS 9S 5H AS")
    rep = last(g)
    assert rep["trick_winners"] == ["N"] and rep["tricks"] == sides(1, 0)
    assert g.to_play is Seat.N


# --------------------------------------------------------------- R5 end of deal


@pytest.mark.parametrize("make", [kort, pagat])
def test_R5_deal_ends_when_a_side_has_7_tricks(make: MakeGame) -> None:
    g = make()
    trump(g, "S")
    auto(g, "SEWSNSNS")  # NS 6 EW 2 ...
    assert last(g)["result"] == "in-progress"
    auto(g, "N")  # NS 7
    rep = last(g)
    assert rep["tricks"] == sides(7, 2)
    assert rep["result"] == "win" and rep["winner"] == "NS"
    with pytest.raises(RulesError):  # the remaining cards are not played
        g.apply(Play(card("2C")))


def test_R5_pagat_deal_stops_at_7_nil() -> None:
    g = pagat()
    rep = deal(g, "EEEEEEE")
    assert rep["tricks"] == sides(0, 7) and rep["result"] == "court"
    assert g.phase == "trump"  # no bavyan question under pagat (R40)


# -------------------------------------------------------------------- R6 revoke

# W fails to follow hearts in trick 1 and plays a heart in trick 3 (4th to play,
# so the proving card completes trick 3).
REVOKE_COMPLETING = ("AH 2H 3H 2D", "AC 2C 3C 4C", "AD 3D 4D 5H")


def test_R6_kort_proven_revoke_is_recorded_and_play_goes_on() -> None:
    g = kort("S")
    trump(g, "S")
    rep = last_after(g, *REVOKE_COMPLETING)
    assert rep["revoke"] == {"seat": "W", "trick": 1, "proven_at": 3}
    assert rep["result"] == "in-progress"
    assert rep["trick_winners"] == ["S", "S", "S"]
    assert rep["flags"]  # R36/R58


def test_R6_pagat_proven_revoke_ends_the_deal_with_a_court_to_the_opponents() -> None:
    g = pagat("W")  # caller S
    trump(g, "S")
    rep = last_after(g, *REVOKE_COMPLETING)
    assert rep["revoke"] == {"seat": "W", "trick": 1, "proven_at": 3}
    assert rep["result"] == "revoke"
    assert rep["winner"] == "NS"
    assert rep["courts"] == sides(1, 0)
    # R50: the proving card completed trick 3, so it counts
    assert rep["tricks"] == sides(3, 0) and rep["trick_winners"] == ["S", "S", "S"]
    assert rep["flags"] == []  # R58
    with pytest.raises(RulesError):
        g.apply(Play(card("9C")))


def test_R6_a_failure_alone_proves_nothing() -> None:
    g = pagat()
    trump(g, "S")
    rep = last_after(g, "AH 2H 3H 2D", "AC 2C 3C 4C", "AD 3D 4D 5D")
    assert rep["revoke"] is None and rep["result"] == "in-progress"


def test_R6_void_is_per_suit_and_per_deal() -> None:
    g = pagat()
    trump(g, "S")
    play(g, "AH 2H 3H 2D")  # W void in hearts (not in diamonds)
    play(g, "AD 3D 4D 5D")  # W follows diamonds: fine
    auto(g, "SSSSS")  # NS reach 7 with all-follow tricks (no hearts for W)
    assert last(g)["result"] == "court"
    trump(g, "S")  # next deal: W may follow hearts again
    rep = last_after(g, "AH 2H 3H 4H")
    assert rep["revoke"] is None


def to_play(g: Game) -> Seat | None:
    """Who plays next (read anew: mypy keeps no narrowing across plays)."""
    return g.to_play


def last_after(g: Game, *tricks: str) -> dict[str, Any]:
    play(g, *tricks)
    return last(g)
