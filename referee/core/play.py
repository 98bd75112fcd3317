"""Card play: one card in its trick, what it proves, the kort lead duties it meets and
the trick and deal it closes (R3-R6, R20-R27, R30, R36, R41, R43, R50-R55, R59, R67).

The functions here are the engine's own (they change the mutable
:class:`~referee.core.deal.Deal` inside a :class:`~referee.core.game.Game` and keep
its undo frames, R65); only :mod:`referee.core.game` calls :func:`play_card`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.core.cards import FULL_DECK, Card
from referee.core.deal import Deal, Trick
from referee.core.events import Declaration, Play
from referee.core.notices import (
    BavyanAsked,
    DealOver,
    DeclarationReplaced,
    LeadFlagged,
    MatchWon,
    Notice,
    card_played,
    declaration_made,
    trick_won,
)
from referee.core.proofs import NO_TRUMPS, ONLY_TRUMPS, End, presumed, proofs
from referee.core.scoring import kort_result, settle
from referee.core.table import Seat, Side
from referee.core.trick import trick_winner_index
from referee.core.vocab import BavyanState, Duty, Result
from referee.errors import N_, RulesError

if TYPE_CHECKING:
    from referee.core.game import Game

ALL_SUITS = 0b1111
# Lookup tables for the per-card hot path (enum construction is slow).
AFTER: dict[bool, tuple[tuple[Seat, ...], ...]] = {
    cw: tuple(tuple(Seat((s + (-k if cw else k)) % 4) for k in range(4)) for s in range(4))
    for cw in (False, True)
}
SIDE_OF: tuple[Side, ...] = (Side.NS, Side.EW, Side.NS, Side.EW)
_BIT: dict[Card, int] = {c: 1 << c.code for c in FULL_DECK}
# Tags closing the undo frames (R65) on Game._frames, see Game.__init__.
EVENT, FULL, LEAD, CLOSE, WON = "event", "full", "lead", "close", "won"
_DUTY = {"tsar": Duty.TSAR, "trop": Duty.TROP, "trop7": Duty.TROP7}
_DECLARED: dict[Duty, Declaration] = {Duty.TROP: "trop", Duty.TROP7: "trop7"}
_PLAYING, _PENDING = BavyanState.PLAYING, BavyanState.PENDING
_FREE, _TROP7 = Duty.FREE, Duty.TROP7  # enum members looked up once (a class lookup per card is slow)
_SIDES = (Side.NS, Side.EW)
_ONLY_TRUMPS, _NO_TRUMPS = ONLY_TRUMPS, NO_TRUMPS


def refused(id: str, template: str, params: dict[str, Any] | None = None, **where: Any) -> RulesError:
    """A RulesError ``id`` with the English ``template`` and its ``params`` (cards stay
    :class:`Card`, shown as the table reads them when rendered: issue 8) and the place
    ``where`` (``deal``, ``trick``, ``seat``, ``token``)."""
    return RulesError(template, id=id, params=params or {}, **where)


def err(
    id: str,
    template: str,
    d: Deal | None = None,
    params: dict[str, Any] | None = None,
    *,
    trick: int | None = None,
    seat: Seat | None = None,
    token: str | None = None,
) -> RulesError:
    """The refusal ``id`` (English ``template``, its ``params``) in deal ``d``."""
    return refused(id, template, params, deal=d.number if d else None, trick=trick, seat=seat, token=token)


def next_leader(d: Deal) -> Seat:
    """Who leads the next trick: the last trick's winner, else the caller (R4, R10)."""
    for t in reversed(d.tricks):
        if t.winner is not None:
            return t.winner
    return d.caller


# ------------------------------------------------------------------ refusals
def _check_deal(g: Game, ev: Play) -> Deal:
    """The deal a card goes into; refuses one outside play (R10, R27, R40). (The card
    path tests the same first and calls this only to raise.)"""
    deals = g._deals
    d = deals[-1] if deals else None
    if d is None or d.result is not None or d.trump is None:
        if d is not None and d.result is not None:
            raise err(
                "play.deal-over",
                N_("deal {deal} is over ({result}): choose trumps for the next deal first"),
                d,
                {"deal": d.number, "result": str(d.result)},
                token=str(ev.card),
            )
        raise err(
            "play.no-trumps", N_("choose trumps before the first card (R10, R40)"), d, token=str(ev.card)
        )
    if d.bavyan is _PENDING:
        raise err(
            "bavyan.decide-first",
            N_("the side at 7:0 must first decide on bavyan (R27)"),
            d,
            token=str(ev.card),
        )
    return d


