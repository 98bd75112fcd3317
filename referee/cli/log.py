"""``referee log [ID] [--json]``: a session's whole history (issue 11)."""

from __future__ import annotations

from typing import Annotated

import typer

from referee.cli.options import IdArg, LangOpt, SessionOpt, StoreOpt
from referee.i18n import _, render_error


def register(app: typer.Typer) -> None:
    """Add ``log`` to the ``referee`` app."""
    app.command(
        "log",
        help=_(
            "The session's whole history: every entry typed, when, from where, "
            "what was undone or fixed and by which entry."
        ),
    )(log)


def log(
    ctx: typer.Context,
    session_id: IdArg = None,
    as_json: Annotated[bool, typer.Option("--json", help=_("The history as JSON."))] = False,
    session_file: SessionOpt = None,
    store_url: StoreOpt = None,
    lang: LangOpt = None,
) -> None:
    """The session's whole history (issue 11): never changed, only appended to."""
    import json

    from referee.cli.application import application
    from referee.cli.live import open_store, session_language
    from referee.errors import RefereeError
    from referee.live.history import log_json, log_lines

    app = application(ctx)
    try:
        with open_store(session_file, store_url) as store:
            sid = store.resolve(session_id)
            session_language(store.header(sid).language)
            entries = store.log(sid)
            if as_json:
                app.echo(json.dumps(log_json(sid, entries), indent=2, ensure_ascii=False))
            else:
                app.echo("\n".join(log_lines(sid, entries)))
    except RefereeError as exc:
        app.abort(render_error(exc))
