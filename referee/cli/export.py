"""``referee export -o FILE [ID]``: write a session as a record (record-format.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from referee.cli.options import IdArg, LangOpt, SessionOpt, StoreOpt
from referee.i18n import _, os_reason, render_error


def register(app: typer.Typer) -> None:
    """Add ``export`` to the ``referee`` app."""
    app.command(
        "export", help=_("Write the session as a record (record-format.md) that `referee replay` reads.")
    )(export)


def export(
    ctx: typer.Context,
    output: Annotated[Path, typer.Option("-o", "--output", help=_("The record file to write (YAML)."))],
    session_id: IdArg = None,
    session_file: SessionOpt = None,
    store_url: StoreOpt = None,
    lang: LangOpt = None,
) -> None:
    """Write the session as a record (record-format.md) that `referee replay` reads.

    ``-o -``: the record on stdout. The file is written atomically; exit 1 (nothing
    written) for a missing session, a missing folder or a write that fails."""
    from referee.cli.application import application
    from referee.cli.live import open_store, stdout_or_file
    from referee.errors import RefereeError
    from referee.live import messages as M
    from referee.live.controller import LiveSession
    from referee.records import dump_record, write_text_atomic

    app = application(ctx)
    try:
        to_stdout = stdout_or_file(output)
        with open_store(session_file, store_url, readonly=True) as store:
            session = LiveSession.resume(store, session_id)
            h = session.header
            text = dump_record(
                session.game,
                profile=h.profile,
                players=h.players or None,
                date=h.created[:10],
                duration=h.duration,
            )
        if to_stdout:
            app.echo(text, nl=False)
            return
        write_text_atomic(output, text)
        app.echo(M.exported(output, h.id, len(session.game.deals)))
    except RefereeError as exc:
        app.abort(render_error(exc))
    except OSError as exc:
        app.abort(_("cannot write {path}: {reason}").format(path=output, reason=os_reason(exc)))
