"""Plain-lines mode: entries from a non-terminal stdin, one line each (issue 3 §4).

Every accepted entry prints one echo line (``> ...``) and indented lines for
what followed; a refused entry prints one ``error:`` line on stderr and the
session goes on. Penalties and rulings need no confirmation here (R65): a line
whose card ends the deal enters the cards up to it and names the rest as not
entered. ``quit`` stops reading (the session stays open). Output is flushed
after each entry, after the events are committed. The exit stays 0 at the end of
input; when entries were refused, a last line on stderr says how many, so a script's
author notices. The lines go through the table loop (:mod:`referee.live.loop`)
with the plain display (:class:`~referee.live.display.PlainDisplay`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TextIO

from referee.live.controller import LiveSession
from referee.live.display import PlainDisplay
from referee.live.loop import TableLoop


def run_plain(session: LiveSession, lines: Iterable[str], out: TextIO, err: TextIO) -> None:
    """Feed ``lines`` to ``session`` until they end or ``quit``; print plain lines.
    Raises SessionTakenOver when another referee takes the session over."""
    display = PlainDisplay(session, out, err)
    loop = TableLoop(session, display)
    for raw in lines:
        loop.line(raw)
        if loop.leave:
            break
    display.close(loop.leave)
