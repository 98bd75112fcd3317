"""The session store: one SQLite file (stdlib sqlite3, WAL) holding every live session.

A session is its header (profile snapshot, players, first dealer/caller, seed,
duration, target, creation time) and its list of accepted events. Every
accepted entry is written in its own transaction and committed before the
screen shows it, so a killed process loses nothing that was shown; resuming
replays the stored events into a fresh :class:`~referee.core.game.Game` (R65:
the game is the fold of its events). Undo deletes the last event row.

The file lives in ``platformdirs.user_data_dir("court-referee")`` unless
``REFEREE_DATA_DIR`` names another directory or a command gets ``--session FILE``.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from referee.core.events import Event
from referee.errors import RefereeError
from referee.i18n import _
from referee.session.codec import decode, encode
from referee.session.origin import Origin

DB_NAME = "sessions.db"
ENV_DIR = "REFEREE_DATA_DIR"

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

    def __init__(self, path: Path | str | None = None, *, create: bool = True) -> None:
        """Open the database at ``path`` (default: :func:`default_path`).

        ``create``: a missing file (and its folder) is made, but only when the first
        session is stored, so a start that fails leaves nothing behind. Without
        ``create`` (``resume``, ``report``, ``sessions``, ``export``) a missing file is a
        SessionError ``no session database at PATH`` and nothing is made. Raises
        SessionError.
        """
        default = default_path()
        self.path = Path(path) if path is not None else default
        # A chosen file: not the one the commands open without ``--session``.
        self.chosen = path is not None and _canonical(self.path) != _canonical(default)
        self._conn: sqlite3.Connection | None = None
        if not self.path.exists():
            if not create:
                raise SessionError(_("no session database at {path}").format(path=self.path))
        else:
            self._connect()

    def _connect(self) -> sqlite3.Connection:
        if self._conn is not None:
            return self._conn
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(self.path, isolation_level=None, timeout=10)
            try:
                db.execute("PRAGMA journal_mode=WAL")
                db.execute("PRAGMA synchronous=FULL")
                db.executescript(_SCHEMA)
                cols = {r[1] for r in db.execute("PRAGMA table_info(events)")}
                if "origin" not in cols:  # files made before entries kept their origin
                    db.execute("ALTER TABLE events ADD COLUMN origin TEXT")
            except sqlite3.Error:
                db.close()
                raise
        except (OSError, sqlite3.Error) as exc:
            raise SessionError(_("cannot open the session file {path}: {reason}").format(
                path=self.path, reason=exc)) from None
        self._conn = db
        return db

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
    def _tx(self) -> Iterator[sqlite3.Connection]:
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield self._db
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

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

    def append(self, sid: int, events: Sequence[Event], *, origin: Origin | None = None) -> None:
        """Store the events of one accepted entry, in one committed transaction, each
        with the entry's ``origin`` (None: not said)."""
        text = origin.to_json() if origin is not None else None
        with self._tx() as db:
            row = db.execute("SELECT COALESCE(MAX(seq), 0) FROM events WHERE session_id=?",
                             (sid,)).fetchone()
            seq = int(row[0])
            db.executemany("INSERT INTO events (session_id, seq, event, origin) VALUES (?,?,?,?)",
                           [(sid, seq + i + 1, encode(ev), text) for i, ev in enumerate(events)])

    def pop(self, sid: int) -> None:
        """Delete the last stored event of the session (undo, R65)."""
        with self._tx() as db:
            db.execute("DELETE FROM events WHERE session_id=? AND seq=(SELECT MAX(seq) FROM "
                       "events WHERE session_id=?)", (sid, sid))

    def set_players(self, sid: int, players: dict[str, str]) -> None:
        """Replace the seat -> name map of the session."""
        with self._tx() as db:
            db.execute("UPDATE sessions SET players=? WHERE id=?", (json.dumps(players), sid))

    # ----------------------------------------------------------------- reads
    def latest(self) -> int | None:
        """The id of the newest session, or None when there is none."""
        if self._conn is None and not self.path.exists():
            return None
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
        row = self._db.execute("SELECT id FROM sessions WHERE id=?", (sid,)).fetchone()
        if row is None:
            raise SessionError(_("no session {sid} in {path} (see `referee sessions{session}`)").format(
                sid=sid, path=self.path, session=self.session_option))
        return sid

    def header(self, sid: int) -> SessionHeader:
        """The header of session ``sid`` (which must exist)."""
        row = self._db.execute("SELECT * FROM sessions WHERE id=?", (sid,)).fetchone()
        if row is None:
            raise SessionError(_("no session {sid} in {path}").format(sid=sid, path=self.path))
        return _header(row)

    def events(self, sid: int) -> list[Event]:
        """The stored events of session ``sid`` in order."""
        rows = self._db.execute("SELECT event FROM events WHERE session_id=? ORDER BY seq",
                                (sid,)).fetchall()
        try:
            return [decode(r[0]) for r in rows]
        except (ValueError, KeyError) as exc:
            raise SessionError(_("session {sid} in {path} holds an unreadable event: {reason}").format(
                sid=sid, path=self.path, reason=exc)) from None

    def origins(self, sid: int) -> list[Origin | None]:
        """The origin stored with each event of session ``sid``, in order (None where
        none was said)."""
        rows = self._db.execute("SELECT origin FROM events WHERE session_id=? ORDER BY seq",
                                (sid,)).fetchall()
        return [Origin.from_json(r[0]) if r[0] else None for r in rows]

    def sessions(self) -> list[SessionInfo]:
        """Every session, oldest first, with its event count."""
        if self._conn is None and not self.path.exists():
            return []
        rows = self._db.execute(
            "SELECT s.*, (SELECT COUNT(*) FROM events e WHERE e.session_id=s.id) "
            "FROM sessions s ORDER BY s.id").fetchall()
        return [SessionInfo(_header(r[:-1]), int(r[-1])) for r in rows]


def _canonical(path: Path) -> Path:
    """``path`` made absolute and resolved as far as it exists (for comparing two paths)."""
    try:
        return path.expanduser().resolve()
    except OSError:  # pragma: no cover - a loop of symlinks
        return path.absolute()


def _header(row: Sequence[Any]) -> SessionHeader:
    (sid, created, started, profile, profile_name, profile_text, players, first_dealer,
     first_caller, seed, duration, target) = row
    return SessionHeader(
        id=int(sid), created=created, started=float(started), profile=profile,
        profile_name=profile_name, profile_text=profile_text, players=json.loads(players),
        first_dealer=first_dealer, first_caller=first_caller, seed=seed, duration=duration,
        target=target)