def _check_card(d: Deal, card: Card, number: int, seat: Seat) -> None:
    """Refuse a card already seen in the deal (R3) or the caller's shown 13th card
    played by another seat (R59)."""
    if d.seen & _BIT[card]:
        where = next(x.number for x in d.tricks if card in x.cards)
        raise err(
            "play.seen-twice",
            N_("{card} was already played in deal {deal} (trick {where}); a card is seen once per deal (R3)"),
            d,
            {"card": card, "deal": d.number, "where": where},
            trick=number,
            seat=seat,
            token=str(card),
        )
    if d.thirteenth is not None and card == d.thirteenth and seat != d.caller:
        raise err(
            "play.thirteenth-elsewhere",
            N_("{card} is the caller's shown 13th card: {seat} cannot hold it (R59)"),
            d,
            {"card": card, "seat": seat.name},
            trick=number,
            seat=seat,
            token=str(card),
        )


def _check_declaration(g: Game, d: Deal, ev: Play, is_lead: bool, number: int, seat: Seat) -> None:
    """Refuse a declaration the profile or the card does not allow (R20, R40)."""
    decl = ev.declaration
    if decl is None:
        return
    card = ev.card
    p = g.profile
    token = f"{card}:{decl}"
    if not p.options.tsar:
        raise err(
            "declare.not-a-rule",
            N_("declaration :{decl} is not a rule of profile {profile} (R40)"),
            d,
            {"decl": decl, "profile": p.name},
            trick=number,
            seat=seat,
            token=token,
        )
    if not is_lead:
        raise err(
            "declare.not-a-lead",
            N_("declaration :{decl} only on the lead of a trick (R20)"),
            d,
            {"decl": decl},
            trick=number,
            seat=seat,
            token=token,
        )
    if card.suit != d.trump:
        raise err(
            "declare.non-trump",
            N_("declaration :{decl} on a non-trump lead (R20)"),
            d,
            {"decl": decl},
            trick=number,
            seat=seat,
            token=token,
        )
    if (decl == "trop" and not p.options.trop) or (decl == "trop7" and not p.options.trop7):
        raise err(
            "declare.not-allowed",
            N_("declaration :{decl} is not allowed by profile {profile}"),
            d,
            {"decl": decl, "profile": p.name},
            trick=number,
            seat=seat,
            token=token,
        )


# ------------------------------------------------------------------ play
def play_card(g: Game, ev: Play) -> list[Notice]:
    """Play ``ev.card`` for the seat whose turn it is (R4); return the notices (the
    card first). Raises RulesError, changing nothing, for a refused card."""
    deals = g._deals
    d = deals[-1] if deals else None
    if d is None or d.result is not None or d.trump is None or d.bavyan is _PENDING:
        d = _check_deal(g, ev)  # raises
    card = ev.card
    tricks = d.tricks
    t = tricks[-1] if tricks and len(tricks[-1].cards) < 4 else None
    is_lead = t is None
    number = len(tricks) + 1 if t is None else t.number
    seat = next_leader(d) if t is None else g._after[t.leader][len(t.cards)]
    bit = _BIT[card]
    if d.seen & bit or d.thirteenth is not None:
        _check_card(d, card, number, seat)
    if ev.declaration is not None:
        _check_declaration(g, d, ev, is_lead, number, seat)
    # ---- validated: from here on the event is accepted and state changes
    if t is None:
        t = Trick(number=number, leader=seat)
        tricks.append(t)
    t.cards.append(card)
    t.seats.append(seat)
    d.seen |= bit
    notices: list[Notice] = [card_played(d.number, number, seat, card)]
    voids = d.voids
    suit = card.suit
    led = None if is_lead else t.cards[0].suit
    fails = led is not None and suit != led and not voids[seat] >> led & 1
    # Undo (R65): the frame goes on the stack before anything beyond the card's place
    # changes: a full state before a proof or a void, else a lead's or a trick's end.
    code = -bit if is_lead else bit
    frames = g._frames
    full = bool(voids[seat] >> suit & 1 or d.suspects or fails)
    ends: End | None = None
    if full:
        frames += (code, d.capture(), FULL)
        ends = proofs(g, d, seat, card, number, led if fails else None, notices)
    if is_lead and g._lead_rules:
        if not full:
            duty = d.duties[seat & 1]
            frames += (code, seat & 1, duty.kind, duty.leads, duty.target, d.trop7_side, len(d.flags), LEAD)
        r = _lead_duties(g, d, t, seat, card, ev.declaration, notices)
        ends = ends or r
    elif not full and len(t.cards) < 4:
        frames.append(code)  # nothing changed but the card's place
    if len(t.cards) == 4:
        if ends is not None:
            close_trick(g, d, t, notices, count_only=True)  # R50: the ending card counts
        else:
            if not full:
                _push_close(g, d, code)
            ends = close_trick(g, d, t, notices)
    if ends is not None:
        if len(t.cards) < 4:
            d.abandoned = True  # R50: the trick is abandoned, no winner
        notices += finish(g, d, *ends)
    return notices


