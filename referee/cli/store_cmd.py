"""``referee store import FILE...`` and ``referee store copy SQLITE_FILE URL``: the club
file (issues 15, 16). Moved from ``referee.cli.club`` unchanged (one module per command)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from referee.cli.club import StoreOpt, _SessionOpt
from referee.i18n import _, ngettext, render_error


def register(app: typer.Typer) -> None:
    """Add the ``store`` group (``store import``, ``store copy``) to the ``referee`` app."""
    app.add_typer(store_app, name="store")


store_app = typer.Typer(no_args_is_help=True, help=_(
    "The club file: bring other laptops' sessions and records into one store."))


@store_app.command("import", help=_("Import session databases and records (YAML) into this store; "
                                    "a session already here is stored once."))
def import_(
    files: Annotated[list[Path], typer.Argument(metavar="FILE...", help=_(
        "Session databases of other laptops, or records (record-format.md)."))],
    table: Annotated[str | None, typer.Option(
        "--table", metavar="NAME", help=_("Table name for imported sessions that have none."))] = None,
    session_file: _SessionOpt = None,
    store_url: StoreOpt = None,
) -> None:
    """Import session databases and records (YAML) into this store."""
    _import_files(files, table, session_file, store_url)


@store_app.command("copy", help=_("Copy a laptop's session file into a store (a club's "
                                  "PostgreSQL database); running it again copies nothing twice."))
def copy(
    source: Annotated[Path, typer.Argument(metavar="SQLITE_FILE", help=_(
        "The session database to copy from."))],
    url: Annotated[str, typer.Argument(metavar="URL", help=_(
        "The store to copy into: postgresql://USER@HOST/DB or sqlite:///FILE."))],
    table: Annotated[str | None, typer.Option(
        "--table", metavar="NAME", help=_("Table name for imported sessions that have none."))] = None,
) -> None:
    """Copy a laptop's session file into a store (issue 16), idempotently."""
    _import_files([source], table, None, url)


def _import_files(files: list[Path], table: str | None, session_file: Path | None,
                  store_url: str | None) -> None:
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
                    try:
                        res = imp.import_file(f)
                    except (RefereeError, OSError) as exc:
                        term.error(render_error(exc))
                        failed += 1
                        continue
                    for line in res.notes:
                        term.err.print(_("note: {text}").format(text=line), markup=False,
                                       highlight=False, soft_wrap=True)
                    for line in res.errors:
                        term.error(line)
                    failed += len(res.errors)
                    typer.echo(_("{source}: {new} imported, {updated} with new deals, "
                                 "{present} already here").format(
                                     source=res.source, new=len(res.new), updated=len(res.updated),
                                     present=len(res.present)))
                total = len(store.sessions())
            typer.echo(ngettext("{path}: {count} session", "{path}: {count} sessions", total).format(
                path=store.path, count=total))
    except (SessionError, RefereeError) as exc:
        term.abort(render_error(exc))
    if failed:
        raise typer.Exit(1)
