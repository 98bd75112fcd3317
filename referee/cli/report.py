"""``referee report [ID] [--json]``: the session summary (issues 3, 15)."""

from __future__ import annotations

from typing import Annotated

import typer

from referee.cli import club as club_opts
from referee.cli.options import IdArg, LangOpt, SessionOpt, StoreOpt
from referee.i18n import _, render_error


def register(app: typer.Typer) -> None:
    """Add ``report`` to the ``referee`` app."""
    app.command("report", help=_("Print the session summary: courts and totals, each deal's result."))(report)


def report(
    ctx: typer.Context,
    session_id: IdArg = None,
    as_json: Annotated[bool, typer.Option("--json", help=_("The replay --json summary report."))] = False,
    session_file: SessionOpt = None,
    store_url: StoreOpt = None,
    player: club_opts.PlayerOpt = None,
    pair: club_opts.PairOpt = None,
    table: club_opts.TableOpt = None,
    since: club_opts.SinceOpt = None,
    until: club_opts.UntilOpt = None,
    lang: LangOpt = None,
) -> None:
    """Print the session summary: courts and totals, each deal's result.

    With filters (``--player``, ``--pair``, ``--table``, ``--since``, ``--until``):
    every matching session's summary; a session ID and filters together: exit 2."""
    import json

    from referee.cli import club
    from referee.cli.application import application
    from referee.cli.live import open_store, session_language
    from referee.errors import RefereeError
    from referee.live.controller import LiveSession, summary_lines

    app = application(ctx)
    crit = club.criteria(app, player, pair, table, since, until)
    if not crit.empty:
        if session_id is not None:
            app.usage(_("give a session ID or filters, not both"))
        try:
            with open_store(session_file, store_url) as store:
                club.report_selected(app, store, crit, as_json=as_json)
        except RefereeError as exc:
            app.abort(render_error(exc))
        return
    try:
        with open_store(session_file, store_url, readonly=True) as store:
            session = LiveSession.resume(store, session_id)
            session_language(session.header.language)
            if as_json:
                app.echo(json.dumps(session.game.report(), indent=2))
            else:
                app.echo("\n".join(summary_lines(session)))
    except RefereeError as exc:
        app.abort(render_error(exc))
