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

from referee import __version__, i18n
from referee.i18n import N_, _

if TYPE_CHECKING:
    from referee.cli.app import RefereeTyper

# typer's own words, built when its help module is imported: imported in build_app, after
# the language is chosen, with the referee's catalog standing in for gettext (only when
# not English: it costs a few hundredths of a second). Click's "Usage:" and error
# sentences have no translation.
TYPER_WORDS = (N_("(deprecated) "), N_("[default: {}]"), N_("[env var: {}]"), N_("[required]"),
               N_("Arguments"), N_("Options"), N_("Commands"), N_("Error"), N_("Aborted."),
               N_("Try [blue]'{command_path} {help_option}'[/] for help."))

_APP: RefereeTyper | None = None


def _version(value: bool) -> None:
    if value:
        import typer

        typer.echo(f"referee {__version__}")
        raise typer.Exit()


def _lang(value: str | None) -> str | None:
    if value is not None:
        from referee.cli.live import use_language

        use_language(value)
    return value


def build_app() -> RefereeTyper:
    """The ``referee`` typer app with every command registered, built once, in the
    language in force (help texts are translated as the command modules are imported)."""
    global _APP
    if _APP is not None:
        return _APP
    with i18n.gettext_for_imports():
        import typer

        if i18n.language() != "en":
            import typer.rich_utils

    from referee.cli.app import RefereeTyper

    app = RefereeTyper(
        name="referee",
        help=_("Referee and score-keeper for Court Piece (Rang, Kort) at a real table."),
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
    )

    @app.callback(help=_("Referee and score-keeper for Court Piece (Rang, Kort) at a real table."))
    def _main(
        version: bool = typer.Option(
            False, "--version", callback=_version, is_eager=True,
            help=_("Show the version and exit.")
        ),
        lang: str | None = typer.Option(
            None, "--lang", callback=_lang, is_eager=True,
            help=_("Language of the referee: en, ru, kk or tr (default: $REFEREE_LANG, then "
                   "LANGUAGE, LC_ALL, LANG)."),
        ),
    ) -> None:
        """Referee and score-keeper for Court Piece (Rang, Kort) at a real table."""

    from referee.cli import camera_check, club, detect, live, profiles_cmd, replay, serve

    for module in (replay, profiles_cmd, detect, live, camera_check, club, serve):
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
    from referee.cli.terminal import EXIT_INVALID, terminal

    args = lang_first(sys.argv[1:] if args is None else list(args))
    i18n.ASKED = i18n.explicit_language(args)  # before a session's own language (issue 11)
    try:
        code = app(args=args, prog_name="referee", standalone_mode=False)
    except UsageError as exc:
        if type(exc).__name__ != "NoArgsIsHelpError":  # that one has printed the help
            terminal().error(usage_error_line(exc))
        return exc.exit_code
    except ClickException as exc:
        terminal().error(str(exc.format_message()))
        return exc.exit_code
    except typer.Abort:
        terminal().error(_("aborted"))
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


if __name__ == "__main__":
    run()
