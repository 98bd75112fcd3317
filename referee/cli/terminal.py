"""The exit codes, and :func:`terminal` for code that is not given the context.

The way out of a command is its :class:`referee.cli.application.Application`
(``application(ctx)``); :func:`terminal` finds the same object through click's
current context, for the command modules that do not take ``ctx`` yet
(``referee.cli.club``). ``Terminal`` is the old name of the class.

Exit codes: 0 ok, 1 invalid record, profile or input, 2 usage error.
"""

from __future__ import annotations

from referee.cli.application import EXIT_INVALID, EXIT_OK, EXIT_USAGE, Application, current

Terminal = Application

__all__ = ["EXIT_INVALID", "EXIT_OK", "EXIT_USAGE", "Terminal", "terminal"]


def terminal() -> Application:
    """The running command's :class:`Application` (a new one outside a command)."""
    return current()
