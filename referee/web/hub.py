"""The store watcher of ``referee serve`` (issue 14; PostgreSQL: issue 16).

One :class:`Hub` per server: one read-only connection (:class:`~referee.web.feed.ReadOnlyStore`,
an SQLite file or a club's PostgreSQL database), one :class:`~referee.web.feed.Feed`
per session a client follows, one queue per client. :meth:`Hub.tick` runs in the event
loop every ``poll`` seconds: it asks the store whether anything changed
(:meth:`ReadOnlyStore.changes`: SQLite's ``PRAGMA data_version``, PostgreSQL's last
seqs) and fans the new states out, in order, to every client.

A client that connects before its session is stored (a page opened before ``referee
start``, or the first seconds of ``start --serve``) waits; once the session is there it
gets every state from the session's start (:meth:`~referee.web.feed.Feed.history`), then
follows, so it misses no event even when another client made the feed read ahead.
"""

from __future__ import annotations

import asyncio
import time
from contextlib import suppress
from pathlib import Path
from typing import Any

from referee.i18n import N_, _
from referee.session.paths import PG_SCHEMES
from referee.session.store import SessionError
from referee.web.feed import Feed, ReadOnlyStore

POLL = 0.05
"""Seconds between two looks at the store (the commit-to-page delay)."""
CLOCK = 20.0
"""Seconds between two states pushed for the clock alone (the time left, R44)."""
RETRY = 5.0
"""Longest wait, in seconds, between two tries to reach a PostgreSQL server that failed."""

PAGE_NO_SESSION = N_("No session yet: this page shows it as soon as `referee start` begins one.")
PAGE_ERROR = N_("the session cannot be shown")

State = dict[str, Any]
Queue = asyncio.Queue[State | None]


