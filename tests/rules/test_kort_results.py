"""Profile kort: bavyan, results, the match and revokes (R27, R30, R31, R36)."""

from __future__ import annotations

from typing import Any

import pytest

from referee.core.cards import Suit
from referee.core.events import Bavyan, ChooseTrump, Play
from referee.core.game import Game
from referee.errors import RulesError
from tests.helpers.rules import auto, card, deal, kort, last, play, sides, sweep_tail, trump


def to_seven_nil(g: Game, winner: str = "S") -> None:
    """Caller S, trumps spades; ``winner``'s side takes the first 7 tricks."""
    trump(g, "S")
    auto(g, winner * 7)


# ------------------------------------------------------------------ R27 bavyan


@pytest.mark.parametrize("winner", ["S", "E"])
def test_R27_at_7_nil_the_side_decides_on_bavyan_first(winner: str) -> None:
    g = kort("S")
    to_seven_nil(g, winner)
    assert g.phase == "bavyan"
    rep = last(g)
    assert rep["result"] == "in-progress" and rep["winner"] is None
    assert rep["wins"] == sides(0, 0) and g.report()["totals"]["wins"] == sides(0, 0)
    with pytest.raises(RulesError):
        g.apply(Play(card("2C")))  # no card before the decision
    with pytest.raises(RulesError):
        g.apply(ChooseTrump(Suit.S))  # nor a new deal


def test_R27_declined_court_stands() -> None:
    g = kort("S")
    to_seven_nil(g, "S")
    g.apply(Bavyan(False))
    rep = last(g)
    assert rep["result"] == "court" and rep["wins"] == sides(5, 0)
    assert rep["tricks"] == sides(7, 0)


def test_R27_declined_at_court_stands() -> None:
    g = kort("S")
    to_seven_nil(g, "E")
    g.apply(Bavyan(False))
    rep = last(g)
    assert rep["result"] == "at-court" and rep["winner"] == "EW"
    assert rep["wins"] == sides(0, 7)


def test_R27_bavyan_all_13_tricks() -> None:
    g = kort("S")
    to_seven_nil(g, "S")
    g.apply(Bavyan(True))
    assert g.phase == "play"
    auto(g, "SS")
    sweep_tail(g)  # N ruffs trick 10 and wins 11-13
    rep = last(g)
    assert rep["tricks"] == sides(13, 0)
    assert rep["trick_winners"] == ["S"] * 9 + ["N"] * 4
    assert rep["result"] == "bavyan" and rep["winner"] == "NS"
    assert rep["wins"] == sides(10, 0) and rep["courts"] == sides(1, 0)
    assert rep["flags"] == []  # R54: trop is allowed to the bavyan side


def test_R27_at_bavyan_all_13_tricks() -> None:
    g = kort("S")
    to_seven_nil(g, "E")
    g.apply(Bavyan(True))
    auto(g, "EE")
    sweep_tail(g)  # W ruffs trick 10 and wins 11-13
    rep = last(g)
    assert rep["tricks"] == sides(0, 13)
    assert rep["result"] == "at-bavyan" and rep["winner"] == "EW"
    assert rep["wins"] == sides(0, 13) and rep["courts"] == sides(0, 1)


def test_R27_bavyan_failed_ends_the_deal_at_once() -> None:
    g = kort("S")
    to_seven_nil(g, "S")
    g.apply(Bavyan(True))
    auto(g, "S")  # trick 8
    auto(g, "W")  # trick 9: the opponents take a trick
    rep = last(g)
    assert rep["result"] == "bavyan-failed" and rep["winner"] == "EW"
    assert rep["wins"] == sides(0, 5) and rep["courts"] == sides(0, 0)
    assert rep["tricks"] == sides(8, 1)
    with pytest.raises(RulesError):
        g.apply(Play(card("2C")))


