"""``referee store import``, ``referee standings``, ``referee players`` (issue 15), and the
club's part of ``start`` (players linked by name, ``--table``) and of the filters of
``report``/``sessions``.

Nothing heavy at module level: sqlite3, rich and openskill are imported inside the
commands that use them.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from referee.i18n import _, ngettext, render_error

if TYPE_CHECKING:
    from referee.club.importer import Importer
    from referee.club.select import ClubSession, Criteria
    from referee.session.store import Store

_SessionOpt = Annotated[Path | None, typer.Option(
    "--session", help=_("Session database file (default: the user data dir, or $REFEREE_DATA_DIR)."))]
StoreOpt = Annotated[str | None, typer.Option(
    "--store", metavar="URL", help=_("The store: sqlite:///FILE (as --session FILE) or a club's "
                                     "postgresql://USER@HOST/DB (default: $REFEREE_STORE)."))]
PlayerOpt = Annotated[list[str] | None, typer.Option(
    "--player", metavar="NAME", help=_("Only sessions where this player sat (may be repeated)."))]
PairOpt = Annotated[list[str] | None, typer.Option(
    "--pair", metavar="A+B", help=_("Only sessions where these two sat as partners, e.g. "
                                    "Azamat+Timur (may be repeated)."))]
TableOpt = Annotated[str | None, typer.Option(
    "--table", metavar="NAME", help=_("Only sessions played at this table."))]
SinceOpt = Annotated[str | None, typer.Option(
    "--since", metavar="DATE", help=_("Only sessions from this day on (YYYY-MM-DD, UTC)."))]
UntilOpt = Annotated[str | None, typer.Option(
    "--until", metavar="DATE", help=_("Only sessions up to this day (YYYY-MM-DD, UTC)."))]


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


def criteria(players: list[str] | None = None, pairs: list[str] | None = None, table: str | None = None,
             since: str | None = None, until: str | None = None, profile: str | None = None) -> Criteria:
    """The filter options as Criteria; a bad date or pair is a usage error (exit 2)."""
    from referee.cli.terminal import EXIT_USAGE, terminal
    from referee.club.select import Criteria, CriteriaError

    try:
        return Criteria.from_options(players=players, pairs=pairs, table=table, since=since,
                                     until=until, profile=profile)
    except CriteriaError as exc:
        terminal().abort(render_error(exc), EXIT_USAGE)


TableNameOpt = Annotated[str | None, typer.Option(
    "--table", metavar="NAME", help=_("Table name for imported sessions that have none."))]


def register(app: typer.Typer) -> None:
    """Add ``store import``, ``store copy``, ``standings`` and ``players`` to the ``referee`` app."""
    store_app = typer.Typer(no_args_is_help=True, help=_(
        "The club file: bring other laptops' sessions and records into one store."))
    app.add_typer(store_app, name="store")
    store_app.command("import", help=_("Import session databases and records (YAML) into this store; "
                                       "a session already here is stored once."))(import_cmd)
    store_app.command("copy", help=_(
        "Copy a laptop's session file into a store (a club's "
        "PostgreSQL database); running it again copies nothing twice."))(copy_cmd)
    app.command("standings", help=_("Standings per player and per pair: sessions, deals, courts or "
                                     "matches, revokes, rating."))(standings_cmd)
    app.command("players", help=_("List the known players: sessions played, first and last "
                                  "session day."))(players_cmd)


def import_cmd(
    files: Annotated[list[Path], typer.Argument(metavar="FILE...", help=_(
        "Session databases of other laptops, or records (record-format.md)."))],
    table: TableNameOpt = None,
    session_file: _SessionOpt = None,
    store_url: StoreOpt = None,
) -> None:
    """Import session databases and records (YAML) into this store."""
    _import_files(files, table, session_file, store_url)


def copy_cmd(
    source: Annotated[Path, typer.Argument(metavar="SQLITE_FILE", help=_(
        "The session database to copy from."))],
    url: Annotated[str, typer.Argument(metavar="URL", help=_(
        "The store to copy into: postgresql://USER@HOST/DB or sqlite:///FILE."))],
    table: TableNameOpt = None,
) -> None:
    """Copy a laptop's session file into a store (issue 16), idempotently."""
    _import_files([source], table, None, url)


def _import_files(files: list[Path], table: str | None, session_file: Path | None,
                  store_url: str | None) -> None:
    """Import ``files`` into the store, a line per file; exit 1 when any failed."""
    from referee.cli.live import _open
    from referee.cli.terminal import terminal
    from referee.club.importer import Importer
    from referee.errors import RefereeError
    from referee.session.store import SessionError

    term = terminal()
    failed = 0
    try:
        with _open(session_file, store_url, create=True) as store:
            with Importer(store, table=table) as imp:
                for f in files:
                    failed += _import_one(imp, f)
                total = len(store.sessions())
            typer.echo(ngettext("{path}: {count} session", "{path}: {count} sessions", total).format(
                path=store.path, count=total))
    except (SessionError, RefereeError) as exc:
        term.abort(render_error(exc))
    if failed:
        raise typer.Exit(1)


