"""Entry point of the ``referee`` command: builds the typer app from the command modules.

Each command module exposes ``register(app)`` and imports nothing heavy at module
level (no cv2, numpy, pydantic or profile validation before a command runs), so
``referee --help`` stays fast.
"""

from __future__ import annotations

import typer

from referee import __version__

app = typer.Typer(
    name="referee",
    help="Referee and score-keeper for Court Piece (Rang, Kort) at a real table.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"referee {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Show the version and exit."
    ),
) -> None:
    """Referee and score-keeper for Court Piece (Rang, Kort) at a real table."""


def _register() -> None:
    import importlib

    for name in ("replay", "profiles_cmd", "detect", "live"):
        try:
            module = importlib.import_module(f"referee.cli.{name}")
        except ModuleNotFoundError as exc:  # a command module not written yet
            if exc.name != f"referee.cli.{name}":
                raise
            continue
        module.register(app)


_register()


def run() -> None:
    """Console-script entry point (``referee``)."""
    app()
