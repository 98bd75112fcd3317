"""``referee replay RECORD [--json] [--write-canonical OUT] [--profile NAME|PATH] [--check]``.

Reads a record (record-format.md), replays it through the engine and prints the
summary report: JSON with ``--json``, else a table. Exit 1 with one line on
stderr (nothing on stdout, nothing written) for an invalid record or profile.
``--check`` lists every problem of the record instead (one ``error: file:line:
...`` line each on stderr, exit 1), or says it is valid (exit 0).
Heavy imports (yaml, pydantic, rich) happen inside the command only.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from referee.cli.options import LangOpt
from referee.i18n import N_, _, os_reason, render_error

if TYPE_CHECKING:
    from referee.cli.application import Application
    from referee.core.game import Game
    from referee.records import Record


def register(app: typer.Typer) -> None:
    """Add the ``replay`` command to ``app``."""
    app.command("replay", help=_("Replay a session record and print its summary report."))(replay_cmd)


# Help texts are translated when this module is imported: ``referee.cli.main`` chooses
# the language (referee.i18n.setup) before it imports the command modules.
def replay_cmd(
    ctx: typer.Context,
    record: Annotated[
        Path, typer.Argument(metavar="RECORD", help=_("The record YAML to replay (record-format.md)."))
    ],
    json_out: Annotated[bool, typer.Option("--json", help=_("Print the summary report as JSON."))] = False,
    write_canonical: Annotated[
        Path | None,
        typer.Option(
            "--write-canonical",
            metavar="OUT",
            help=_("Also write the record back in canonical form to OUT."),
        ),
    ] = None,
    profile: Annotated[
        str | None,
        typer.Option(
            "--profile",
            "-p",
            envvar="REFEREE_PROFILE",
            metavar="NAME|PATH",
            help=_("Use this profile instead of the record's (a built-in name or a YAML path)."),
        ),
    ] = None,
    check: Annotated[
        bool,
        typer.Option(
            "--check",
            help=_("Only check the record: list every problem in it (exit 1), or none."),
        ),
    ] = False,
    lang: LangOpt = None,
) -> None:
    """Replay a session record and print its summary report."""
    import gc

    from referee.cli.application import application

    app = application(ctx)
    if check:
        check_cmd(app, record, profile)
        return

    from referee.errors import RefereeError

    # A replay allocates many small objects and frees none of them before it ends:
    # the cyclic GC would only rescan them (about a third of a 10,000-deal replay).
    gc_was_on = gc.isenabled()
    gc.disable()
    try:
        from referee.records import load_record, replay

        rec = load_record(record, profile=profile)
        game = replay(rec)
        report = game.report()
        if write_canonical is not None:
            _write_canonical(app, rec, game, write_canonical)
            if str(write_canonical) == "-":  # the record alone on stdout
                return
    except RefereeError as exc:
        app.abort(render_error(exc))
    except OSError as exc:
        app.abort(f"{exc.filename or record}: {os_reason(exc)}")
    finally:
        if gc_was_on:
            gc.enable()
    if json_out:
        import json

        # Indented for a person at a terminal; compact (C encoder, fast) into a pipe or file.
        indent = 2 if app.stdout.isatty() else None
        app.write(json.dumps(report, ensure_ascii=False, indent=indent) + "\n")
        return
    show_report(app, report, game)


def check_cmd(app: Application, record: Path, profile: str | None) -> None:
    """``--check``: every problem of ``record`` on stderr, ``file:line`` each, and exit 1;
    a line on stdout and exit 0 for a valid record (:func:`referee.records.check_record`)."""
    from referee.errors import RefereeError
    from referee.i18n import ngettext

    try:
        from referee.records import check_record, load_record

        problems = check_record(record, profile=profile)
        if not problems:
            deals = len(load_record(record, profile=profile).deals)
    except RefereeError as exc:  # a bad --profile: nothing to check against
        app.abort(render_error(exc))
    except OSError as exc:
        app.abort(f"{exc.filename or record}: {os_reason(exc)}")
    if not problems:
        app.print(
            ngettext("{record}: valid ({n} deal)", "{record}: valid ({n} deals)", deals).format(
                record=record, n=deals
            ),
            markup=False,
        )
        return
    for problem in problems:
        app.error(render_error(problem))
    count = len(problems)
    app.abort(
        ngettext("{record}: {n} problem", "{record}: {n} problems", count).format(record=record, n=count)
    )


def _write_canonical(app: Application, rec: Record, game: Game, out: Path) -> None:
    import os

    from referee.live import messages as M
    from referee.profiles import builtin_profiles
    from referee.records import check_output, dump_record, write_text_atomic

    if str(out) != "-":
        check_output(out)
    if str(out) != "-" and not out.parent.is_dir():
        app.abort(_(M.NO_FOLDER).format(folder=out.parent, path=out))
    ref = rec.profile_ref
    if rec.profile_path is not None and builtin_profiles().get(ref) != rec.profile_path:
        # A profile file: keep it reachable from the new record's folder.
        ref = os.path.relpath(rec.profile_path.resolve(), out.resolve().parent)
    text = dump_record(game, profile=ref, players=rec.players, date=rec.date, duration=rec.duration)
    if str(out) == "-":
        app.write(text)
        return
    write_text_atomic(out, text)


COLUMNS = {
    "dealer": N_("dealer"),
    "caller": N_("caller"),
    "trump": N_("trump"),
    "tricks": N_("tricks"),
    "result": N_("result"),
    "winner": N_("winner"),
    "wins": N_("wins"),
    "courts": N_("courts"),
}
"""The replay table's column headings."""


