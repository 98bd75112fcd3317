"""The events around the cards: trump choice (R10, R40, R59), redeal (R13), misdeal
(R66), the bavyan answer (R27), table rulings (R36, R43, R60) and the end signal (R44).

Each function takes the :class:`~referee.core.game.Game` and the event, raises
RulesError (changing nothing) when the rules refuse it, else changes the state and
returns the notices; :meth:`Game.apply <referee.core.game.Game.apply>` keeps the undo
frame (R65) and is the only caller.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from referee.core.deal import Deal, Revoke
from referee.core.events import Bavyan, ChooseTrump, EndSession, Misdeal, Redeal, RevokeRuling
from referee.core.notices import Misdealt, Notice, Redealt, RulingRecorded, SessionEnded, TrumpChosen
from referee.core.play import err, finish
from referee.core.table import Side
from referee.core.vocab import BavyanState, Result
from referee.errors import N_, Phrase

if TYPE_CHECKING:
    from referee.core.game import Game

_PENDING = BavyanState.PENDING


def choose_trump(g: Game, ev: ChooseTrump) -> list[Notice]:
    """The caller names trumps: for the deal waiting after a redeal, else a new deal
    (R10, R40; "13" with the shown 13th card, R59)."""
    d = g._deals[-1] if g._deals else None
    p = g.profile
    if ev.thirteenth is not None:
        if not p.options.thirteen:
            raise err(
                "trump.no-thirteen",
                N_('trump "13" is not a rule of profile {profile} (R10, R40)'),
                d,
                {"profile": p.name},
                token="13",
            )
        if ev.thirteenth.suit != ev.suit:
            raise err(
                "trump.thirteenth-suit",
                N_("the 13th card's suit must be the trump suit (R10)"),
                d,
                token=str(ev.thirteenth),
            )
    if d is not None and d.result is None:
        if d.bavyan is _PENDING:
            raise err("bavyan.decide-first", N_("the side at 7:0 must first decide on bavyan (R27)"), d)
        if d.tricks:
            raise err(
                "trump.play-started",
                N_("trumps are already chosen for deal {deal} and play has started"),
                d,
                {"deal": d.number},
                token=ev.suit.name,
            )
        d.trump = ev.suit
        d.thirteenth = ev.thirteenth
        return [TrumpChosen(d.number, d.caller, ev.suit, ev.thirteenth)]
    if g.ended:
        raise err("session.ended", N_("the session has ended (R44): no new deal"), d)
    s = g._score
    deal = Deal(
        number=len(g._deals) + 1,
        dealer=s.dealer,
        caller=s.caller,
        match_number=s.match_number,
        score_before=s.copy(),
        trump=ev.suit,
        thirteenth=ev.thirteenth,
    )
    g._deals.append(deal)
    return [TrumpChosen(deal.number, deal.caller, ev.suit, ev.thirteenth)]


def _before_first_lead(g: Game, what: Phrase) -> Deal:
    d = g._deals[-1] if g._deals else None
    if d is None or d.result is not None:
        raise err(
            "deal.not-started",
            N_("{what} needs a deal that has started (choose trumps first)"),
            d,
            {"what": what},
        )
    if d.tricks:
        raise err(
            "deal.after-first-lead", N_("{what} is only possible before the first lead"), d, {"what": what}
        )
    return d


def redeal(g: Game, ev: Redeal) -> list[Notice]:
    """The kort caller's redeal before the first lead (R13)."""
    p = g.profile
    if not p.options.redeal:
        raise err(
            "redeal.not-a-rule",
            N_("redeal is not a rule of profile {profile} (R13, R40)"),
            g._deals[-1] if g._deals else None,
            {"profile": p.name},
            token="redeal",
        )
    d = _before_first_lead(g, Phrase(N_("a redeal (R13)")))
    if d.trump is None:
        raise err("redeal.before-trumps", N_("a redeal comes after the caller has chosen trumps (R13)"), d)
    if ev.hand:
        if len(ev.hand) != 13 or len(set(ev.hand)) != 13:
            raise err(
                "redeal.hand-size",
                N_("a redeal hand must be 13 different cards, got {count}"),
                d,
                {"count": len(ev.hand)},
                token=" ".join(map(str, ev.hand)),
            )
        pictures = [c for c in ev.hand if c.rank.is_picture]
        if pictures:
            raise err(
                "redeal.picture-card",
                N_("no redeal: the caller's hand holds {card}, a picture card (R13)"),
                d,
                {"card": pictures[0]},
                token=str(pictures[0]),
            )
    d.redeals += 1
    d.trump = None
    d.thirteenth = None
    return [Redealt(d.caller)]


