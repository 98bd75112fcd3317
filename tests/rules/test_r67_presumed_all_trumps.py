"""R67 (kort): a player whose trump lead was taken as "holds only trumps" (R52: it
broke an R21/R23 duty and was flagged) stays presumed so until a non-trump from him
proves the breach.

Trumps are spades and S is the caller. Every expected value below is read off the
text of R21-R24, R52, R55, R60 and R67, trick by trick, in the comments.
"""

from __future__ import annotations

from referee.core.events import Play
from referee.core.game import Game
from referee.core.notices import BreachProven, Notice, RevokeProven
from referee.core.view import DealView
from tests.helpers.rules import card, kort, last, play, trump


def game() -> Game:
    g = kort("S")
    trump(g, "S")
    return g


def flags(g: Game) -> int:
    return len(last(g)["flags"])


def raises_flag(g: Game, token: str) -> bool:
    n = flags(g)
    play(g, token)
    return flags(g) > n


def current(g: Game) -> DealView:
    """The deal in progress."""
    assert g.current is not None
    return g.current


def kinds(notices: list[Notice]) -> list[tuple[str, int | None, int | None]]:
    """(kind, trick, proven_at) of the revoke and breach notices of one card."""
    return [(n.kind, n.trick, n.proven_at) for n in notices if isinstance(n, RevokeProven | BreachProven)]


def test_R67_later_trump_lead_of_the_presumed_player_creates_no_duty_and_no_flag() -> None:
    g = game()
    play(g, "AS 2S 3S 4S")  # trick 1: S's tsar (R24 default), S wins: NS owe a non-trump lead
    assert raises_flag(g, "KS")  # trick 2: against the R21 duty: flagged, S presumed (R52)
    play(g, "5S 6S 7S")  # S wins trick 2 with KS
    assert not raises_flag(g, "QS")  # trick 3: presumed, declares nothing (R67)
    play(g, "8S 9S TS")  # S wins trick 3 with QS
    assert current(g).tricks[2].declaration is None  # not a tsar
    # Had QS been a tsar won by S, NS would owe a non-trump lead and JS would be a
    # breach (R21, as at trick 2). Presumed, S owes nothing: no new flag.
    assert not raises_flag(g, "JS")
    play(g, "2H 3H 4H")  # E, N, W have no spade left (all 13 are out): S wins trick 4
    rep = last(g)
    assert rep["trick_winners"] == ["S", "S", "S", "S"]
    assert rep["revoke"] is None and len(rep["flags"]) == 1  # only the trick-2 flag


def test_R67_declaration_on_a_presumed_lead_is_ignored_without_a_flag() -> None:
    g = game()
    play(g, "AS 2S 3S 4S")  # trick 1: tsar won by S
    assert raises_flag(g, "KS")  # trick 2: flagged, S presumed
    play(g, "5S 6S 7S")
    # trick 3: trop7 after the first lead would be replaced by trop and flagged (R53);
    # on a presumed lead any declaration is ignored, without a flag (R67).
    assert not raises_flag(g, "QS:trop7")
    play(g, "8S 9S TS")  # S wins trick 3
    assert current(g).tricks[2].declaration is None
    # Had a trop (or trop7) counted, S's heart lead would lift it ("no trump left",
    # R22) or break it (R25: trop-failed). Nothing counted: the heart only proves the
    # trick-2 breach (R67), and under kort the deal goes on (R36).
    notices = g.apply(Play(card("AH")))
    assert kinds(notices) == [("breach", 2, 4)]
    rep = last(g)
    assert rep["result"] == "in-progress"
    assert rep["revoke"] == {"seat": "S", "trick": 2, "proven_at": 4}


def test_R67_first_non_trump_proves_the_breach_at_the_flagged_lead() -> None:
    g = game()
    play(g, "2S 3S AS 4S")  # trick 1: S's tsar, N wins with AS: the duty passes to N (R21)
    assert raises_flag(g, "5S")  # trick 2: N leads a trump against it: flagged, N presumed
    play(g, "6S 7S KS")  # N 5S, W 6S, S 7S, E KS: E wins trick 2
    # trick 3: E leads a heart and N ruffs. N fails to follow hearts while presumed: that
    # agrees with the presumption, so it is no separate revoke (R67).
    play(g, "AH 8S 2H 3H")  # E AH, N 8S, W 2H, S 3H: N wins with the trump
    assert not raises_flag(g, "9S")  # trick 4: N's trump lead, presumed: no flag, no duty
    play(g, "TS JS QS")  # N 9S, W TS, S JS, E QS: E wins trick 4
    assert last(g)["trick_winners"] == ["N", "E", "N", "E"]
    assert last(g)["revoke"] is None
    # trick 5: E leads KH and N follows with 4H, his first non-trump, of a suit he had
    # failed to follow: it was in his hand at trick 2, so it proves the breach there.
    play(g, "KH")
    notices = g.apply(Play(card("4H")))
    assert kinds(notices) == [("breach", 2, 5)]  # and no revoke for trick 3
    play(g, "5H 6H")  # W 5H, S 6H: E wins trick 5
    rep = last(g)
    assert rep["revoke"] == {"seat": "N", "trick": 2, "proven_at": 5}
    assert rep["result"] == "in-progress" and rep["trick_winners"][-1] == "E"
    # From then on N is judged like any other player (R6): trick 6 he fails to follow
    # diamonds, trick 7 he plays a diamond: a revoke in trick 6, proven at trick 7.
    play(g, "AD 2C 2D 3D")  # E AD, N 2C, W 2D, S 3D: E wins
    play(g, "KD")
    notices = g.apply(Play(card("4D")))
    assert kinds(notices) == [("revoke", 6, 7)]
    # R60: with several proven in one kort deal, the report keeps the first.
    assert last(g)["revoke"] == {"seat": "N", "trick": 2, "proven_at": 5}


