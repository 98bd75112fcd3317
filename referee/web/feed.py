"""What the web view shows, read from the store without writing (issue 14).

:class:`ReadOnlyStore` is the session :class:`~referee.session.store.Store` opened
through a ``mode=ro`` SQLite URI: it can read headers and events
(:meth:`Store.events` returns the effective events whatever the table did: undo,
fixes) but every write fails in SQLite itself, and it never takes the table's
session lock. :class:`Feed` follows one session: it folds the stored events with
the engine one by one, keeps the announcement lines the live table says for each
(:func:`referee.live.messages.notice_lines`), and turns the game after each event
into a JSON-ready state (:func:`state`). Nothing here decides a rule: tricks,
winners, duties, scores and who deals next come from :class:`~referee.core.game.Game`.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Hashable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import quote

from referee.core.events import Event, Play
from referee.core.game import Game
from referee.core.notices import CardPlayed, DealOver, Notice, SessionEnded
from referee.core.table import Seat
from referee.errors import RefereeError
from referee.i18n import _, language, render_error
from referee.live import messages as M
from referee.live.controller import LiveSession, new_game
from referee.session.paths import PG_SCHEMES
from referee.session.store import SessionError, SessionHeader, Store

LOG_LINES = 60
"""Announcement lines kept in a state (the page shows the newest)."""


class ReadOnlyStore(Store):
    """A :class:`Store` the web view reads through, never writing and never taking the
    table's session lock. An SQLite file is opened ``mode=ro`` (SQLite refuses any
    write; no file or folder is made); a PostgreSQL URL (issue 16) gets a connection
    whose transactions are all ``READ ONLY`` (the server refuses any write). Raises
    SessionError when the file is missing or unreadable, or the server cannot be
    reached (with the path or the URL, password hidden: for the server's own log,
    never for a page)."""

    def __init__(self, target: Path | str) -> None:
        if isinstance(target, str) and target.startswith(PG_SCHEMES):
            super().__init__(target, create=False, readonly=True)
            with self._guard():
                self._db.execute("SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY")
            return
        super().__init__(target, create=False)

    def _connect(self) -> sqlite3.Connection:
        if self._conn is not None:
            return self._conn
        uri = "file:" + quote(str(Path(self.path).resolve())) + "?mode=ro"
        try:
            db = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=10, check_same_thread=False)
            db.execute("SELECT COUNT(*) FROM sessions").fetchone()
        except sqlite3.Error as exc:
            raise SessionError(
                _("cannot open the session file {path}: {reason}").format(path=self.path, reason=exc)
            ) from None
        self._conn = db
        return db

    def changes(self, sids: Iterable[int] = ()) -> Hashable:
        """A value that differs after another connection has committed something the
        page shows (an entry, an undo, a fix, a rename, a new session); one tiny query.

        SQLite: ``PRAGMA data_version`` (it changes at every commit of another
        connection). PostgreSQL: the newest session id and the sum of the last log seq
        of each session in ``sids`` (those followed): the log is append-only and every
        change of a session is an entry, so the value grows with every commit that
        matters. A poll, not LISTEN/NOTIFY: it needs no trigger or schema change, works
        for a read-only role, and misses nothing across a lost connection (a
        notification sent while the listener reconnects is gone). Raises StoreError."""
        with self._guard():
            if not self.is_pg:
                return int(self._db.execute("PRAGMA data_version").fetchone()[0])
            row = self._db.execute(
                "SELECT (SELECT COALESCE(MAX(id), 0) FROM sessions), (SELECT COALESCE(SUM(last), 0) "
                "FROM (SELECT MAX(seq) AS last FROM entries WHERE session_id = ANY(?::bigint[]) "
                "GROUP BY session_id) AS followed)",
                (sorted(set(sids)),),
            ).fetchone()
        assert row is not None
        return (int(row[0]), int(row[1]))


@contextmanager
def speaking(lang: str | None) -> Iterator[None]:
    """While the block runs, texts are built in the session's own language ``lang``
    (issue 11: a session keeps the language it was played in) unless ``--lang`` or
    ``REFEREE_LANG`` chose one for the server (then, and for ``None``, nothing changes)."""
    from referee import i18n

    before = i18n.language()
    if not lang or i18n.ASKED is not None or lang == before:
        yield
        return
    i18n.setup(lang)
    try:
        yield
    finally:
        i18n.setup(before)


def _card(c: object) -> dict[str, str]:
    """A card for the page: ``id`` the canonical token (the art's file name, R2) and
    ``text`` its display form in the language (``Т♠`` under ru)."""
    return {"id": str(c), "text": M.card_text(c, True)}


class Feed:
    """One session followed for the page: the game folded from the stored events,
    the announcement log, and the states to push. :meth:`refresh` reads the store
    and returns one state per new event (in order), or one state after an undo or a
    change of names. Raises SessionError for a session that is gone or unreadable."""

    def __init__(self, store: ReadOnlyStore, sid: int) -> None:
        self.store = store
        self.sid = sid
        self.header: SessionHeader = store.header(sid)
        self.session = LiveSession(store, self.header, new_game(self.header))
        self.events: list[Event] = []
        self.log: list[str] = []
        self.version = 0
        """Bumped for every state made; the page ignores a state older than its own."""

    @property
    def game(self) -> Game:
        return self.session.game

    def rebind(self, store: ReadOnlyStore) -> None:
        """Read from ``store`` from now on (the server's connection was opened again)."""
        self.store = store
        self.session.store = store

    def history(self) -> list[dict[str, Any]]:
        """Every state from the session's start up to this feed's last event, oldest
        first (``seq`` 0, 1, ... the events folded so far), with this feed's versions:
        what a client that was waiting before the session was stored gets, so that it
        misses no event (issue 14: each client sees every entry). Raises SessionError."""
        with speaking(self.language):
            fresh = Feed(self.store, self.sid)
            out = [fresh.state()]
            for ev in self.events:
                said = fresh._apply(ev)
                fresh.log = [*fresh.log, *said][-LOG_LINES:]
                out.append(fresh.state(said))
        for st in out:
            self.version += 1
            st["version"] = self.version
        return out

    def _apply(self, ev: Event) -> list[str]:
        """Apply one stored event and return what the table was told about it."""
        g = self.game
        s = self.session
        notices: list[Notice] = g.apply(ev)
        self.events.append(ev)
        played = notices[0] if notices else None
        if isinstance(ev, Play) and isinstance(played, CardPlayed):
            card = M.card_text(ev.card, True)
            if ev.declaration:
                card += f":{M.declaration_word(ev.declaration)}"
            echo = _(M.ECHO_CARDS).format(
                deal=played.deal, trick=played.trick, cards=f"{played.seat.name} {card}"
            )
        else:
            echo = s.describe((ev,), notices)
        lines = [echo, *M.notice_lines(g, notices, self.header.players)]
        d = g.current
        if any(isinstance(n, SessionEnded) for n in notices) and g.in_progress and d is not None:
            lines.append(_(M.END_PENDING).format(deal=d.number))
        left = s.minutes_left()
        if left is not None and any(isinstance(n, DealOver) for n in notices) and not g.over:
            lines.append(_(M.TIME_LEFT).format(minutes=left) if left > 0 else _(M.TIME_UP))
        return lines

    def _rebuild(self, events: list[Event], said: list[str]) -> None:
        self.session = LiveSession(self.store, self.header, new_game(self.header))
        self.events = []
        self.log = []
        for ev in events:
            self.log += self._apply(ev)
        self.log = [*self.log, *said][-LOG_LINES:]

    @property
    def language(self) -> str | None:
        """The session's own language (None for a session stored without one)."""
        return getattr(self.header, "language", None)

    def refresh(self) -> list[dict[str, Any]]:
        """Read the store; the states to push, oldest first ([] when nothing changed)."""
        with speaking(self.language):
            return self._refresh()

    def _refresh(self) -> list[dict[str, Any]]:
        header = self.store.header(self.sid)
        events = self.store.events(self.sid)
        renamed = header.players != self.header.players
        self.header.players = header.players
        n = len(self.events)
        if events[:n] == self.events:
            out = []
            for ev in events[n:]:
                said = self._apply(ev)
                self.log = [*self.log, *said][-LOG_LINES:]
                out.append(self.state(said))
            if not out and renamed:
                out.append(self.state([]))
            return out
        said = []
        if events == self.events[:-1]:  # an undo (R65): said before it is taken back
            said = [_(M.ECHO_UNDO).format(what=M.undo_text(self.game, self.events[-1]))]
        try:
            self._rebuild(events, said)
        except RefereeError as exc:  # pragma: no cover - a store the engine refuses
            raise SessionError(render_error(exc)) from None
        return [self.state(said, reset=True)]

    def state(self, said: list[str] | None = None, *, reset: bool = False) -> dict[str, Any]:
        """The page's state now (see :func:`state`); ``said`` the new lines."""
        self.version += 1
        with speaking(self.language):
            out = state(self.session, self.log, said or [])
        out.update(seq=len(self.events), version=self.version, reset=reset)
        return out


def _score(game: Game, sc: Any) -> dict[str, Any]:
    """The session score in numbers: courts and streaks (pagat), match wins and matches
    won (kort), per side; and the ``chart`` value per side (courts, or all match wins)."""
    if game.profile.is_match:
        return {
            "match_wins": list(sc.match_wins),
            "matches_won": list(sc.matches_won),
            "chart": list(sc.wins),
        }
    return {"courts": list(sc.courts), "streaks": list(sc.streaks), "chart": list(sc.courts)}


def deal_list(game: Game) -> list[dict[str, Any]]:
    """Every deal of the session, in order: who dealt and called, trumps, tricks per
    side, the result line (or in progress) and the score after it (R30, R41, R64)."""
    out = []
    for i, d in enumerate(game.deals):
        after = game.deals[i + 1].score_before if i + 1 < len(game.deals) else game.score
        done = d.result is not None
        out.append(
            {
                "number": d.number,
                "dealer": d.dealer.name
                if d.dealer is not None
                else (M.dealer_by_convention(game, d.caller).name if game.profile.is_match else ""),
                "caller": d.caller.name,
                "trump": M.suit_text(d.trump, True) if d.trump is not None else "-",
                "tricks": list(d.tricks_won),
                "winner": d.winner.name if d.winner is not None else None,
                "text": M.deal_result_text(game, d)
                if done
                else _(M.SUMMARY_IN_PROGRESS).format(
                    ns=M.tricks_count(d.tricks_won[0]), ew=M.tricks_count(d.tricks_won[1])
                ),
                "done": done,
                "score": _score(game, after),
            }
        )
    return out


def state(session: LiveSession, log: list[str], said: list[str]) -> dict[str, Any]:
    """The JSON-ready state of ``session`` for the page: the seats with names and the
    open trick's cards, whose turn, trumps with the KORT badge and the shown 13th
    card, bavyan, tricks per side, the session score, dealer and caller, time left,
    the last closed trick, the deal list, the duty hint, the announcement ``log`` and
    the lines ``said`` by the newest event. Texts are in the referee's language."""
    from referee.live.screen import _seats_line

    g = session.game
    d = g.current
    players = session.players
    live = d is not None and d.result is None
    t = d.open_trick if live and d is not None else None
    played = {s: c for s, c in zip(t.seats, t.cards, strict=True)} if t is not None else {}
    turn = g.to_play
    seats = [
        {
            "seat": s.name,
            "name": players.get(s.name, ""),
            "side": s.side.name,
            "card": _card(played[s]) if s in played else None,
            "turn": s == turn,
        }
        for s in Seat
    ]
    info: list[str] = []
    trump = None
    if d is not None and live:
        info.append(_(M.SCREEN_DEAL).format(deal=d.number))
        if d.trump is not None:
            trick = t.number if t is not None else len(d.completed_tricks) + 1
            if trick <= 13:
                info.append(_(M.SCREEN_TRICK).format(trick=trick))
            trump = {
                "suit": d.trump.name,
                "text": _(M.SCREEN_TRUMP).format(suit=M.suit_text(d.trump, True)),
                "red": d.trump.name in "HD",
            }
        else:
            info.append(_(M.SCREEN_NO_TRUMP))
    elif M.between_deals_text(g):
        info.append(M.between_deals_text(g))
    score = M.score_text(g, g.score)
    left = session.minutes_left()
    time_text = ""
    if left is not None and not g.ended:
        time_text = _(M.SCREEN_TIME).format(minutes=left) if left > 0 else _(M.SCREEN_TIME_UP)
    found = M.last_trick(g)
    last = None
    if found is not None:
        ld, lt = found
        last = {
            "deal": ld.number,
            "trick": lt.number,
            "cards": [{"seat": s.name, **_card(c)} for s, c in zip(lt.seats, lt.cards, strict=False)],
            "winner": lt.winner.name if lt.winner is not None else None,
            "text": M.last_trick_text(g, players, True),
        }
    winner = M.winner_text(g, players) if g.over else ""
    return {
        "sid": session.header.id,
        "lang": language(),
        "profile": g.profile.name,
        "title": _(M.SCREEN_TITLE).format(profile=g.profile.name, sid=session.header.id),
        "info": info,
        "trump": trump,
        "badge": M.badge_word(d.badge()).upper()
        if live and d is not None and d.trump is not None and g.profile.options.tsar
        else None,
        "bavyan": _(M.SCREEN_BAVYAN) if live and d is not None and d.bavyan == "playing" else "",
        "thirteenth": _card(d.thirteenth) if live and d is not None and d.thirteenth is not None else None,
        "seats": seats,
        "turn": turn.name if turn is not None else None,
        "prompt": session.prompt(),
        "tricks": list(d.tricks_won) if live and d is not None else None,
        "tricks_text": (
            _(M.SCREEN_TRICKS).format(ns=d.tricks_won[0], ew=d.tricks_won[1])
            if live and d is not None
            else ""
        ),
        "score": score,
        "seats_line": _seats_line(session),
        "time": time_text,
        "hint": M.duty_hint(g),
        "last": last,
        "deals": deal_list(g),
        "log": log[-LOG_LINES:],
        "said": said,
        "over": g.over,
        "winner": winner,
        "at": time.time(),
    }
