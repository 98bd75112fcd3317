"""Replaying a record: feed its deals to the engine (R1-R64) and get the game.

:func:`replay` applies, per deal, the redeals (R13), the trump choice, each card
with its declaration, the bavyan answer at 7:0 (R27) and the revoke ruling (R43,
R60), then the end signal (R44). Anything the rules refuse is a one-line
RecordError naming the deal, the trick and the token.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.core.events import Bavyan, ChooseTrump, EndSession, Redeal, RevokeRuling
from referee.errors import RecordError, RulesError
from referee.i18n import _, ngettext, render_error
from referee.records.problems import Problems

if TYPE_CHECKING:
    from referee.core.game import Game
    from referee.core.view import DealView
    from referee.records.model import DealRecord, Record

Path_ = tuple[Any, ...]


def _score(d: DealView) -> str:
    assert d.winner is not None
    w = d.winner
    text = f"{w.name} {d.tricks_won[w]}:{d.tricks_won[w.other]}"
    return text if d.result == "win" else f"{text}, {d.result}"


def replay(record: Record) -> Game:
    """Feed the record to the engine and return the resulting game (R1-R64).

    For each deal: checks ``dealer:``/``caller:`` against the rotation before it
    starts; applies ``redeals`` (R13), the trump choice, each card (with its
    declaration), the bavyan answer when the deal reaches 7:0 (R27), then the
    revoke ruling (R43, R60); ``ended: true`` signals the end of the session (R44).
    Raises RecordError naming the deal, trick and token for anything the rules
    refuse, for tricks after the deal ended, and for a deal after one in progress.
    """
    from referee.core.game import Game

    errs = Problems(record.source, record.text)
    try:  # the record's profile, first seats and target (R11, R31, R40)
        game = Game.from_events(
            record.profile,
            first_dealer=record.first_dealer,
            first_caller=record.first_caller,
            target=record.target,
        )
    except RulesError as exc:
        raise errs.error(render_error(exc)) from None
    deals = record.deals
    for i, dr in enumerate(deals):
        dpath: Path_ = ("deals", i)
        if game.in_progress:
            raise _after_in_progress(errs, deals, i)
        _check_seats(errs, game, record, dr, dpath)
        _deal(errs, game, dr, dpath)
    if record.ended:
        try:
            game.apply(EndSession())
        except RulesError as exc:  # pragma: no cover - only one signal per record
            raise errs.error(render_error(exc), path=("ended",)) from None
    return game


def _after_in_progress(errs: Problems, deals: list[DealRecord], i: int) -> RecordError:
    """The error for deal ``i`` following a deal still in progress."""
    prev = deals[i - 1]
    if prev.tricks and len(prev.tricks[-1]) < 4:
        cnt = len(prev.tricks[-1])
        return errs.error(
            ngettext(
                "{count} card in a trick (expected 4; only the last deal of a record may be in progress)",
                "{count} cards in a trick (expected 4; only the last deal of a record may be in progress)",
                cnt,
            ).format(count=cnt),
            deal=prev.number,
            trick=len(prev.tricks),
            path=("deals", i - 1, "tricks", len(prev.tricks) - 1),
        )
    why = "bavyan: pending" if prev.bavyan == "pending" else _("its tricks stop before it ended")
    return errs.error(
        _(
            "deal {deal} follows deal {previous}, which is still in progress "
            "({why}); only the last deal may be in progress"
        ).format(deal=deals[i].number, previous=prev.number, why=why),
        deal=deals[i].number,
        path=("deals", i),
    )


def _check_seats(errs: Problems, game: Game, record: Record, dr: DealRecord, dpath: Path_) -> None:
    """``dealer:``/``caller:`` as written against the rotation (R12, R40, R42)."""
    n = dr.number
    if dr.dealer is not None and dr.dealer != game.next_dealer:
        nd = game.next_dealer
        raise errs.error(
            _("dealer: {dealer} contradicts the rotation: {seat} deals deal {deal} (R42)").format(
                dealer=dr.dealer.name, seat=nd.name if nd is not None else "?", deal=n
            ),
            deal=n,
            path=(*dpath, "dealer"),
        )
    if dr.caller is not None and dr.caller != game.next_caller:
        nc = game.next_caller
        rule = "R40" if record.profile.rotation == "dealer" else "R12"
        raise errs.error(
            _(
                "caller: {caller} contradicts the rotation: {seat} calls trumps in deal {deal} ({rule})"
            ).format(caller=dr.caller.name, seat=nc.name if nc is not None else "?", deal=n, rule=rule),
            deal=n,
            path=(*dpath, "caller"),
        )


def _deal(errs: Problems, game: Game, dr: DealRecord, dpath: Path_) -> None:
    """One deal: redeals and trumps, its tricks, bavyan, the ruling."""
    n = dr.number
    apply = game.apply
    try:
        for _redeal in range(dr.redeals):
            apply(ChooseTrump(dr.trump, dr.thirteenth))
            apply(Redeal())
        apply(ChooseTrump(dr.trump, dr.thirteenth))
    except RulesError as exc:
        raise errs.error(render_error(exc), deal=n, path=(*dpath, "trump")) from None
    d = game.deals[-1]
    for t_index in range(len(dr.tricks)):
        _trick(errs, game, d, dr, t_index, dpath)
    if dr.bavyan is True and d.bavyan != "playing":
        raise errs.error(
            _("bavyan: true, but deal {deal} did not reach 7:0 (NS {ns}:{ew} EW)").format(
                deal=n, ns=d.tricks_won[0], ew=d.tricks_won[1]
            ),
            deal=n,
            path=(*dpath, "bavyan"),
        )
    if dr.bavyan == "pending" and d.bavyan != "pending":
        raise errs.error(
            _("bavyan: pending, but deal {deal} is not waiting at 7:0 (NS {ns}:{ew} EW)").format(
                deal=n, ns=d.tricks_won[0], ew=d.tricks_won[1]
            ),
            deal=n,
            path=(*dpath, "bavyan"),
        )
    if dr.revoke is not None:
        rseat, rtrick = dr.revoke
        try:
            apply(RevokeRuling(rseat, rtrick))
        except RulesError as exc:
            raise errs.error(render_error(exc), deal=n, trick=rtrick, path=(*dpath, "revoke")) from None


def _trick(errs: Problems, game: Game, d: DealView, dr: DealRecord, t_index: int, dpath: Path_) -> None:
    """Trick ``t_index`` of the deal: its cards, then the bavyan answer if it reached 7:0."""
    n = dr.number
    tn = t_index + 1
    apply = game.apply
    try:
        for play in dr.tricks[t_index]:
            apply(play)
    except RulesError as exc:
        # The engine left its state as before the refused card: count what stood.
        last = d.tricks[-1] if d.tricks else None
        k = len(last.cards) if last is not None and last.number == tn else 0
        word = dr.words[t_index][k]
        if d.result is not None:
            raise _too_many(errs, d, tn, word, (*dpath, "tricks", t_index)) from None
        raise errs.error(
            render_error(exc), deal=n, trick=tn, token=word, path=(*dpath, "tricks", t_index)
        ) from None
    if d.bavyan != "pending":
        return
    if dr.bavyan != "pending":
        apply(Bavyan(dr.bavyan is True))
    elif tn != len(dr.tricks):
        raise errs.error(
            _(
                "bavyan: pending, but the deal reached 7:0 after trick {trick} and trick {next} follows"
            ).format(trick=tn, next=tn + 1),
            deal=n,
            trick=tn + 1,
            path=(*dpath, "tricks", t_index + 1),
        )


def _too_many(errs: Problems, d: DealView, tn: int, word: str, path: Path_) -> RecordError:
    """The error for a card after the deal ended (R5, R25, R27, R43, R50)."""
    last = d.tricks[-1]
    if d.abandoned_last:
        ended = _("deal {deal} ended at card {card} of trick {trick} ({score})").format(
            deal=d.number, card=len(last.cards), trick=last.number, score=_score(d)
        )
    else:
        ended = _("deal {deal} ended after trick {trick} ({score})").format(
            deal=d.number, trick=last.number, score=_score(d)
        )
    if tn > last.number:
        extra = _("trick {trick} is one too many").format(trick=tn)
    else:
        extra = _("{token} is one card too many").format(token=word)
    hint = ""
    if d.result in ("court", "at-court") and d.bavyan == "declined":
        hint = " " + _("(bavyan: true if the side played on, R27)")
    return errs.error(f"{ended}; {extra}{hint}", deal=d.number, trick=tn, path=path)
