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
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from referee.core.events import Event
from referee.errors import RefereeError
from referee.i18n import N_, _
from referee.session import lock as _lock
from referee.session.codec import decode, encode
from referee.session.log import Folded, LogEntry, fold
from referee.session.origin import Origin

DB_NAME = "sessions.db"
ENV_DIR = "REFEREE_DATA_DIR"
ENV_STORE = "REFEREE_STORE"
"""A store URL every command uses when given neither ``--store`` nor ``--session``."""

SCHEMA_VERSION = 1
"""``PRAGMA user_version`` of a database this code writes (0: before the log). A file
with a larger number was written by a newer referee and is refused."""
SQLITE_MAGIC = b"SQLite format 3\x00"
_TABLES = {"sessions": {"id", "created", "started", "profile", "profile_name", "profile_text",
                        "players", "first_dealer", "first_caller", "seed", "duration", "target"},
           "entries": {"session_id", "seq", "time_ms", "origin", "text", "kind", "events", "data"}}
"""The tables (and the columns each needs at least) of a file of schema 1."""

_SESSIONS = """
CREATE TABLE IF NOT EXISTS sessions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created TEXT NOT NULL,
    started REAL NOT NULL,
    profile TEXT NOT NULL,
    profile_name TEXT NOT NULL,
    profile_text TEXT NOT NULL,
    players TEXT NOT NULL,
    first_dealer TEXT,
    first_caller TEXT NOT NULL,
    seed INTEGER,
    duration INTEGER,
    target INTEGER,
    language TEXT,
    settings TEXT
);
"""
_LOG = """
CREATE TABLE IF NOT EXISTS entries (
    session_id INTEGER NOT NULL REFERENCES sessions(id),
    seq INTEGER NOT NULL,
    time_ms INTEGER,
    origin TEXT,
    text TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('events', 'undo', 'fix', 'players')),
    events TEXT NOT NULL DEFAULT '[]',
    data TEXT,
    PRIMARY KEY (session_id, seq)
);
CREATE TRIGGER IF NOT EXISTS entries_append_only_update BEFORE UPDATE ON entries
BEGIN SELECT RAISE(ABORT, 'the session log is append-only'); END;
CREATE TRIGGER IF NOT EXISTS entries_append_only_delete BEFORE DELETE ON entries
BEGIN SELECT RAISE(ABORT, 'the session log is append-only'); END;
CREATE TABLE IF NOT EXISTS session_locks (
    session_id INTEGER PRIMARY KEY REFERENCES sessions(id),
    pid INTEGER NOT NULL,
    host TEXT NOT NULL,
    since_ms INTEGER NOT NULL,
    token TEXT NOT NULL
);
"""
_HEADER_COLUMNS = ("id, created, started, profile, profile_name, profile_text, players, "
                   "first_dealer, first_caller, seed, duration, target, language, settings")


def migrate(db: sqlite3.Connection) -> int:
    """Bring the open database to :data:`SCHEMA_VERSION`; returns the version found.

    A new file gets the tables; schema 0 (``events`` rows, no user_version) gets the
    new ``sessions`` columns and its events moved into ``entries`` (one entry per
    event, no time, keyboard origin, the record token as text), in one transaction.
    A newer version is left alone (the caller decides what to do with it); a database
    with tables but no ``sessions`` table (someone else's) is left untouched and
    raises sqlite3.DatabaseError.
    """
    found = int(db.execute("PRAGMA user_version").fetchone()[0])
    if found >= SCHEMA_VERSION:
        return found
    db.execute("BEGIN IMMEDIATE")
    try:
        found = int(db.execute("PRAGMA user_version").fetchone()[0])  # another process won
        if found < SCHEMA_VERSION:
            tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            if tables and "sessions" not in tables:
                # someone else's database: touch nothing (the caller says what it is)
                db.execute("ROLLBACK")
                raise sqlite3.DatabaseError(
                    "not a session database (it has tables but no sessions table)")
            if "sessions" in tables:
                columns = {r[1] for r in db.execute("PRAGMA table_info(sessions)")}
                for col in ("language", "settings"):
                    if col not in columns:
                        db.execute(f"ALTER TABLE sessions ADD COLUMN {col} TEXT")
            else:
                for stmt in _split(_SESSIONS):
                    db.execute(stmt)
            for stmt in _split(_LOG):
                db.execute(stmt)
            if "events" in tables:
                rows = db.execute("SELECT session_id, seq, event FROM events ORDER BY session_id, seq")
                db.executemany(
                    "INSERT INTO entries (session_id, seq, time_ms, origin, text, kind, events) "
                    "VALUES (?,?,NULL,NULL,?,'events',?)",
                    [(sid, seq, _event_text(event), f"[{event}]") for sid, seq, event in rows])
                db.execute("DROP TABLE events")
            db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise
    return found


