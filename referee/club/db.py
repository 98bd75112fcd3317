"""The club's tables, kept in the session file beside the store's own (issue 15).

The store's ``sessions`` and ``events`` tables are not touched; sessions are read
through :class:`~referee.session.store.Store`'s public methods. The club adds,
with ``CREATE TABLE IF NOT EXISTS`` in the same SQLite file::

    club_players          id, name (as first written), key (referee.club.names.name_key, unique), created
    club_session_players  session_id, seat (S E N W), player_id   -- the partnerships: S+N, E+W
    club_session_tables   session_id, table_name                  -- ``--table 3``
    club_imports          session_id, key, source, imported       -- where an imported session came from

``club_session_players`` follows the session header's names: :meth:`ClubDB.sync`
links every session (also those stored before the club tables existed, or renamed
during play) to its players, registering names it has not seen.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, cast

from referee.club.names import NearNameError, clean, name_key, nearest
from referee.errors import RefereeError
from referee.i18n import _

_SCHEMA_TEMPLATE = """
CREATE TABLE IF NOT EXISTS club_players (
    id {id},
    name TEXT NOT NULL,
    key TEXT NOT NULL UNIQUE,
    created TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS club_session_players (
    session_id {int} NOT NULL,
    seat TEXT NOT NULL,
    player_id {int} NOT NULL REFERENCES club_players(id),
    PRIMARY KEY (session_id, seat)
);
CREATE TABLE IF NOT EXISTS club_session_tables (
    session_id {int} PRIMARY KEY,
    table_name TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS club_imports (
    session_id {int} PRIMARY KEY,
    key TEXT NOT NULL,
    source TEXT NOT NULL,
    imported TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS club_imports_key ON club_imports(key);
"""


def club_schema(backend: str) -> str:
    """The club's tables in the column types of ``backend`` (``sqlite`` or
    ``postgresql``, as :func:`referee.session.schema.tables_sql`); KeyError for another."""
    from referee.session.schema import column_types

    return _SCHEMA_TEMPLATE.format(**column_types(backend))


SCHEMA = club_schema("sqlite")
"""The club's tables in an SQLite session file."""

SEAT_ORDER = ("S", "E", "N", "W")


class ClubError(RefereeError):
    """A club file that cannot be read or written."""


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class ClubDB:
    """The club tables of the session file ``path``. ``readonly``: open an existing
    file without creating the tables (reading another laptop's file); a file without
    them reads as empty. Use as a context manager. Raises ClubError."""

    def __init__(self, path: Path | str, *, readonly: bool = False) -> None:
        from referee.session import pg

        self.readonly = readonly
        self._pg = pg.is_url(path)
        if self._pg:
            # the club database of issue 16: the store has made the tables (pg.CLUB_SCHEMA)
            assert isinstance(path, str)
            self.path = cast(Path, pg.Where(pg.shown(path)))
            try:
                conn = pg.PgConnection(path)
                conn.migrate()
            except Exception as exc:  # psycopg.Error: the server's words, as the store says them
                from referee.session.errors import sqlite_reason

                raise ClubError(
                    _("cannot open the store {path}: {reason}").format(
                        path=self.path, reason=sqlite_reason(exc)
                    )
                ) from None
            self._db: Any = conn
            self._has_tables = True
            return
        self.path = Path(path)
        try:
            if readonly:
                self._db = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, timeout=10)
            else:
                self._db = sqlite3.connect(self.path, isolation_level=None, timeout=10)
                self._db.executescript(SCHEMA)
        except sqlite3.Error as exc:
            raise ClubError(
                _("cannot open the session file {path}: {reason}").format(path=self.path, reason=exc)
            ) from None
        self._has_tables = readonly is False or self._exists("club_players")

    def _exists(self, table: str) -> bool:
        row = self._db.execute(
            "SELECT 1 FROM sqlite_master WHERE type='table' AND name=?", (table,)
        ).fetchone()
        return row is not None

    def __enter__(self) -> ClubDB:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the connection (every write is committed as it is made)."""
        self._db.close()

    # ---------------------------------------------------------------- players
    def players(self) -> list[str]:
        """Every known player's name, in the order they were first seen."""
        if not self._has_tables:
            return []
        return [r[0] for r in self._db.execute("SELECT name FROM club_players ORDER BY id")]

    def _player_id(self, name: str) -> int:
        """The id of the player called ``name`` (by key), registered when new."""
        key = name_key(name)
        row = self._db.execute("SELECT id FROM club_players WHERE key=?", (key,)).fetchone()
        if row is not None:
            return int(row[0])
        cur = self._db.execute(
            "INSERT INTO club_players (name, key, created) VALUES (?,?,?)", (clean(name), key, _now())
        )
        return int(cur.lastrowid or 0)

    def known_names(self, names: dict[str, str], *, new_player: bool = False) -> dict[str, str]:
        """``names`` (seat -> name as typed) with each known player's own spelling.

        A name that is no known player's but is one letter off one (two for longer
        names, :func:`referee.club.names.nearest`) raises NearNameError ``did you mean
        Azamat?``, unless ``new_player``. Nothing is written.
        """
        known = self.players()
        by_key = {name_key(n): n for n in known}
        out: dict[str, str] = {}
        for seat, name in names.items():
            spelled = by_key.get(name_key(name))
            if spelled is not None:
                out[seat] = spelled
                continue
            near = None if new_player else nearest(name, known)
            if near is not None:
                raise NearNameError(
                    _(
                        "{name} is not a known player: did you mean {known}? (a new player: add --new-player)"
                    ).format(name=clean(name), known=near),
                    name,
                    near,
                )
            out[seat] = clean(name)
        return out

    def link(self, sid: int, players: dict[str, str]) -> None:
        """Link session ``sid``'s seats to the players ``players`` names (seat -> name),
        registering new names; replaces the session's earlier links."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            self._db.execute("DELETE FROM club_session_players WHERE session_id=?", (sid,))
            for seat in SEAT_ORDER:
                name = players.get(seat)
                if name and clean(name):
                    self._db.execute(
                        "INSERT INTO club_session_players (session_id, seat, player_id) VALUES (?,?,?)",
                        (sid, seat, self._player_id(name)),
                    )
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    def links(self) -> dict[int, dict[str, str]]:
        """Session id -> {seat: the linked player's name}."""
        if not self._has_tables:
            return {}
        out: dict[int, dict[str, str]] = {}
        for sid, seat, name in self._db.execute(
            "SELECT sp.session_id, sp.seat, p.name FROM club_session_players sp "
            "JOIN club_players p ON p.id = sp.player_id"
        ):
            out.setdefault(int(sid), {})[seat] = name
        return out

    def sync(self, sessions: Iterable[tuple[int, dict[str, str]]]) -> dict[int, dict[str, str]]:
        """Make every session's links follow its header's names (``(id, players)``
        pairs); returns session id -> {seat: player name} as linked."""
        links = self.links()
        for sid, players in sessions:
            want = {seat: name_key(n) for seat, n in players.items() if n and clean(n)}
            have = {seat: name_key(n) for seat, n in links.get(sid, {}).items()}
            if want != have and not self.readonly:
                self.link(sid, players)
        return self.links() if not self.readonly else links

    # ----------------------------------------------------------------- tables
    def set_table(self, sid: int, table: str) -> None:
        """Record that session ``sid`` was played at table ``table`` (``--table``)."""
        self._db.execute(
            "INSERT OR REPLACE INTO club_session_tables (session_id, table_name) VALUES (?,?)",
            (sid, clean(table)),
        )

    def tables(self) -> dict[int, str]:
        """Session id -> table name, for the sessions that have one."""
        if not self._has_tables:
            return {}
        return {
            int(sid): name
            for sid, name in self._db.execute("SELECT session_id, table_name FROM club_session_tables")
        }

    # ---------------------------------------------------------------- imports
    def set_import(self, sid: int, key: str, source: str) -> None:
        """Record where imported session ``sid`` came from and its identity ``key``."""
        self._db.execute(
            "INSERT OR REPLACE INTO club_imports (session_id, key, source, imported) VALUES (?,?,?,?)",
            (sid, key, source, _now()),
        )

    def import_keys(self) -> dict[int, str]:
        """Session id -> identity key, for the sessions that came in by import."""
        if not self._has_tables:
            return {}
        return {int(sid): key for sid, key in self._db.execute("SELECT session_id, key FROM club_imports")}

    def sources(self) -> dict[int, str]:
        """Session id -> the file an imported session came from."""
        if not self._has_tables:
            return {}
        return {int(sid): src for sid, src in self._db.execute("SELECT session_id, source FROM club_imports")}
