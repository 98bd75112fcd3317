"""Opening the session store and speaking to it safely (issues 11, 12, 16).

:class:`StoreBase` opens the database (an SQLite file, checked before anything is
written into it, or a PostgreSQL URL through :mod:`referee.session.pg`), turns every
database error into one :class:`~referee.session.errors.StoreError` line, and runs
each write as one transaction committed whole or rolled back whole; a failed write is
checked against the database opened again (:meth:`StoreBase._write`). What is stored
and read is :class:`~referee.session.store.Store`'s.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, Self, cast

from referee.i18n import _, os_reason
from referee.session.errors import SessionError, StoreError, sqlite_reason
from referee.session.paths import PG_SCHEMES, canonical, default_path
from referee.session.schema import _TABLES, SCHEMA_VERSION, SQLITE_MAGIC, migrate


class StoreBase:
    """An open session database: the connection, the checks made on opening, the
    error lines and the transactions. Use as a context manager or call :meth:`close`."""

    def __init__(
        self, path: Path | str | None = None, *, create: bool = True, readonly: bool = False
    ) -> None:
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
        if isinstance(path, str) and path.startswith(PG_SCHEMES):
            self._open_pg(path)
            return
        if isinstance(path, str) and path.startswith("sqlite:///"):
            path = path[len("sqlite:///") :]
        default = default_path()
        self.path = Path(path) if path is not None else default
        # A chosen file: not the one the commands open without ``--session``.
        self.chosen = path is not None and canonical(self.path) != canonical(default)
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
            raise SessionError(
                _("cannot open the session file {path}: {reason}").format(
                    path=self.path, reason=os_reason(exc)
                )
            ) from None
        if not head:
            return False
        if head != SQLITE_MAGIC:
            raise self._refuse(_("not a session database (not an SQLite file); give another --session FILE"))
        return True

    def _check_schema(self, db: sqlite3.Connection) -> int:
        """The file's schema version (``PRAGMA user_version``); raises SessionError for a
        damaged file, another program's SQLite file, or a schema newer than ours."""
        rows = db.execute("PRAGMA quick_check(1)").fetchall()
        if not rows or rows[0][0] != "ok":
            raise self._refuse(
                _(
                    "the session database is damaged ({detail}); restore a "
                    "backup (`referee backup`) or start with another --session FILE"
                ).format(detail=" ".join(str(rows[0][0]).split())[:120] if rows else "?")
            )
        version = int(db.execute("PRAGMA user_version").fetchone()[0])
        if version > SCHEMA_VERSION:
            raise self._refuse(
                _(
                    "written by a newer referee (schema {version}; this one reads "
                    "up to {ours}): update court-referee"
                ).format(version=version, ours=SCHEMA_VERSION)
            )
        tables = {
            r[0]
            for r in db.execute(
                "SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%'"
            )
        }
        foreign = _(
            "not a session database of court-referee (an SQLite file of another "
            "program); give another --session FILE"
        )
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
            raise SessionError(
                _("cannot open the store {path}: {reason}").format(path=self.path, reason=sqlite_reason(exc))
            ) from None
        try:
            found = conn.migrate()
        except psycopg.Error as exc:
            conn.close()
            raise SessionError(
                _("cannot open the store {path}: {reason}").format(path=self.path, reason=sqlite_reason(exc))
            ) from None
        if found > pg.SCHEMA_VERSION:  # refused as a newer SQLite file is (issue 12)
            conn.close()
            raise self._refuse(
                _(
                    "written by a newer referee (schema {version}; this one reads "
                    "up to {ours}): update court-referee"
                ).format(version=found, ours=pg.SCHEMA_VERSION)
            )
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
            raise SessionError(
                _("cannot open the session file {path}: {reason}").format(
                    path=self.path, reason=sqlite_reason(exc)
                )
            ) from None
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

    def __enter__(self) -> Self:
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
        """Turn a ``sqlite3`` (or, for PostgreSQL, ``psycopg``) error into one StoreError
        line naming the file (the URL, password hidden)."""
        try:
            yield
        except self._errors as exc:
            if writing:
                raise StoreError(
                    _(
                        "{path}: {reason}: the entry was not stored (fix it and type "
                        "it again, or `referee resume` later)"
                    ).format(path=self.path, reason=sqlite_reason(exc))
                ) from None
            what = (
                _("cannot read the store {path}: {reason}")
                if self.url is not None  # PostgreSQL
                else _("cannot read the session file {path}: {reason}")
            )
            raise StoreError(what.format(path=self.path, reason=sqlite_reason(exc))) from None

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
