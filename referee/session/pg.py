"""The PostgreSQL store of a club (issue 16): every table's sessions, the append-only log
and the club's players in one database, through psycopg 3.

``--store postgresql://user@host:5432/club`` (or ``REFEREE_STORE``) makes
:class:`~referee.session.store.Store` and :class:`~referee.club.db.ClubDB` talk to
a :class:`PgConnection`: a thin stand-in for the part of ``sqlite3.Connection`` they
use (``execute`` with ``?`` parameters, ``fetchone``/``fetchall``/iteration,
``lastrowid``, explicit ``BEGIN``/``COMMIT``/``ROLLBACK``), so the SQL of both
backends is one text and each entry is committed before it is shown, as with SQLite.
psycopg is imported only here, and this module only when a PostgreSQL URL is used.

Schema versions (table ``referee_schema``, one row: the version) are applied from
:data:`MIGRATIONS` in one transaction under a transaction advisory lock, so eight
referees starting at once migrate it once. The log is append-only here too (a
trigger refuses UPDATE and DELETE on ``entries``).

One referee per session across machines (R-free, issue 16 point 2): the writer holds
the session-level advisory lock ``(LOCK_CLASS, session id)`` on its own connection;
the server drops it when that connection ends (a SIGKILL, a pulled cable once TCP
gives up), so a lock never outlives its referee and no pid is trusted.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Any

from referee.club.db import club_schema
from referee.session.paths import PG_SCHEMES
from referee.session.schema import tables_sql

SCHEMES = PG_SCHEMES
LOCK_CLASS = 0x52454645
"""First key of the advisory locks (``REFE``); the second is the session id."""
MIGRATE_LOCK = 0x52454646
"""Transaction advisory lock serialising migrations and the club's table creation."""

SCHEMA_VERSION = 1
"""Version of the PostgreSQL schema this code writes."""

_SESSIONS, _ENTRIES, _LOCKS = tables_sql("postgresql")
_APPEND_ONLY = """
CREATE OR REPLACE FUNCTION referee_append_only() RETURNS trigger AS $$
BEGIN RAISE EXCEPTION 'the session log is append-only'; END; $$ LANGUAGE plpgsql;
DROP TRIGGER IF EXISTS entries_append_only ON entries;
CREATE TRIGGER entries_append_only BEFORE UPDATE OR DELETE ON entries
FOR EACH ROW EXECUTE FUNCTION referee_append_only();
"""
MIGRATIONS: list[tuple[int, str]] = [
    (1, _SESSIONS + _ENTRIES + _APPEND_ONLY + _LOCKS),
]
"""``(version, DDL)`` in order: a database at version v gets every later step. Version 1
is the tables of :func:`referee.session.schema.tables_sql` in PostgreSQL's types (a later
version adds a step; it never edits these)."""

CLUB_SCHEMA = club_schema("postgresql")
"""The club's tables (:mod:`referee.club.db`) in PostgreSQL types."""

_PKEYS = {"session_locks": "session_id", "club_session_tables": "session_id", "club_imports": "session_id"}
"""Conflict key of each table written with ``INSERT OR REPLACE``."""
_RETURNING_ID = ("sessions", "club_players")
"""Tables whose INSERT gives ``lastrowid``."""
_REPLACE = re.compile(r"^\s*INSERT OR REPLACE INTO (\w+) \(([^)]*)\)(.*)$", re.S)
_INSERT = re.compile(r"^\s*INSERT INTO (\w+) ", re.S)


def is_url(target: object) -> bool:
    """Whether ``target`` (a ``--store`` value) names a PostgreSQL database."""
    return isinstance(target, str) and target.startswith(SCHEMES)


def shown(url: str) -> str:
    """``url`` as messages show it: the password replaced by ``***``."""
    return re.sub(r"(://[^:/@]+:)[^@]*@", r"\1***@", url)


class Where(str):
    """A PostgreSQL URL (password hidden) where the store's messages put a file's path;
    ``exists()`` like a Path's (a database always does)."""

    def exists(self) -> bool:
        """True: a server's database is there once connected."""
        return True

    def resolve(self) -> Where:
        """Itself (not a file)."""
        return self


def translate(sql: str) -> tuple[str, bool]:
    """SQLite's SQL of the store and club as PostgreSQL runs it; True when the INSERT
    returns the new row's id. ``?`` -> ``%s``, ``INSERT OR REPLACE`` -> ``INSERT ... ON
    CONFLICT (key) DO UPDATE``, ``BEGIN IMMEDIATE`` -> ``BEGIN``."""
    if sql.strip() == "BEGIN IMMEDIATE":
        return "BEGIN", False
    out = sql.replace("%", "%%").replace("?", "%s")
    m = _REPLACE.match(out)
    if m:
        table, cols, rest = m.group(1), m.group(2), m.group(3)
        names = [c.strip() for c in cols.split(",")]
        key = _PKEYS[table]
        sets = ", ".join(f"{c}=EXCLUDED.{c}" for c in names if c != key)
        return f"INSERT INTO {table} ({cols}){rest} ON CONFLICT ({key}) DO UPDATE SET {sets}", False
    m = _INSERT.match(out)
    if m and m.group(1) in _RETURNING_ID:
        return out + " RETURNING id", True
    return out, False


