"""The session store: one SQLite file (stdlib sqlite3, WAL) holding every live session.

A session is its header (profile snapshot, players, first dealer/caller, seed,
duration, target, creation time, language, camera settings) and its log: every
entry the table made, with its time (UTC ms) and origin, appended and never
changed (:mod:`referee.session.log`; an undo or a fix is an entry too). Every
accepted entry is written in its own transaction and committed before the
screen shows it, so a killed process loses nothing that was shown; resuming
replays the effective events into a fresh :class:`~referee.core.game.Game`
(R65: the game is the fold of its effective entries).

Schema (``PRAGMA user_version`` = :data:`SCHEMA_VERSION`):

- ``sessions``: one row per session: the header columns, ``language`` (the
  referee's language, ``ru``) and ``settings`` (JSON: the camera options).
- ``entries``: ``(session_id, seq)`` key; ``time_ms`` (UTC epoch ms, NULL for an
  entry migrated from schema 0), ``origin`` (:class:`~referee.session.origin.Origin`
  JSON, NULL: keyboard), ``text`` (the line as typed), ``kind`` (``events``,
  ``undo``, ``fix``, ``players``), ``events`` (JSON list of :mod:`codec` events),
  ``data`` (JSON: seat tags, what an undo retracts, what a fix replaces).
  Triggers refuse any UPDATE or DELETE: the log is append-only.
- ``session_locks``: who writes a session now (:mod:`referee.session.lock`).

Schema 0 (before the log: no user_version, an ``events`` table whose rows undo
deleted) is migrated on open, in one transaction: each event becomes an
``events`` entry of its own, with no time and a keyboard origin.

The file lives in ``platformdirs.user_data_dir("court-referee")`` unless
``REFEREE_DATA_DIR`` names another directory or a command gets ``--session FILE``.

Failures (issue 12): opening refuses a file that is not SQLite, a damaged one
(``PRAGMA quick_check``), another program's SQLite file and one whose
``PRAGMA user_version`` is newer than :data:`SCHEMA_VERSION`; nothing is written
into such a file. After opening, every ``sqlite3`` error (disk full, I/O error,
read-only file, locked, damaged pages) becomes one :class:`StoreError` line
naming the file; a failed write is rolled back whole and checked against the
file opened again (see :meth:`Store._write`), so what the table was shown is
what is stored, and ``referee resume`` goes on once the fault is gone.

The code is split by job: :mod:`~referee.session.schema` (tables, migration),
:mod:`~referee.session.base` (opening, checks, transactions, error lines),
:mod:`~referee.session.errors`, :mod:`~referee.session.header`,
:mod:`~referee.session.paths` (which file or URL); the names are all importable from here.

A club keeps every table's sessions in one PostgreSQL database instead (issue 16):
``--store postgresql://...`` or ``REFEREE_STORE`` (``--store sqlite:///FILE`` is
``--session FILE``); the same tables, SQL and guarantees, spoken through
:mod:`referee.session.pg` (imported only then), and the one-referee lock is a
server-side advisory lock held by the referee's connection.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Sequence
from contextlib import suppress
from pathlib import Path
from typing import Any

from referee.core.events import Event
from referee.i18n import _
from referee.session import lock as _lock
from referee.session.base import StoreBase
from referee.session.codec import decode, encode
from referee.session.errors import SessionBusy, SessionError, SessionTakenOver, StoreError, sqlite_reason
from referee.session.header import SessionHeader, SessionInfo, header_from_row
from referee.session.log import Folded, LogEntry, fold
from referee.session.origin import Origin
from referee.session.paths import DB_NAME, ENV_DIR, ENV_STORE, default_path, store_target
from referee.session.schema import _HEADER_COLUMNS, SCHEMA_VERSION, migrate

__all__ = [
    "DB_NAME",
    "ENV_DIR",
    "ENV_STORE",
    "SCHEMA_VERSION",
    "SessionBusy",
    "SessionError",
    "SessionHeader",
    "SessionInfo",
    "SessionTakenOver",
    "Store",
    "StoreError",
    "default_path",
    "migrate",
    "sqlite_reason",
    "store_target",
]


class Store(StoreBase):
    """An open session database (:class:`~referee.session.base.StoreBase`): the session
    headers and their append-only logs, the one-referee lock, and the reads. Use as a
    context manager or call :meth:`close`."""

    def close(self) -> None:
        """Close the database (every write is already committed); the locks it holds
        are let go."""
        for sid in list(self._tokens):
            self.release(sid)
        super().close()

    # ---------------------------------------------------------------- writes
    def create(self, h: SessionHeader) -> int:
        """Store a new session header; returns its id (also set on ``h``)."""
        with self._tx() as db:
            cur = db.execute(
                "INSERT INTO sessions (created, started, profile, profile_name, profile_text, "
                "players, first_dealer, first_caller, seed, duration, target, language, settings) "
                "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (
                    h.created,
                    h.started,
                    h.profile,
                    h.profile_name,
                    h.profile_text,
                    json.dumps(h.players),
                    h.first_dealer,
                    h.first_caller,
                    h.seed,
                    h.duration,
                    h.target,
                    h.language,
                    json.dumps(h.settings) if h.settings else None,
                ),
            )
            h.id = int(cur.lastrowid or 0)
        return h.id

    def add(
        self,
        sid: int,
        kind: str,
        text: str,
        *,
        events: Sequence[Event] = (),
        data: dict[str, Any] | None = None,
        origin: Origin | None = None,
        time_ms: int | None = None,
    ) -> LogEntry:
        """Append one entry to the log of session ``sid``, in one committed transaction,
        and return it. ``time_ms`` defaults to now (UTC epoch ms). Raises
        SessionTakenOver when another referee took the session over."""
        import time

        origin = origin or Origin()
        when = time_ms if time_ms is not None else time.time_ns() // 1_000_000
        events_text = "[" + ",".join(encode(ev) for ev in events) + "]"
        before = self._last_seq(sid)

        def landed(db: sqlite3.Connection) -> bool:
            row = db.execute(
                "SELECT kind, text, time_ms, events FROM entries WHERE session_id=? AND seq=?",
                (sid, (before or 0) + 1),
            ).fetchone()
            return before is not None and row == (kind, text, when, events_text)

        with self._write(landed) as db:
            self._check_holder(db, sid)
            row = db.execute(
                "SELECT COALESCE(MAX(seq), 0) FROM entries WHERE session_id=?", (sid,)
            ).fetchone()
            seq = int(row[0]) + 1
            db.execute(
                "INSERT INTO entries (session_id, seq, time_ms, origin, text, kind, events, data) "
                "VALUES (?,?,?,?,?,?,?,?)",
                (
                    sid,
                    seq,
                    when,
                    origin.to_json(),
                    text,
                    kind,
                    events_text,
                    json.dumps(data, separators=(",", ":")) if data else None,
                ),
            )
        return LogEntry(seq, kind, text, when, origin, tuple(events), dict(data or {}))

    def append(self, sid: int, events: Sequence[Event], text: str = "", origin: Origin | None = None) -> None:
        """Store the events of one accepted entry (an ``events`` log entry)."""
        self.add(sid, "events", text, events=events, origin=origin)

    def pop(self, sid: int) -> None:
        """Take back the last effective unit (undo, R65): an ``undo`` entry, nothing deleted."""
        units = self.folded(sid).units
        if units:
            self.add(sid, "undo", "undo", data={"retracts": [list(units[-1])]})

    def set_players(
        self, sid: int, players: dict[str, str], text: str = "", origin: Origin | None = None
    ) -> None:
        """Replace the seat -> name map of the session (and log it). Raises StoreError
        when it is not stored."""
        names = json.dumps(players)

        def landed(db: sqlite3.Connection) -> bool:
            row = db.execute("SELECT players FROM sessions WHERE id=?", (sid,)).fetchone()
            return row is not None and row[0] == names

        with self._write(landed) as db:
            db.execute("UPDATE sessions SET players=? WHERE id=?", (names, sid))
        self.add(sid, "players", text or "players", data={"players": players}, origin=origin)

    def set_settings(
        self, sid: int, *, language: str | None = None, settings: dict[str, Any] | None = None
    ) -> None:
        """Remember the session's language and (camera) settings for ``resume``;
        None leaves a value as it is."""
        with self._tx() as db:
            if language is not None:
                db.execute("UPDATE sessions SET language=? WHERE id=?", (language, sid))
            if settings is not None:
                db.execute(
                    "UPDATE sessions SET settings=? WHERE id=?",
                    (json.dumps(settings) if settings else None, sid),
                )

    def _last_seq(self, sid: int) -> int | None:
        """The last log seq of session ``sid`` (0: none); None when it cannot be read."""
        try:
            row = self._db.execute(
                "SELECT COALESCE(MAX(seq), 0) FROM entries WHERE session_id=?", (sid,)
            ).fetchone()
            return int(row[0])
        except self._failures:
            return None

    # ------------------------------------------------------------------ lock
    def acquire(self, sid: int, *, take_over: bool = False) -> None:
        """Become the one referee writing session ``sid`` (:mod:`referee.session.lock`).

        Raises SessionBusy naming the holder (pid, since when) when another live
        referee has it, unless ``take_over``: then this store becomes the holder and
        the other one's next write is refused (SessionTakenOver).
        """
        import secrets
        import time

        db = self._db
        try:
            with self._guard():
                free = self._pg.try_lock(sid) if self._pg is not None else _lock.try_lock(self.path, sid)
        except OSError as exc:
            raise SessionError(
                _("cannot lock session {sid} in {path}: {reason}").format(sid=sid, path=self.path, reason=exc)
            ) from None
        with self._guard():
            row = db.execute(
                "SELECT pid, host, since_ms FROM session_locks WHERE session_id=? AND token != ''", (sid,)
            ).fetchone()
        pid, host = _lock.me()
        if row is not None and not (row[0] == pid and row[1] == host and self._pg is None):
            # PostgreSQL: the server's lock alone says whether the holder still runs
            holder_alive = not free or (self._pg is None and _lock.alive(int(row[0]), str(row[1])))
            if holder_alive and not take_over:
                since = time.strftime("%H:%M", time.localtime(int(row[2]) / 1000))
                raise SessionBusy(
                    _(
                        "session {sid} is open in another referee, pid {pid}, since "
                        "{since} (`referee resume {sid}{session} --take-over` takes it "
                        "over)"
                    ).format(sid=sid, pid=row[0], since=since, session=self.session_option)
                )
        elif not free and not take_over:
            # held by a process that has not written its row yet
            raise SessionBusy(
                _(
                    "session {sid} is open in another referee, pid {pid}, since "
                    "{since} (`referee resume {sid}{session} --take-over` takes it "
                    "over)"
                ).format(sid=sid, pid="?", since="?", session=self.session_option)
            )
        token = secrets.token_hex(8)
        with self._tx() as tx:
            tx.execute(
                "INSERT OR REPLACE INTO session_locks (session_id, pid, host, since_ms, token) "
                "VALUES (?,?,?,?,?)",
                (sid, pid, host, time.time_ns() // 1_000_000, token),
            )
        self._tokens[sid] = token
        self._unlocked = set() if free else {sid}

    def release(self, sid: int) -> None:
        """Stop being session ``sid``'s referee (a clean end; a killed one needs none)."""
        token = self._tokens.pop(sid, None)
        if token is None:
            return
        try:
            with self._tx() as db:
                # the row stays (with no token: free), so a referee still running after a
                # take-over sees on its next write that it is no longer the holder
                db.execute("UPDATE session_locks SET token='' WHERE session_id=? AND token=?", (sid, token))
        except self._failures:  # the lock dies with the process anyway
            pass
        if self._pg is not None:
            with suppress(Exception):  # closing the connection drops it anyway
                self._pg.unlock(sid)
        else:
            _lock.unlock(self.path, sid)

    def _check_holder(self, db: sqlite3.Connection, sid: int) -> None:
        """Inside a write: refuse when this store took the lock and another referee has
        taken the session over since."""
        token = self._tokens.get(sid)
        if token is None:
            return
        if sid in self._unlocked and (
            self._pg.try_lock(sid) if self._pg is not None else _lock.try_lock(self.path, sid)
        ):
            self._unlocked.discard(sid)  # the old referee has gone: the OS lock is ours now
        row = db.execute("SELECT pid, token FROM session_locks WHERE session_id=?", (sid,)).fetchone()
        if row is not None and row[1] != token:
            self._tokens.pop(sid, None)
            raise SessionTakenOver(
                _(
                    "session {sid} was taken over by another referee (pid {pid}): "
                    "this one stops; nothing more is written here"
                ).format(sid=sid, pid=row[0])
            )

    # ----------------------------------------------------------------- reads
    def latest(self) -> int | None:
        """The id of the newest session, or None when there is none."""
        if not self.exists():
            return None
        with self._guard():
            row = self._db.execute("SELECT MAX(id) FROM sessions").fetchone()
        return int(row[0]) if row and row[0] is not None else None

    def resolve(self, sid: int | None) -> int:
        """``sid`` if it exists, the latest session when None; raise SessionError otherwise."""
        if sid is None:
            latest = self.latest()
            if latest is None:
                raise SessionError(
                    _(
                        "no session yet in {path}: start one with `referee start --profile NAME{session}`"
                    ).format(path=self.path, session=self.session_option)
                )
            return latest
        with self._guard():
            row = self._db.execute("SELECT id FROM sessions WHERE id=?", (sid,)).fetchone()
        if row is None:
            raise SessionError(
                _("no session {sid} in {path} (see `referee sessions{session}`)").format(
                    sid=sid, path=self.path, session=self.session_option
                )
            )
        return sid

    def header(self, sid: int) -> SessionHeader:
        """The header of session ``sid`` (which must exist)."""
        with self._guard():
            row = self._db.execute(f"SELECT {_HEADER_COLUMNS} FROM sessions WHERE id=?", (sid,)).fetchone()
        if row is None:
            raise SessionError(_("no session {sid} in {path}").format(sid=sid, path=self.path))
        return self._decode_header(row)

    def _decode_header(self, row: Sequence[Any]) -> SessionHeader:
        try:
            return header_from_row(row)
        except (ValueError, TypeError, KeyError) as exc:
            raise SessionError(
                _("session {sid} in {path} has an unreadable header: {reason}").format(
                    sid=row[0], path=self.path, reason=str(exc)[:200]
                )
            ) from None

    def log(self, sid: int) -> list[LogEntry]:
        """Every entry of session ``sid``'s log, in order (nothing is ever removed)."""
        with self._guard():
            rows = self._db.execute(
                "SELECT seq, kind, text, time_ms, origin, events, data FROM "
                "entries WHERE session_id=? ORDER BY seq",
                (sid,),
            ).fetchall()
        try:
            return [
                LogEntry(
                    int(seq),
                    kind,
                    text,
                    time_ms,
                    Origin.from_json(origin),
                    tuple(decode(json.dumps(e)) for e in json.loads(events)),
                    json.loads(data) if data else {},
                )
                for seq, kind, text, time_ms, origin, events, data in rows
            ]
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            raise SessionError(
                _("session {sid} in {path} holds an unreadable event: {reason}").format(
                    sid=sid, path=self.path, reason=str(exc)[:200]
                )
            ) from None

    def folded(self, sid: int) -> Folded:
        """The fold of session ``sid``'s log (:func:`referee.session.log.fold`)."""
        try:
            return fold(self.log(sid))
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            raise SessionError(
                _("session {sid} in {path} holds an unreadable event: {reason}").format(
                    sid=sid, path=self.path, reason=str(exc)[:200]
                )
            ) from None

    def events(self, sid: int) -> list[Event]:
        """The effective events of session ``sid`` in order (undos and fixes applied)."""
        return self.folded(sid).events

    def sessions(self) -> list[SessionInfo]:
        """Every session, oldest first, with its count of effective events."""
        if not self.exists():
            return []
        with self._guard():
            rows = self._db.execute(f"SELECT {_HEADER_COLUMNS} FROM sessions ORDER BY id").fetchall()
        return [SessionInfo(h, len(self.events(h.id))) for h in map(self._decode_header, rows)]

    def session_ids(self) -> list[int]:
        """The ids of every session, oldest first (even ones whose header is unreadable)."""
        if not self.exists():
            return []
        with self._guard():
            return [int(r[0]) for r in self._db.execute("SELECT id FROM sessions ORDER BY id")]

    def backup(self, target: Path) -> None:
        """Copy the whole database, every committed entry (the ``-wal`` file's included),
        into the single file ``target`` with SQLite's backup API; ``target`` is written
        beside itself and renamed into place, in rollback-journal mode (one file to
        copy). A PostgreSQL store is refused (StoreError): the server's own tools
        (``pg_dump``) back it up. Raises
        StoreError, OSError."""
        import tempfile

        if self._pg is not None:
            raise StoreError(
                _(
                    "{path} is a PostgreSQL database: `referee backup` copies a "
                    "session file; back the server up with pg_dump"
                ).format(path=self.path)
            )

        fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
        os.close(fd)
        tmp = Path(tmp_name)
        try:
            dst = sqlite3.connect(tmp, isolation_level=None)
            try:
                with self._guard():
                    self._db.backup(dst)
                dst.execute("PRAGMA journal_mode=DELETE")
                dst.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
            finally:
                dst.close()
            os.chmod(tmp, 0o666 & ~_umask())
            os.replace(tmp, target)
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
