"""Plain-lines mode: entries from a non-terminal stdin, one line each (issue 3 §4).

Every accepted entry prints one echo line (``> ...``) and indented lines for
what followed; a refused entry prints one ``error:`` line on stderr and the
session goes on. Penalties and rulings need no confirmation here (R65): a line
whose card ends the deal enters the cards up to it and names the rest as not
entered. ``quit`` stops reading (the session stays open). Output is flushed
after each entry, after the events are committed. The exit stays 0 at the end of
input; when entries were refused, a last line on stderr says how many, so a script's
author notices.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TextIO

from referee.errors import RefereeError
from referee.i18n import _
from referee.live import messages as M
from referee.live.controller import LiveSession
from referee.session.store import SessionTakenOver


def run_plain(session: LiveSession, lines: Iterable[str], out: TextIO, err: TextIO) -> None:
    """Feed ``lines`` to ``session`` until they end; print plain lines."""
    for number, raw in enumerate(lines, 1):
        try:
            outcome = session.enter(raw)
        except SessionTakenOver:
            raise  # another referee has the session: this one stops (the CLI says why, exit 1)
        except RefereeError as exc:
            session.refused += 1
            err.write(_(M.REFUSED).format(text=_(M.LINE_ERROR).format(number=number, text=exc)) + "\n")
            err.flush()
            continue
        if outcome is None:
            continue
        out.write("\n".join([outcome.echo, *outcome.lines]) + "\n")
        out.flush()
        if outcome.quit:
            return_early(session, err)
            return
    end(session, out, err)


def return_early(session: LiveSession, err: TextIO) -> None:
    """After ``quit``: the count of refused entries, as at the end of input."""
    if session.refused:
        err.write(M.refused_count(session.refused) + "\n")
        err.flush()


def end(session: LiveSession, out: TextIO, err: TextIO) -> None:
    """At the end of input: where the session stays, and how many entries were refused."""
    if not session.game.over:
        out.write(M.stays_open(session.header.id, session.store.session_option) + "\n")
        out.flush()
    if session.refused:
        err.write(M.refused_count(session.refused) + "\n")
        err.flush()