def _pair(d: dict[str, int]) -> str:
    return f"{d['NS']}:{d['EW']}"


def show_report(app: Application, report: dict[str, Any], game: Game) -> None:
    """Print the report with ``app``: a rich table, one row per deal, then totals and
    who leads."""
    from rich.table import Table

    out = app.out
    is_match = game.profile.is_match
    from rich import box
    from rich.markup import escape

    from referee.live.messages import printable

    # the profile's name comes from a file: neither rich markup nor terminal codes
    name = escape(printable(str(report["profile"])))
    table = Table(title=_("profile {name}").format(name=name), title_justify="left", box=box.SIMPLE_HEAD)
    table.add_column("#", justify="right")
    if not is_match:
        table.add_column(_(COLUMNS["dealer"]))
    table.add_column(_(COLUMNS["caller"]))
    table.add_column(_(COLUMNS["trump"]))
    table.add_column(_(COLUMNS["tricks"]), justify="center", no_wrap=True)
    table.add_column(_(COLUMNS["result"]), no_wrap=True)
    table.add_column(_(COLUMNS["winner"]))
    table.add_column(_(COLUMNS["wins"] if is_match else COLUMNS["courts"]), justify="center", no_wrap=True)
    table.add_column("!", justify="center")
    table.caption = _("tricks, wins and courts are NS:EW; ! flag, R revoke")
    table.caption_justify = "left"
    for d in report["deals"]:
        trump = d["trump"] or "-"
        if d.get("thirteenth"):
            trump = f"{trump} (13: {d['thirteenth']})"
        if d.get("redeals"):
            trump += f" r{d['redeals']}"
        row = [str(d["number"])]
        if not is_match:
            row.append(d["dealer"] or "-")
        row += [
            d["caller"],
            trump,
            _pair(d["tricks"]),
            d["result"],
            d["winner"] or "-",
            _pair(d["wins"] if is_match else d["courts"]),
            ("!" * len(d["flags"])) + ("R" if d["revoke"] else ""),
        ]
        table.add_row(*row)
    out.print(table)
    tot = report["totals"]
    if is_match:
        m = report["match"]
        out.print(
            _("wins NS:EW {wins}   courts {courts}   matches won {matches}   deals won {deals}").format(
                wins=_pair(tot["wins"]),
                courts=_pair(tot["courts"]),
                matches=_pair(tot["matches_won"]),
                deals=_pair(tot["deals_won"]),
            )
        )
        out.print(
            _("match {number} to {target}: {wins}").format(
                number=m.get("number", ""), target=m["target"], wins=_pair(m["wins"])
            )
        )
    else:
        out.print(
            _("courts NS:EW {courts}   deals won {deals}   streaks {streaks}").format(
                courts=_pair(tot["courts"]), deals=_pair(tot["deals_won"]), streaks=_pair(report["streaks"])
            )
        )
    nxt = report["next"]
    if nxt["dealer"] is None and nxt["caller"] is None:
        out.print(_("next: the last deal is in progress"))
    elif is_match:
        out.print(_("next caller: {caller}").format(caller=nxt["caller"]))
    else:
        out.print(
            _("next dealer: {dealer}   next caller: {caller}").format(
                dealer=nxt["dealer"], caller=nxt["caller"]
            )
        )
    for d in report["deals"]:
        for flag in d["flags"]:
            out.print(_("deal {deal}: {flag}").format(deal=d["number"], flag=flag), markup=False)
    out.print(leader_line(report), markup=False)


def leader_line(report: dict[str, Any]) -> str:
    """Who won (an ended session: the words of the live summary, ``Winner: EW`` or
    ``Draw``) or who leads (``NS leads``, ``level: a draw so far``)."""
    from referee.live import messages as M

    lead = report["leader"]
    nxt = report["next"]
    if report.get("ended") and not (nxt["dealer"] is None and nxt["caller"] is None):
        return _(M.SUMMARY_DRAW) if lead == "draw" else _(M.SUMMARY_WINNER).format(side=lead)
    return _("level: a draw so far") if lead == "draw" else _("{side} leads").format(side=lead)