class Hub:
    """The store watcher: see the module docstring. ``target`` is the session file or a
    ``postgresql://`` URL; all reads happen in the event loop's thread."""

    def __init__(self, target: Path | str, poll: float = POLL) -> None:
        self.target = target
        self.is_url = isinstance(target, str) and target.startswith(PG_SCHEMES)
        self.poll = poll
        self.store: ReadOnlyStore | None = None
        self.version: object = None
        """The store's last :meth:`ReadOnlyStore.changes` value (None: look again)."""
        self.feeds: dict[int, Feed] = {}
        self.subs: dict[int, set[Queue]] = {}
        self.watch_latest: set[Queue] = set()
        """Clients of ``/stream`` (the newest session): told to reconnect when a newer one starts."""
        self.waiting_latest: set[Queue] = set()
        """Clients of ``/stream`` that connected before any session was stored."""
        self.pending: dict[int, set[Queue]] = {}
        """Clients of a session not stored yet (a page opened before ``start`` stored it)."""
        self.latest: int | None = None
        self.clock = time.monotonic()
        self._tries = 0
        self._next_try = 0.0

    # ------------------------------------------------------------ the store
    def open(self) -> ReadOnlyStore | None:
        """The read-only store, opened once the file exists and holds a session (a
        PostgreSQL database as soon as the server answers); None before. A store opened
        again (after a failure) is handed to every feed."""
        if self.store is not None:
            return self.store
        if self.is_url and time.monotonic() < self._next_try:
            return None
        if not self.is_url and not Path(self.target).exists():
            return None
        try:
            store = ReadOnlyStore(self.target)
        except SessionError:
            self._failed()
            return None
        if not self.is_url:
            try:
                made = store.latest() is not None
            except SessionError:
                made = False
            if not made:  # a file being made: look again once it holds a session
                store.close()
                return None
        self._tries = 0
        self.store = store
        for f in self.feeds.values():
            f.rebind(store)
        return store

    def _failed(self) -> None:
        """A PostgreSQL server that did not answer is tried again later and later (up to
        :data:`RETRY` s), so the pages are not held up by a connection that times out."""
        if self.is_url:
            self._tries += 1
            self._next_try = time.monotonic() + min(RETRY, 0.25 * 2**self._tries)

    def drop(self) -> None:
        """Forget a store that failed (closing it); the next tick opens it again."""
        if self.store is not None:
            with suppress(Exception):
                self.store.close()
        self.store, self.version = None, None
        self._failed()

    # ------------------------------------------------------------ the feeds
    def feed(self, sid: int) -> Feed | None:
        """The feed of session ``sid`` (read up to now), None when there is no such
        session."""
        store = self.open()
        if store is None:
            return None
        f = self.feeds.get(sid)
        if f is None:
            try:
                store.resolve(sid)
                f = Feed(store, sid)
                f.refresh()
            except SessionError:
                return None
            self.feeds[sid] = f
        else:
            self.catch_up(f)
        return f

    def catch_up(self, f: Feed, clock: bool = False) -> None:
        """Read ``f``'s session again and push its new states to its clients."""
        try:
            states = f.refresh()
        except SessionError:
            states = [{"error": _(PAGE_ERROR), "sid": f.sid}]
        if not states and clock and f.header.duration:
            states = [f.state()]
        for st in states:
            for q in self.subs.get(f.sid, ()):
                q.put_nowait(st)

    def join(self, f: Feed, queues: set[Queue]) -> None:
        """Clients that waited for ``f``'s session: each gets every state from its start,
        then follows it with the others (nothing missed, nothing twice)."""
        self.catch_up(f)  # the clients already there get theirs first
        try:
            states = f.history()
        except SessionError:
            states = [{"error": _(PAGE_ERROR), "sid": f.sid}]
        for q in queues:
            for st in states:
                q.put_nowait(st)
        self.subs.setdefault(f.sid, set()).update(queues)

    def resolve(self, sid: int | None) -> int | None:
        """``sid``, or the newest session when None (None when there is none)."""
        if sid is not None:
            return sid
        store = self.open()
        try:
            return store.latest() if store is not None else None
        except SessionError:
            return None

    # ------------------------------------------------------------ the clients
    def subscribe(self, sid: int | None) -> tuple[Queue, State]:
        """A client's queue and the first state it gets (the whole session so far)."""
        q: Queue = asyncio.Queue()
        if sid is None:
            self.watch_latest.add(q)
        real = self.resolve(sid)
        if sid is None:
            self.latest = real  # a newer session than this one makes the client reconnect
        f = self.feed(real) if real is not None else None
        if f is None:
            if sid is not None:
                self.pending.setdefault(sid, set()).add(q)
            else:
                self.waiting_latest.add(q)
            return q, {"empty": True, "message": _(PAGE_NO_SESSION)}
        self.subs.setdefault(f.sid, set()).add(q)
        return q, f.state()

    def unsubscribe(self, q: Queue) -> None:
        self.watch_latest.discard(q)
        self.waiting_latest.discard(q)
        for qs in [*self.subs.values(), *self.pending.values()]:
            qs.discard(q)

    def followed(self) -> list[int]:
        """The sessions some client follows or waits for."""
        return sorted({sid for sid, qs in self.subs.items() if qs} | set(self.pending))

    # ------------------------------------------------------------ the loop
    def tick(self) -> None:
        """Look at the store once; push new states (and a clock state now and then)."""
        store = self.open()
        if store is None:
            return
        try:
            version = store.changes(self.followed())
        except Exception:  # the file or the server failed: open it again next time
            self.drop()
            return
        clock = time.monotonic() - self.clock >= CLOCK
        if version == self.version and not clock:
            return
        self.version = version
        if clock:
            self.clock = time.monotonic()
        for sid, qs in list(self.subs.items()):
            f = self.feeds.get(sid)
            if f is not None and qs:
                self.catch_up(f, clock)
        self._adopt_pending(store)
        self._follow_latest(store)

    def _adopt_pending(self, store: ReadOnlyStore) -> None:
        """Clients waiting for a session now stored join it from its start."""
        for sid, waiting in list(self.pending.items()):
            f = self.feeds.get(sid)
            if f is None and waiting:
                try:
                    store.resolve(sid)
                    f = Feed(store, sid)
                except SessionError:
                    continue
                self.feeds[sid] = f
            del self.pending[sid]
            if f is not None:
                self.join(f, waiting)

    def _follow_latest(self, store: ReadOnlyStore) -> None:
        """A newer session: the clients of ``/stream`` that showed an older one
        reconnect; those that had none yet join the new one from its start."""
        latest = store.latest()
        if latest == self.latest:
            return
        self.latest = latest
        waiting, self.waiting_latest = self.waiting_latest, set()
        for q in list(self.watch_latest - waiting):
            q.put_nowait(None)  # the newest session changed: the client reconnects
        f = self.feed(latest) if latest is not None and waiting else None
        if f is not None:
            self.join(f, waiting)
        else:
            self.waiting_latest = waiting

    async def run(self) -> None:
        while True:
            await asyncio.sleep(self.poll)
            try:
                self.tick()
            except Exception:
                self.version = None
