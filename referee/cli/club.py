"""``referee store import``, ``referee standings``, ``referee players`` (issue 15), and the
club's part of ``start`` (players linked by name, ``--table``) and of the filters of
``report``/``sessions``. The commands, like every other, take ``ctx`` and print, fail and
exit only through the run's :class:`referee.cli.application.Application`; the helpers here
that print are given it. ``--session`` (``REFEREE_SESSION``) and ``--store`` are the
shared options of :mod:`referee.cli.options`.

Nothing heavy at module level: sqlite3, rich and openskill are imported inside the
commands that use them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from referee.i18n import _, render_error

if TYPE_CHECKING:
    from referee.cli.application import Application
    from referee.club.select import ClubSession, Criteria
    from referee.session.store import Store

PlayerOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--player", metavar="NAME", help=_("Only sessions where this player sat (may be repeated).")
    ),
]
PairOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--pair",
        metavar="A+B",
        help=_("Only sessions where these two sat as partners, e.g. Azamat+Timur (may be repeated)."),
    ),
]
TableOpt = Annotated[
    str | None, typer.Option("--table", metavar="NAME", help=_("Only sessions played at this table."))
]
SinceOpt = Annotated[
    str | None,
    typer.Option("--since", metavar="DATE", help=_("Only sessions from this day on (YYYY-MM-DD, UTC).")),
]
UntilOpt = Annotated[
    str | None,
    typer.Option("--until", metavar="DATE", help=_("Only sessions up to this day (YYYY-MM-DD, UTC).")),
]


# ------------------------------------------------------------- start hooks
def known_players(store: Store, names: dict[str, str], *, new_player: bool) -> dict[str, str]:
    """``start --players``: the names with each known player's spelling; raises
    NearNameError (a usage error, exit 2) for a name one letter off a known one."""
    from referee.club.db import ClubDB

    if not names or not store.exists():
        return names
    with ClubDB(store.target) as club:
        return club.known_names(names, new_player=new_player)


def link_session(store: Store, sid: int, players: dict[str, str], table: str | None) -> None:
    """After ``start`` stored session ``sid``: link its players and record its table."""
    from referee.club.db import ClubDB

    with ClubDB(store.target) as club:
        club.link(sid, players)
        if table:
            club.set_table(sid, table)


def select(store: Store, criteria: Criteria) -> list[ClubSession]:
    """The stored sessions that meet ``criteria``, oldest first."""
    from referee.club.db import ClubDB
    from referee.club.select import club_sessions

    if not store.exists():
        return []
    with ClubDB(store.target) as club:
        return club_sessions(store, club, criteria)


def criteria(
    app: Application,
    players: list[str] | None = None,
    pairs: list[str] | None = None,
    table: str | None = None,
    since: str | None = None,
    until: str | None = None,
    profile: str | None = None,
) -> Criteria:
    """The filter options as Criteria; a bad date or pair: ``app`` aborts, exit 2 (usage)."""
    from referee.cli.application import EXIT_USAGE
    from referee.club.select import Criteria, CriteriaError

    try:
        return Criteria.from_options(
            players=players, pairs=pairs, table=table, since=since, until=until, profile=profile
        )
    except CriteriaError as exc:
        app.abort(render_error(exc), EXIT_USAGE)


def register(app: typer.Typer) -> None:
    """Add ``store import``/``store copy``, ``standings`` and ``players`` to the ``referee``
    app (one module each: referee.cli.store_cmd, .standings, .players)."""
    from referee.cli import players, standings, store_cmd

    for module in (store_cmd, standings, players):
        module.register(app)


def report_selected(app: Application, store: Store, crit: Criteria, *, as_json: bool) -> None:
    """``referee report`` with filters: every matching session's summary (on ``app``), oldest first;
    with ``--json`` a list of ``{"id", "date", "table", "players", "report"}`` (the
    report as ``referee report ID --json`` prints it). None matching: a SessionError."""
    import json

    from referee.live.controller import LiveSession, summary_lines
    from referee.session.store import SessionError

    chosen = select(store, crit)
    if not chosen:
        raise SessionError(_("no session in {path} matches the filters").format(path=store.path))
    if as_json:
        out = []
        for s in chosen:
            game = LiveSession.resume(store, s.id).game
            out.append(
                {"id": s.id, "date": s.date, "table": s.table, "players": s.players, "report": game.report()}
            )
        app.echo(json.dumps(out, indent=2, ensure_ascii=False))
        return
    blocks = []
    for s in chosen:
        lines = summary_lines(LiveSession.resume(store, s.id))
        if s.table:
            lines.insert(1, _("table {table}, {date}").format(table=s.table, date=s.date))
        blocks.append("\n".join(lines))
    app.echo("\n\n".join(blocks))
