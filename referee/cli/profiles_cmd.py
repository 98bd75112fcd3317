"""``referee profiles`` (list), ``referee profiles show NAME|PATH``, ``referee profiles schema``.

Exit 1 with one line for an unknown or invalid profile. Heavy imports stay
inside the commands.
"""

from __future__ import annotations

from typing import Annotated

import typer

from referee.cli.options import LangOpt
from referee.i18n import _, os_reason, render_error


def register(app: typer.Typer) -> None:
    """Add the ``profiles`` command group to ``app``."""
    from referee.cli.app import RefereeTyper

    sub = RefereeTyper(
        name="profiles",
        help=_("List the rule profiles, show one, or print the profile JSON Schema."),
        invoke_without_command=True,
        add_completion=False,
        pretty_exceptions_enable=False,
    )
    sub.callback(
        invoke_without_command=True,
        help=_("List the rule profiles, show one, or print the profile JSON Schema.")
        + "\n\n"
        + _("'referee profiles' alone lists them."),
    )(list_cmd)
    sub.command("show", help=_("Print one profile's YAML (after checking it is valid)."))(show_cmd)
    sub.command(
        "schema", help=_('Print the JSON Schema of profile files (for editors; see README "Profile format").')
    )(schema_cmd)
    app.add_typer(sub, name="profiles")


def list_cmd(ctx: typer.Context, lang: LangOpt = None) -> None:
    """List the built-in profiles: name, title and file."""
    if ctx.invoked_subcommand is not None:
        return
    from rich.table import Table

    from referee.cli.application import application
    from referee.errors import RefereeError
    from referee.profiles import builtin_profiles, load_profile

    out = application(ctx).out
    table = Table(title=_("profiles"), title_justify="left")
    table.add_column(_("name"), no_wrap=True)
    table.add_column(_("title"))
    table.add_column(_("file"), no_wrap=True)
    folders = set()
    for name, path in builtin_profiles().items():
        try:
            title = load_profile(str(path)).title
        except RefereeError as exc:
            title = _("invalid: {reason}").format(reason=render_error(exc))
        table.add_row(name, title, path.name)
        folders.add(str(path.parent))
    out.print(table)
    for folder in sorted(folders):
        out.print(_("in {folder}").format(folder=folder), markup=False, soft_wrap=True)
    out.print(
        _("Copy one with `referee profiles show NAME > mine.yaml`, edit it, then use `--profile mine.yaml`."),
        markup=False,
    )


def show_cmd(
    ctx: typer.Context,
    profile: Annotated[str, typer.Argument(metavar="NAME|PATH", help=_("A built-in name or a YAML path."))],
    lang: LangOpt = None,
) -> None:
    """Print one profile's YAML (after checking it is valid)."""
    from referee.cli.application import application
    from referee.errors import RefereeError
    from referee.profiles import load_profile, resolve_profile

    app = application(ctx)
    try:
        path = resolve_profile(profile)
        load_profile(str(path))
        text = path.read_text(encoding="utf-8")
    except RefereeError as exc:
        app.abort(render_error(exc))
    except OSError as exc:
        app.abort(f"{exc.filename or profile}: {os_reason(exc)}")
    app.write(text if text.endswith("\n") else text + "\n")


def schema_cmd(ctx: typer.Context, lang: LangOpt = None) -> None:
    """Print the JSON Schema of profile files (for editors; see README "Profile format")."""
    import json

    from referee.cli.application import application
    from referee.profiles import profile_json_schema

    application(ctx).write(json.dumps(profile_json_schema(), indent=2, ensure_ascii=False) + "\n")
