"""``referee replay RECORD [--json] [--write-canonical OUT] [--profile NAME|PATH]``.

Reads a record (record-format.md), replays it through the engine and prints the
summary report: JSON with ``--json``, else a table. Exit 1 with one line on
stderr (nothing on stdout, nothing written) for an invalid record or profile.
Heavy imports (yaml, pydantic, rich) happen inside the command only.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

if TYPE_CHECKING:
    from referee.core.game import Game
    from referee.records import Record


def register(app: typer.Typer) -> None:
    """Add the ``replay`` command to ``app``."""
    app.command("replay")(replay_cmd)


def replay_cmd(
    record: Annotated[Path, typer.Argument(help="The record YAML to replay (record-format.md).")],
    json_out: Annotated[bool, typer.Option("--json", help="Print the summary report as JSON.")] = False,
    write_canonical: Annotated[Path | None, typer.Option(
        "--write-canonical", metavar="OUT",
        help="Also write the record back in canonical form to OUT.",
    )] = None,
    profile: Annotated[str | None, typer.Option(
        "--profile", "-p", envvar="REFEREE_PROFILE", metavar="NAME|PATH",
        help="Use this profile instead of the record's (a built-in name or a YAML path).",
    )] = None,
) -> None:
    """Replay a session record and print its summary report."""
    import gc

    from referee.cli.terminal import terminal
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
            _write_canonical(rec, game, write_canonical)
    except RefereeError as exc:
        terminal().abort(str(exc))
    except OSError as exc:
        terminal().abort(f"{exc.filename or record}: {exc.strerror or exc}")
    finally:
        if gc_was_on:
            gc.enable()
    if json_out:
        import json
        import sys

        # Indented for a person at a terminal; compact (C encoder, fast) into a pipe or file.
        indent = 2 if sys.stdout.isatty() else None
        sys.stdout.write(json.dumps(report, ensure_ascii=False, indent=indent) + "\n")
        return
    show_report(report, game)


def _write_canonical(rec: Record, game: Game, out: Path) -> None:
    import os

    from referee.profiles import builtin_profiles
    from referee.records import dump_record, write_text_atomic

    ref = rec.profile_ref
    if rec.profile_path is not None and builtin_profiles().get(ref) != rec.profile_path:
        # A profile file: keep it reachable from the new record's folder.
        ref = os.path.relpath(rec.profile_path.resolve(), out.resolve().parent)
    text = dump_record(game, profile=ref, players=rec.players, date=rec.date,
                       duration=rec.duration)
    write_text_atomic(out, text)


def _pair(d: dict[str, int]) -> str:
    return f"{d['NS']}:{d['EW']}"


def show_report(report: dict[str, Any], game: Game) -> None:
    """Print the report as a rich table: one row per deal, then totals and who leads."""
    from rich.table import Table

    from referee.cli.terminal import terminal

    out = terminal().out
    is_match = game.profile.is_match
    from rich import box

    table = Table(title=f"profile {report['profile']}", title_justify="left",
                  box=box.SIMPLE_HEAD)
    table.add_column("#", justify="right")
    if not is_match:
        table.add_column("dealer")
    table.add_column("caller")
    table.add_column("trump")
    table.add_column("tricks", justify="center", no_wrap=True)
    table.add_column("result", no_wrap=True)
    table.add_column("winner")
    table.add_column("wins" if is_match else "courts", justify="center", no_wrap=True)
    table.add_column("!", justify="center")
    table.caption = "tricks, wins and courts are NS:EW; ! flag, R revoke"
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
        row += [d["caller"], trump, _pair(d["tricks"]), d["result"], d["winner"] or "-",
                _pair(d["wins"] if is_match else d["courts"]),
                ("!" * len(d["flags"])) + ("R" if d["revoke"] else "")]
        table.add_row(*row)
    out.print(table)
    tot = report["totals"]
    if is_match:
        m = report["match"]
        out.print(f"wins NS:EW {_pair(tot['wins'])}   courts {_pair(tot['courts'])}   "
                  f"matches won {_pair(tot['matches_won'])}   deals won {_pair(tot['deals_won'])}")
        out.print(f"match {m.get('number', '')} to {m['target']}: {_pair(m['wins'])}")
    else:
        out.print(f"courts NS:EW {_pair(tot['courts'])}   deals won {_pair(tot['deals_won'])}   "
                  f"streaks {_pair(report['streaks'])}")
    nxt = report["next"]
    if nxt["dealer"] is None and nxt["caller"] is None:
        out.print("next: the last deal is in progress")
    elif is_match:
        out.print(f"next caller: {nxt['caller']}")
    else:
        out.print(f"next dealer: {nxt['dealer']}   next caller: {nxt['caller']}")
    for d in report["deals"]:
        for flag in d["flags"]:
            out.print(f"deal {d['number']}: {flag}", markup=False)
    lead = report["leader"]
    if report.get("ended") and not (nxt["dealer"] is None and nxt["caller"] is None):
        out.print("session ended: a draw" if lead == "draw" else f"session ended: {lead} wins")
    else:
        out.print("level: a draw so far" if lead == "draw" else f"{lead} leads")