def _split(script: str) -> list[str]:
    """The statements of ``script`` (a trigger's body keeps its inner ``;``)."""
    out: list[str] = []
    buf = ""
    for part in script.split(";"):
        buf += part + ";"
        if buf.count("BEGIN") > buf.count("END;"):
            continue
        if buf.strip(" \n;"):
            out.append(buf.strip())
        buf = ""
    return out


def _event_text(stored: str) -> str:
    """The record token of a stored event (``AH``, ``trump S``): the text of a migrated entry."""
    from referee.core.events import (
        Bavyan,
        ChooseTrump,
        EndSession,
        Misdeal,
        Play,
        Redeal,
        RevokeRuling,
    )

    try:
        ev = decode(stored)
    except (ValueError, KeyError):
        return stored
    if isinstance(ev, Play):
        return str(ev.card) + (f":{ev.declaration}" if ev.declaration else "")
    if isinstance(ev, ChooseTrump):
        return f"trump 13 {ev.thirteenth}" if ev.thirteenth else f"trump {ev.suit.name}"
    if isinstance(ev, Bavyan):
        return "bavyan yes" if ev.play_on else "bavyan no"
    if isinstance(ev, Redeal):
        return " ".join(["redeal", *map(str, ev.hand)])
    if isinstance(ev, Misdeal):
        return "misdeal"
    if isinstance(ev, RevokeRuling):
        return f"revoke {ev.seat.name} {ev.trick}"
    assert isinstance(ev, EndSession)
    return "end"


class SessionError(RefereeError):
    """No such session, or a session file that cannot be used."""


class SessionBusy(SessionError):
    """The session is open in another referee (its pid and since when are in the message)."""


class SessionTakenOver(SessionError):
    """Another referee took this session over (``--take-over``): this one must stop writing."""


class StoreError(SessionError):
    """A session file that failed while in use (disk full, I/O error, locked, read-only,
    damaged): ``str()`` is one line naming the file; nothing half-written was kept."""


_REASONS = {
    "SQLITE_FULL": N_("the disk is full"),
    "SQLITE_IOERR": N_("input/output error"),
    "SQLITE_READONLY": N_("the file or its folder is read-only"),
    "SQLITE_BUSY": N_("the file is locked by another program"),
    "SQLITE_LOCKED": N_("the file is locked by another program"),
    "SQLITE_CORRUPT": N_("the file is damaged"),
    "SQLITE_NOTADB": N_("not an SQLite database"),
    "SQLITE_CANTOPEN": N_("the file cannot be opened"),
    "SQLITE_PERM": N_("permission denied"),
}


def sqlite_reason(exc: BaseException) -> str:
    """A short reason, in the language in force, for a ``sqlite3`` (or OS) error."""
    name = str(getattr(exc, "sqlite_errorname", "") or "")
    for prefix, words in _REASONS.items():
        if name == prefix or name.startswith(prefix + "_"):
            return _(words)
    if isinstance(exc, OSError):
        return str(exc.strerror or exc)
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return text[:200]


