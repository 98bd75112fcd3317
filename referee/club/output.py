"""The standings as a terminal table (rich), as JSON and as CSV (UTF-8 with a BOM).

JSON and CSV are interfaces: their keys are English and never translated. CSV
has one row per player and per pair of each profile; the counts a profile's
scoring does not have (courts under kort, matches under pagat) are left empty,
never added across profiles. The byte-order mark makes spreadsheets read the
file as UTF-8, so Cyrillic names stay intact.
"""

from __future__ import annotations

import csv
import io
from typing import TYPE_CHECKING, Any

from referee.club.standings import COURTS_FIELDS, MATCH_FIELDS
from referee.i18n import _, ngettext

if TYPE_CHECKING:
    from rich.console import Console

    from referee.club.standings import Line, ProfileStandings

CSV_FIELDS = (
    "profile",
    "kind",
    "name",
    "sessions",
    "sessions_won",
    "deals",
    "deals_won",
    *COURTS_FIELDS,
    *MATCH_FIELDS,
    "revokes",
    "mu",
    "sigma",
    "rating",
)
BOM = "\ufeff"


def as_json(result: list[ProfileStandings], *, since: str | None, defaults: dict[str, Any]) -> dict[str, Any]:
    """``{"since", "rating", "profiles": [{"profile", "scoring", "sessions", "rated",
    "players": [...], "pairs": [...]}]}``; lines as :meth:`Line.as_json`."""
    return {
        "since": since,
        "rating": defaults,
        "profiles": [
            {
                "profile": ps.profile,
                "scoring": ps.scoring,
                "sessions": ps.sessions,
                "rated": ps.rated,
                "players": [ln.as_json(ps.scoring) for ln in ps.players],
                "pairs": [ln.as_json(ps.scoring) for ln in ps.pairs],
            }
            for ps in result
        ],
    }


def as_csv(result: list[ProfileStandings]) -> str:
    """The CSV text, BOM first, ``\\r\\n`` line ends (RFC 4180)."""
    buf = io.StringIO()
    w = csv.writer(buf)
    w.writerow(CSV_FIELDS)
    for ps in result:
        fields = COURTS_FIELDS if ps.scoring == "courts" else MATCH_FIELDS
        for kind, lines in (("player", ps.players), ("pair", ps.pairs)):
            for ln in lines:
                row: list[Any] = [
                    ps.profile,
                    kind,
                    ln.name,
                    ln.sessions,
                    ln.sessions_won,
                    ln.deals,
                    ln.deals_won,
                ]
                row += [getattr(ln, f) if f in fields else "" for f in (*COURTS_FIELDS, *MATCH_FIELDS)]
                r = ln.rating
                row += [
                    ln.revokes,
                    *(
                        (f"{r.mu:.4f}", f"{r.sigma:.4f}", f"{r.ordinal:.2f}")
                        if r is not None
                        else ("", "", "")
                    ),
                ]
                w.writerow(row)
    return BOM + buf.getvalue()


def _table(title: str, lines: list[Line], scoring: str, first: str) -> Any:
    """One table: per line the sessions played and won, the deals played and won, the
    courts or matches, revokes and rating (match wins against are in the JSON and CSV only)."""
    from rich import box
    from rich.table import Table

    t = Table(
        title=title,
        title_justify="left",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
        padding=(0, 0, 0, 1),
    )
    t.add_column(first, no_wrap=True)
    heads: tuple[str, ...]
    if scoring == "courts":
        heads = (_("courts\nfor"), _("courts\nagainst"))
    else:
        heads = (_("matches\nwon"), _("matches\nlost"), _("match\nwins"))
    for head in (
        _("sessions"),
        _("sessions\nwon"),
        _("deals"),
        _("deals\nwon"),
        *heads,
        _("revokes"),
        _("rating"),
    ):
        t.add_column(head, justify="right", no_wrap=True)
    for ln in lines:
        counts = (
            [ln.courts_for, ln.courts_against]
            if scoring == "courts"
            else [ln.matches_won, ln.matches_lost, ln.match_wins]
        )
        rating = f"{ln.rating.ordinal:.1f}" if ln.rating is not None else "-"
        t.add_row(
            ln.name,
            *(str(x) for x in (ln.sessions, ln.sessions_won, ln.deals, ln.deals_won, *counts, ln.revokes)),
            rating,
        )
    return t


def print_tables(console: Console, result: list[ProfileStandings]) -> None:
    """The standings on the terminal: per profile a players' table and a pairs' table."""
    for i, ps in enumerate(result):
        if i:
            console.print()
        console.print(
            ngettext(
                "{profile}: {sessions} session counted, {rated} rated",
                "{profile}: {sessions} sessions counted, {rated} rated",
                ps.sessions,
            ).format(profile=ps.profile, sessions=ps.sessions, rated=ps.rated),
            markup=False,
            highlight=False,
        )
        console.print(_table(_("Players"), ps.players, ps.scoring, _("player")))
        if ps.pairs:
            console.print(_table(_("Pairs"), ps.pairs, ps.scoring, _("pair")))
    console.print(
        _(
            "Rating: OpenSkill (Plackett-Luce), a partnership as a team, updated once per "
            "session; shown as mu - 3 sigma (a new player: 0)."
        ),
        markup=False,
        highlight=False,
    )
