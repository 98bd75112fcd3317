"""The club's view of the stored sessions, and the filters of ``report``/``sessions``/``standings``.

A :class:`ClubSession` is a stored session with its linked players (seat ->
name), its table name and its date (the UTC day it was created, ``YYYY-MM-DD``).
:class:`Criteria` selects sessions by player, pair (the two sat as partners:
S+N or E+W), table and date (``since``/``until``, both days included) and
profile name.
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass
from typing import TYPE_CHECKING

from referee.club.names import clean, name_key
from referee.errors import RefereeError
from referee.i18n import _

if TYPE_CHECKING:
    from referee.club.db import ClubDB
    from referee.session.store import SessionHeader, Store

PARTNERS = (("S", "N"), ("E", "W"))
"""The partnerships by seat: NS and EW (R1)."""


class CriteriaError(RefereeError):
    """A filter option that cannot be understood (a usage error: exit 2)."""


@dataclass(frozen=True, slots=True)
class ClubSession:
    """One stored session as the club sees it. ``players``: seat -> player name (only
    named seats); ``events``: how many events are stored."""

    id: int
    header: SessionHeader
    players: dict[str, str]
    table: str | None
    events: int

    @property
    def date(self) -> str:
        """The day the session was created, ``YYYY-MM-DD``."""
        return self.header.created[:10]

    def pairs(self) -> list[tuple[str, str] | None]:
        """The NS and EW partnerships as player names (None where a seat has no name)."""
        out: list[tuple[str, str] | None] = []
        for a, b in PARTNERS:
            pa, pb = self.players.get(a), self.players.get(b)
            out.append((pa, pb) if pa and pb else None)
        return out


def parse_date(text: str, option: str) -> str:
    """``YYYY-MM-DD`` checked (CriteriaError naming ``option`` otherwise)."""
    try:
        return _dt.date.fromisoformat(text.strip()).isoformat()
    except ValueError:
        raise CriteriaError(
            _("{option}: {text!r} is not a date (YYYY-MM-DD)").format(option=option, text=text)
        ) from None


def parse_pair(text: str) -> tuple[str, str]:
    """``Azamat+Timur`` (or ``Azamat,Timur``) -> the two names. CriteriaError otherwise."""
    sep = "+" if "+" in text else ","
    names = [clean(p) for p in text.split(sep)]
    if len(names) != 2 or not all(names) or name_key(names[0]) == name_key(names[1]):
        raise CriteriaError(
            _("--pair: {text!r} is not two players (e.g. --pair Azamat+Timur)").format(text=text)
        )
    return names[0], names[1]


@dataclass(frozen=True, slots=True)
class Criteria:
    """Which sessions: every given criterion must hold (players: each of them sat;
    pairs: each pair sat as partners)."""

    players: tuple[str, ...] = ()
    pairs: tuple[tuple[str, str], ...] = ()
    table: str | None = None
    since: str | None = None
    until: str | None = None
    profile: str | None = None

    @classmethod
    def from_options(
        cls,
        *,
        players: list[str] | None = None,
        pairs: list[str] | None = None,
        table: str | None = None,
        since: str | None = None,
        until: str | None = None,
        profile: str | None = None,
    ) -> Criteria:
        """From the command-line options (CriteriaError for a bad date or pair)."""
        return cls(
            players=tuple(clean(p) for p in players or () if clean(p)),
            pairs=tuple(parse_pair(p) for p in pairs or ()),
            table=clean(table) if table else None,
            since=parse_date(since, "--since") if since else None,
            until=parse_date(until, "--until") if until else None,
            profile=profile,
        )

    @property
    def empty(self) -> bool:
        """True when nothing is selected on (every session matches)."""
        return not (self.players or self.pairs or self.table or self.since or self.until or self.profile)

    def matches(self, s: ClubSession) -> bool:
        """Whether session ``s`` meets every criterion."""
        keys = {name_key(n) for n in s.players.values()}
        if any(name_key(p) not in keys for p in self.players):
            return False
        sat = [frozenset(name_key(n) for n in pair) for pair in s.pairs() if pair is not None]
        if any(frozenset((name_key(a), name_key(b))) not in sat for a, b in self.pairs):
            return False
        if self.table is not None and (s.table is None or name_key(s.table) != name_key(self.table)):
            return False
        if self.since is not None and s.date < self.since:
            return False
        if self.until is not None and s.date > self.until:
            return False
        return self.profile is None or s.header.profile_name == self.profile


def club_sessions(store: Store, club: ClubDB, criteria: Criteria | None = None) -> list[ClubSession]:
    """The stored sessions (oldest start first) that meet ``criteria``, each linked
    to its players (:meth:`ClubDB.sync` first)."""
    infos = store.sessions()
    links = club.sync((i.header.id, i.header.players) for i in infos)
    tables = club.tables()
    out = [
        ClubSession(i.header.id, i.header, links.get(i.header.id, {}), tables.get(i.header.id), i.events)
        for i in infos
    ]
    out.sort(key=lambda s: (s.header.started, s.id))
    return [s for s in out if criteria is None or criteria.matches(s)]