def test_R67_a_card_that_proves_an_earlier_revoke_and_the_breach() -> None:
    g = game()
    play(g, "AH 2H 2D 3H")  # trick 1: S AH, E 2H, N 2D (fails to follow hearts), W 3H: S wins
    play(g, "2S 3S AS 4S")  # trick 2: S's tsar, N wins with AS: NS owe a non-trump lead
    assert raises_flag(g, "KS")  # trick 3: N leads a trump against the duty: presumed
    play(g, "5S 6S 7S")  # N wins trick 3
    # trick 4: N leads 4H, a heart: it proves the revoke of trick 1 (R6) and the breach
    # of trick 3 (R67); both are proven and the deal's revoke is the one committed first.
    notices = g.apply(Play(card("4H")))
    assert sorted(kinds(notices)) == [("breach", 3, 4), ("revoke", 1, 4)]
    rep = last(g)
    assert rep["revoke"] == {"seat": "N", "trick": 1, "proven_at": 4}
    assert rep["result"] == "in-progress"  # R36: kort, no penalty
    assert len(rep["flags"]) == 3  # the trick-3 flag and one per proof (R58)


def test_R67_a_presumed_lead_that_continues_a_trop_counts_as_one_of_its_leads() -> None:
    g = game()
    play(g, "2S 2H AS 3H")  # trick 1: S's tsar, N wins (E and W show no spades)
    assert raises_flag(g, "3S")  # trick 2: N leads a trump against the duty: presumed
    play(g, "4H 4S 5H")  # N 3S, W 4H, S 4S, E 5H: S wins trick 2
    assert not raises_flag(g, "5S:trop")  # trick 3: S (not presumed) declares a trop
    play(g, "6H KS 7H")  # S 5S, E 6H, N KS, W 7H: N wins: NS owe the 2nd trop lead
    assert not raises_flag(g, "6S")  # trick 4: N's lead continues the trop (R52, R67)
    play(g, "8H 7S 9H")  # N 6S, W 8H, S 7S, E 9H: S wins
    assert current(g).tricks[3].declaration == "trop"
    assert not raises_flag(g, "9S")  # trick 5: the 3rd trop lead, owed
    play(g, "TH 8S JH")  # S 9S, E TH, N 8S, W JH: S wins; the trop is complete (R51)
    assert last(g)["trick_winners"] == ["N", "S", "N", "S", "S"]
    # N's trick-4 lead counted, so three leads are played: the R23 ban follows and S's
    # trump lead is a breach (had it not counted, this would be the owed 3rd lead).
    assert raises_flag(g, "TS")


def test_R67_no_declaration_is_offered_to_the_presumed_player() -> None:
    g = game()
    assert g.allowed_declarations() == ("tsar", "trop", "trop7")  # S's first lead (R20-R25)
    play(g, "AS 2S 3S 4S")  # trick 1: S's tsar won by S: NS owe a non-trump lead (R21)
    assert g.allowed_declarations() == ()  # the R21 duty: no trump lead to declare
    assert raises_flag(g, "KS")  # trick 2: against the duty: flagged, S presumed (R52)
    play(g, "5S 6S 7S")  # S wins trick 2; the R21 duty covered that one lead
    assert g.to_play is not None and g.to_play.name == "S"
    # Free of any duty with 2 tricks, S could declare tsar or trop (R24) were he not
    # presumed to hold only trumps: his trump leads declare nothing (R67, as R55).
    assert g.allowed_declarations() == ()
    play(g, "AH")  # trick 3: a non-trump from S proves the trick-2 breach; presumption over
    play(g, "2H 3H 4H")  # S wins trick 3 with AH and leads again, judged as any player
    assert g.allowed_declarations() == ("tsar", "trop")
