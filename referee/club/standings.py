"""Standings per player and per pair, folded from the engine's session reports.

For each selected session the stored events are folded by the engine (R65) and
its summary report (record-format.md) is read; a player's line adds up, over
the sessions where he sat (linked by name, :mod:`referee.club.db`):

- ``sessions``: sessions with at least one deal over; ``sessions_won``: those his
  side led at the end (the report's ``leader``: R44 pagat, R61 kort);
- ``deals``: deals over (not ``in-progress``); ``deals_won``: those whose
  ``winner`` was his side (R64);
- pagat (``courts`` scoring): ``courts_for`` / ``courts_against``, the courts the
  deals gave his side and the other side (R41, R57);
- kort (``match`` scoring): ``matches_won`` / ``matches_lost`` (totals
  ``matches_won``) and ``match_wins`` / ``match_wins_against`` (totals ``wins``, R31);
- ``revokes``: deals ended by a revoke proven against him (the deal's ``revoke``
  seat; under kort also a proven lead breach, R24, R43);
- ``rating``: :mod:`referee.club.ratings`.

A pair's line does the same for the sessions the two sat as partners (S+N or
E+W); its revokes are either partner's. Each profile has its own standings:
courts and matches are never added across profiles.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from referee.club.identity import fold
from referee.club.names import name_key
from referee.club.select import PARTNERS

if TYPE_CHECKING:
    from referee.club.ratings import Rating
    from referee.club.select import ClubSession
    from referee.session.store import Store

SIDES = ("NS", "EW")
COURTS_FIELDS = ("courts_for", "courts_against")
MATCH_FIELDS = ("matches_won", "matches_lost", "match_wins", "match_wins_against")


@dataclass(slots=True)
class Line:
    """One line of the standings: a player (``names`` of one) or a pair (two)."""

    names: tuple[str, ...]
    sessions: int = 0
    sessions_won: int = 0
    deals: int = 0
    deals_won: int = 0
    courts_for: int = 0
    courts_against: int = 0
    matches_won: int = 0
    matches_lost: int = 0
    match_wins: int = 0
    match_wins_against: int = 0
    revokes: int = 0
    rating: Rating | None = None

    @property
    def name(self) -> str:
        """``Azamat`` or ``Azamat + Timur``."""
        return " + ".join(self.names)

    def as_json(self, scoring: str) -> dict[str, Any]:
        """The line as JSON: the counts the profile's scoring has, and the rating."""
        out: dict[str, Any] = {
            "player" if len(self.names) == 1 else "pair": self.names[0]
            if len(self.names) == 1
            else list(self.names),
            "sessions": self.sessions,
            "sessions_won": self.sessions_won,
            "deals": self.deals,
            "deals_won": self.deals_won,
        }
        for f in COURTS_FIELDS if scoring == "courts" else MATCH_FIELDS:
            out[f] = getattr(self, f)
        out["revokes"] = self.revokes
        out["rating"] = self.rating.as_json() if self.rating is not None else None
        return out


@dataclass(slots=True)
class ProfileStandings:
    """The standings of one profile: its scoring (``courts`` or ``match``), how many
    sessions were counted and rated, and the player and pair lines (best rating first)."""

    profile: str
    scoring: str
    sessions: int = 0
    rated: int = 0
    players: list[Line] = field(default_factory=list)
    pairs: list[Line] = field(default_factory=list)


def _pair_key(a: str, b: str) -> frozenset[str]:
    return frozenset((name_key(a), name_key(b)))


def _count(line: Line, rep: dict[str, Any], over: list[dict[str, Any]], side: str, other: str) -> None:
    """Add one session to ``line`` (a player or a pair of side ``side``): its report
    ``rep`` (record-format.md) and its finished deals ``over``."""
    line.sessions += 1
    line.sessions_won += rep["leader"] == side
    line.deals += len(over)
    line.deals_won += sum(d["winner"] == side for d in over)
    line.courts_for += sum(d["courts"][side] for d in over)
    line.courts_against += sum(d["courts"][other] for d in over)
    t = rep["totals"]
    line.matches_won += t["matches_won"][side]
    line.matches_lost += t["matches_won"][other]
    line.match_wins += t["wins"][side]
    line.match_wins_against += t["wins"][other]