def _push_close(g: Game, d: Deal, code: int) -> None:
    """The undo frame of a card that completes its trick and changed nothing else."""
    if g._lead_rules:
        d0, d1 = d.duties
        g._frames += (
            code,
            d0.kind,
            d0.leads,
            d0.target,
            d1.kind,
            d1.leads,
            d1.target,
            d.trop7_side,
            d.bavyan,
            d.bavyan_side,
            CLOSE,
        )
    else:
        g._frames += (code, WON)


def _nontrump_lead(d: Deal, t: Trick, seat: Seat) -> End | None:
    """A kort non-trump lead against the side's duty (R22, R24, R25); a trop7 broken
    by it ends the deal (R25, R50)."""
    duty = d.duties[SIDE_OF[seat]]
    if not duty.owes_trump:
        duty.after_lead(False)
        return None
    # R22/R24: the leader has no trump left; a later trump proves a breach.
    d.suspects.setdefault((seat, _NO_TRUMPS), t.number)
    kind = duty.kind
    duty.kind = _FREE
    if kind is _TROP7:
        d.trop7_side = None
        return (Result.TROP_FAILED, SIDE_OF[seat].other)
    return None


def _lead_duties(
    g: Game, d: Deal, t: Trick, seat: Seat, card: Card, decl: Declaration | None, notices: list[Notice]
) -> End | None:
    """Kort trump-lead duties on a lead (R20-R25, R51-R55, R67). Returns a deal end
    when a trop7 is broken by a non-trump lead (R25, R50)."""
    trump = d.trump
    assert trump is not None
    if card.suit != trump:
        return _nontrump_lead(d, t, seat)
    side = SIDE_OF[seat]
    duty = d.duties[side]
    # R55: a known all-trump hand; R67: one presumed so since a flagged lead.
    exempt = (d.voids[seat] | 1 << trump) == ALL_SUITS or presumed(d, seat)
    if duty.owes_trump:
        duty.leads += 1  # R52: a continuation lead; any declaration is ignored
        t.declaration = _DECLARED[duty.kind]
        duty.after_lead(True)
        return None
    if duty.owes_nontrump:
        duty.after_lead(True)
        if not exempt:
            d.suspects.setdefault((seat, _ONLY_TRUMPS), t.number)
            d.flags.append(
                f"trick {t.number}: {seat.name} led trump {card} against a "
                "tsar/trop duty: illegal unless he holds only trumps (R21, R23, R24)"
            )
            notices.append(LeadFlagged(seat, t.number, card))
        return None
    if exempt:
        return None  # R24/R55: a hand of only trumps declares nothing
    chosen = _chosen(g, d, t, seat, decl or "tsar", notices)
    o = g.profile.options
    t.declaration = chosen
    duty.kind = _DUTY[chosen]
    duty.leads = 1
    duty.target = o.trop7_leads if chosen == "trop7" else o.trop_leads if chosen == "trop" else 1
    if chosen == "trop7":
        d.trop7_side = side
    notices.append(declaration_made(seat, t.number, chosen))
    return None