class PgCursor:
    """The rows of one statement, read like a ``sqlite3.Cursor``."""

    def __init__(self, rows: list[tuple[Any, ...]], lastrowid: int | None) -> None:
        self._rows = rows
        self.lastrowid = lastrowid

    def fetchone(self) -> tuple[Any, ...] | None:
        """The next row, or None."""
        return self._rows.pop(0) if self._rows else None

    def fetchall(self) -> list[tuple[Any, ...]]:
        """The remaining rows."""
        rows, self._rows = self._rows, []
        return rows

    def __iter__(self) -> Iterator[tuple[Any, ...]]:
        return iter(self.fetchall())


class PgConnection:
    """One autocommit psycopg connection spoken to in the store's SQL (:func:`translate`).

    Outside an explicit ``BEGIN`` each statement commits by itself, as sqlite3 does
    with ``isolation_level=None``. Raises ``psycopg.Error`` (a subclass of the DB-API
    ``Error``) like sqlite3 raises ``sqlite3.Error``.
    """

    def __init__(self, url: str) -> None:
        import psycopg

        self.url = url
        if url.startswith("postgresql+psycopg://"):
            url = "postgresql://" + url[len("postgresql+psycopg://") :]
        self._conn = psycopg.connect(url, autocommit=True, connect_timeout=10)

    def execute(self, sql: str, params: Sequence[Any] = ()) -> PgCursor:
        """Run one statement; its rows come back at once."""
        text, returning = translate(sql)
        cur = self._conn.execute(text, tuple(params))
        rows = cur.fetchall() if cur.description is not None else []
        lastrowid = int(rows[0][0]) if returning and rows else None
        return PgCursor(rows, lastrowid)

    def executemany(self, sql: str, seq: Sequence[Sequence[Any]]) -> None:
        """Run one statement for each parameter tuple."""
        text, _ = translate(sql)
        with self._conn.cursor() as cur:
            cur.executemany(text, [tuple(p) for p in seq])

    def executescript(self, script: str) -> None:
        """Run a DDL script (several statements, no parameters)."""
        self._conn.execute(script)

    @property
    def in_transaction(self) -> bool:
        """Whether a transaction is open."""
        import psycopg.pq

        return bool(self._conn.info.transaction_status != psycopg.pq.TransactionStatus.IDLE)

    def close(self) -> None:
        """Close the connection (the server drops its advisory locks)."""
        self._conn.close()

    # --------------------------------------------------------------- schema
    def version(self) -> int:
        """The schema version found (0: no ``referee_schema`` table yet)."""
        row = self.execute("SELECT to_regclass('referee_schema') IS NOT NULL").fetchone()
        if not row or not row[0]:
            return 0
        row = self.execute("SELECT version FROM referee_schema").fetchone()
        return int(row[0]) if row else 0

    def migrate(self) -> int:
        """Bring the database to :data:`SCHEMA_VERSION` (and create the club's tables);
        returns the version found. A newer version is left alone."""
        found = self.version()
        if found > SCHEMA_VERSION or (found == SCHEMA_VERSION and self.has("club_players")):
            return found  # a newer one is refused by the store, untouched
        self.execute("BEGIN")
        try:
            self.execute(f"SELECT pg_advisory_xact_lock({MIGRATE_LOCK})")
            self._conn.execute("CREATE TABLE IF NOT EXISTS referee_schema (version INTEGER NOT NULL)")
            found = self.version()
            if found > SCHEMA_VERSION:
                self.execute("ROLLBACK")
                return found
            for version, ddl in MIGRATIONS:
                if version > found:
                    self._conn.execute(ddl)
            if found < SCHEMA_VERSION:
                self._conn.execute("DELETE FROM referee_schema")
                self._conn.execute("INSERT INTO referee_schema (version) VALUES (%s)", (SCHEMA_VERSION,))
            self._conn.execute(CLUB_SCHEMA)
            self.execute("COMMIT")
        except BaseException:
            if self.in_transaction:
                self.execute("ROLLBACK")
            raise
        return found

    def has(self, table: str) -> bool:
        """Whether ``table`` exists."""
        row = self.execute("SELECT to_regclass(?) IS NOT NULL", (table,)).fetchone()
        return bool(row and row[0])

    # ----------------------------------------------------------------- lock
    def try_lock(self, sid: int) -> bool:
        """Take session ``sid``'s advisory lock on this connection if it is free."""
        row = self.execute("SELECT pg_try_advisory_lock(?, ?)", (LOCK_CLASS, sid)).fetchone()
        return bool(row and row[0])

    def unlock(self, sid: int) -> None:
        """Let go of session ``sid``'s advisory lock."""
        self.execute("SELECT pg_advisory_unlock(?, ?)", (LOCK_CLASS, sid))
