"""Entry point of the ``referee`` command: builds the typer app from the command modules.

Each command module exposes ``register(app)`` and imports nothing heavy at module
level (no cv2, numpy, pydantic or profile validation before a command runs), so
``referee --help`` stays fast.

Importing this module chooses no language. :func:`main` chooses it when a command
runs, before the app is built: ``--lang`` (anywhere on the command line), else
``REFEREE_LANG``, else ``LANGUAGE`` / ``LC_ALL`` / ``LANG``, else English
(:func:`referee.i18n.choose_language`). The help texts given to typer are translated
with it, and so are typer's panel titles ("Options", "Commands"); click's "Usage:"
and its error sentences stay English. ``app`` (``from referee.cli.main import app``)
is the app built in the language in force when it is first asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee import i18n
from referee.i18n import N_, _

if TYPE_CHECKING:
    from referee.cli.app import RefereeTyper

# typer's own words, built when its help module is imported: imported in build_app, after
# the language is chosen, with the referee's catalog standing in for gettext (only when
# not English: it costs a few hundredths of a second). Click's "Usage:" and error
# sentences have no translation.
TYPER_WORDS = (
    N_("(deprecated) "),
    N_("[default: {}]"),
    N_("[env var: {}]"),
    N_("[required]"),
    N_("Arguments"),
    N_("Options"),
    N_("Commands"),
    N_("Error"),
    N_("Aborted."),
    N_("Try [blue]'{command_path} {help_option}'[/] for help."),
)

_APP: RefereeTyper | None = None


def build_app() -> RefereeTyper:
    """The ``referee`` typer app with every command registered, built once, in the
    language in force (help texts are translated as the command modules are imported)."""
    global _APP
    if _APP is not None:
        return _APP
    with i18n.gettext_for_imports():  # typer's words, translated as they are imported
        import typer

        if i18n.language() != "en":
            import typer.rich_utils  # noqa: F401

    from referee.cli.app import RefereeTyper

    app = RefereeTyper(
        name="referee",
        help=_("Referee and score-keeper for Court Piece (Rang, Kort) at a real table."),
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
    )

    from referee.cli.options import root

    app.callback(help=_("Referee and score-keeper for Court Piece (Rang, Kort) at a real table."))(root)
    from referee.cli import (
        backup,
        camera_check,
        club,
        detect,
        export,
        log,
        profiles_cmd,
        replay,
        report,
        resume,
        serve,
        sessions,
        start,
    )

    for module in (
        replay,
        profiles_cmd,
        detect,
        start,
        resume,
        sessions,
        report,
        export,
        log,
        backup,
        camera_check,
        club,
        serve,
    ):
        module.register(app)
    _APP = app
    return app


def __getattr__(name: str) -> Any:
    """``app``: the built app (PEP 562), so ``from referee.cli.main import app`` works."""
    if name == "app":
        return build_app()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def main(args: list[str] | None = None) -> int:
    """Run ``referee`` with ``args`` (default: the command line); returns the exit code.
    The in-process entry point (tests call ``main([...])``; ``run`` is the console script).

    One :class:`referee.cli.application.Application` is made here and given to typer
    as the context object: every command prints, fails and exits through it.

    typer runs with ``standalone_mode=False``, so its usage errors come here and are
    said in one line (``error: Missing argument 'RECORD'. See 'referee replay --help'.``,
    exit 2) instead of typer's framed panel; ``typer.Exit`` codes pass through.
    """
    import importlib
    import sys

    i18n.setup(i18n.choose_language(sys.argv[1:] if args is None else args))
    app = build_app()
    import typer

    try:  # typer >= 0.22 vendors click; older ones depend on it
        click_exceptions = importlib.import_module("typer._click.exceptions")
    except ImportError:
        click_exceptions = importlib.import_module("click.exceptions")
    ClickException = click_exceptions.ClickException
    UsageError = click_exceptions.UsageError
    from referee.cli.app import usage_error_line
    from referee.cli.application import EXIT_INVALID, Application

    args = lang_first(sys.argv[1:] if args is None else list(args))
    i18n.ASKED = i18n.explicit_language(args)  # before a session's own language (issue 11)
    out = Application()  # the run's one way out, for the commands (ctx.obj) and for here
    try:
        code = app(args=args, prog_name="referee", standalone_mode=False, obj=out)
    except UsageError as exc:
        if type(exc).__name__ != "NoArgsIsHelpError":  # that one has printed the help
            out.error(usage_error_line(exc))
        return int(exc.exit_code)
    except ClickException as exc:
        out.error(str(exc.format_message()))
        return int(exc.exit_code)
    except typer.Abort:
        out.error(_("aborted"))
        return EXIT_INVALID
    return code if isinstance(code, int) else 0


def lang_first(args: list[str]) -> list[str]:
    """``--lang X`` wherever it is typed (``referee report --lang ru``) moved before the
    command, where the ``referee`` callback takes it: every command speaks the language
    (issue 11). Nothing after a ``--`` is touched; a ``--lang`` without a value stays."""
    out: list[str] = []
    chosen: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--":
            out += args[i:]
            break
        if a == "--lang" and i + 1 < len(args):
            chosen = chosen or [a, args[i + 1]]
            i += 2
            continue
        if a.startswith("--lang="):
            chosen = chosen or [a]
            i += 1
            continue
        out.append(a)
        i += 1
    return chosen + out


def run() -> None:
    """Console-script entry point (``referee``)."""
    import sys

    sys.exit(main())


if __name__ == "__main__":  # ``python -m referee.cli.main``, as ``python -m referee``
    run()
