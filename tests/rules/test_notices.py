"""The engine's typed notices (issue 8): what each accepted event tells the table,
with values worked out from the rules (R4, R40, R41, R57), not from the engine."""

from __future__ import annotations

from referee.core.cards import Suit
from referee.core.events import ChooseTrump
from referee.core.notices import CardPlayed, DealOver, TrickWon, TrumpChosen
from referee.core.table import Seat, Side
from referee.core.vocab import Phase, Result
from tests.helpers.rules import auto, card, ev, pagat, trick_for, trump


def test_a_trick_says_who_played_what_and_who_won_it() -> None:
    g = pagat()  # W deals, so S calls and leads (R40)
    assert g.apply(ChooseTrump(Suit.H)) == [TrumpChosen(1, Seat.S, Suit.H, None)]
    assert g.phase is Phase.PLAY
    got = [g.apply(ev(t)) for t in ("2C", "AC", "3C", "4H")]  # S, E, N, W in turn (R1)
    assert got[0] == [CardPlayed(1, 1, Seat.S, card("2C"))]
    assert got[1] == [CardPlayed(1, 1, Seat.E, card("AC"))]
    assert got[2] == [CardPlayed(1, 1, Seat.N, card("3C"))]
    # R4: W's trump beats the led clubs; the trick goes to EW, 0:1.
    assert got[3] == [CardPlayed(1, 1, Seat.W, card("4H")), TrickWon(Seat.W, 1, (0, 1))]
    won = got[3][1]
    assert isinstance(won, TrickWon) and won.side is Side.EW


def test_deal_over_carries_what_the_result_line_needs() -> None:
    g = pagat()
    trump(g, "S")
    auto(g, "SNSNSN")  # six tricks to NS
    tokens = trick_for(g, "S").split()
    for t in tokens[:-1]:
        g.apply(ev(t))
    notices = g.apply(ev(tokens[-1]))
    # R41, R57: 7:0 under pagat is a court to NS at once; after a court both streaks
    # are 0; pagat has no match wins.
    over = DealOver(1, Result.COURT, Side.NS, (7, 0), (0, 0), (1, 0), (0, 0), 0, None)
    assert notices[-1] == over
    assert g.outcome(g.deals[0]) == over
    assert over.result == "court"  # the report's string (record-format.md)
