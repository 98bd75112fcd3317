"""The session store: one SQLite file (stdlib sqlite3, WAL) holding every live session.

A session is its header (profile snapshot, players, first dealer/caller, seed,
duration, target, creation time) and its list of accepted events. Every
accepted entry is written in its own transaction and committed before the
screen shows it, so a killed process loses nothing that was shown; resuming
replays the stored events into a fresh :class:`~referee.core.game.Game` (R65:
the game is the fold of its events). Undo deletes the last event row.

The file lives in ``platformdirs.user_data_dir("court-referee")`` unless
``REFEREE_DATA_DIR`` names another directory or a command gets ``--session FILE``.

Failures (issue 12): opening refuses a file that is not SQLite, a damaged one
(``PRAGMA quick_check``), another program's SQLite file and one whose
``PRAGMA user_version`` is newer than :data:`SCHEMA_VERSION`; nothing is written
into such a file. After opening, every ``sqlite3`` error (disk full, I/O error,
read-only file, locked, damaged pages) becomes one :class:`StoreError` line
naming the file; a failed write is rolled back whole, so the session stays as
it was and ``referee resume`` goes on from there once the fault is gone.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from referee.core.events import Event
from referee.errors import RefereeError
from referee.i18n import N_, _
from referee.session.codec import decode, encode

DB_NAME = "sessions.db"
ENV_DIR = "REFEREE_DATA_DIR"
SCHEMA_VERSION = 1
"""The schema this referee writes, kept in ``PRAGMA user_version``. A file with a larger
number was written by a newer referee and is refused; 0 is a file from before the
number was kept (the same tables) or a new one."""
SQLITE_MAGIC = b"SQLite format 3\x00"
_TABLES = {"sessions": {"id", "created", "started", "profile", "profile_name", "profile_text",
                        "players", "first_dealer", "first_caller", "seed", "duration", "target"},
           "events": {"session_id", "seq", "event"}}
"""The tables (and the columns each needs at least) that make a file ours."""

_SCHEMA = """
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
    target INTEGER
);
CREATE TABLE IF NOT EXISTS events (
    session_id INTEGER NOT NULL REFERENCES sessions(id),
    seq INTEGER NOT NULL,
    event TEXT NOT NULL,
    PRIMARY KEY (session_id, seq)
);
"""


class SessionError(RefereeError):
    """No such session, or a session file that cannot be used."""


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


@dataclass(frozen=True, slots=True)
class SessionInfo:
    """One line of ``referee sessions``: the header and how many events are stored."""

    header: SessionHeader
    events: int


class Store:
    """An open session database. Use as a context manager or call :meth:`close`."""

    def __init__(self, path: Path | str | None = None, *, create: bool = True,
                 readonly: bool = False) -> None:
        """Open the database at ``path`` (default: :func:`default_path`).

        ``create``: a missing file (and its folder) is made, but only when the first
        session is stored, so a start that fails leaves nothing behind. Without
        ``create`` (``resume``, ``report``, ``sessions``, ``export``) a missing file is a
        SessionError ``no session database at PATH`` and nothing is made.
        ``readonly`` (``report``, ``sessions``, ``export``, ``backup``): nothing is
        written, and a file in a read-only folder can still be read. Raises
        SessionError for a file that is not ours, damaged or newer (see the module
        docstring).
        """
        default = default_path()
        self.path = Path(path) if path is not None else default
        # A chosen file: not the one the commands open without ``--session``.
        self.chosen = path is not None and _canonical(self.path) != _canonical(default)
        self.readonly = readonly
        self._conn: sqlite3.Connection | None = None
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

    def _check_schema(self, db: sqlite3.Connection) -> bool:
        """True when the file already holds our tables; raises SessionError for a damaged
        file, another program's SQLite file, or a schema newer than SCHEMA_VERSION."""
        rows = db.execute("PRAGMA quick_check(1)").fetchall()
        if not rows or rows[0][0] != "ok":
            raise self._refuse(_("the session database is damaged ({detail}); restore a "
                                 "backup (`referee backup`) or start with another --session FILE"
                                 ).format(detail=" ".join(str(rows[0][0]).split())[:120] if rows else "?"))
        version = int(db.execute("PRAGMA user_version").fetchone()[0])
        tables = {r[0] for r in db.execute(
            "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%'")}
        if version > SCHEMA_VERSION:
            raise self._refuse(_("written by a newer referee (schema {version}; this one reads "
                                 "up to {ours}): update court-referee").format(
                                     version=version, ours=SCHEMA_VERSION))
        if not tables:
            return False
        for table, columns in _TABLES.items():
            have = {r[1] for r in db.execute(f"PRAGMA table_info({table})")}
            if not columns <= have:
                raise self._refuse(_("not a session database of court-referee (an SQLite "
                                     "file of another program); give another --session FILE"))
        return True

    def _connect(self) -> sqlite3.Connection:
        if self._conn is not None:
            return self._conn
        exists = self.path.exists() and self._check_header()
        try:
            if not exists and self.readonly:
                raise SessionError(_("no session database at {path}").format(path=self.path))
            db = self._open_connection(exists)
            try:
                ours = exists and self._check_schema(db)
                if not self.readonly:
                    if db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                        db.execute("PRAGMA journal_mode=WAL")
                    db.execute("PRAGMA synchronous=FULL")
                    if not ours:
                        db.executescript(_SCHEMA + f"PRAGMA user_version={SCHEMA_VERSION};")
                    elif int(db.execute("PRAGMA user_version").fetchone()[0]) == 0:
                        db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
                elif not ours:
                    raise SessionError(_("no session yet in {path}: start one with "
                                         "`referee start --profile NAME{session}`").format(
                                             path=self.path, session=self.session_option))
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

    def _open_connection(self, exists: bool) -> sqlite3.Connection:
        """A connection to the file: read-write, or for ``readonly`` read-only (and, in a
        folder where SQLite cannot make its ``-shm`` file, immutable when no ``-wal`` file
        holds anything more)."""
        if not self.readonly:
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
    def _db(self) -> sqlite3.Connection:
        """The connection, made on first use (a new file is created by the first write)."""
        return self._conn if self._conn is not None else self._connect()

    @property
    def session_option(self) -> str:
        """`` --session FILE`` for the commands a hint shows, when the file is a chosen one
        (``""`` for the default file, which the commands open without it)."""
        import shlex

        return f" --session {shlex.quote(str(self.path))}" if self.chosen else ""

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the database (every write is already committed)."""
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    @contextmanager
    def _guard(self, writing: bool = False) -> Iterator[None]:
        """Turn a ``sqlite3`` error into one StoreError line naming the file."""
        try:
            yield
        except sqlite3.Error as exc:
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

    @staticmethod
    def _rollback(db: sqlite3.Connection) -> None:
        """Roll back a failed transaction (SQLite may have done it already)."""
        if db.in_transaction:
            # the file can fail again: then SQLite rolls back when the connection closes
            with suppress(sqlite3.Error):
                db.execute("ROLLBACK")

    # ---------------------------------------------------------------- writes
    def create(self, h: SessionHeader) -> int:
        """Store a new session header; returns its id (also set on ``h``)."""
        with self._tx() as db:
            cur = db.execute(
                "INSERT INTO sessions (created, started, profile, profile_name, profile_text, "
                "players, first_dealer, first_caller, seed, duration, target) "
                "VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                (h.created, h.started, h.profile, h.profile_name, h.profile_text,
                 json.dumps(h.players), h.first_dealer, h.first_caller, h.seed, h.duration,
                 h.target))
            h.id = int(cur.lastrowid or 0)
        return h.id

    def append(self, sid: int, events: Sequence[Event]) -> None:
        """Store the events of one accepted entry, in one committed transaction.
        Raises StoreError when they are not stored (none of them is)."""
        rows = [encode(ev) for ev in events]
        before = self._count(sid)

        def landed(db: sqlite3.Connection) -> bool:
            got = [r[0] for r in db.execute(
                "SELECT event FROM events WHERE session_id=? ORDER BY seq LIMIT -1 OFFSET ?",
                (sid, before)).fetchall()]
            return before is not None and got == rows

        with self._write(landed) as db:
            seq = int(db.execute("SELECT COALESCE(MAX(seq), 0) FROM events WHERE session_id=?",
                                 (sid,)).fetchone()[0])
            db.executemany("INSERT INTO events (session_id, seq, event) VALUES (?,?,?)",
                           [(sid, seq + i + 1, text) for i, text in enumerate(rows)])

    def pop(self, sid: int) -> None:
        """Delete the last stored event of the session (undo, R65). Raises StoreError
        when it is not deleted."""
        before = self._count(sid)

        def landed(db: sqlite3.Connection) -> bool:
            return before is not None and self._count(sid, db) == before - 1

        with self._write(landed) as db:
            db.execute("DELETE FROM events WHERE session_id=? AND seq=(SELECT MAX(seq) FROM "
                       "events WHERE session_id=?)", (sid, sid))

    def set_players(self, sid: int, players: dict[str, str]) -> None:
        """Replace the seat -> name map of the session. Raises StoreError when it is not."""
        text = json.dumps(players)

        def landed(db: sqlite3.Connection) -> bool:
            row = db.execute("SELECT players FROM sessions WHERE id=?", (sid,)).fetchone()
            return row is not None and row[0] == text

        with self._write(landed) as db:
            db.execute("UPDATE sessions SET players=? WHERE id=?", (text, sid))

    @contextmanager
    def _write(self, landed: Callable[[sqlite3.Connection], bool]) -> Iterator[sqlite3.Connection]:
        """A write transaction (:meth:`_tx`) that, when it fails, tells whether it is in the
        file after all. A commit whose sync failed can be there: its pages reached the
        ``-wal`` file, and SQLite takes them when the file is opened again. So the
        connection is closed and the file opened again (SQLite recovers what it holds),
        and ``landed(connection)`` decides: True, the write is stored (and shown); else
        StoreError, and it is not."""
        try:
            with self._tx() as db:
                yield db
        except StoreError:
            if not self._reopened_holds(landed):
                raise

    def _reopened_holds(self, landed: Callable[[sqlite3.Connection], bool]) -> bool:
        self._drop()
        try:
            return landed(self._connect())
        except (sqlite3.Error, SessionError):
            self._drop()  # the next write opens it again
            return False

    def _drop(self) -> None:
        """Forget the connection (closing it; a failing file may fail that too)."""
        if self._conn is not None:
            with suppress(sqlite3.Error):
                self._conn.close()
            self._conn = None

    def _count(self, sid: int, db: sqlite3.Connection | None = None) -> int | None:
        """How many events session ``sid`` has stored; None when that cannot be read."""
        try:
            conn = db if db is not None else self._db
            return int(conn.execute("SELECT COUNT(*) FROM events WHERE session_id=?",
                                    (sid,)).fetchone()[0])
        except (sqlite3.Error, SessionError):
            return None

    # ----------------------------------------------------------------- reads
    def latest(self) -> int | None:
        """The id of the newest session, or None when there is none."""
        if self._conn is None and not self.path.exists():
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
            row = self._db.execute("SELECT * FROM sessions WHERE id=?", (sid,)).fetchone()
        if row is None:
            raise SessionError(_("no session {sid} in {path}").format(sid=sid, path=self.path))
        return self._decode_header(row)

    def _decode_header(self, row: Sequence[Any]) -> SessionHeader:
        try:
            return _header(row)
        except (ValueError, TypeError, KeyError) as exc:
            raise SessionError(_("session {sid} in {path} has an unreadable header: {reason}").format(
                sid=row[0], path=self.path, reason=str(exc)[:200])) from None

    def events(self, sid: int) -> list[Event]:
        """The stored events of session ``sid`` in order."""
        with self._guard():
            rows = self._db.execute("SELECT event FROM events WHERE session_id=? ORDER BY seq",
                                    (sid,)).fetchall()
        try:
            return [decode(r[0]) for r in rows]
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            raise SessionError(_("session {sid} in {path} holds an unreadable event: {reason}").format(
                sid=sid, path=self.path, reason=exc)) from None

    def sessions(self) -> list[SessionInfo]:
        """Every session, oldest first, with its event count."""
        if self._conn is None and not self.path.exists():
            return []
        with self._guard():
            rows = self._db.execute(
                "SELECT s.*, (SELECT COUNT(*) FROM events e WHERE e.session_id=s.id) "
                "FROM sessions s ORDER BY s.id").fetchall()
        return [SessionInfo(self._decode_header(r[:-1]), int(r[-1])) for r in rows]

    def session_ids(self) -> list[int]:
        """The ids of every session, oldest first (even ones whose header is unreadable)."""
        if self._conn is None and not self.path.exists():
            return []
        with self._guard():
            return [int(r[0]) for r in self._db.execute("SELECT id FROM sessions ORDER BY id")]

    def backup(self, target: Path) -> None:
        """Copy the whole database, every committed entry (the ``-wal`` file's included),
        into the single file ``target`` with SQLite's backup API; ``target`` is written
        beside itself and renamed into place, in rollback-journal mode (one file to
        copy). Raises StoreError, OSError."""
        import tempfile

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
     first_caller, seed, duration, target) = row
    texts = (created, profile, profile_name, profile_text, players)
    if not all(isinstance(t, str) for t in texts):
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
    return SessionHeader(
        id=int(sid), created=created, started=float(started), profile=profile,
        profile_name=profile_name, profile_text=profile_text, players=names,
        first_dealer=first_dealer, first_caller=first_caller, seed=seed, duration=duration,
        target=target)
