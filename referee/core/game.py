"""The rules engine: a session of deals as the fold of its events (R1-R67).

:meth:`Game.from_events` is the one way to a game: the profile, the first seats and
the events so far (none for a new session; the stored ones for a resume; a record's
for a replay). :meth:`Game.apply` takes one more event (:mod:`referee.core.events`):
a refused event raises :class:`~referee.errors.RulesError` and leaves the state
exactly as it was; an accepted one returns the typed notices of what happened
(:mod:`referee.core.notices`: card played, trick won, deal over, revoke proven, ...).
Undo (R65) is :meth:`Game.undo`, a pop: beside each event the game keeps what that
event changed (as python-chess keeps a board state per move), so undo puts it back
without replaying anything. Readers get :class:`~referee.core.view.DealView`, a
read-only view of each deal.

The work is split by idea: card play, proofs and lead duties in
:mod:`referee.core.play`, the other events in :mod:`referee.core.deal_events`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from referee.core import deal_events, play
from referee.core.deal import Deal
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
from referee.core.notices import DealOver, Notice
from referee.core.play import AFTER, ALL_SUITS, CLOSE, EVENT, FULL, LEAD, SIDE_OF, refused
from referee.core.profile import Profile
from referee.core.proofs import presumed
from referee.core.scoring import Score
from referee.core.table import Seat
from referee.core.view import DealView, ScoreView
from referee.core.vocab import BavyanState, Phase
from referee.errors import N_

_PENDING, _PLAYING = BavyanState.PENDING, BavyanState.PLAYING
_TRUMP, _PLAY, _BAVYAN, _OVER = Phase.TRUMP, Phase.PLAY, Phase.BAVYAN, Phase.OVER

_HANDLERS: dict[type, Callable[[Game, Any], list[Notice]]] = {
    ChooseTrump: deal_events.choose_trump,
    Bavyan: deal_events.bavyan,
    Redeal: deal_events.redeal,
    Misdeal: deal_events.misdeal,
    RevokeRuling: deal_events.ruling,
    EndSession: deal_events.end,
}


def _first_seats(profile: Profile, first_dealer: Seat | None, first_caller: Seat | None) -> Seat:
    """The first caller the profile's rotation gives (R11, R40); raises RulesError
    when the seat it needs is missing or the two disagree."""
    if profile.rotation == "dealer":
        if first_dealer is None:
            raise refused(
                "game.needs-first-dealer",
                N_("profile {profile} needs a first dealer (R40)"),
                {"profile": profile.name},
            )
        derived = first_dealer.next(profile.clockwise)
        if first_caller is not None and first_caller != derived:
            raise refused(
                "game.caller-not-after-dealer",
                N_("first caller {caller} is not the first dealer's right-hand neighbour {seat} (R40)"),
                {"caller": first_caller.name, "seat": derived.name},
                seat=first_caller,
                token=first_caller.name,
            )
        return derived
    if first_dealer is not None:
        raise refused(
            "game.no-dealer-rotation",
            N_("profile {profile} has no dealer rotation: name the first caller, not a dealer (R11)"),
            {"profile": profile.name},
        )
    if first_caller is None:
        raise refused(
            "game.needs-first-caller",
            N_("profile {profile} needs a first caller (R11)"),
            {"profile": profile.name},
        )
    return first_caller


class Game:
    """A session under one profile; build it with :meth:`from_events`.

    ``first_dealer`` (pagat, R40) or ``first_caller`` (kort, R11); ``target``
    overrides the profile's match target (R31). Raises RulesError when the seat the
    profile needs is missing.
    """

    def __init__(
        self,
        profile: Profile,
        *,
        first_dealer: Seat | None = None,
        first_caller: Seat | None = None,
        target: int | None = None,
    ) -> None:
        self.profile = profile
        self.clockwise = profile.clockwise
        first_caller = _first_seats(profile, first_dealer, first_caller)
        if target is not None and not profile.is_match:
            raise refused(
                "game.no-match-target",
                N_("profile {profile} has no match target (R44: courts decide)"),
                {"profile": profile.name},
            )
        self.first_dealer = first_dealer
        self.first_caller = first_caller
        self.target = target if target is not None else profile.scoring.match_target
        self._score = Score(dealer=first_dealer, caller=first_caller)
        self._deals: list[Deal] = []
        self.events: list[Event] = []
        self.ended = False
        # What undo (R65) puts back, one frame per event in ``events``, as python-chess
        # keeps a board state per move. The frames lie flat on one stack of plain
        # values, a tag last, so that keeping them allocates nothing the cyclic GC must
        # watch. A card's ``code`` is its bit in ``Deal.seen``, negated when it opened
        # its trick. Frames, bottom to top:
        # - ``code``: a card that only took its place;
        # - ``code, side, kind, leads, target, trop7_side, flags, LEAD``: a kort lead
        #   (its side's duty before, R20-R25; the flag count);
        # - ``code, both duties (kind, leads, target), trop7_side, bavyan, bavyan_side,
        #   CLOSE``: a card that completed its trick (R4, R21-R27);
        # - ``code, WON``: the same without lead rules (no duties, no bavyan: pagat);
        # - ``code, state, FULL``: any other card (a void, a proof, a suspect), with the
        #   deal's state just after the card took its place (Deal.capture);
        # - ``(deal count, last deal, its state, score, ended), EVENT``: other events.
        # A card that ended its deal found the score at ``Deal.score_before``.
        self._frames: list[Any] = []
        self._tricks_to_win = profile.deal.tricks_to_win
        self._after = AFTER[self.clockwise]
        self._lead_rules = profile.options.tsar

    @classmethod
    def from_events(
        cls,
        profile: Profile,
        events: Iterable[Event] = (),
        *,
        first_dealer: Seat | None = None,
        first_caller: Seat | None = None,
        target: int | None = None,
    ) -> Game:
        """The game that ``events`` make from the start of a session (the fold): live
        play starts with none, a resume passes the stored events, a record replay its
        own. Raises RulesError for missing first seats (R11, R40) or a bad ``target``
        (R31), and the first refused event's RulesError."""
        game = cls(profile, first_dealer=first_dealer, first_caller=first_caller, target=target)
        apply = game.apply
        for ev in events:
            apply(ev)
        return game

    # ------------------------------------------------------------------ queries
    @property
    def deals(self) -> Sequence[DealView]:
        """The deals so far, in order (read-only views; a misdealt deal is gone, R66)."""
        return self._deals

    @property
    def score(self) -> ScoreView:
        """The session score now (R30, R31, R41, R61) and the next deal's seats."""
        return self._score

    @property
    def current(self) -> DealView | None:
        """The last deal (in progress or just finished), or None before the first."""
        return self._deals[-1] if self._deals else None

    @property
    def in_progress(self) -> bool:
        """True while the last deal has no result (including a pending bavyan question)."""
        return bool(self._deals) and self._deals[-1].result is None

    @property
    def over(self) -> bool:
        """True once the end signal was given (R44) and no deal is in progress."""
        return self.ended and not self.in_progress

    @property
    def phase(self) -> Phase:
        """What the session waits for (:class:`~referee.core.vocab.Phase`)."""
        d = self.current
        if d is not None and d.result is None:
            if d.bavyan is _PENDING:
                return _BAVYAN
            return _TRUMP if d.trump is None else _PLAY
        return _OVER if self.ended else _TRUMP

    @property
    def to_play(self) -> Seat | None:
        """The seat whose turn it is to play a card (R4), or None outside play."""
        if self.phase is not _PLAY:
            return None
        d = self._deals[-1]
        t = d.open_trick
        if t is not None:
            return self._after[t.leader][len(t.cards)]
        return play.next_leader(d)

    @property
    def next_dealer(self) -> Seat | None:
        """Who deals the next deal (pagat, R42); None under kort or while a deal is on (R62)."""
        return None if self.in_progress else self._score.dealer

    @property
    def next_caller(self) -> Seat | None:
        """Who calls trumps in the next deal (R12, R40); None while a deal is on (R62)."""
        return None if self.in_progress else self._score.caller

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
            caller = self._deals[-1].caller if self.in_progress else self._score.caller
        return self._after[caller][3]

    def allowed_declarations(self) -> tuple[str, ...]:
        """The declarations the seat about to lead may make on a trump lead now
        (R20-R25, R53-R55, R67): ``()`` when none applies (not a lead, no tsar rule,
        a trop continuing or an R21/R23 duty owed, a hand known (R55) or presumed
        (R67) to hold only trumps), else ``("tsar", ...)``."""
        o = self.profile.options
        if not o.tsar or self.phase is not Phase.PLAY or self._deals[-1].open_trick is not None:
            return ()
        d = self._deals[-1]
        seat = self.to_play
        assert seat is not None and d.trump is not None
        side = SIDE_OF[seat]
        duty = d.duties[side]
        if duty.owes_trump or duty.owes_nontrump:
            return ()
        if (d.voids[seat] | 1 << d.trump) == ALL_SUITS or presumed(d, seat):
            return ()  # R55, R67: a hand of only trumps declares nothing
        allowed = ["tsar"]
        bavyan_side = d.bavyan is BavyanState.PLAYING and d.bavyan_side == side
        if o.trop and (d.tricks_won[side] < o.trop_until or bavyan_side):
            allowed.append("trop")
            if o.trop7 and not d.tricks and seat == d.caller:
                allowed.append("trop7")
        return tuple(allowed)

    def outcome(self, d: DealView) -> DealOver | None:
        """The :class:`~referee.core.notices.DealOver` of finished deal ``d`` as it stands
        now (after any later ruling, R43), None while ``d`` is in progress."""
        if d.result is None or d.winner is None:
            return None
        i = d.number  # deals are numbered 1.. in order
        after = self._deals[i].score_before if i < len(self._deals) else self._score
        before = d.score_before.match_wins
        w, won = d.winner, d.tricks_won
        mw = d.match_wins
        return DealOver(
            d.number,
            d.result,
            w,
            (won[0], won[1]),
            mw,
            d.courts,
            (before[0] + mw[0], before[1] + mw[1]),
            after.streaks[w],
            d.revoke.seat if d.revoke is not None else None,
        )

    # ------------------------------------------------------------------- events
    def apply(self, event: Event) -> list[Notice]:
        """Apply one event; return what happened, in order. Raises RulesError, leaving
        the state unchanged, when the rules refuse it."""
        if type(event) is Play:
            notices = play.play_card(self, event)  # keeps its own, lighter frame
            self.events.append(event)
            return notices
        handler = _HANDLERS.get(type(event))
        if handler is None:
            raise TypeError(f"not an event: {event!r}")
        deals = self._deals
        d = deals[-1] if deals else None
        frame = (len(deals), d, d.capture() if d is not None else None, self._score, self.ended)
        notices = handler(self, event)
        self.events.append(event)
        self._frames += (frame, EVENT)
        return notices

    def undo(self) -> Event:
        """Remove the last event, leaving the state exactly as before it (R65), and
        return it. A pop: the frame kept with the event is put back (no replay), the
        deals in place, so a reference to a deal stays valid.

        Raises RulesError when there is nothing to undo.
        """
        if not self.events:
            raise refused("game.nothing-to-undo", N_("nothing to undo"))
        last = self.events.pop()
        st = self._frames
        tag = st.pop()
        if type(tag) is int:
            self._unplace(tag)
        elif tag == EVENT:
            self._undo_event(st.pop())
        elif tag == FULL:
            d = self._deals[-1]
            code, state = st[-2:]
            del st[-2:]
            over = d.result is not None
            d.restore(state)  # as it was just after the card took its place
            if over:
                self._score = d.score_before.copy()
            self._unplace(code)
        elif tag == LEAD:
            d = self._deals[-1]
            code, side, kind, leads, target, d.trop7_side, nflags = st[-7:]
            del st[-7:]
            duty = d.duties[side]
            duty.kind, duty.leads, duty.target = kind, leads, target
            del d.flags[nflags:]
            d.suspects.clear()  # a lead with suspects standing keeps a full frame
            self._unfinish(d)
            self._unplace(code)
        else:
            self._undo_close(tag == CLOSE)
        return last

    def _undo_close(self, close: bool) -> None:
        """Undo a card that completed its trick (a CLOSE or WON frame, R4)."""
        d = self._deals[-1]
        st = self._frames
        if close:
            d0, d1 = d.duties
            (
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
            ) = st[-10:]
            del st[-10:]
        else:
            code = st.pop()
        t = d.tricks[-1]
        assert t.winner is not None
        d.tricks_won[SIDE_OF[t.winner]] -= 1
        t.winner = None
        self._unfinish(d)
        self._unplace(code)

    def _unplace(self, code: int) -> None:
        """Take the last card off its trick and the seen cards (undo, R65)."""
        d = self._deals[-1]
        tricks = d.tricks
        t = tricks[-1]
        t.cards.pop()
        t.seats.pop()
        if code < 0:
            tricks.pop()
            code = -code
        d.seen &= ~code

    def _unfinish(self, d: Deal) -> None:
        """Reopen a deal the undone card ended (R5, R25, R27); no-op when it did not.
        Only the deal's end changes the score during a deal, so it was ``score_before``."""
        if d.result is not None:
            d.result = None
            d.winner = None
            d.match_wins = d.courts = (0, 0)
            d.abandoned = False
            self._score = d.score_before.copy()

    def _undo_event(self, frame: tuple[Any, ...]) -> None:
        count, d, state, score, ended = frame
        deals = self._deals
        del deals[count:]  # a deal the event started
        if d is not None:
            if len(deals) < count:
                deals.append(d)  # the deal a misdeal cancelled (R66)
            assert state is not None
            d.restore(state)
        self._score = score
        self.ended = ended

    # ------------------------------------------------------------------ report
    def report(self) -> dict[str, Any]:
        """The summary report of record-format.md (see :mod:`referee.core.report`)."""
        from referee.core.report import summary

        return summary(self)