def _chosen(g: Game, d: Deal, t: Trick, seat: Seat, typed: Declaration, notices: list[Notice]) -> Declaration:
    """What a free trump lead counts as: ``typed``, unless R25 or R24 replaces it (R53)."""
    chosen = typed
    if chosen == "trop7" and (t.number != 1 or seat != d.caller):
        chosen = "trop"
        d.flags.append(
            f"trick {t.number}: trop7 only on the first lead of the deal; taken as trop (R25, R53)"
        )
        notices.append(DeclarationReplaced(seat, t.number, "trop7", "trop"))
    side = SIDE_OF[seat]
    won = d.tricks_won[side]
    if (
        chosen in ("trop", "trop7")
        and won >= g.profile.options.trop_until
        and not (d.bavyan is _PLAYING and d.bavyan_side == side)
    ):
        d.flags.append(
            f"trick {t.number}: with {won} tricks only tsar may be "
            f"declared; {chosen} taken as tsar (R24, R53)"
        )
        notices.append(DeclarationReplaced(seat, t.number, chosen, "tsar"))
        chosen = "tsar"
    return chosen


def close_trick(g: Game, d: Deal, t: Trick, notices: list[Notice], count_only: bool = False) -> End | None:
    """Settle a complete trick (R4) and see whether the deal is over (R5, R25, R27)."""
    trump = d.trump
    assert trump is not None
    winner = t.seats[trick_winner_index(t.cards, trump)]
    t.winner = winner
    side = SIDE_OF[winner]
    won = d.tricks_won
    won[side] += 1
    notices.append(trick_won(winner, t.number, (won[0], won[1])))
    if count_only:
        return None
    if g._lead_rules:
        ended = _duties_after_trick(d, side)
        if ended is not None:
            return ended
    return _deal_end(g, d, side, notices)


def _duties_after_trick(d: Deal, side: Side) -> End | None:
    """Both sides' duties after a trick ``side`` won (R21, R22, R51); a trop7 the
    opponents broke ends the deal (R25)."""
    for s in _SIDES:
        d.duties[s].after_trick(s == side)
    if d.trop7_side is not None:
        if side != d.trop7_side:
            d.trop7_side = None
            return (Result.TROP_FAILED, side)  # R25: broken, 1 win to the opponents
        if d.duties[d.trop7_side].kind is not _TROP7:
            d.trop7_side = None  # all leads played: the trop7 is kept so far
    return None


def _deal_end(g: Game, d: Deal, side: Side, notices: list[Notice]) -> End | None:
    """Whether the trick ``side`` just won ends the deal (R5, R27, R30, R41)."""
    won, lost = d.tricks_won[side], d.tricks_won[1 - side]
    if d.bavyan is _PLAYING:
        if side != d.bavyan_side:
            return (Result.BAVYAN_FAILED, side)  # R27
        if won == 13:
            return (Result.BAVYAN if side == d.caller.side else Result.AT_BAVYAN, side)
        return None
    if won >= g._tricks_to_win:
        if lost == 0 and g.profile.options.bavyan:
            d.bavyan = _PENDING
            d.bavyan_side = side
            notices.append(BavyanAsked(side))
            return None
        if g.profile.is_match:
            return (kort_result(side, d.caller.side, won, lost, g._tricks_to_win), side)
        return (Result.COURT if lost == 0 else Result.WIN, side)
    return None


def finish(g: Game, d: Deal, result: Result, winner: Side) -> list[Notice]:
    """End the deal with ``result`` credited to ``winner`` and settle the score."""
    d.result = result
    d.winner = winner
    score = g._score = g._score.copy()  # settled in a new object: undo puts the old one back
    st = settle(
        g.profile, score, result=result, winner=winner, dealer=d.dealer, caller=d.caller, target=g.target
    )
    d.match_wins = st.wins
    d.courts = st.courts
    before = d.score_before.match_wins
    match = (before[0] + st.wins[0], before[1] + st.wins[1])
    won = d.tricks_won
    notices: list[Notice] = [
        DealOver(
            d.number,
            result,
            winner,
            (won[0], won[1]),
            st.wins,
            st.courts,
            match,
            score.streaks[winner],
            d.revoke.seat if d.revoke is not None else None,
        )
    ]
    if st.match_won_by is not None:
        notices.append(MatchWon(st.match_won_by, match))
    return notices
