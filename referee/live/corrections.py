"""Corrections at the table: ``undo``, ``fix`` and the evidence shown before a ruling
(issue 11, R65), as a part of :class:`referee.live.controller.LiveSession`.

Each is stored as its own entry of the append-only log (nothing is deleted) and the game
is the fold of the effective entries again afterwards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.core.cards import Card
from referee.core.events import Play, RevokeRuling
from referee.core.game import Game
from referee.core.table import Seat
from referee.errors import RefereeError, RulesError
from referee.i18n import _, render_error
from referee.live import messages as M
from referee.live.fixes import deal_view, fix_changes, places
from referee.live.opening import new_game
from referee.live.outcome import Outcome
from referee.session.log import LogEntry, Unit, seat_tag
from referee.session.origin import Origin
from referee.session.store import SessionHeader, Store

if TYPE_CHECKING:
    from referee.live.entry import Entry


class Corrections:
    """``undo``, ``fix`` and ``ruling_evidence`` of a live session (a mixin of
    :class:`~referee.live.controller.LiveSession`, which owns these attributes)."""

    store: Store
    header: SessionHeader
    game: Game
    default_origin: Origin
    lang: str

    if TYPE_CHECKING:

        def where(self) -> str: ...

        def parse(self, line: str) -> Entry | None: ...

    def _rebuild(self) -> None:
        """The game made again from the store's effective events (after an undo or a fix)."""
        game = new_game(self.header, self.store.events(self.header.id))
        self.game = game

    def undo(self, n: int = 1, *, origin: Origin | None = None) -> Outcome:
        """Take back the last ``n`` effective units (R65): cards and other events one by
        one, a fix as a whole. Stored as one ``undo`` entry (nothing is deleted), then
        the game is the fold again. Raises RulesError when fewer than ``n`` are there."""
        g = self.game
        folded = self.store.folded(self.header.id)
        units = folded.units
        if not units or not g.events:
            raise RulesError(_(M.NOTHING_TO_UNDO))
        if n > len(units):
            raise RulesError(_(M.UNDO_TOO_MANY).format(count=len(units), n=n))
        log = {e.seq: e for e in self.store.log(self.header.id)}
        taken = list(reversed(units[-n:]))
        what: list[str] = []
        tmp = new_game(self.header, g.events)
        remaining = list(units)
        for unit in taken:
            remaining.remove(unit)
            if len(unit) == 2:
                what.append(M.undo_text(tmp, tmp.events[-1]))
                tmp.undo()
            else:
                fix = log[unit[0]]
                what.append(
                    _(M.UNDO_FIX).format(
                        trick=fix.data["trick"],
                        seat=fix.data["seat"],
                        card=M.card_text(Card.parse(fix.data["card"])),
                        was=M.card_text(Card.parse(fix.data["was"])),
                    )
                )
                tmp = self._fold_game(log, remaining)
        text = "undo" if n == 1 else f"undo {n}"
        self.store.add(
            self.header.id,
            "undo",
            text,
            data={"retracts": [list(u) for u in taken]},
            origin=origin or self.default_origin,
        )
        self._rebuild()
        echo = (
            _(M.ECHO_UNDO).format(what=what[0])
            if n == 1
            else _(M.ECHO_UNDO_MANY).format(n=n, what="; ".join(what))
        )
        return Outcome(echo, [f"  {self.where()}"])

    def _fold_game(self, log: dict[int, LogEntry], units: list[Unit]) -> Game:
        """A game of the given units in force (for describing several undos)."""
        from referee.session.log import fold

        kept = set(units)
        entries = [e for e in log.values() if e.kind in ("events", "fix")]
        # only the units kept: an undo entry retracting the rest stands in for them
        gone = [
            [*u]
            for e in entries
            for u in ([(e.seq, i) for i in range(len(e.events))] if e.kind == "events" else [(e.seq,)])
            if u not in kept
        ]
        fake = LogEntry(10**9, "undo", "", data={"retracts": gone})
        game = new_game(self.header, fold([*entries, fake]).events)
        return game

    # ---------------------------------------------------------------- fix
    def fix(
        self,
        trick: int,
        seat: Seat,
        card: Any,
        decl: str | None = None,
        *,
        text: str = "",
        origin: Origin | None = None,
    ) -> Outcome:
        """Correct one card of the current deal: in ``trick`` ``seat`` played ``card``
        (issue 11). Everything after it is judged again (winners, voids, revokes,
        duties, the deal's end, R4-R6, R43, R50); when a later entry no longer fits (a
        card now twice, a deal that ended earlier, a seat typed for another turn) the
        fix is refused naming that entry. Stored as one ``fix`` entry; ``undo`` takes
        it back whole. Raises RulesError."""
        g = self.game
        d = g.current
        if d is None:
            raise RulesError(_(M.FIX_NO_DEAL))
        t = next((x for x in d.tricks if x.number == trick), None)
        if t is None:
            raise RulesError(
                _(M.FIX_NO_TRICK).format(deal=d.number, trick=trick),
                deal=d.number,
                trick=trick,
                token=str(trick),
            )
        if seat not in t.seats:
            raise RulesError(
                _(M.FIX_NO_CARD).format(seat=seat.name, trick=trick, deal=d.number),
                deal=d.number,
                trick=trick,
                token=seat.name,
            )
        old = t.cards[t.seats.index(seat)]
        if old == card and decl is None:
            raise RulesError(
                _(M.FIX_SAME).format(seat=seat.name, card=M.card_text(card), trick=trick),
                deal=d.number,
                trick=trick,
                token=str(card),
            )
        folded = self.store.folded(self.header.id)
        log = {e.seq: e for e in self.store.log(self.header.id)}
        # where each effective Play sits: (deal, trick, seat)
        spots = places(new_game(self.header), folded.events)
        k = spots.index((d.number, trick, seat))
        target = folded.owners[k]
        old_ev = folded.events[k]
        assert isinstance(old_ev, Play)
        if decl is None and old_ev.declaration is not None and card.suit == old.suit:
            decl = old_ev.declaration
        new_ev = Play(card, decl)  # type: ignore[arg-type]
        events = list(folded.events)
        events[k] = new_ev
        fresh = new_game(self.header)
        for j, ev in enumerate(events):
            unit = folded.owners[j]
            entry = log[unit[0]]
            tagged = seat_tag(entry, unit[1])
            if j > k and tagged is not None and fresh.to_play is not None and fresh.to_play.name != tagged:
                raise RulesError(
                    _(M.FIX_CONFLICT_SEAT).format(
                        seq=entry.seq, text=entry.text, tagged=tagged, seat=fresh.to_play.name
                    ),
                    token=entry.text,
                )
            try:
                fresh.apply(ev)
            except RefereeError as exc:
                if j == k:
                    raise
                raise RulesError(
                    _(M.FIX_CONFLICT).format(
                        seq=entry.seq, text=entry.text, reason=render_error(exc, self.lang)
                    ),
                    token=entry.text,
                ) from None
        before = deal_view(g, d.number)
        self.store.add(
            self.header.id,
            "fix",
            text or f"fix {trick} {seat.name} {card}",
            data={
                "entry": target[0],
                "index": target[1],
                "card": str(card),
                "decl": decl,
                "was": str(old),
                "deal": d.number,
                "trick": trick,
                "seat": seat.name,
            },
            origin=origin or self.default_origin,
        )
        self._rebuild()
        after = deal_view(self.game, d.number)
        lines = fix_changes(before, after, self.game, d.number)
        lines.append(f"  {self.where()}")
        echo = _(M.ECHO_FIX).format(
            deal=d.number, trick=trick, seat=seat.name, card=M.card_text(card), was=M.card_text(old)
        )
        penalty = (
            after["result"] != before["result"]
            and after["revoke"] is not None
            and self.game.profile.scoring.revoke_penalty == "court"
        )
        return Outcome(echo, lines, penalty=penalty)

    # ---------------------------------------------------------------- rulings
    def ruling_evidence(self, line: str) -> list[str] | None:
        """For a ``revoke SEAT TRICK`` line, the cards of that trick and whether the seat
        followed suit (issue 11), for the table to look at before it confirms; None for
        any other line. Raises RefereeError for a ruling the rules refuse."""
        entry = self.parse(line)
        if entry is None or not entry.events or not isinstance(entry.events[0], RevokeRuling):
            return None
        ev = entry.events[0]
        d = self.game.current
        t = None
        if d is not None:
            t = next((x for x in d.tricks if x.number == ev.trick and ev.seat in x.seats), None)
        if d is None or t is None:
            # the engine says why (no deal, no such trick, a seat that did not play)
            new_game(self.header, [*self.game.events, ev])  # the engine says why
            return None
        led = t.cards[0].suit
        played = t.cards[t.seats.index(ev.seat)]
        out = [
            _(M.RULING_EVIDENCE).format(
                deal=d.number, trick=t.number, led=t.leader.name, cards=M.trick_text(t.seats, list(t.cards))
            )
        ]
        if t.seats[0] == ev.seat:
            out.append(_(M.RULING_LEAD).format(seat=ev.seat.name, card=M.card_text(played)))
        elif played.suit == led:
            out.append(
                _(M.RULING_FOLLOWED).format(
                    seat=ev.seat.name, card=M.card_text(played), suit=M.suit_word(led)
                )
            )
        else:
            out.append(
                _(M.RULING_NOT_FOLLOWED).format(
                    seat=ev.seat.name, card=M.card_text(played), suit=M.suit_word(led)
                )
            )
        return out