def store_target(store: str | None = None, session: Path | str | None = None) -> Path | str | None:
    """What a command opens: ``--store URL`` first, then ``--session FILE``, then
    ``$REFEREE_STORE``; None: the default file. ``sqlite:///FILE`` (also
    ``sqlite:////abs/FILE``) is the path FILE; a PostgreSQL URL stays a string.
    Raises SessionError for a URL of another kind."""
    value: Path | str | None = store if store else session
    if value is None:
        value = os.environ.get(ENV_STORE) or None
    if value is None or isinstance(value, Path):
        return value
    if value.startswith("sqlite:///"):
        return Path(value[len("sqlite:///"):])
    if value.startswith(("postgresql://", "postgres://", "postgresql+psycopg://")):
        return value
    if "://" in value:
        raise SessionError(_("not a store URL: {url} (use sqlite:///FILE or "
                             "postgresql://USER@HOST/DATABASE)").format(url=value))
    return Path(value)


def default_path() -> Path:
    """The session database: ``$REFEREE_DATA_DIR/sessions.db`` or the user data dir's."""
    env = os.environ.get(ENV_DIR)
    if env:
        return Path(env) / DB_NAME
    from platformdirs import user_data_dir

    return Path(user_data_dir("court-referee")) / DB_NAME


@dataclass(slots=True)
class SessionHeader:
    """What a session was started with. ``players`` maps seat name to player name;
    ``duration`` is the agreed length in minutes (R44); ``started`` is epoch seconds."""

    profile: str
    profile_name: str
    profile_text: str
    first_caller: str
    first_dealer: str | None = None
    players: dict[str, str] = field(default_factory=dict)
    seed: int | None = None
    duration: int | None = None
    target: int | None = None
    created: str = ""
    started: float = 0.0
    id: int = 0
    language: str | None = None
    settings: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class SessionInfo:
    """One line of ``referee sessions``: the header and how many events are stored."""

    header: SessionHeader
    events: int


