"""``referee store import FILE...``: other laptops' session files and records into one store.

A FILE is a session database (SQLite, as ``referee start`` writes) or a record
(YAML, record-format.md: an old evening, a paper sheet typed in). Every session
is folded by the engine before it is stored (R65), so only sessions the rules
accept come in. A session already in the club file (same session key or same
content, :mod:`referee.club.identity`) is stored once: importing the same files
again changes nothing, and a laptop's session that went on since brings only its
new deals. Each session is written in its own transactions; a bad one is named
and skipped, the others still come in.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from referee.club.identity import content_digest, fold, header_key, record_key
from referee.club.names import name_key, nearest
from referee.errors import RefereeError
from referee.i18n import _, os_reason, render_error
from referee.session.codec import encode

if TYPE_CHECKING:
    from referee.club.db import ClubDB
    from referee.core.events import Event
    from referee.session.store import SessionHeader, Store

SQLITE_MAGIC = b"SQLite format 3\x00"


@dataclass(slots=True)
class FileResult:
    """What one FILE gave: ids of the sessions stored anew, of those that got new
    deals, of those already here, one line per session that could not come in, and
    notes on new names close to a known player's (perhaps a typo on that laptop)."""

    source: str
    new: list[int] = field(default_factory=list)
    updated: list[int] = field(default_factory=list)
    present: list[int] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


