"""Profile kort: trump caller, rotation and redeal (R10-R13)."""

from __future__ import annotations

from typing import Any

import pytest

from referee.core.cards import Card
from referee.core.events import Bavyan, Play, Redeal
from referee.core.game import Game
from referee.core.table import Seat
from referee.errors import RulesError
from tests.helpers.rules import auto, card, deal, kort, last, pagat, play, profile, sides, sweep_tail, trump

# ----------------------------------------------------------- R10 trump caller


@pytest.mark.parametrize("suit", ["S", "H", "D", "C"])
def test_R10_any_suit_may_be_named_and_the_caller_leads(suit: str) -> None:
    g = kort("E")
    trump(g, suit)
    assert g.phase == "play" and g.to_play is Seat.E
    rep = last(g)
    assert rep["caller"] == "E" and rep["trump"] == suit


def test_R10_option_13_trumps_are_the_suit_of_the_shown_card() -> None:
    g = kort("S")
    trump(g, "D", thirteenth="9D")
    assert last(g)["trump"] == "D"  # R59: reported as the suit of the shown card
    assert g.to_play is Seat.S


def test_R10_no_card_before_trumps_are_chosen() -> None:
    g = kort("S")
    with pytest.raises(RulesError):
        g.apply(Play(card("AH")))
    assert g.report()["deals"] == []


# ------------------------------------------------------------ R11 first caller


@pytest.mark.parametrize("seat", ["S", "E", "N", "W"])
def test_R11_first_caller_is_given_by_the_table(seat: str) -> None:
    g = kort(seat)
    assert g.report()["next"] == {"dealer": None, "caller": seat}
    rep = deal(g, seat * 7, bavyan=None)
    assert rep["caller"] == seat and rep["dealer"] is None


def test_R11_kort_needs_a_first_caller_not_a_dealer() -> None:
    with pytest.raises(RulesError):
        Game(profile("kort"))
    with pytest.raises(RulesError):
        Game(profile("kort"), first_dealer=Seat.S)


# ------------------------------------------------------------- R12 rotation
# Caller S (side NS) unless stated. "win" deals are 7:1 (one trick to the other side).


def win(g: Game, side: str) -> dict[str, Any]:
    """A plain win (7:1) for ``side`` ("NS" or "EW") in a new deal."""
    w, o = ("S", "E") if side == "NS" else ("E", "S")
    rep = deal(g, o + w * 7)
    assert rep["result"] == "win" and rep["winner"] == side
    return rep


def court(g: Game, side: str) -> dict[str, Any]:
    """7:0 for ``side`` with bavyan declined: court or at-court."""
    w = "S" if side == "NS" else "E"
    rep = deal(g, w * 7, bavyan=False)
    assert rep["winner"] == side and rep["result"] in ("court", "at-court")
    return rep


def next_caller(g: Game) -> str | None:
    caller: str | None = g.report()["next"]["caller"]
    return caller


def test_R12_first_win_in_a_row_keeps_the_caller() -> None:
    g = kort("S")
    win(g, "NS")
    assert next_caller(g) == "S"


def test_R12_second_win_passes_trump_to_partner() -> None:
    g = kort("S")
    win(g, "NS")
    win(g, "NS")
    assert next_caller(g) == "N"
    assert [d["caller"] for d in g.report()["deals"]] == ["S", "S"]


def test_R12_count_restarts_after_passing_to_partner() -> None:
    g = kort("S")
    win(g, "NS")
    win(g, "NS")  # -> N
    win(g, "NS")  # N's first win
    assert next_caller(g) == "N"
    win(g, "NS")  # N's second win -> S
    assert next_caller(g) == "S"
    assert [d["caller"] for d in g.report()["deals"]] == ["S", "S", "N", "N"]


def test_R12_court_passes_trump_to_partner() -> None:
    g = kort("S")
    court(g, "NS")
    assert next_caller(g) == "N"


def test_R12_court_after_one_win_passes_and_count_restarts() -> None:
    g = kort("S")
    win(g, "NS")
    court(g, "NS")
    assert next_caller(g) == "N"
    win(g, "NS")  # N's first win: N keeps it
    assert next_caller(g) == "N"


def test_R12_bavyan_passes_trump_to_partner() -> None:
    g = kort("S")
    trump(g, "S")
    auto(g, "SSSSSSS")
    g.apply(Bavyan(True))
    auto(g, "SS")
    sweep_tail(g)
    rep = last(g)
    assert rep["result"] == "bavyan" and rep["winner"] == "NS"
    assert next_caller(g) == "N"


def test_R12_successful_trop7_passes_trump_to_partner() -> None:
    g = kort("S")
    trump(g, "S")
    # S leads seven trumps (trop7) and wins them all; E follows low spades then
    # discards hearts, N discards diamonds, W discards clubs.
    play(
        g,
        "AS:trop7 2S 2D 2C",
        "KS 3S 3D 3C",
        "QS 4S 4D 4C",
        "JS 2H 5D 5C",
        "TS 3H 6D 6C",
        "9S 4H 7D 7C",
        "8S 5H 8D 8C",
    )
    g.apply(Bavyan(False))
    rep = last(g)
    assert rep["result"] == "court" and rep["wins"] == sides(5, 0)
    assert next_caller(g) == "N"