class Store:
    """An open session database. Use as a context manager or call :meth:`close`."""

    def __init__(self, path: Path | str | None = None, *, create: bool = True,
                 readonly: bool = False) -> None:
        """Open the database at ``path`` (default: :func:`default_path`); a
        ``postgresql://`` URL opens that PostgreSQL database (migrated to its schema).

        ``create``: a missing file (and its folder) is made, but only when the first
        session is stored, so a start that fails leaves nothing behind. Without
        ``create`` (``resume``, ``report``, ``sessions``, ``export``) a missing file is a
        SessionError ``no session database at PATH`` and nothing is made.
        ``readonly`` (``report``, ``sessions``, ``export``, ``backup``): nothing is
        written, and a file in a read-only folder can still be read (a file of schema 0
        is opened for writing, to be migrated). Raises SessionError for a file that is
        not ours, damaged or newer (see the module docstring).
        """
        self.url: str | None = None
        self._pg: Any = None
        self.readonly = readonly
        self._errors: tuple[type[Exception], ...] = (sqlite3.Error,)
        """The database errors :meth:`_guard` turns into StoreError (psycopg's too for PG)."""
        if isinstance(path, str) and path.startswith(("postgresql://", "postgres://",
                                                      "postgresql+psycopg://")):
            self._open_pg(path)
            return
        if isinstance(path, str) and path.startswith("sqlite:///"):
            path = path[len("sqlite:///"):]
        default = default_path()
        self.path = Path(path) if path is not None else default
        # A chosen file: not the one the commands open without ``--session``.
        self.chosen = path is not None and _canonical(self.path) != _canonical(default)
        self._conn: sqlite3.Connection | None = None
        self._tokens: dict[int, str] = {}
        """Sessions this store writes as their referee (:meth:`acquire`): id -> token."""
        self._unlocked: set[int] = set()
        """Sessions taken over whose OS lock the old referee still holds."""
        if not self.path.exists():
            if not create:
                raise SessionError(_("no session database at {path}").format(path=self.path))
        else:
            self._connect()

    def _refuse(self, why: str) -> SessionError:
        return SessionError(_("{path}: {reason}").format(path=self.path, reason=why))

    def _check_header(self) -> bool:
        """False for an empty (new) file; raises SessionError for one that is not SQLite."""
        try:
            with self.path.open("rb") as f:
                head = f.read(len(SQLITE_MAGIC))
        except OSError as exc:
            raise SessionError(_("cannot open the session file {path}: {reason}").format(
                path=self.path, reason=exc.strerror or exc)) from None
        if not head:
            return False
        if head != SQLITE_MAGIC:
            raise self._refuse(_("not a session database (not an SQLite file); give another "
                                 "--session FILE"))
        return True

    def _check_schema(self, db: sqlite3.Connection) -> int:
        """The file's schema version (``PRAGMA user_version``); raises SessionError for a
        damaged file, another program's SQLite file, or a schema newer than ours."""
        rows = db.execute("PRAGMA quick_check(1)").fetchall()
        if not rows or rows[0][0] != "ok":
            raise self._refuse(_("the session database is damaged ({detail}); restore a "
                                 "backup (`referee backup`) or start with another --session FILE"
                                 ).format(detail=" ".join(str(rows[0][0]).split())[:120] if rows else "?"))
        version = int(db.execute("PRAGMA user_version").fetchone()[0])
        if version > SCHEMA_VERSION:
            raise self._refuse(_("written by a newer referee (schema {version}; this one reads "
                                 "up to {ours}): update court-referee").format(
                                     version=version, ours=SCHEMA_VERSION))
        tables = {r[0] for r in db.execute(
            "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%'")}
        foreign = _("not a session database of court-referee (an SQLite file of another "
                    "program); give another --session FILE")
        if version == 0:
            if tables and "sessions" not in tables:
                raise self._refuse(foreign)
            return 0
        for table, columns in _TABLES.items():
            have = {r[1] for r in db.execute(f"PRAGMA table_info({table})")}
            if not columns <= have:
                raise self._refuse(foreign)
        return version

    def _open_pg(self, url: str) -> None:
        from referee.session import pg

        self.url = url
        self.path = cast(Path, pg.Where(pg.shown(url)))  # what messages show; never a file
        self.chosen = True
        self._conn = None
        self._tokens = {}
        self._unlocked = set()
        try:
            import psycopg
        except ImportError:
            raise SessionError(_("a PostgreSQL store needs psycopg: pip install 'psycopg[binary]'")) from None
        self._errors = (sqlite3.Error, psycopg.Error)
        try:
            conn = pg.PgConnection(url)
        except psycopg.Error as exc:  # the server's own words
            raise SessionError(_("cannot open the session file {path}: {reason}").format(
                path=self.path, reason=sqlite_reason(exc))) from None
        try:
            found = conn.migrate()
        except psycopg.Error as exc:
            conn.close()
            raise SessionError(_("cannot open the session file {path}: {reason}").format(
                path=self.path, reason=sqlite_reason(exc))) from None
        if found > pg.SCHEMA_VERSION:  # refused as a newer SQLite file is (issue 12)
            conn.close()
            raise self._refuse(_("written by a newer referee (schema {version}; this one reads "
                                 "up to {ours}): update court-referee").format(
                                     version=found, ours=pg.SCHEMA_VERSION))
        self._pg = conn
        self._conn = conn  # type: ignore[assignment]

    @property
    def is_pg(self) -> bool:
        """Whether this store is a PostgreSQL database."""
        return self._pg is not None

    def exists(self) -> bool:
        """Whether the database exists yet (a PostgreSQL one always does)."""
        return self._pg is not None or self._conn is not None or self.path.exists()

    @property
    def target(self) -> Path | str:
        """What :class:`Store` and :class:`~referee.club.db.ClubDB` open again: the file
        or the URL."""
        return self.url if self.url is not None else self.path

    def _connect(self) -> sqlite3.Connection:
        if self._conn is not None:
            return self._conn
        exists = self.path.exists() and self._check_header()
        try:
            if not exists and self.readonly:
                raise SessionError(_("no session database at {path}").format(path=self.path))
            db = self._open_connection(readonly=self.readonly)
            try:
                version = self._check_schema(db) if exists else 0
                if self.readonly and version < SCHEMA_VERSION:
                    db.close()  # schema 0: migrated first, which writes
                    db = self._open_connection(readonly=False)
                if not self.readonly or version < SCHEMA_VERSION:
                    if db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                        db.execute("PRAGMA journal_mode=WAL")
                    db.execute("PRAGMA synchronous=FULL")
                    migrate(db)
            except BaseException:
                db.close()
                raise
        except SessionError:
            raise
        except (OSError, sqlite3.Error) as exc:
            raise SessionError(_("cannot open the session file {path}: {reason}").format(
                path=self.path, reason=sqlite_reason(exc))) from None
        self._conn = db
        return db

    def _open_connection(self, *, readonly: bool) -> sqlite3.Connection:
        """A connection to the file: read-write, or read-only (and, in a folder where
        SQLite cannot make its ``-shm`` file, immutable when no ``-wal`` file holds
        anything more)."""
        if not readonly:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            return sqlite3.connect(self.path, isolation_level=None, timeout=10)
        from urllib.parse import quote

        uri = "file:" + quote(str(self.path.absolute()))
        db = sqlite3.connect(uri + "?mode=ro", uri=True, isolation_level=None, timeout=10)
        try:
            db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
            return db
        except sqlite3.OperationalError:
            db.close()
            wal = self.path.with_name(self.path.name + "-wal")
            if wal.exists() and wal.stat().st_size > 0:
                raise
            return sqlite3.connect(uri + "?immutable=1", uri=True, isolation_level=None)

    @property
    def _failures(self) -> tuple[type[Exception], ...]:
        """A database error or a SessionError: what a best-effort step may swallow."""
        failures: tuple[type[Exception], ...] = (*self._errors, SessionError)
        return failures

    @property
    def _db(self) -> sqlite3.Connection:
        """The connection, made on first use (a new file is created by the first write)."""
        return self._conn if self._conn is not None else self._connect()

    @property
    def session_option(self) -> str:
        """`` --session FILE`` for the commands a hint shows, when the file is a chosen one
        (``""`` for the default file, which the commands open without it)."""
        import shlex

        if self.url is not None:
            return f" --store {shlex.quote(str(self.path))}"
        return f" --session {shlex.quote(str(self.path))}" if self.chosen else ""

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the database (every write is already committed); the locks it holds
        are let go."""
        for sid in list(self._tokens):
            self.release(sid)
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    @contextmanager
    def _guard(self, writing: bool = False) -> Iterator[None]:
        """Turn a ``sqlite3`` (or, for PostgreSQL, ``psycopg``) error into one StoreError
        line naming the file (the URL, password hidden)."""
        try:
            yield
        except self._errors as exc:
            if writing:
                raise StoreError(_("{path}: {reason}: the entry was not stored (fix it and type "
                                   "it again, or `referee resume` later)").format(
                                       path=self.path, reason=sqlite_reason(exc))) from None
            raise StoreError(_("cannot read the session file {path}: {reason}").format(
                path=self.path, reason=sqlite_reason(exc))) from None

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        """One write transaction, committed whole or rolled back whole (StoreError)."""
        if self.readonly:
            raise StoreError(_("{path} was opened read-only").format(path=self.path))
        with self._guard(writing=True):
            db = self._db
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
                db.execute("COMMIT")
            except BaseException:
                self._rollback(db)
                raise

    def _rollback(self, db: sqlite3.Connection) -> None:
        """Roll back a failed transaction (SQLite may have done it already)."""
        # the file (or server) can fail again: then the rollback happens when the
        # connection closes
        with suppress(*self._errors):
            if db.in_transaction:
                db.execute("ROLLBACK")

    # ---------------------------------------------------------------- writes
    def create(self, h: SessionHeader) -> int:
        """Store a new session header; returns its id (also set on ``h``)."""
        with self._tx() as db:
            cur = db.execute(
                "INSERT INTO sessions (created, started, profile, profile_name, profile_text, "
                "players, first_dealer, first_caller, seed, duration, target, language, settings) "
                "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (h.created, h.started, h.profile, h.profile_name, h.profile_text,
                 json.dumps(h.players), h.first_dealer, h.first_caller, h.seed, h.duration,
                 h.target, h.language, json.dumps(h.settings) if h.settings else None))
            h.id = int(cur.lastrowid or 0)
        return h.id

    def add(self, sid: int, kind: str, text: str, *, events: Sequence[Event] = (),
            data: dict[str, Any] | None = None, origin: Origin | None = None,
            time_ms: int | None = None) -> LogEntry:
        """Append one entry to the log of session ``sid``, in one committed transaction,
        and return it. ``time_ms`` defaults to now (UTC epoch ms). Raises
        SessionTakenOver when another referee took the session over."""
        import time

        origin = origin or Origin()
        when = time_ms if time_ms is not None else time.time_ns() // 1_000_000
        events_text = "[" + ",".join(encode(ev) for ev in events) + "]"
        before = self._last_seq(sid)

        def landed(db: sqlite3.Connection) -> bool:
            row = db.execute("SELECT kind, text, time_ms, events FROM entries WHERE session_id=? "
                             "AND seq=?", (sid, (before or 0) + 1)).fetchone()
            return before is not None and row == (kind, text, when, events_text)

        with self._write(landed) as db:
            self._check_holder(db, sid)
            row = db.execute("SELECT COALESCE(MAX(seq), 0) FROM entries WHERE session_id=?",
                             (sid,)).fetchone()
            seq = int(row[0]) + 1
            db.execute(
                "INSERT INTO entries (session_id, seq, time_ms, origin, text, kind, events, data) "
                "VALUES (?,?,?,?,?,?,?,?)",
                (sid, seq, when, origin.to_json(), text, kind, events_text,
                 json.dumps(data, separators=(",", ":")) if data else None))
        return LogEntry(seq, kind, text, when, origin, tuple(events), dict(data or {}))

    def append(self, sid: int, events: Sequence[Event], text: str = "",
               origin: Origin | None = None) -> None:
        """Store the events of one accepted entry (an ``events`` log entry)."""
        self.add(sid, "events", text, events=events, origin=origin)

    def pop(self, sid: int) -> None:
        """Take back the last effective unit (undo, R65): an ``undo`` entry, nothing deleted."""
        units = self.folded(sid).units
        if units:
            self.add(sid, "undo", "undo", data={"retracts": [list(units[-1])]})

    def set_players(self, sid: int, players: dict[str, str], text: str = "",
                    origin: Origin | None = None) -> None:
        """Replace the seat -> name map of the session (and log it). Raises StoreError
        when it is not stored."""
        names = json.dumps(players)

        def landed(db: sqlite3.Connection) -> bool:
            row = db.execute("SELECT players FROM sessions WHERE id=?", (sid,)).fetchone()
            return row is not None and row[0] == names

        with self._write(landed) as db:
            db.execute("UPDATE sessions SET players=? WHERE id=?", (names, sid))
        self.add(sid, "players", text or "players", data={"players": players}, origin=origin)

    def set_settings(self, sid: int, *, language: str | None = None,
                     settings: dict[str, Any] | None = None) -> None:
        """Remember the session's language and (camera) settings for ``resume``;
        None leaves a value as it is."""
        with self._tx() as db:
            if language is not None:
                db.execute("UPDATE sessions SET language=? WHERE id=?", (language, sid))
            if settings is not None:
                db.execute("UPDATE sessions SET settings=? WHERE id=?",
                           (json.dumps(settings) if settings else None, sid))

    @contextmanager
    def _write(self, landed: Callable[[sqlite3.Connection], bool]) -> Iterator[sqlite3.Connection]:
        """A write transaction (:meth:`_tx`) that, when it fails, tells whether it is in the
        file after all. A commit whose sync failed can be there: its pages reached the
        ``-wal`` file, and SQLite takes them when the file is opened again. So the
        connection is closed and the file opened again (SQLite recovers what it holds),
        and ``landed(connection)`` decides: True, the write is stored (and shown); else
        StoreError, and it is not there."""
        try:
            with self._tx() as db:
                yield db
        except StoreError:
            if not self._reopened_holds(landed):
                raise

    def _reopened_holds(self, landed: Callable[[sqlite3.Connection], bool]) -> bool:
        if self._pg is not None:
            return self._pg_holds(landed)
        self._drop()
        try:
            return landed(self._connect())
        except (sqlite3.Error, SessionError):
            self._drop()  # the next write opens it again
            return False

    def _pg_holds(self, landed: Callable[[sqlite3.Connection], bool]) -> bool:
        """PostgreSQL: whether a failed write is stored after all (a COMMIT whose reply
        was lost). Asked on a second connection, so the referee's own connection (and
        the advisory lock it holds) is kept."""
        from referee.session import pg

        assert self.url is not None
        try:
            other = pg.PgConnection(self.url)
        except self._errors:
            return False
        try:
            return landed(cast(sqlite3.Connection, other))
        except self._errors:
            return False
        finally:
            with suppress(*self._errors):
                other.close()

    def _drop(self) -> None:
        """Forget the connection (closing it; a failing file may fail that too)."""
        if self._conn is not None:
            with suppress(*self._errors):
                self._conn.close()
            self._conn = None

    def _last_seq(self, sid: int) -> int | None:
        """The last log seq of session ``sid`` (0: none); None when it cannot be read."""
        try:
            row = self._db.execute("SELECT COALESCE(MAX(seq), 0) FROM entries WHERE session_id=?",
                                   (sid,)).fetchone()
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
            raise SessionError(_("cannot lock session {sid} in {path}: {reason}").format(
                sid=sid, path=self.path, reason=exc)) from None
        with self._guard():
            row = db.execute("SELECT pid, host, since_ms FROM session_locks WHERE session_id=? "
                             "AND token != ''", (sid,)).fetchone()
        pid, host = _lock.me()
        if row is not None and not (row[0] == pid and row[1] == host and self._pg is None):
            # PostgreSQL: the server's lock alone says whether the holder still runs
            holder_alive = not free or (self._pg is None and _lock.alive(int(row[0]), str(row[1])))
            if holder_alive and not take_over:
                since = time.strftime("%H:%M", time.localtime(int(row[2]) / 1000))
                raise SessionBusy(_("session {sid} is open in another referee, pid {pid}, since "
                                    "{since} (`referee resume {sid}{session} --take-over` takes it "
                                    "over)").format(sid=sid, pid=row[0], since=since,
                                                    session=self.session_option))
        elif not free and not take_over:
            # held by a process that has not written its row yet
            raise SessionBusy(_("session {sid} is open in another referee, pid {pid}, since "
                                "{since} (`referee resume {sid}{session} --take-over` takes it "
                                "over)").format(sid=sid, pid="?", since="?",
                                                session=self.session_option))
        token = secrets.token_hex(8)
        with self._tx() as tx:
            tx.execute("INSERT OR REPLACE INTO session_locks (session_id, pid, host, since_ms, token) "
                       "VALUES (?,?,?,?,?)", (sid, pid, host, time.time_ns() // 1_000_000, token))
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
                db.execute("UPDATE session_locks SET token='' WHERE session_id=? AND token=?",
                           (sid, token))
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
        if sid in self._unlocked and (self._pg.try_lock(sid) if self._pg is not None
                                      else _lock.try_lock(self.path, sid)):
            self._unlocked.discard(sid)  # the old referee has gone: the OS lock is ours now
        row = db.execute("SELECT pid, token FROM session_locks WHERE session_id=?", (sid,)).fetchone()
        if row is not None and row[1] != token:
            self._tokens.pop(sid, None)
            raise SessionTakenOver(_("session {sid} was taken over by another referee (pid {pid}): "
                                     "this one stops; nothing more is written here").format(
                                         sid=sid, pid=row[0]))

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
                raise SessionError(_("no session yet in {path}: start one with "
                                     "`referee start --profile NAME{session}`").format(
                                         path=self.path, session=self.session_option))
            return latest
        with self._guard():
            row = self._db.execute("SELECT id FROM sessions WHERE id=?", (sid,)).fetchone()
        if row is None:
            raise SessionError(_("no session {sid} in {path} (see `referee sessions{session}`)").format(
                sid=sid, path=self.path, session=self.session_option))
        return sid

    def header(self, sid: int) -> SessionHeader:
        """The header of session ``sid`` (which must exist)."""
        with self._guard():
            row = self._db.execute(f"SELECT {_HEADER_COLUMNS} FROM sessions WHERE id=?",
                                   (sid,)).fetchone()
        if row is None:
            raise SessionError(_("no session {sid} in {path}").format(sid=sid, path=self.path))
        return self._decode_header(row)

    def _decode_header(self, row: Sequence[Any]) -> SessionHeader:
        try:
            return _header(row)
        except (ValueError, TypeError, KeyError) as exc:
            raise SessionError(_("session {sid} in {path} has an unreadable header: {reason}").format(
                sid=row[0], path=self.path, reason=str(exc)[:200])) from None

    def log(self, sid: int) -> list[LogEntry]:
        """Every entry of session ``sid``'s log, in order (nothing is ever removed)."""
        with self._guard():
            rows = self._db.execute("SELECT seq, kind, text, time_ms, origin, events, data FROM "
                                    "entries WHERE session_id=? ORDER BY seq", (sid,)).fetchall()
        try:
            return [LogEntry(int(seq), kind, text, time_ms, Origin.from_json(origin),
                             tuple(decode(json.dumps(e)) for e in json.loads(events)),
                             json.loads(data) if data else {})
                    for seq, kind, text, time_ms, origin, events, data in rows]
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            raise SessionError(_("session {sid} in {path} holds an unreadable event: {reason}").format(
                sid=sid, path=self.path, reason=str(exc)[:200])) from None

    def folded(self, sid: int) -> Folded:
        """The fold of session ``sid``'s log (:func:`referee.session.log.fold`)."""
        try:
            return fold(self.log(sid))
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            raise SessionError(_("session {sid} in {path} holds an unreadable event: {reason}").format(
                sid=sid, path=self.path, reason=str(exc)[:200])) from None

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
            raise StoreError(_("{path} is a PostgreSQL database: `referee backup` copies a "
                               "session file; back the server up with pg_dump").format(path=self.path))

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