def test_R27_bavyan_question_only_after_7_nil() -> None:
    g = kort("S")
    with pytest.raises(RulesError):
        g.apply(Bavyan(True))
    trump(g, "S")
    auto(g, "SSSSSS")
    with pytest.raises(RulesError):
        g.apply(Bavyan(True))  # 6:0, not yet
    auto(g, "E" + "S")  # 7:1: an ordinary win, no question
    assert last(g)["result"] == "win"
    with pytest.raises(RulesError):
        g.apply(Bavyan(True))


# ------------------------------------------------------------- R30 deal results


def result_of(how: str) -> tuple[Game, dict[str, Any]]:
    g = kort("S")  # caller S: NS hold trump
    trump(g, "S")
    if how == "win 7:1":
        auto(g, "ESSSSSSS")
    elif how == "win 7:6":
        auto(g, "SSSSEEEES")  # NS 5 EW 4, S leads trick 10; 2H 2D 2C left
        # 10: S 2H, E 2D, N 2C, W 2S (ruff) -> W; 11: W 3S(tsar) S 4S E 5S N AS -> N
        # 12: N 6S W KS S 7S E 8S -> W;          13: W 9S S QS E TS N JS -> S
        play(g, "2H 2D 2C 2S", "3S 4S 5S AS", "6S KS 7S 8S", "9S QS TS JS")
    elif how == "opp win 7:2":
        auto(g, "SNEEEEEEE")
    elif how in ("court", "at-court"):
        auto(g, ("S" if how == "court" else "E") * 7)
        g.apply(Bavyan(False))
    elif how in ("bavyan", "at-bavyan"):
        auto(g, ("S" if how == "bavyan" else "E") * 7)
        g.apply(Bavyan(True))
        auto(g, ("S" if how == "bavyan" else "E") * 2)
        sweep_tail(g)
    elif how in ("bavyan-failed", "at-bavyan-failed"):
        w, o = ("S", "E") if how == "bavyan-failed" else ("E", "S")
        auto(g, w * 7)
        g.apply(Bavyan(True))
        auto(g, o)
    elif how == "trop-failed":
        play(g, "KS:trop7 2S 3S 4S", "QS AS 5S 6S")
    return g, last(g)


@pytest.mark.parametrize(
    "how,result,winner,wins,tricks",
    [
        ("win 7:1", "win", "NS", (1, 0), (7, 1)),
        ("win 7:6", "win", "NS", (1, 0), (7, 6)),
        ("opp win 7:2", "win", "EW", (0, 1), (2, 7)),
        ("court", "court", "NS", (5, 0), (7, 0)),
        ("at-court", "at-court", "EW", (0, 7), (0, 7)),
        ("bavyan", "bavyan", "NS", (10, 0), (13, 0)),
        ("at-bavyan", "at-bavyan", "EW", (0, 13), (0, 13)),
        ("bavyan-failed", "bavyan-failed", "EW", (0, 5), (7, 1)),
        ("at-bavyan-failed", "bavyan-failed", "NS", (5, 0), (1, 7)),
        ("trop-failed", "trop-failed", "EW", (0, 1), (1, 1)),
    ],
)
def test_R30_each_result_gives_its_match_wins(
    how: str, result: str, winner: str, wins: tuple[int, int], tricks: tuple[int, int]
) -> None:
    g, rep = result_of(how)
    assert rep["result"] == result
    assert rep["winner"] == winner
    assert rep["wins"] == sides(*wins)
    assert rep["tricks"] == sides(*tricks)
    tot = g.report()["totals"]
    assert tot["wins"] == sides(*wins)
    assert tot["deals_won"] == (sides(1, 0) if winner == "NS" else sides(0, 1))
    court = result in ("court", "at-court", "bavyan", "at-bavyan")
    expect_courts = (1 if court else 0, 0) if winner == "NS" else (0, 1 if court else 0)
    assert rep["courts"] == sides(*expect_courts)


# ------------------------------------------------------------------- R31 match


