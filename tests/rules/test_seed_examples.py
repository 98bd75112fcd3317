"""The worked examples of the seed texts (../shared/seeds/), rule by rule.

- 000 (ru) "Пример тропа": trumps spades; I lead A♠ and declare trop; I lead 2♠,
  partner takes it with K♠; partner must go on with 3♠; I take it with Q♠; three
  trump leads are done and I must lead another suit (R22, R23).
- 003 (tr) / 002 (kk): the same trop example, the left opponent has no spades and
  plays a diamond; the first example: trumps hearts, K♠ led, 9♠, partner trumps
  with 5♥, A♠: partner wins (R4).
- 000 "Перераздача": two aces and no picture card may be redealt; aces are not
  pictures; with a J (or Q, K) no redeal (R13).
- 004 (ru) section 07: spades trumps; A leads K♥, B A♥, C (no hearts) 3♠, D 8♥:
  C wins with a low trump; D void too may discard a club; if A/C win the deal,
  any B/D streak is broken and the trick itself is no court (R4, R41).
"""

from __future__ import annotations

import pytest

from referee.core.events import Redeal
from referee.core.game import Game
from referee.errors import RulesError
from tests.helpers.rules import auto, card, deal, kort, last, pagat, play, sides, trump

# "I" am S (the caller), my partner is N; my right-hand opponent is E, left is W.


def flags_after(g: Game, token: str) -> bool:
    n = len(last(g)["flags"])
    play(g, token)
    return len(last(g)["flags"]) > n


def test_R22_R23_seed_000_trop_example() -> None:
    g = kort("S")
    trump(g, "S")
    play(g, "AS:trop 4S 5S 6S")  # I lead A♠ and declare trop: the 1st trump lead
    play(g, "2S 7S KS 8S")  # I lead 2♠, partner takes it with K♠
    assert last(g)["trick_winners"] == ["S", "N"]
    # partner must continue with a trump: 3♠ is the 3rd trop lead, I take it with Q♠
    assert not flags_after(g, "3S")
    play(g, "9S QS TS")  # order from N: N 3S, W 9S, S QS, E TS
    rep = last(g)
    assert rep["trick_winners"] == ["S", "N", "S"] and rep["flags"] == []
    # three trump leads are done: I must lead another suit
    probe = kort("S")
    trump(probe, "S")
    play(probe, "AS:trop 4S 5S 6S", "2S 7S KS 8S", "3S 9S QS TS")
    assert flags_after(probe, "JS")  # a trump lead now breaks R23
    assert not flags_after(g, "KH")  # another suit is fine


def test_R22_R23_seed_003_trop_example_left_opponent_void() -> None:
    g = kort("S")
    trump(g, "S")
    # 2. the left opponent (W) has no spades and plays a diamond; 3. my ace wins
    play(g, "AS:trop 4S 5S 2D")
    play(g, "2S 6S KS 3D")  # 4-5. I lead 2S, partner takes it with KS
    play(g, "3S 4D QS 7S")  # 6-7. partner leads 3S, I take it with QS: trop fulfilled
    rep = last(g)
    assert rep["trick_winners"] == ["S", "N", "S"]
    assert rep["flags"] == [] and rep["revoke"] is None  # W discarding is no revoke
    play(g, "KH 2H 3H 4H")  # 8. I lead the king of hearts
    assert last(g)["flags"] == []


def test_R4_seed_003_002_partner_trumps_and_wins() -> None:
    g = kort("S")
    trump(g, "H")
    play(g, "KS 9S 5H AS")
    rep = last(g)
    assert rep["trick_winners"] == ["N"]  # 5♥ is the only trump in the trick
    assert rep["tricks"] == sides(1, 0)


TWO_ACES = "AS AH TS 9H 8D 7D 6C 5C 4S 3H 2D TC 9C"


def test_R13_seed_000_redeal_two_aces_no_pictures() -> None:
    g = kort("S")
    trump(g, "C")
    g.apply(Redeal(tuple(card(t) for t in TWO_ACES.split())))
    trump(g, "D")  # the same caller chooses trumps again
    rep = g.report()
    assert len(rep["deals"]) == 1 and rep["deals"][0]["caller"] == "S"
    assert rep["deals"][0]["trump"] == "D"
    assert rep["totals"]["wins"] == sides(0, 0)


@pytest.mark.parametrize("picture", ["JD", "QD", "KD"])
def test_R13_seed_000_hand_with_a_picture_is_not_redealt(picture: str) -> None:
    g = kort("S")
    trump(g, "C")
    hand = TWO_ACES.replace("8D", picture)
    with pytest.raises(RulesError):
        g.apply(Redeal(tuple(card(t) for t in hand.split())))
    assert last(g)["trump"] == "C" and g.phase == "play"


def test_R4_seed_004_worked_example_low_trump_wins() -> None:
    g = pagat("W")  # A = S (the caller), B = E, C = N, D = W
    trump(g, "S")
    play(g, "KH AH 3S 8H")
    rep = last(g)
    assert rep["trick_winners"] == ["N"] and rep["revoke"] is None and rep["courts"] == sides(0, 0)


def test_R4_seed_004_void_player_may_discard_a_club_over_a_trump() -> None:
    g = pagat("W")
    trump(g, "S")
    play(g, "KH AH 3S 2C")  # D also has no hearts and discards a club
    rep = last(g)
    assert rep["trick_winners"] == ["N"] and rep["revoke"] is None


def test_R41_seed_004_a_deal_won_breaks_the_other_sides_streak() -> None:
    g = pagat("N")  # first dealer N, caller W: NS (the dealer's side) win deal 1
    deal(g, "W" + "N" * 7)
    assert g.report()["streaks"] == sides(1, 0)
    assert g.report()["next"] == {"dealer": "W", "caller": "S"}
    deal(g, "S" + "E" * 7)  # EW win deal 2: NS's streak is broken
    r = g.report()
    assert r["streaks"] == sides(0, 1) and r["totals"]["courts"] == sides(0, 0)


def test_R41_seed_004_the_example_deal_won_by_A_C_is_no_court() -> None:
    g = pagat("W")  # A = S calls
    trump(g, "S")
    play(g, "KH AH 3S 8H")  # C (N) wins the example trick
    auto(g, "SESSSNS")  # A/C go on to win the deal 7:1
    rep = last(g)
    assert rep["result"] == "win" and rep["winner"] == "NS" and rep["tricks"] == sides(7, 1)
    assert rep["courts"] == sides(0, 0)
    assert g.report()["streaks"] == sides(1, 0)
