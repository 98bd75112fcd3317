"""Reading the ``deals:`` of a record: trump, "13", redeals, bavyan, seats, rulings, tricks.

Structure and card tokens only (R2, R3 count, R10, R13, R20, R27, R43, R60);
the rules are the engine's (:mod:`referee.records.replay`). Problems go to a
:class:`~referee.records.problems.Problems`: strict, the first is raised;
lenient, each field and trick is still checked and the deal is left out.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from referee.core.cards import Card, Suit
from referee.core.events import DECLARATIONS, Play
from referee.errors import NotationError, RecordError
from referee.i18n import N_, _, ngettext, render_error
from referee.records.model import DEAL_KEYS, DealRecord

if TYPE_CHECKING:
    from referee.core.profile import Profile
    from referee.records.problems import Problems

NO_THIRTEEN = N_('no trump "13" option')

_TOKENS: dict[str, Play] = {}
"""Card tokens already seen (as written) and their Play events; declarations excluded."""
_TOKENS_DECL: dict[str, Play] = {}
"""The same, declarations included (profiles with tsar/trop)."""

Path_ = tuple[Any, ...]


def read_deals(deals: Any, prof: Profile, errs: Problems) -> list[DealRecord]:
    """The deals of a record (``deals:``, None for none). Raises RecordError (strict);
    lenient, returns the deals before the first one with a problem."""
    if deals is None:
        deals = []
    if not isinstance(deals, list):
        errs.handle(errs.error(_("deals must be a list of deals (each '- trump: ...')"), path=("deals",)), 0)
        return []
    out: list[DealRecord] = []
    reader = _DealReader(prof, errs)
    for i, raw in enumerate(deals):
        dr = reader.read(i, raw)
        if dr is not None and errs.bad_deal is None:
            out.append(dr)
    return out


class _DealReader:
    """Reads one deal mapping at a time for profile ``prof``."""

    def __init__(self, prof: Profile, errs: Problems) -> None:
        self.prof = prof
        self.opts = prof.options
        self.errs = errs
        self.cache = _TOKENS_DECL if self.opts.tsar else _TOKENS
        self.bad = False

    def attempt(self, i: int, step: Callable[..., Any], *args: Any) -> Any:
        """``step(*args)``; a RecordError goes to the Problems (strict: raised) and marks
        deal ``i`` bad (lenient)."""
        try:
            return step(*args)
        except RecordError as exc:
            self.errs.handle(exc, i)
            self.bad = True
            return None

    def read(self, i: int, raw: Any) -> DealRecord | None:
        """Deal ``i`` (0-based) from its mapping ``raw``; None when it has a problem (lenient)."""
        n = i + 1
        dpath: Path_ = ("deals", i)
        errs = self.errs
        self.bad = False
        if not isinstance(raw, dict):
            errs.handle(
                errs.error(
                    _("a deal is a mapping (trump:, tricks:, ...), not {value!r}").format(value=raw),
                    deal=n,
                    path=dpath,
                ),
                i,
            )
            return None
        for key in raw:
            if key not in DEAL_KEYS:
                errs.note(
                    errs.error(
                        _("unknown key {key!r} (expected one of: {keys})").format(
                            key=key, keys=", ".join(DEAL_KEYS)
                        ),
                        deal=n,
                        path=(*dpath, key),
                    )
                )
        trump = self.attempt(i, self.trump, raw, n, dpath)
        dr = DealRecord(number=n, trump=trump[0] if trump else Suit.S, thirteenth=trump[1] if trump else None)
        for step in (self.redeals, self.bavyan, self.seats, self.revoke, self.tricks):
            self.attempt(i, step, raw, dr, dpath)
        return None if self.bad else dr

    def not_here(self, key: str, why: str, path: Path_, deal: int) -> RecordError:
        return self.errs.not_here(key, why, path, deal)

    def trump(self, raw: dict[Any, Any], n: int, dpath: Path_) -> tuple[Suit, Card | None]:
        """``trump:`` a suit, or "13" with ``thirteenth:`` the shown card (R10, R59)."""
        errs = self.errs
        if "trump" not in raw:
            raise errs.error(_("missing key 'trump'"), deal=n, path=dpath)
        trump_raw = raw["trump"]
        if raw.get("thirteenth") is not None and not self.opts.thirteen:
            raise self.not_here("thirteenth", _(NO_THIRTEEN), (*dpath, "thirteenth"), n)
        if str(trump_raw).strip() == "13" and not isinstance(trump_raw, bool):
            if not self.opts.thirteen:
                raise self.not_here('trump "13"', _(NO_THIRTEEN), (*dpath, "trump"), n)
            th = raw.get("thirteenth")
            if th is None:
                raise errs.error(
                    _('trump "13" needs thirteenth: the shown 13th card (R10)'),
                    deal=n,
                    path=(*dpath, "trump"),
                )
            try:
                thirteenth = Card.parse(str(th))
            except NotationError as exc:
                raise errs.error(
                    f"thirteenth: {render_error(exc)}", deal=n, path=(*dpath, "thirteenth")
                ) from None
            return thirteenth.suit, thirteenth
        if raw.get("thirteenth") is not None:
            raise errs.error(_('thirteenth goes only with trump: "13"'), deal=n, path=(*dpath, "thirteenth"))
        if not isinstance(trump_raw, str):
            raise errs.error(
                _('trump: not a suit: {value!r} (use S, H, D, C or "13")').format(value=trump_raw),
                deal=n,
                path=(*dpath, "trump"),
            )
        try:
            return Suit.parse(trump_raw), None
        except NotationError as exc:
            raise errs.error(f"trump: {render_error(exc)}", deal=n, path=(*dpath, "trump")) from None

    def redeals(self, raw: dict[Any, Any], dr: DealRecord, dpath: Path_) -> None:
        """``redeals:`` before this deal's trumps stood (R13)."""
        if raw.get("redeals") is None:
            return
        n = dr.number
        if not self.opts.redeal:
            raise self.not_here("redeals", _("no redeal, R40"), (*dpath, "redeals"), n)
        rd = raw["redeals"]
        if type(rd) is not int or rd < 0:
            raise self.errs.error(
                _("redeals must be a number 0 or more, not {value!r}").format(value=rd),
                deal=n,
                path=(*dpath, "redeals"),
            )
        dr.redeals = rd

    def bavyan(self, raw: dict[Any, Any], dr: DealRecord, dpath: Path_) -> None:
        """``bavyan: true|false|pending`` (R27)."""
        if raw.get("bavyan") is None:
            return
        n = dr.number
        if not self.opts.bavyan:
            raise self.not_here("bavyan", _("no bavyan, R40"), (*dpath, "bavyan"), n)
        bv = raw["bavyan"]
        if isinstance(bv, str) and bv.strip().lower() == "pending":
            dr.bavyan = "pending"
        elif isinstance(bv, bool):
            dr.bavyan = bv
        else:
            raise self.errs.error(
                _("bavyan must be true, false or pending, not {value!r}").format(value=bv),
                deal=n,
                path=(*dpath, "bavyan"),
            )

    def seats(self, raw: dict[Any, Any], dr: DealRecord, dpath: Path_) -> None:
        """``dealer:`` (pagat only) and ``caller:``, checked against the rotation on replay
        (R12, R40, R42)."""
        n = dr.number
        if raw.get("dealer") is not None:
            if self.prof.rotation != "dealer":
                raise self.not_here(
                    "dealer", _("no dealer rotation; the trump caller rotates, R12"), (*dpath, "dealer"), n
                )
            dr.dealer = self.errs.seat(raw["dealer"], "dealer", (*dpath, "dealer"), n)
        if raw.get("caller") is not None:
            dr.caller = self.errs.seat(raw["caller"], "caller", (*dpath, "caller"), n)

    def revoke(self, raw: dict[Any, Any], dr: DealRecord, dpath: Path_) -> None:
        """``revoke: {seat: W, trick: 3}``, a table ruling (R43, R60)."""
        rv = raw.get("revoke")
        if rv is None:
            return
        n = dr.number
        rpath = (*dpath, "revoke")
        if not isinstance(rv, dict) or set(rv) - {"seat", "trick"} or "seat" not in rv or "trick" not in rv:
            raise self.errs.error(
                _("revoke must be {example}, not {value!r}").format(example="{seat: W, trick: 3}", value=rv),
                deal=n,
                path=rpath,
            )
        rseat = self.errs.seat(rv["seat"], "revoke seat", rpath, n)
        rtrick = rv["trick"]
        if type(rtrick) is not int or rtrick < 1:
            raise self.errs.error(
                _("revoke trick must be a trick number, not {value!r}").format(value=rtrick),
                deal=n,
                path=rpath,
            )
        dr.revoke = (rseat, rtrick)

    def tricks(self, raw: dict[Any, Any], dr: DealRecord, dpath: Path_) -> None:
        """``tricks:``, each its cards in play order (R3, R4, R20); lenient, every trick is
        checked."""
        tricks = raw.get("tricks")
        if tricks is None:
            tricks = []
        if not isinstance(tricks, list):
            raise self.errs.error(
                _("tricks must be a list of tricks (each '- AS 2S 3S 4S')"),
                deal=dr.number,
                path=(*dpath, "tricks"),
            )
        last = len(tricks)
        i = dpath[1]
        cache = self.cache
        for t_index, trick in enumerate(tricks):
            # the common case inline (a 10,000-deal record): 4 tokens in one text
            words = trick.split() if trick.__class__ is str else None
            if words is None or not (len(words) == 4 or (0 < len(words) < 4 and t_index + 1 == last)):
                words = self.attempt(
                    i, self.words, trick, dr.number, t_index + 1, last, (*dpath, "tricks", t_index)
                )
                if words is None:
                    continue
            try:
                plays: list[Play] | None = [cache[w] for w in words]
            except KeyError:
                plays = self.plays(words, dr.number, t_index + 1, (*dpath, "tricks", t_index))
            if plays is None:
                self.bad = True
                continue
            dr.tricks.append(plays)
            dr.words.append(words)

    def words(self, trick: Any, n: int, tn: int, last: int, tpath: Path_) -> list[str]:
        """The tokens of trick ``tn``: 4, or 1-3 in the last trick of a deal (R3)."""
        if isinstance(trick, str):
            words = trick.split()
        elif isinstance(trick, list):
            words = [str(w) for w in trick]
        else:
            raise self.errs.error(
                _("a trick is its cards in play order, e.g. 'AS 2S 3S 4S', not {value!r}").format(
                    value=trick
                ),
                deal=n,
                trick=tn,
                path=tpath,
            )
        count = len(words)
        if count > 4 or count == 0 or (count < 4 and tn != last):
            raise self.errs.error(
                ngettext(
                    "{count} card in a trick (expected 4)", "{count} cards in a trick (expected 4)", count
                ).format(count=count),
                deal=n,
                trick=tn,
                path=tpath,
            )
        return words

    def plays(self, words: list[str], n: int, tn: int, tpath: Path_) -> list[Play] | None:
        """The Play events of a trick's tokens. Strict: raises RecordError for the first bad
        token; lenient: each bad token goes to the Problems and the result is None."""
        plays: list[Play] = []
        bad = False
        for w in words:
            try:
                plays.append(self.play(w, n, tn, tpath))
            except RecordError as exc:
                self.errs.handle(exc, tpath[1])
                bad = True
        return None if bad else plays

    def play(self, word: str, deal: int, trick: int, path: Path_) -> Play:
        """One card token (R2, :meth:`Card.parse`) with an optional ``:tsar``/``:trop``/
        ``:trop7`` (R20)."""
        errs = self.errs
        decl: str | None = None
        text_card = word
        if ":" in word:
            text_card, _sep, d = word.partition(":")
            decl = d.strip().lower()
            if decl not in DECLARATIONS:
                raise errs.error(
                    _("unknown declaration {declaration!r} (use :tsar, :trop or :trop7)").format(
                        declaration=d
                    ),
                    deal=deal,
                    trick=trick,
                    token=word,
                    path=path,
                )
            if not self.opts.tsar:
                raise errs.error(
                    _(
                        "declaration :{declaration} does not apply to profile {profile} (no tsar/trop, R40)"
                    ).format(declaration=decl, profile=self.prof.name),
                    deal=deal,
                    trick=trick,
                    token=word,
                    path=path,
                )
        try:
            card = Card.parse(text_card)
        except NotationError as exc:
            raise errs.error(render_error(exc), deal=deal, trick=trick, token=word, path=path) from None
        play = Play(card, decl)  # type: ignore[arg-type]
        if len(self.cache) < 4096:
            self.cache[word] = play
        return play