def plain_win(g: Game, side: str) -> dict[str, Any]:
    w, o = ("S", "E") if side == "NS" else ("E", "S")
    # the winners take 7 of 8 tricks, the other side one (whoever calls)
    rep = deal(g, o + w * 7)
    assert rep["result"] == "win" and rep["winner"] == side
    return rep


def test_R31_match_to_7_ends_on_the_deal_that_reaches_it() -> None:
    g = kort("S")
    rep = deal(g, "S" * 7, bavyan=False)  # court: NS 5
    assert g.report()["match"]["wins"] == sides(5, 0)
    plain_win(g, "NS")  # 6
    r = g.report()
    assert r["match"] == {**r["match"], "target": 7, "wins": sides(6, 0)}
    assert r["totals"]["matches_won"] == sides(0, 0)
    plain_win(g, "NS")  # 7: the match is won
    r = g.report()
    assert r["totals"]["matches_won"] == sides(1, 0)
    assert r["match"]["wins"] == sides(0, 0)  # R61: the new match at 0:0
    assert r["totals"]["wins"] == sides(7, 0)
    assert rep["result"] == "court"


def test_R31_at_court_wins_a_match_to_7_at_once() -> None:
    g = kort("S")
    deal(g, "E" * 7, bavyan=False)
    r = g.report()
    assert r["totals"]["matches_won"] == sides(0, 1)
    assert r["match"]["wins"] == sides(0, 0)


def test_R31_ranked_match_to_3_court_wins_at_once() -> None:
    g = kort("S", name="kort-ranked")
    plain_win(g, "NS")
    r = g.report()
    assert r["match"]["target"] == 3 and r["match"]["wins"] == sides(1, 0)
    deal(g, "S" * 7, bavyan=False)  # court, 5 more: 6 >= 3
    r = g.report()
    assert r["totals"]["matches_won"] == sides(1, 0)
    assert r["totals"]["wins"] == sides(6, 0)
    assert r["match"]["wins"] == sides(0, 0)


def test_R31_new_match_starts_at_0_0_and_the_caller_rotation_carries_on() -> None:
    g = kort("S", name="kort-ranked")
    deal(g, "S" * 7, bavyan=False)  # court by caller S: match won; R12 -> N
    r = g.report()
    assert r["totals"]["matches_won"] == sides(1, 0) and r["next"]["caller"] == "N"
    plain_win(g, "EW")  # caller N loses: -> W
    r = g.report()
    assert r["deals"][-1]["caller"] == "N"
    assert r["match"]["wins"] == sides(0, 1)
    assert r["totals"]["wins"] == sides(5, 1)
    assert r["next"]["caller"] == "W"


def test_R31_no_draw_each_deal_credits_one_side_only() -> None:
    g = kort("S")
    for how in ("S" * 7, "E" * 7):
        rep = deal(g, how, bavyan=False)
        assert (rep["wins"]["NS"] == 0) != (rep["wins"]["EW"] == 0)


# ------------------------------------------------------------ R36 kort revoke


def test_R36_kort_revoke_is_recorded_with_a_flag_and_no_penalty() -> None:
    g = kort("S")
    trump(g, "S")
    # W fails to follow hearts in trick 1 and follows hearts in trick 2
    play(g, "AH 2H 3H 2D", "KH 4H 5H 6H")
    rep = last(g)
    assert rep["revoke"] == {"seat": "W", "trick": 1, "proven_at": 2}
    assert rep["flags"] and rep["result"] == "in-progress"
    auto(g, "ESSSSS")  # NS end 7:1
    rep = last(g)
    assert rep["result"] == "win" and rep["winner"] == "NS"
    assert rep["wins"] == sides(1, 0) and rep["courts"] == sides(0, 0)
    assert rep["revoke"] == {"seat": "W", "trick": 1, "proven_at": 2}
    assert g.report()["totals"]["wins"] == sides(1, 0)