class Importer:
    """Imports into ``store`` (whose club tables are ``club``). Keeps an index of the
    sessions already there (session keys, content digests), built on first use."""

    def __init__(self, store: Store, *, table: str | None = None) -> None:
        self.store = store
        self.table = table
        self._club: ClubDB | None = None
        self._keys: dict[str, int] | None = None
        self._digests: dict[str, int] = {}

    @property
    def club(self) -> ClubDB:
        """The club tables, opened once the store's file exists (the store makes and
        initialises it with its first session; the club never makes it)."""
        if self._club is None:
            from referee.club.db import ClubDB

            self._club = ClubDB(self.store.target)
        return self._club

    def __enter__(self) -> Importer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the club tables (every write is committed as it is made)."""
        if self._club is not None:
            self._club.close()
            self._club = None

    def _index(self) -> dict[str, int]:
        if self._keys is None and not self.store.exists():
            self._keys = {}
        if self._keys is None:
            imported = self.club.import_keys()
            self._keys = {}
            for info in self.store.sessions():
                h = info.header
                self._keys[imported.get(h.id) or header_key(h)] = h.id
                try:
                    game = fold(h, self.store.events(h.id))
                except RefereeError:
                    continue  # a session here that no longer folds is never a duplicate
                self._digests[content_digest(h.profile_text, game, h.players)] = h.id
        return self._keys

    # ----------------------------------------------------------------- files
    def import_file(self, path: Path) -> FileResult:
        """Import one FILE. Raises RefereeError when it is neither kind of file."""
        res = FileResult(str(path))
        try:
            with path.open("rb") as f:
                magic = f.read(len(SQLITE_MAGIC))
        except OSError as exc:
            raise RefereeError(
                _("cannot read {path}: {reason}").format(path=path, reason=os_reason(exc))
            ) from None
        if magic == SQLITE_MAGIC:
            self._import_database(path, res)
        else:
            self._import_record(path, res)
        return res

    def _import_database(self, path: Path, res: FileResult) -> None:
        from referee.club.db import ClubDB
        from referee.session.store import Store

        if not self.store.is_pg and path.resolve() == self.store.path.resolve():
            raise RefereeError(_("{path} is the club file itself").format(path=path))
        with Store(path, create=False) as src:
            with ClubDB(path, readonly=True) as src_club:
                keys = src_club.import_keys()
                tables = src_club.tables()
                sources = src_club.sources()
            for info in src.sessions():
                h = info.header
                try:
                    events = src.events(h.id)
                except RefereeError as exc:
                    res.errors.append(
                        _("{source}: session {sid}: {reason} (not imported)").format(
                            source=path, sid=h.id, reason=render_error(exc)
                        )
                    )
                    continue
                origin = sources.get(h.id)
                self._import_session(
                    res,
                    h,
                    events,
                    keys.get(h.id) or header_key(h),
                    f"{path}#{h.id}" + (f" ({origin})" if origin else ""),
                    tables.get(h.id),
                    label=_("session {sid}").format(sid=h.id),
                )

    def _import_record(self, path: Path, res: FileResult) -> None:
        from referee.live.controller import profile_snapshot
        from referee.profiles import builtin_profiles
        from referee.records import load_record, replay
        from referee.session.store import SessionHeader

        rec = load_record(path)
        game = replay(rec)
        ref = rec.profile_ref if rec.profile_ref in builtin_profiles() else str(rec.profile_path)
        profile, name, text = profile_snapshot(ref)
        date = rec.date or datetime.now(UTC).date().isoformat()
        try:
            started = datetime.fromisoformat(date[:10]).replace(tzinfo=UTC).timestamp()
        except ValueError:
            raise RefereeError(
                _("{path}: date: {date!r} is not a date (YYYY-MM-DD)").format(path=path, date=rec.date)
            ) from None
        h = SessionHeader(
            profile=profile,
            profile_name=name,
            profile_text=text,
            first_dealer=game.first_dealer.name if game.first_dealer is not None else None,
            first_caller=game.first_caller.name if game.first_caller is not None else "S",
            players=dict(rec.players or {}),
            duration=rec.duration,
            target=rec.target,
            created=date,
            started=started,
        )
        digest = content_digest(text, game, h.players)
        self._import_session(
            res, h, list(game.events), record_key(digest), str(path), None, label=str(path), game=game
        )

    # --------------------------------------------------------------- session
    def _import_session(
        self,
        res: FileResult,
        h: SessionHeader,
        events: list[Event],
        key: str,
        source: str,
        table: str | None,
        *,
        label: str,
        game: object = None,
    ) -> None:
        from referee.core.game import Game
        from referee.session.store import SessionHeader

        keys = self._index()
        try:
            folded = game if isinstance(game, Game) else fold(h, events)
        except RefereeError as exc:
            res.errors.append(
                _("{source}: {session}: {reason} (not imported)").format(
                    source=res.source, session=label, reason=render_error(exc)
                )
            )
            return
        here = keys.get(key)
        if here is not None:
            have = [encode(ev) for ev in self.store.events(here)]
            want = [encode(ev) for ev in events]
            if have == want:
                res.present.append(here)
            elif want[: len(have)] == have:
                self.store.append(here, events[len(have) :])
                if self.store.header(here).players != h.players:
                    self.store.set_players(here, h.players)
                res.updated.append(here)
            else:
                res.errors.append(
                    _(
                        "{source}: {session} is session {sid} here, but with other entries (not imported)"
                    ).format(source=res.source, session=label, sid=here)
                )
            return
        digest = content_digest(h.profile_text, folded, h.players)
        same = self._digests.get(digest)
        if same is not None:
            res.present.append(same)
            return
        new = SessionHeader(
            profile=h.profile,
            profile_name=h.profile_name,
            profile_text=h.profile_text,
            first_caller=h.first_caller,
            first_dealer=h.first_dealer,
            players=dict(h.players),
            seed=h.seed,
            duration=h.duration,
            target=h.target,
            created=h.created,
            started=h.started,
            language=h.language,
            settings=dict(h.settings),
        )
        known = self.club.players() if self.store.exists() else []
        keys_known = {name_key(n) for n in known}
        for name in new.players.values():
            near = nearest(name, known) if name_key(name) not in keys_known else None
            if near is not None:
                res.notes.append(
                    _(
                        "{source}: {session}: {name} is a new player here, close to the known player {known}"
                    ).format(source=res.source, session=label, name=name, known=near)
                )
        sid = self.store.create(new)
        self.store.append(sid, events)
        self.club.set_import(sid, key, source)
        self.club.link(sid, new.players)
        if table or self.table:
            self.club.set_table(sid, table or self.table or "")
        keys[key] = sid
        self._digests[digest] = sid
        res.new.append(sid)