def misdeal(g: Game, ev: Misdeal) -> list[Notice]:
    """The table cancels the deal before the first lead; the same dealer deals again (R66)."""
    if not g.profile.options.misdeal:
        raise err(
            "misdeal.not-allowed",
            N_("misdeal is not allowed by profile {profile}"),
            g._deals[-1] if g._deals else None,
            {"profile": g.profile.name},
            token="misdeal",
        )
    d = g._deals[-1] if g._deals else None
    if (d is None or d.result is not None) and not g.ended:
        # Dealt again before trumps were named: nothing to cancel but the cards.
        s = g._score
        return [Misdealt(s.dealer if s.dealer is not None else s.caller)]
    d = _before_first_lead(g, Phrase(N_("a misdeal (R66)")))
    g._deals.pop()
    g._score = d.score_before
    return [Misdealt(d.dealer if d.dealer is not None else d.caller)]


def bavyan(g: Game, ev: Bavyan) -> list[Notice]:
    """The side at 7:0 plays on for all 13 tricks or lets the 7:0 stand (R27)."""
    d = g._deals[-1] if g._deals else None
    if d is None or d.bavyan is not _PENDING:
        raise err(
            "bavyan.no-question", N_("no bavyan question is open: only after 7:0 (R27)"), d, token="bavyan"
        )
    if ev.play_on:
        d.bavyan = BavyanState.PLAYING
        return []
    d.bavyan = BavyanState.DECLINED
    side = d.bavyan_side
    assert side is not None
    return finish(g, d, _seven_nil_result(d, side), side)


def _seven_nil_result(d: Deal, side: Side) -> Result:
    return Result.COURT if side == d.caller.side else Result.AT_COURT


def ruling(g: Game, ev: RevokeRuling) -> list[Notice]:
    """A table ruling that ``ev.seat`` revoked in ``ev.trick`` of the last deal (R43,
    R60): under a court penalty it ends (or re-settles) the deal, else it is recorded
    with no penalty (R36)."""
    d = g._deals[-1] if g._deals else None
    if d is None:
        raise err("ruling.no-deal", N_("no deal to rule on"), None)
    if d.result is None and d.trump is None:
        raise err("ruling.no-card", N_("no card has been played in this deal"), d)
    played = [t for t in d.tricks if ev.seat in t.seats]
    if not any(t.number == ev.trick for t in played):
        raise err(
            "ruling.no-card-in-trick",
            N_("{seat} played no card in trick {trick} of deal {deal}"),
            d,
            {"seat": ev.seat.name, "trick": ev.trick, "deal": d.number},
            trick=ev.trick,
            seat=ev.seat,
            token=str(ev.trick),
        )
    rev = Revoke(ev.seat, ev.trick, None, kind="ruling")
    penalty = g.profile.scoring.revoke_penalty == "court"
    notices: list[Notice] = [RulingRecorded(d.number, ev.seat, ev.trick, penalty)]
    if penalty:
        # R43: replaces the deal's result; re-settle from the score before the deal.
        if d.result is not None:
            g._score = d.score_before.copy()
            d.result = None
        if d.open_trick is not None:
            d.abandoned = True
        d.revoke = rev
        notices += finish(g, d, Result.REVOKE, ev.seat.side.other)
    else:
        d.revoke = rev
        d.flags.append(f"table ruling: {ev.seat.name} revoked in trick {ev.trick} (no penalty, R36)")
    return notices


def end(g: Game, ev: EndSession) -> list[Notice]:
    """The end of the session is signalled (R44); a second signal is refused."""
    if g.ended:
        raise err(
            "session.end-signalled",
            N_("the end of the session was already signalled (R44)"),
            g._deals[-1] if g._deals else None,
            token="end",
        )
    g.ended = True
    return [SessionEnded()]