@pytest.mark.parametrize("how", ["win", "at-court", "at-bavyan", "trop-failed", "bavyan-failed"])
def test_R12_caller_side_lost_passes_trump_to_next_player(how: str) -> None:
    g = kort("S")
    if how == "win":
        win(g, "EW")
    elif how == "at-court":
        court(g, "EW")
    elif how == "at-bavyan":
        trump(g, "S")
        auto(g, "E" * 7)
        g.apply(Bavyan(True))
        auto(g, "EE")
        sweep_tail(g)
        assert last(g)["result"] == "at-bavyan"
    elif how == "trop-failed":
        trump(g, "S")
        play(g, "KS:trop7 2S 3S 4S", "QS AS 5S 6S")  # E wins trick 2: trop7 broken
    elif how == "bavyan-failed":
        trump(g, "S")
        auto(g, "SSSSSSS")
        g.apply(Bavyan(True))
        auto(g, "E")  # the opponents take trick 8
    rep = last(g)
    assert rep["winner"] == "EW", rep
    assert next_caller(g) == "E"  # the next player after S, on the winning side


def test_R12_new_caller_counts_his_own_wins_from_zero() -> None:
    g = kort("S")
    win(g, "NS")  # S: 1 win
    win(g, "EW")  # S lost -> E
    assert next_caller(g) == "E"
    win(g, "EW")  # E's first win
    assert next_caller(g) == "E"
    win(g, "EW")  # E's second win -> W
    assert next_caller(g) == "W"


def test_R12_redeal_leaves_caller_and_count_unchanged() -> None:
    g = kort("S")
    win(g, "NS")  # S: first win
    trump(g, "C")
    g.apply(Redeal())
    assert g.phase == "trump"
    rep = deal(g, "E" + "S" * 7)
    assert rep["caller"] == "S" and rep["number"] == 2 and rep["result"] == "win"
    assert next_caller(g) == "N"  # that was S's second win in a row


# ------------------------------------------------------------------ R13 redeal

TWO_ACES_NO_PICTURES = "AS AH TS 9H 8D 7D 6C 5C 4S 3H 2D TC 9C"


def hand(text: str) -> tuple[Card, ...]:
    return tuple(card(t) for t in text.split())


def test_R13_seed_example_two_aces_and_no_pictures_may_be_redealt() -> None:
    g = kort("S")
    trump(g, "C")
    g.apply(Redeal(hand(TWO_ACES_NO_PICTURES)))
    assert g.phase == "trump"  # the same caller chooses trumps again
    trump(g, "H")
    rep = g.report()
    assert len(rep["deals"]) == 1
    assert rep["deals"][0]["caller"] == "S" and rep["deals"][0]["trump"] == "H"
    assert rep["totals"]["wins"] == sides(0, 0) and rep["match"]["wins"] == sides(0, 0)
    assert g.to_play is Seat.S


@pytest.mark.parametrize("picture", ["JC", "QC", "KC"])
def test_R13_hand_with_a_picture_card_may_not_be_redealt(picture: str) -> None:
    g = kort("S")
    trump(g, "C")
    before = g.report()
    with pytest.raises(RulesError):
        g.apply(Redeal(hand(TWO_ACES_NO_PICTURES.replace("TC", picture))))
    assert g.report() == before and g.phase == "play"


def test_R13_redeal_only_after_trumps_and_before_the_first_lead() -> None:
    g = kort("S")
    with pytest.raises(RulesError):
        g.apply(Redeal())  # no deal yet: trumps not chosen
    trump(g, "C")
    play(g, "AH")
    with pytest.raises(RulesError):
        g.apply(Redeal())  # the first lead is made
    assert last(g)["trick_winners"] == [] and g.to_play is Seat.E


def test_R13_no_limit_on_redeals() -> None:
    g = kort("W")
    for _ in range(5):
        trump(g, "C")
        g.apply(Redeal(hand(TWO_ACES_NO_PICTURES)))
    trump(g, "D")
    rep = g.report()
    assert len(rep["deals"]) == 1 and rep["deals"][0]["caller"] == "W"
    assert rep["deals"][0]["trump"] == "D"


def test_R13_no_redeal_under_pagat() -> None:
    g = pagat()
    trump(g, "C")
    with pytest.raises(RulesError):
        g.apply(Redeal(hand(TWO_ACES_NO_PICTURES)))


def test_R13_redeal_changes_no_score() -> None:
    g = kort("S")
    win(g, "NS")
    before = g.report()
    trump(g, "S")
    g.apply(Redeal())
    after_ = g.report()
    assert after_["totals"] == before["totals"] and after_["match"] == before["match"]
