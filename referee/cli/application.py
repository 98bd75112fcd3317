"""The running ``referee`` command's one way out (after hatch's ``Application``).

:func:`referee.cli.main.main` builds one :class:`Application` per run and hands it to
typer as the context object (``obj=``); the root callback makes one when the app is
invoked another way (typer's ``CliRunner`` on ``referee.cli.main.app``). Every command
takes ``ctx: typer.Context`` and asks :func:`application` for it. Commands print,
fail and exit only through it:

- ``echo(text)``: a line of plain text on stdout (click's echo: no markup);
- ``write(text)`` / ``write_bytes(data)``: text or bytes verbatim on stdout, flushed
  (JSON, a record, a profile, CSV);
- ``print(...)``: rich output on stdout (tables), ``out`` / ``err``: the rich consoles;
- ``error(text)``: ``error: text`` on stderr, one line; ``note(text)``: ``note: text``;
- ``abort(text, code)``: ``error(text)``, then exit with ``code``; ``exit(code)``;
- ``stdin`` / ``stdout`` / ``stderr``: the streams of the plain table loop (looked up
  when asked, so a test runner's streams are the ones used).

Exit codes: 0 ok, 1 invalid record, profile or input, 2 usage error, 130 interrupted.
Nothing heavy is imported here: rich is imported when a console is first used.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

import typer

if TYPE_CHECKING:
    from rich.console import Console

EXIT_OK = 0
EXIT_INVALID = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130

#: columns of the stdout console when it is no terminal (:attr:`Application.out`)
PIPE_WIDTH = 240


class Application:
    """Owns the rich consoles and every way of leaving a ``referee`` command."""

    def __init__(self) -> None:
        self._out: Console | None = None
        self._err: Console | None = None

    # ------------------------------------------------------------ streams
    @property
    def stdin(self) -> TextIO:
        """The standard input (entries piped or typed)."""
        return sys.stdin

    @property
    def stdout(self) -> TextIO:
        """The standard output, as it is now (a test runner may have replaced it)."""
        return sys.stdout

    @property
    def stderr(self) -> TextIO:
        """The standard error, as it is now."""
        return sys.stderr

    @property
    def interactive(self) -> bool:
        """True when both stdin and stdout are a terminal (the rich table screen)."""
        return self.stdin.isatty() and self.stdout.isatty()

    @property
    def out(self) -> Console:
        """The rich console on stdout (no highlighting). Piped or redirected (no terminal,
        no ``COLUMNS``) it is PIPE_WIDTH columns wide: there is no screen to fit, and at
        rich's default 80 a wide table (the standings' pairs) cut its names and headers
        short with "…"; a table is no wider than its content either way."""
        if self._out is None:
            import os

            from rich.console import Console

            piped = not self.stdout.isatty() and not os.environ.get("COLUMNS")
            self._out = Console(highlight=False, width=PIPE_WIDTH if piped else None)
        return self._out

    @property
    def err(self) -> Console:
        """The rich console on stderr (no highlighting)."""
        if self._err is None:
            from rich.console import Console

            self._err = Console(stderr=True, highlight=False)
        return self._err

    def width(self) -> int:
        """Columns for a listing: the terminal's on a terminal, else 80."""
        return self.out.width if self.stdout.isatty() else 80

    # ------------------------------------------------------------ output
    def echo(self, text: str = "", *, nl: bool = True) -> None:
        """``text`` and a newline (``nl=False``: none) on stdout, as plain text."""
        typer.echo(text, nl=nl)

    def write(self, text: str) -> None:
        """``text`` verbatim on stdout, flushed (JSON, a record, a profile)."""
        out = self.stdout
        out.write(text)
        out.flush()

    def write_bytes(self, data: bytes) -> None:
        """``data`` verbatim on stdout's byte stream (CSV with a byte-order mark)."""
        out = self.stdout
        out.flush()
        out.buffer.write(data)
        out.buffer.flush()

    def print(self, *objects: Any, **kwargs: Any) -> None:
        """Rich output on stdout (``rich.console.Console.print``'s arguments)."""
        self.out.print(*objects, **kwargs)

    def line(self, text: str) -> None:
        """One line of plain text on stdout through rich: no markup, never wrapped."""
        self.out.print(text, markup=False, highlight=False, soft_wrap=True)

    # ------------------------------------------------------------ errors, exits
    def error(self, text: str) -> None:
        """``error: text`` on stderr (no markup, one line, not wrapped)."""
        from referee.i18n import _

        self.err.print(_("error: {text}").format(text=text), markup=False, highlight=False, soft_wrap=True)

    def note(self, text: str) -> None:
        """``note: text`` on stderr (no markup, one line)."""
        from referee.i18n import _

        self.err.print(_("note: {text}").format(text=text), markup=False, highlight=False, soft_wrap=True)

    def abort(self, text: str, code: int = EXIT_INVALID) -> NoReturn:
        """``error: text`` on stderr (one line), then exit with ``code`` (default 1)."""
        self.error(text)
        raise typer.Exit(code)

    def usage(self, text: str) -> NoReturn:
        """A usage error of the options given (a wrong mix or range, which click cannot
        check): ``error: text. See 'referee camera check --help'.`` (the running command's
        help, as click's own usage errors say it), exit EXIT_USAGE."""
        self.abort(_with_help(text), EXIT_USAGE)

    def exit(self, code: int = EXIT_OK) -> NoReturn:
        """Leave the command with exit code ``code``."""
        raise typer.Exit(code)


def _with_help(text: str) -> str:
    """``text`` with "See 'COMMAND --help'." after it, the command being the one running
    now (click's current context); ``text`` alone where none is running."""
    from referee.i18n import _

    ctx = _current_context()
    if ctx is None or not ctx.help_option_names:
        return text
    text = text if text.endswith((".", "!", "?")) else text + "."
    return _("{error} See '{command} {help}'.").format(
        error=text, command=ctx.command_path, help=ctx.help_option_names[0]
    )


def application(ctx: Any) -> Application:
    """The :class:`Application` of the run that ``ctx`` (a click/typer context) belongs
    to: the root context's object, made there when it has none yet."""
    root = ctx.find_root()
    if not isinstance(root.obj, Application):
        root.obj = Application()
    app: Application = root.obj
    return app


def current() -> Application:
    """The :class:`Application` of the command running now (through click's current
    context), else a new one. For code that is not given the context."""
    ctx = _current_context()
    return Application() if ctx is None else application(ctx)


def _current_context() -> Any:
    """Click's context of the command running now, or None."""
    import importlib

    try:  # typer >= 0.22 vendors click; older ones depend on it
        globals_ = importlib.import_module("typer._click.globals")
    except ImportError:
        globals_ = importlib.import_module("click.globals")
    return globals_.get_current_context(silent=True)
