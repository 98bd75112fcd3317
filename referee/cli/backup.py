"""``referee backup -o FILE``: copy the session database into one file (issue 12)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from referee.cli.options import LangOpt, SessionOpt, StoreOpt
from referee.i18n import _, ngettext, os_reason, render_error


def register(app: typer.Typer) -> None:
    """Add ``backup`` to the ``referee`` app."""
    app.command(
        "backup",
        help=_(
            "Copy the session database into one file (every entry stored so "
            "far), also while a session is being played."
        ),
    )(backup)


def backup(
    ctx: typer.Context,
    output: Annotated[
        Path,
        typer.Option("-o", "--output", help=_("The backup file to write (a new file, or one to replace).")),
    ],
    session_file: SessionOpt = None,
    store_url: StoreOpt = None,
    lang: LangOpt = None,
) -> None:
    """Copy the session database into one file with SQLite's backup API.

    Copying ``sessions.db`` alone is not enough while (or after) a session runs: the
    latest entries are in the ``-wal`` file beside it. The backup is one consistent
    file that ``--session FILE`` opens."""
    from referee.cli.application import application
    from referee.cli.live import open_store
    from referee.errors import RefereeError
    from referee.live import messages as M
    from referee.records import check_output

    app = application(ctx)
    try:
        if str(output) == "-":
            raise RefereeError(_("a backup is a database file, not text: give a file name"))
        check_output(output)
        if not output.parent.is_dir():
            raise RefereeError(_(M.NO_FOLDER).format(folder=output.parent, path=output))
        with open_store(session_file, store_url, readonly=True) as store:
            if output.exists() and output.resolve() == store.path.resolve():
                raise RefereeError(_("{path} is the session database itself").format(path=output))
            count = len(store.session_ids())
            store.backup(output)
            app.echo(
                ngettext(
                    "wrote {target}: a backup of {path} ({count} session); open it with --session {target}",
                    "wrote {target}: a backup of {path} ({count} sessions); open it with --session {target}",
                    count,
                ).format(target=output, path=store.path, count=count)
            )
    except RefereeError as exc:
        app.abort(render_error(exc))
    except OSError as exc:
        app.abort(_("cannot write {path}: {reason}").format(path=output, reason=os_reason(exc)))
