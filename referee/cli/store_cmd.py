"""``referee store import FILE...`` and ``referee store copy SQLITE_FILE URL``: the club
file (issues 15, 16). Moved out of ``referee.cli.club`` (one module per command)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from referee.cli.options import LangOpt, SessionOpt, StoreOpt
from referee.i18n import _, ngettext, render_error

if TYPE_CHECKING:
    from referee.cli.application import Application


def register(app: typer.Typer) -> None:
    """Add the ``store`` group (``store import``, ``store copy``) to the ``referee`` app."""
    app.add_typer(store_app, name="store")


store_app = typer.Typer(
    no_args_is_help=True, help=_("The club file: bring other laptops' sessions and records into one store.")
)


@store_app.command(
    "import",
    help=_(
        "Import session databases and records (YAML) into this store; a session already here is stored once."
    ),
)
def import_(
    ctx: typer.Context,
    files: Annotated[
        list[Path],
        typer.Argument(
            metavar="FILE...", help=_("Session databases of other laptops, or records (record-format.md).")
        ),
    ],
    table: Annotated[
        str | None,
        typer.Option("--table", metavar="NAME", help=_("Table name for imported sessions that have none.")),
    ] = None,
    session_file: SessionOpt = None,
    store_url: StoreOpt = None,
    lang: LangOpt = None,
) -> None:
    """Import session databases and records (YAML) into this store."""
    from referee.cli.application import application

    _import_files(application(ctx), files, table, session_file, store_url)


@store_app.command(
    "copy",
    help=_(
        "Copy a laptop's session file into a store (a club's "
        "PostgreSQL database); running it again copies nothing twice."
    ),
)
def copy(
    ctx: typer.Context,
    source: Annotated[
        Path, typer.Argument(metavar="SQLITE_FILE", help=_("The session database to copy from."))
    ],
    url: Annotated[
        str,
        typer.Argument(
            metavar="URL", help=_("The store to copy into: postgresql://USER@HOST/DB or sqlite:///FILE.")
        ),
    ],
    table: Annotated[
        str | None,
        typer.Option("--table", metavar="NAME", help=_("Table name for imported sessions that have none.")),
    ] = None,
    lang: LangOpt = None,
) -> None:
    """Copy a laptop's session file into a store (issue 16), idempotently."""
    from referee.cli.application import application

    _import_files(application(ctx), [source], table, None, url)


def _import_files(
    app: Application, files: list[Path], table: str | None, session_file: Path | None, store_url: str | None
) -> None:
    """Import ``files`` into the store: a line per file, a line with the store's sessions;
    a file that cannot be imported is one ``error:`` line (the others are imported) and
    makes the exit code 1."""
    from referee.cli.application import EXIT_INVALID
    from referee.cli.live import open_store
    from referee.club.importer import Importer
    from referee.errors import RefereeError
    from referee.session.store import SessionError

    failed = 0
    try:
        with open_store(session_file, store_url, create=True) as store:
            with Importer(store, table=table) as imp:
                for f in files:
                    try:
                        res = imp.import_file(f)
                    except (RefereeError, OSError) as exc:
                        app.error(render_error(exc))
                        failed += 1
                        continue
                    for line in res.notes:
                        app.note(line)
                    for line in res.errors:
                        app.error(line)
                    failed += len(res.errors)
                    app.echo(
                        _(
                            "{source}: {new} imported, {updated} with new deals, {present} already here"
                        ).format(
                            source=res.source,
                            new=len(res.new),
                            updated=len(res.updated),
                            present=len(res.present),
                        )
                    )
                total = len(store.sessions())
            app.echo(
                ngettext("{path}: {count} session", "{path}: {count} sessions", total).format(
                    path=store.path, count=total
                )
            )
    except (SessionError, RefereeError) as exc:
        app.abort(render_error(exc))
    if failed:
        app.exit(EXIT_INVALID)
