"""``referee standings``: standings per player and per pair (issue 15). Moved out of
``referee.cli.club`` (one module per command)."""

from __future__ import annotations

from typing import Annotated

import typer

from referee.cli.club import PairOpt, PlayerOpt, SinceOpt, TableOpt, UntilOpt, criteria, select
from referee.cli.options import LangOpt, SessionOpt, StoreOpt
from referee.i18n import _, render_error


def register(app: typer.Typer) -> None:
    """Add ``standings`` to the ``referee`` app."""
    app.command(
        help=_("Standings per player and per pair: sessions, deals, courts or matches, revokes, rating.")
    )(standings)


def standings(
    ctx: typer.Context,
    since: SinceOpt = None,
    until: UntilOpt = None,
    profile: Annotated[
        str | None,
        typer.Option("--profile", metavar="P", help=_("Only sessions of this profile (e.g. pagat, kort).")),
    ] = None,
    player: PlayerOpt = None,
    pair: PairOpt = None,
    table: TableOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help=_("Print JSON."))] = False,
    as_csv: Annotated[
        bool, typer.Option("--csv", help=_("Print CSV (UTF-8 with a byte-order mark, for spreadsheets)."))
    ] = False,
    session_file: SessionOpt = None,
    store_url: StoreOpt = None,
    lang: LangOpt = None,
) -> None:
    """Standings per player and per pair."""
    import json

    from referee.cli.application import application
    from referee.cli.live import open_store
    from referee.club.output import as_csv as csv_text
    from referee.club.output import as_json as json_data
    from referee.club.output import print_tables
    from referee.club.ratings import model_defaults
    from referee.club.standings import standings as compute
    from referee.errors import RefereeError

    app = application(ctx)
    if as_json and as_csv:
        app.usage(_("give --json or --csv, not both"))
    crit = criteria(app, player, pair, table, since, until, profile)
    try:
        with open_store(session_file, store_url) as store:
            result = compute(store, select(store, crit))
    except RefereeError as exc:
        app.abort(render_error(exc))
    if as_json:
        app.echo(
            json.dumps(
                json_data(result, since=crit.since, defaults=model_defaults()), ensure_ascii=False, indent=2
            )
        )
    elif as_csv:
        app.write_bytes(csv_text(result).encode("utf-8"))
    elif not result:
        app.echo(_("no session to count"))
    else:
        print_tables(app.out, result)
