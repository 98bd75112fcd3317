"""The rules engine: a session of deals driven by events (R1-R67).

:class:`Game` takes events (:mod:`referee.core.events`) one at a time through
:meth:`Game.apply`. A refused event raises :class:`~referee.errors.RulesError`
and leaves the state exactly as it was; an accepted one returns the
:class:`Notice` list of what happened (trick won, deal over, revoke proven, ...)
for a screen to show. Undo (R65) is :meth:`Game.undo`: the event list is the
source of truth, so a game is always the fold of its events.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from referee.core.cards import FULL_DECK, Card, Suit
from referee.core.deal import Deal, Revoke, Trick
from referee.core.events import (
    Bavyan,
    ChooseTrump,
    EndSession,
    Event,
    Misdeal,
    Play,
    Redeal,
    RevokeRuling,
)
from referee.core.notation import display_card
from referee.core.profile import Profile
from referee.core.scoring import Score, kort_result, settle
from referee.core.table import Seat, Side
from referee.core.trick import trick_winner_index
from referee.errors import RulesError
from referee.i18n import _, language

_ALL_SUITS = 0b1111
# Lookup tables for the per-card hot path (enum construction is slow).
_AFTER: dict[bool, tuple[tuple[Seat, ...], ...]] = {
    cw: tuple(tuple(Seat((s + (-k if cw else k)) % 4) for k in range(4)) for s in range(4))
    for cw in (False, True)
}
_SIDE_OF: tuple[Side, ...] = (Side.NS, Side.EW, Side.NS, Side.EW)
_BIT: dict[Card, int] = {c: 1 << c.code for c in FULL_DECK}


def _shown(card: Card) -> str:
    """A card in a message: canonical (``AD``) in English, else the display form of
    the language the players read (``Т♦`` under ru), as the live table echoes it."""
    lang = language()
    return str(card) if lang == "en" else display_card(card, lang)


class Notice(NamedTuple):
    """Something the table should be told. ``kind`` is one of:

    ``trick`` (``seat`` won trick ``trick``), ``deal`` (deal over: ``result``,
    ``side`` the winner), ``revoke`` / ``breach`` (proven: ``seat``, ``trick``
    where it happened, ``proven_at``, ``card`` the proof, ``penalty`` True when
    it ended the deal), ``flag`` (``text``), ``bavyan`` (``side`` at 7:0 must
    decide, R27), ``match`` (``side`` won the match, R31), ``declared``
    (``text`` the declaration the lead counts as), ``replaced`` (R53: the
    declaration ``result`` was taken as ``text``), ``trump`` (trumps chosen),
    ``redeal``, ``misdeal``, ``ruling``, ``end`` (R44 signal given).
    """

    kind: str
    seat: Seat | None = None
    side: Side | None = None
    trick: int | None = None
    proven_at: int | None = None
    card: Card | None = None
    result: str | None = None
    text: str = ""
    penalty: bool = False


class Game:
    """A session under one profile.

    Construct with the profile and the first dealer (pagat, R40) or the first
    caller (kort, R11); ``target`` overrides the profile's match target (R31).
    Raises RulesError when the seat the profile needs is missing.
    """

    def __init__(self, profile: Profile, *, first_dealer: Seat | None = None,
                 first_caller: Seat | None = None, target: int | None = None) -> None:
        self.profile = profile
        self.clockwise = profile.clockwise
        if profile.rotation == "dealer":
            if first_dealer is None:
                raise RulesError(_("profile {profile} needs a first dealer (R40)")
                                 .format(profile=profile.name))
            derived = first_dealer.next(self.clockwise)
            if first_caller is not None and first_caller != derived:
                raise RulesError(
                    _("first caller {caller} is not the first dealer's right-hand neighbour "
                      "{seat} (R40)").format(caller=first_caller.name, seat=derived.name),
                    token=first_caller.name)
            first_caller = derived
        else:
            if first_dealer is not None:
                raise RulesError(_("profile {profile} has no dealer rotation: name the first "
                                   "caller, not a dealer (R11)").format(profile=profile.name))
            if first_caller is None:
                raise RulesError(_("profile {profile} needs a first caller (R11)")
                                 .format(profile=profile.name))
        if target is not None and not profile.is_match:
            raise RulesError(_("profile {profile} has no match target (R44: courts decide)")
                             .format(profile=profile.name))
        self.first_dealer = first_dealer
        self.first_caller = first_caller
        self.target = target if target is not None else profile.scoring.match_target
        self.score = Score(dealer=first_dealer, caller=first_caller)
        self.deals: list[Deal] = []
        self.events: list[Event] = []
        self.ended = False
        self._tricks_to_win = profile.deal.tricks_to_win
        self._after = _AFTER[self.clockwise]
        self._lead_rules = profile.options.tsar

    # ------------------------------------------------------------------ queries
    @property
    def current(self) -> Deal | None:
        """The last deal (in progress or just finished), or None before the first."""
        return self.deals[-1] if self.deals else None

    @property
    def in_progress(self) -> bool:
        """True while the last deal has no result (including a pending bavyan question)."""
        return bool(self.deals) and self.deals[-1].result is None

    @property
    def over(self) -> bool:
        """True once the end signal was given (R44) and no deal is in progress."""
        return self.ended and not self.in_progress

    @property
    def phase(self) -> str:
        """``trump`` (a caller must choose trumps), ``play``, ``bavyan`` (R27 question
        open) or ``over`` (session ended, R44)."""
        d = self.current
        if d is not None and d.result is None:
            if d.bavyan == "pending":
                return "bavyan"
            return "trump" if d.trump is None else "play"
        return "over" if self.ended else "trump"

    @property
    def to_play(self) -> Seat | None:
        """The seat whose turn it is to play a card (R4), or None outside play."""
        if self.phase != "play":
            return None
        d = self.deals[-1]
        t = d.open_trick
        if t is not None:
            return self._seat_after(t.leader, len(t.cards))
        return self._next_leader(d)

    @property
    def next_dealer(self) -> Seat | None:
        """Who deals the next deal (pagat, R42); None under kort or while a deal is on (R62)."""
        return None if self.in_progress else self.score.dealer

    @property
    def next_caller(self) -> Seat | None:
        """Who calls trumps in the next deal (R12, R40); None while a deal is on (R62)."""
        return None if self.in_progress else self.score.caller

    @property
    def match_target(self) -> int | None:
        """The match target in force (R31), None under courts scoring."""
        return self.target

    def conventional_dealer(self, caller: Seat | None = None) -> Seat | None:
        """Under kort, who deals by convention: the player before the caller (R3,
        R10: the caller gets the first packet). ``caller`` defaults to the caller of
        the deal in progress, else of the next deal; None under a dealer rotation."""
        if self.profile.rotation != "caller":
            return None
        if caller is None:
            caller = self.current.caller if self.in_progress and self.current else self.score.caller
        return self._after[caller][3]

    def allowed_declarations(self) -> tuple[str, ...]:
        """The declarations the seat about to lead may make on a trump lead now
        (R20-R25, R53, R54): ``()`` when none applies (not a lead, no tsar rule,
        a trop continuing or an R21/R23 duty owed), else ``("tsar", ...)``."""
        d = self.current
        o = self.profile.options
        if not o.tsar or d is None or self.phase != "play" or d.open_trick is not None:
            return ()
        seat = self.to_play
        assert seat is not None
        side = _SIDE_OF[seat]
        duty = d.duties[side]
        if duty.owes_trump or duty.owes_nontrump:
            return ()
        allowed = ["tsar"]
        bavyan_side = d.bavyan == "playing" and d.bavyan_side == side
        if o.trop and (d.won[side] < o.trop_until or bavyan_side):
            allowed.append("trop")
            if o.trop7 and not d.tricks and seat == d.caller:
                allowed.append("trop7")
        return tuple(allowed)

    def known_void(self, seat: Seat, suit: Suit) -> bool:
        """True when ``seat`` has failed to follow ``suit`` in the current deal (R6)."""
        d = self.current
        return d is not None and bool(d.voids[seat] >> suit & 1)

    # ------------------------------------------------------------------- events
    def apply(self, event: Event) -> list[Notice]:
        """Apply one event; return what happened. Raises RulesError, leaving the
        state unchanged, when the rules refuse it."""
        if isinstance(event, Play):
            notices = self._play(event)
        elif isinstance(event, ChooseTrump):
            notices = self._choose_trump(event)
        elif isinstance(event, Bavyan):
            notices = self._bavyan(event)
        elif isinstance(event, Redeal):
            notices = self._redeal(event)
        elif isinstance(event, Misdeal):
            notices = self._misdeal()
        elif isinstance(event, RevokeRuling):
            notices = self._ruling(event)
        elif isinstance(event, EndSession):
            notices = self._end()
        else:  # pragma: no cover - the Event union is closed
            raise TypeError(f"not an event: {event!r}")
        self.events.append(event)
        return notices

    def undo(self) -> Event:
        """Remove the last event, leaving the state exactly as before it (R65).

        Raises RulesError when there is nothing to undo.
        """
        if not self.events:
            raise RulesError(_("nothing to undo"))
        events = self.events[:-1]
        last = self.events[-1]
        fresh = Game(self.profile, first_dealer=self.first_dealer,
                     first_caller=None if self.first_dealer is not None else self.first_caller,
                     target=self.target if self.profile.is_match else None)
        for ev in events:
            fresh.apply(ev)
        self.__dict__.update(fresh.__dict__)
        return last

    def replay(self, events: list[Event]) -> None:
        """Apply many events in order (stops at the first RulesError, which is raised)."""
        for ev in events:
            self.apply(ev)

    # ---------------------------------------------------------------- helpers
    def _seat_after(self, seat: Seat, steps: int) -> Seat:
        return self._after[seat][steps]

    def _next_leader(self, d: Deal) -> Seat:
        for t in reversed(d.tricks):
            if t.winner is not None:
                return t.winner
        return d.caller

    @staticmethod
    def _presumed(d: Deal, seat: Seat) -> bool:
        """True while ``seat`` is presumed to hold only trumps (R67): a trump lead of his
        was flagged against an R21/R23 duty (R52) and no non-trump of his has been seen."""
        return bool(d.suspects) and (seat, "only-trumps") in d.suspects

    def _err(self, message: str, d: Deal | None = None, *, trick: int | None = None,
             token: str | None = None) -> RulesError:
        return RulesError(message, deal=d.number if d else None, trick=trick, token=token)

    # ------------------------------------------------------------ trump choice
    def _choose_trump(self, ev: ChooseTrump) -> list[Notice]:
        d = self.current
        p = self.profile
        if ev.thirteenth is not None:
            if not p.options.thirteen:
                raise self._err(_('trump "13" is not a rule of profile {profile} (R10, R40)')
                                .format(profile=p.name), d,
                                token="13")
            if ev.thirteenth.suit != ev.suit:
                raise self._err(_("the 13th card's suit must be the trump suit (R10)"), d,
                                token=str(ev.thirteenth))
        if d is not None and d.result is None:
            if d.bavyan == "pending":
                raise self._err(_("the side at 7:0 must first decide on bavyan (R27)"), d)
            if d.tricks:
                raise self._err(_("trumps are already chosen for deal {deal} and play has "
                                  "started").format(deal=d.number), d, token=ev.suit.name)
            d.trump = ev.suit
            d.thirteenth = ev.thirteenth
            return [Notice("trump", seat=d.caller, text=ev.suit.name, card=ev.thirteenth)]
        if self.ended:
            raise self._err(_("the session has ended (R44): no new deal"), d)
        number = len(self.deals) + 1
        deal = Deal(number=number, dealer=self.score.dealer, caller=self.score.caller,
                    match_number=self.score.match_number, score_before=self.score.copy(),
                    trump=ev.suit, thirteenth=ev.thirteenth)
        self.deals.append(deal)
        return [Notice("trump", seat=deal.caller, text=ev.suit.name, card=ev.thirteenth)]

    def _before_first_lead(self, what: str) -> Deal:
        d = self.current
        if d is None or d.result is not None:
            raise self._err(_("{what} needs a deal that has started (choose trumps first)")
                            .format(what=what), d)
        if d.tricks:
            raise self._err(_("{what} is only possible before the first lead").format(what=what),
                            d)
        return d

    def _redeal(self, ev: Redeal) -> list[Notice]:
        p = self.profile
        if not p.options.redeal:
            raise self._err(_("redeal is not a rule of profile {profile} (R13, R40)").format(profile=p.name),
                            self.current,
                            token="redeal")
        d = self._before_first_lead(_("a redeal (R13)"))
        if d.trump is None:
            raise self._err(_("a redeal comes after the caller has chosen trumps (R13)"), d)
        if ev.hand:
            if len(ev.hand) != 13 or len(set(ev.hand)) != 13:
                raise self._err(_("a redeal hand must be 13 different cards, got {count}")
                                .format(count=len(ev.hand)),
                                d, token=" ".join(map(str, ev.hand)))
            pictures = [c for c in ev.hand if c.rank.is_picture]
            if pictures:
                raise self._err(_("no redeal: the caller's hand holds {card}, a picture card "
                                  "(R13)").format(card=_shown(pictures[0])), d, token=str(pictures[0]))
        d.redeals += 1
        d.trump = None
        d.thirteenth = None
        return [Notice("redeal", seat=d.caller)]

    def _misdeal(self) -> list[Notice]:
        if not self.profile.options.misdeal:
            raise self._err(_("misdeal is not allowed by profile {profile}")
                            .format(profile=self.profile.name),
                            self.current, token="misdeal")
        d = self.current
        if (d is None or d.result is not None) and not self.ended:
            # Dealt again before trumps were named: nothing to cancel but the cards.
            s = self.score
            return [Notice("misdeal", seat=s.dealer if s.dealer is not None else s.caller)]
        d = self._before_first_lead(_("a misdeal (R66)"))
        self.deals.pop()
        self.score = d.score_before
        return [Notice("misdeal", seat=d.dealer if d.dealer is not None else d.caller)]

    # ---------------------------------------------------------------- bavyan
    def _bavyan(self, ev: Bavyan) -> list[Notice]:
        d = self.current
        if d is None or d.bavyan != "pending":
            raise self._err(_("no bavyan question is open: only after 7:0 (R27)"), d,
                            token="bavyan")
        if ev.play_on:
            d.bavyan = "playing"
            return []
        d.bavyan = "declined"
        assert d.bavyan_side is not None
        return self._finish(d, self._seven_nil_result(d, d.bavyan_side), d.bavyan_side)

    def _seven_nil_result(self, d: Deal, side: Side) -> str:
        return "court" if side == d.caller.side else "at-court"

    # ---------------------------------------------------------------- rulings
    def _ruling(self, ev: RevokeRuling) -> list[Notice]:
        d = self.current
        if d is None:
            raise self._err(_("no deal to rule on"), None)
        if d.result is None and d.trump is None:
            raise self._err(_("no card has been played in this deal"), d)
        played = [t for t in d.tricks if ev.seat in t.seats]
        if not any(t.number == ev.trick for t in played):
            raise self._err(_("{seat} played no card in trick {trick} of deal {deal}")
                            .format(seat=ev.seat.name, trick=ev.trick, deal=d.number),
                            d, trick=ev.trick, token=str(ev.trick))
        rev = Revoke(ev.seat, ev.trick, None, kind="ruling")
        notices = [Notice("ruling", seat=ev.seat, trick=ev.trick)]
        if self.profile.scoring.revoke_penalty == "court":
            # R43: replaces the deal's result; re-settle from the score before the deal.
            if d.result is not None:
                self.score = d.score_before.copy()
                d.result = None
            if d.open_trick is not None:
                d.abandoned = True
            d.revoke = rev
            notices += self._finish(d, "revoke", ev.seat.side.other)
        else:
            d.revoke = rev
            d.flags.append(f"table ruling: {ev.seat.name} revoked in trick {ev.trick} "
                           "(no penalty, R36)")
        return notices

    def _end(self) -> list[Notice]:
        if self.ended:
            raise self._err(_("the end of the session was already signalled (R44)"), self.current,
                            token="end")
        self.ended = True
        return [Notice("end")]

    # ------------------------------------------------------------------ play
    def _play(self, ev: Play) -> list[Notice]:
        d = self.current
        if d is None or d.result is not None or d.trump is None:
            if d is not None and d.result is not None:
                raise self._err(_("deal {deal} is over ({result}): choose trumps for the next "
                                  "deal first").format(deal=d.number, result=d.result), d,
                                token=str(ev.card))
            raise self._err(_("choose trumps before the first card (R10, R40)"), d,
                            token=str(ev.card))
        if d.bavyan == "pending":
            raise self._err(_("the side at 7:0 must first decide on bavyan (R27)"), d,
                            token=str(ev.card))
        card = ev.card
        trump = d.trump
        tricks = d.tricks
        t = tricks[-1] if tricks and len(tricks[-1].cards) < 4 else None
        number = t.number if t is not None else len(tricks) + 1
        seat = self._next_leader(d) if t is None else self._after[t.leader][len(t.cards)]
        bit = _BIT[card]
        if d.seen & bit:
            where = next(x.number for x in tricks if card in x.cards)
            raise self._err(_("{card} was already played in deal {deal} (trick {where}); a card "
                              "is seen once per deal (R3)").format(card=_shown(card), deal=d.number,
                                                                   where=where),
                            d, trick=number, token=str(card))
        if d.thirteenth is not None and card == d.thirteenth and seat != d.caller:
            raise self._err(_("{card} is the caller's shown 13th card: {seat} cannot hold it "
                              "(R59)").format(card=_shown(card), seat=seat.name),
                            d, trick=number, token=str(card))
        is_lead = t is None
        decl = ev.declaration
        p = self.profile
        if decl is not None:
            if not p.options.tsar:
                raise self._err(_("declaration :{decl} is not a rule of profile {profile} (R40)")
                                .format(decl=decl, profile=p.name),
                                d, trick=number, token=f"{card}:{decl}")
            if not is_lead:
                raise self._err(_("declaration :{decl} only on the lead of a trick (R20)")
                                .format(decl=decl), d,
                                trick=number, token=f"{card}:{decl}")
            if card.suit != trump:
                raise self._err(_("declaration :{decl} on a non-trump lead (R20)")
                                .format(decl=decl), d,
                                trick=number, token=f"{card}:{decl}")
            if (decl == "trop" and not p.options.trop) or (decl == "trop7" and not p.options.trop7):
                raise self._err(_("declaration :{decl} is not allowed by profile {profile}")
                                .format(decl=decl, profile=p.name), d,
                                trick=number, token=f"{card}:{decl}")
        # ---- validated: from here on the event is accepted and state changes
        notices: list[Notice] = []
        if t is None:
            t = Trick(number=number, leader=seat, declared=decl)
            tricks.append(t)
        t.cards.append(card)
        t.seats.append(seat)
        d.seen |= bit
        ends_deal: tuple[str, Side] | None = None
        suit = card.suit
        voids = d.voids
        # R6: a card of a suit the seat already failed to follow proves a revoke.
        if voids[seat] >> suit & 1:
            ends_deal = self._prove(d, Revoke(seat, d.void_trick[(seat, suit)], number,
                                              "revoke", card, suit), notices)
        # R24 ruling: a suspected lead breach is proven by the card that contradicts it;
        # R67: any non-trump ends an "only trumps" presumption, dated to the flagged lead.
        if d.suspects:
            key = (seat, "only-trumps" if suit != trump else "no-trumps")
            at = d.suspects.pop(key, None)
            if at is not None:
                self._prove(d, Revoke(seat, at, number, "breach", card, None), notices)
        if not is_lead:
            led = t.cards[0].suit
            if suit != led and not (voids[seat] >> led & 1) and not self._presumed(d, seat):
                # R6; R67: a presumed all-trump player's failure to follow is no revoke.
                voids[seat] |= 1 << led
                d.void_trick[(seat, led)] = number
                th = d.thirteenth
                if (th is not None and seat == d.caller and th.suit == led
                        and not d.seen & _BIT[th]):
                    # R59: the caller holds the unplayed 13th card of the led suit.
                    r = self._prove(d, Revoke(seat, number, number, "revoke", card, led),
                                    notices)
                    ends_deal = ends_deal or r
        elif self._lead_rules:
            r = self._lead_duties(d, t, seat, card, decl, notices)
            ends_deal = ends_deal or r
        if ends_deal is None and len(t.cards) == 4:
            ends_deal = self._close_trick(d, t, trump, notices)
        elif ends_deal is not None and len(t.cards) == 4:
            # R50: the ending card completes its trick, so the trick counts.
            self._close_trick(d, t, trump, notices, count_only=True)
        if ends_deal is not None:
            if len(t.cards) < 4:
                d.abandoned = True  # R50: the trick is abandoned, no winner
            notices += self._finish(d, *ends_deal)
        return notices

    def _prove(self, d: Deal, rev: Revoke, notices: list[Notice]) -> tuple[str, Side] | None:
        """Record a proven revoke or breach (R6, R24, R36, R43, R59). Returns the
        deal's end ``(result, winner)`` when the profile's penalty ends it."""
        key = (rev.seat, f"{rev.kind}:{rev.suit}:{rev.trick}")
        if key in d.proven:
            return None
        d.proven.add(key)
        penalty = self.profile.scoring.revoke_penalty == "court" and rev.kind == "revoke"
        if d.revoke is None or penalty:
            d.revoke = rev
        notices.append(Notice(rev.kind, seat=rev.seat, trick=rev.trick, proven_at=rev.proven_at,
                              card=rev.card, penalty=penalty))
        if penalty:
            return ("revoke", rev.seat.side.other)
        what = "revoke" if rev.kind == "revoke" else "lead breach"
        d.flags.append(f"{what} proven: {rev.seat.name} in trick {rev.trick}, proven by "
                       f"{rev.card} in trick {rev.proven_at} (no penalty, R36)")
        return None

    def _lead_duties(self, d: Deal, t: Trick, seat: Seat, card: Card,
                     decl: str | None, notices: list[Notice]) -> tuple[str, Side] | None:
        """Kort trump-lead duties on a lead (R20-R25, R51-R55, R67). Returns a deal end
        when a trop7 is broken by a non-trump lead (R25, R50)."""
        side = _SIDE_OF[seat]
        duty = d.duties[side]
        trump = d.trump
        assert trump is not None
        o = self.profile.options
        if card.suit != trump:
            if duty.owes_trump:
                # R22/R24: the leader has no trump left; a later trump proves a breach.
                d.suspects.setdefault((seat, "no-trumps"), t.number)
                kind = duty.kind
                duty.kind = "free"
                if kind == "trop7":
                    d.trop7_side = None
                    return ("trop-failed", side.other)
            else:
                duty.after_lead(False)
            return None
        # R55: a known all-trump hand; R67: one presumed so since a flagged lead.
        exempt = (d.voids[seat] | 1 << trump) == _ALL_SUITS or self._presumed(d, seat)
        if duty.owes_trump:
            duty.leads += 1  # R52: a continuation lead; any declaration is ignored
            t.declaration = duty.kind  # type: ignore[assignment]
            duty.after_lead(True)
            return None
        if duty.owes_nontrump:
            duty.after_lead(True)
            if not exempt:
                d.suspects.setdefault((seat, "only-trumps"), t.number)
                d.flags.append(f"trick {t.number}: {seat.name} led trump {card} against a "
                               "tsar/trop duty: illegal unless he holds only trumps (R21, R23, R24)")
                notices.append(Notice("flag", seat=seat, trick=t.number, card=card,
                                      text="lead-breach"))
            return None
        if exempt:
            return None  # R24/R55: a hand of only trumps declares nothing
        chosen = decl or "tsar"
        if chosen == "trop7" and (t.number != 1 or seat != d.caller):
            chosen = "trop"
            d.flags.append(f"trick {t.number}: trop7 only on the first lead of the deal; taken "
                           "as trop (R25, R53)")
            notices.append(Notice("replaced", seat=seat, trick=t.number, text="trop",
                                  result="trop7"))
        if chosen in ("trop", "trop7") and d.won[side] >= o.trop_until and not (
                d.bavyan == "playing" and d.bavyan_side == side):
            d.flags.append(f"trick {t.number}: with {d.won[side]} tricks only tsar may be "
                           f"declared; {chosen} taken as tsar (R24, R53)")
            notices.append(Notice("replaced", seat=seat, trick=t.number, text="tsar",
                                  result=chosen))
            chosen = "tsar"
        t.declaration = chosen  # type: ignore[assignment]
        duty.kind = chosen  # type: ignore[assignment]
        duty.leads = 1
        duty.target = o.trop7_leads if chosen == "trop7" else o.trop_leads if chosen == "trop" else 1
        if chosen == "trop7":
            d.trop7_side = side
        notices.append(Notice("declared", seat=seat, trick=t.number, text=chosen))
        return None

    def _close_trick(self, d: Deal, t: Trick, trump: Suit, notices: list[Notice],
                     count_only: bool = False) -> tuple[str, Side] | None:
        """Settle a complete trick (R4) and see whether the deal is over (R5, R25, R27)."""
        winner = t.seats[trick_winner_index(t.cards, trump)]
        t.winner = winner
        side = _SIDE_OF[winner]
        d.won[side] += 1
        notices.append(Notice("trick", seat=winner, side=side, trick=t.number))
        if count_only:
            return None
        if self.profile.options.tsar:
            for s in (Side.NS, Side.EW):
                d.duties[s].after_trick(s == side)
            if d.trop7_side is not None:
                if side != d.trop7_side:
                    d.trop7_side = None
                    return ("trop-failed", side)  # R25: broken, 1 win to the opponents
                if d.duties[d.trop7_side].kind != "trop7":
                    d.trop7_side = None  # all leads played: the trop7 is kept so far
        won, lost = d.won[side], d.won[1 - side]
        if d.bavyan == "playing":
            if side != d.bavyan_side:
                return ("bavyan-failed", side)  # R27
            if won == 13:
                return ("bavyan" if side == d.caller.side else "at-bavyan", side)
            return None
        if won >= self._tricks_to_win:
            if lost == 0 and self.profile.options.bavyan:
                d.bavyan = "pending"
                d.bavyan_side = side
                notices.append(Notice("bavyan", side=side))
                return None
            if self.profile.is_match:
                return (kort_result(side, d.caller.side, won, lost, self._tricks_to_win), side)
            return ("court" if lost == 0 else "win", side)
        return None

    def _finish(self, d: Deal, result: str, winner: Side) -> list[Notice]:
        """End the deal with ``result`` credited to ``winner`` and settle the score."""
        d.result = result
        d.winner = winner
        st = settle(self.profile, self.score, result=result, winner=winner, dealer=d.dealer,
                    caller=d.caller, target=self.target)
        d.wins = st.wins
        d.courts = st.courts
        notices = [Notice("deal", side=winner, result=result)]
        if st.match_won_by is not None:
            notices.append(Notice("match", side=st.match_won_by))
        return notices

    # ------------------------------------------------------------------ report
    def report(self) -> dict[str, Any]:
        """The summary report of record-format.md (see :mod:`referee.core.report`)."""
        from referee.core.report import summary

        return summary(self)