def standings(store: Store, sessions: list[ClubSession]) -> list[ProfileStandings]:
    """The standings of ``sessions`` (as :func:`referee.club.select.club_sessions`
    gives them, oldest first), one :class:`ProfileStandings` per profile name in the
    order first seen. Raises ProfileError/RulesError for a stored session the engine
    refuses (the store's sessions are accepted ones, so only a damaged file does)."""
    out: dict[str, ProfileStandings] = {}
    people: dict[str, dict[Hashable, Line]] = {}
    pairs: dict[str, dict[Hashable, Line]] = {}
    games_p: dict[str, list[tuple[list[Hashable], list[Hashable], str]]] = {}
    games_pp: dict[str, list[tuple[list[Hashable], list[Hashable], str]]] = {}
    for s in sessions:
        game = fold(s.header, store.events(s.id))
        rep = game.report()
        pname = s.header.profile_name
        ps = out.get(pname)
        if ps is None:
            ps = out[pname] = ProfileStandings(pname, "match" if game.profile.is_match else "courts")
            people[pname], pairs[pname], games_p[pname], games_pp[pname] = {}, {}, [], []
        over = [d for d in rep["deals"] if d["result"] != "in-progress"]
        if not over:
            continue
        ps.sessions += 1
        for i, (a, b) in enumerate(PARTNERS):
            side, other = SIDES[i], SIDES[1 - i]
            members = [n for n in (s.players.get(a), s.players.get(b)) if n]
            lines = [people[pname].setdefault(name_key(n), Line((n,))) for n in members]
            seats_of = {
                seat: [people[pname][name_key(n)]]
                for seat, n in ((a, s.players.get(a)), (b, s.players.get(b)))
                if n
            }
            if len(members) == 2:
                pk = _pair_key(*members)
                pair = pairs[pname].setdefault(pk, Line(tuple(sorted(members, key=name_key))))
                lines.append(pair)
                seats_of = {seat: [*ls, pair] for seat, ls in seats_of.items()}
            for line in lines:
                _count(line, rep, over, side, other)
            for d in over:
                rv = d["revoke"]
                if rv is not None:
                    for line in {id(x): x for x in seats_of.get(rv["seat"], [])}.values():
                        line.revokes += 1
        names = [s.players.get(seat) for seat in ("S", "N", "E", "W")]
        if all(names):
            ns, ew = [name_key(n) for n in names[:2] if n], [name_key(n) for n in names[2:] if n]
            games_p[pname].append((list(ns), list(ew), rep["leader"]))
            games_pp[pname].append(([frozenset(ns)], [frozenset(ew)], rep["leader"]))
            ps.rated += 1
    for pname, ps in out.items():
        _rank(ps, people[pname], pairs[pname], games_p[pname], games_pp[pname])
    return list(out.values())


Games = list[tuple[list[Hashable], list[Hashable], str]]


def _rank(
    ps: ProfileStandings,
    people: dict[Hashable, Line],
    pairs: dict[Hashable, Line],
    games_p: Games,
    games_pp: Games,
) -> None:
    """Rate the players and pairs of one profile (:mod:`referee.club.ratings`) from the
    sessions ``games_p`` (players) and ``games_pp`` (pairs), and order them: rating,
    then deals won, then name."""
    from referee.club.ratings import rate_sessions

    if games_p:
        r1 = rate_sessions(games_p)
        r2 = rate_sessions(games_pp)
        for k, line in people.items():
            line.rating = r1.get(k)
        for k, line in pairs.items():
            line.rating = r2.get(k)

    def order(line: Line) -> tuple[float, int, str]:
        rating = line.rating.ordinal if line.rating is not None else float("-inf")
        return (-rating, -line.deals_won, name_key(line.name))

    ps.players = sorted(people.values(), key=order)
    ps.pairs = sorted(pairs.values(), key=order)
