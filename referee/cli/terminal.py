"""One object owns the rich consoles and every way of leaving (after hatch).

Exit codes: 0 ok, 1 invalid record, profile or input, 2 usage error.
"""

from __future__ import annotations

from typing import NoReturn

import typer

EXIT_OK = 0
EXIT_INVALID = 1
EXIT_USAGE = 2


class Terminal:
    """Owns stdout/stderr rich consoles; ``abort`` prints one line and exits."""

    def __init__(self) -> None:
        from rich.console import Console

        self.out = Console(highlight=False)
        self.err = Console(stderr=True, highlight=False)

    def error(self, text: str) -> None:
        """Print ``error: text`` on stderr (no markup, one line, not wrapped)."""
        from referee.i18n import _

        self.err.print(_("error: {text}").format(text=text), markup=False, highlight=False,
                       soft_wrap=True)

    def abort(self, text: str, code: int = EXIT_INVALID) -> NoReturn:
        """Print ``error: text`` on stderr (no markup, one line) and exit with ``code``."""
        self.error(text)
        raise typer.Exit(code)


_terminal: Terminal | None = None


def terminal() -> Terminal:
    """The process-wide :class:`Terminal`, created on first use."""
    global _terminal
    if _terminal is None:
        _terminal = Terminal()
    return _terminal