def _import_one(imp: Importer, f: Path) -> int:
    """Import one file, saying what came of it; the number of its failures."""
    from referee.cli.terminal import terminal
    from referee.errors import RefereeError

    term = terminal()
    try:
        res = imp.import_file(f)
    except (RefereeError, OSError) as exc:
        term.error(render_error(exc))
        return 1
    for line in res.notes:
        term.err.print(_("note: {text}").format(text=line), markup=False,
                       highlight=False, soft_wrap=True)
    for line in res.errors:
        term.error(line)
    typer.echo(_("{source}: {new} imported, {updated} with new deals, "
                 "{present} already here").format(
                     source=res.source, new=len(res.new), updated=len(res.updated),
                     present=len(res.present)))
    return len(res.errors)


def standings_cmd(
    since: SinceOpt = None,
    until: UntilOpt = None,
    profile: Annotated[str | None, typer.Option(
        "--profile", metavar="P", help=_("Only sessions of this profile (e.g. pagat, kort)."))] = None,
    player: PlayerOpt = None,
    pair: PairOpt = None,
    table: TableOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help=_("Print JSON."))] = False,
    as_csv: Annotated[bool, typer.Option("--csv", help=_(
        "Print CSV (UTF-8 with a byte-order mark, for spreadsheets)."))] = False,
    session_file: _SessionOpt = None,
    store_url: StoreOpt = None,
) -> None:
    """Standings per player and per pair."""
    from referee.cli.live import _open
    from referee.cli.terminal import EXIT_USAGE, terminal
    from referee.club.standings import standings as compute
    from referee.errors import RefereeError

    term = terminal()
    if as_json and as_csv:
        term.abort(_("give --json or --csv, not both"), EXIT_USAGE)
    crit = criteria(player, pair, table, since, until, profile)
    try:
        with _open(session_file, store_url) as store:
            result = compute(store, select(store, crit))
    except RefereeError as exc:
        term.abort(render_error(exc))
    _print_standings(result, crit, as_json=as_json, as_csv=as_csv)


def _print_standings(result: Any, crit: Criteria, *, as_json: bool, as_csv: bool) -> None:
    """The standings as JSON, CSV or the tables on the terminal."""
    import json
    import sys

    from referee.cli.terminal import terminal
    from referee.club.output import as_csv as csv_text
    from referee.club.output import as_json as json_data
    from referee.club.output import print_tables
    from referee.club.ratings import model_defaults

    if as_json:
        typer.echo(json.dumps(json_data(result, since=crit.since, defaults=model_defaults()),
                              ensure_ascii=False, indent=2))
    elif as_csv:
        sys.stdout.flush()
        sys.stdout.buffer.write(csv_text(result).encode("utf-8"))
        sys.stdout.buffer.flush()
    elif not result:
        typer.echo(_("no session to count"))
    else:
        print_tables(terminal().out, result)


def players_cmd(session_file: _SessionOpt = None, store_url: StoreOpt = None) -> None:
    """List the known players."""
    from referee.cli.live import _open
    from referee.cli.terminal import terminal
    from referee.club.db import ClubDB
    from referee.club.names import name_key
    from referee.club.select import Criteria
    from referee.errors import RefereeError

    try:
        with _open(session_file, store_url) as store:
            sessions = select(store, Criteria())
            with ClubDB(store.target) as club:
                names = club.players()
    except RefereeError as exc:
        terminal().abort(render_error(exc))
    seen: dict[str, list[str]] = {}
    for s in sessions:
        for n in s.players.values():
            seen.setdefault(name_key(n), []).append(s.date)
    for n in names:
        days = seen.get(name_key(n), [])
        typer.echo(ngettext("{name}: {count} session, {first} to {last}",
                            "{name}: {count} sessions, {first} to {last}", len(days)).format(
            name=n, count=len(days), first=min(days) if days else "-", last=max(days) if days else "-"))


def report_selected(store: Store, crit: Criteria, *, as_json: bool) -> None:
    """``referee report`` with filters: every matching session's summary, oldest first;
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
            out.append({"id": s.id, "date": s.date, "table": s.table, "players": s.players,
                        "report": game.report()})
        typer.echo(json.dumps(out, indent=2, ensure_ascii=False))
        return
    blocks = []
    for s in chosen:
        lines = summary_lines(LiveSession.resume(store, s.id))
        if s.table:
            lines.insert(1, _("table {table}, {date}").format(table=s.table, date=s.date))
        blocks.append("\n".join(lines))
    typer.echo("\n\n".join(blocks))