def _canonical(path: Path) -> Path:
    """``path`` made absolute and resolved as far as it exists (for comparing two paths)."""
    try:
        return path.expanduser().resolve()
    except OSError:  # pragma: no cover - a loop of symlinks
        return path.absolute()


_SEATS = ("S", "E", "N", "W")


def _header(row: Sequence[Any]) -> SessionHeader:
    """A stored header row; ValueError/TypeError for one no referee wrote (a bad row)."""
    (sid, created, started, profile, profile_name, profile_text, players, first_dealer,
     first_caller, seed, duration, target, language, settings) = row
    texts = (created, profile, profile_name, profile_text, players)
    if not all(isinstance(t, str) for t in texts) or not isinstance(language, str | None):
        raise TypeError("a text column holds another type")
    if first_caller not in _SEATS or first_dealer not in (None, *_SEATS):
        raise ValueError(f"first dealer/caller {first_dealer!r}/{first_caller!r}")
    for number in (seed, duration, target):
        if number is not None and (not isinstance(number, int) or abs(number) > 10**12):
            raise ValueError(f"not a number: {number!r}")
    names = json.loads(players)
    if not isinstance(names, dict) or not all(
            k in _SEATS and isinstance(v, str) for k, v in names.items()):
        raise ValueError(f"players {players[:40]!r}")
    extra = json.loads(settings) if settings else {}
    if not isinstance(extra, dict):
        raise ValueError("settings")
    return SessionHeader(
        id=int(sid), created=created, started=float(started), profile=profile,
        profile_name=profile_name, profile_text=profile_text, players=names,
        first_dealer=first_dealer, first_caller=first_caller, seed=seed, duration=duration,
        target=target, language=language, settings=extra)
