"""The two displays of the table loop (issue 8 §4), behind one interface
(:class:`referee.live.loop.Display`).

* :class:`PlainDisplay`: plain lines (stdin not a terminal, issue 3 §4). Every
  accepted entry prints its echo line (``> ...``) and indented lines for what
  followed, a refused one prints one ``error: line N: ...`` line on stderr; nothing
  is asked (R65: a penalty stands as entered, a ruling is entered as typed). Output
  is flushed after each entry, after the events are committed.
* :class:`RichDisplay`: the rich screen (:func:`referee.live.screen.render`): the
  table, the announcements of the last entry under the dimmed earlier ones, help and
  the deal list in place of the table, the evidence of a penalty or ruling while it
  waits for the table's answer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TextIO

from referee.i18n import _
from referee.live import messages as M
from referee.live.cam_notes import key_hint

if TYPE_CHECKING:
    from rich.console import Console

    from referee.live.cam_notes import CameraNote
    from referee.live.controller import LiveSession, Outcome

HISTORY_LINES = 40
"""Earlier announcements kept for the screen (it shows as many as fit)."""


class PlainDisplay:
    """Plain lines on ``out`` (announcements) and ``err`` (refusals, problems)."""

    confirms = False

    def __init__(self, session: LiveSession, out: TextIO, err: TextIO) -> None:
        self.session, self.out, self.err = session, out, err

    def _write(self, stream: TextIO, lines: list[str]) -> None:
        stream.write("\n".join(lines) + "\n")
        stream.flush()

    def heard(self) -> None:
        pass

    def said(self, lines: list[str]) -> None:
        self._write(self.out, lines)

    notice = said

    def accepted(self, echo: str, outcome: Outcome) -> None:
        self._write(self.out, [echo, *outcome.lines])

    def refused(self, text: str, line: int, asking: CameraNote | None) -> None:
        self.error(_(M.LINE_ERROR).format(number=line, text=text))

    def error(self, text: str) -> None:
        self._write(self.err, [_(M.REFUSED).format(text=text)])

    def question(self, note: CameraNote) -> None:
        self._write(self.out, [f"{note.text}  {key_hint(note)}" if note.key else note.text])

    def still_asking(self, note: CameraNote, lines: list[str]) -> None:
        self._write(self.out, lines)  # the question is printed above

    def confirm(self, lines: list[str], penalty: bool) -> None:
        pass  # never asked: confirms is False

    def confirmed(self) -> None:
        pass

    def bell(self) -> None:
        pass

    def show_deals(self, page: int) -> bool:
        return False

    def close(self, left: bool) -> None:
        """At the end of input, or after ``quit`` (``left``, whose echo said it):
        where the session stays, and how many entries were refused (on stderr, so a
        script's author notices; the exit stays 0)."""
        s = self.session
        if not left and not s.game.over:
            self._write(self.out, [M.stays_open(s.header.id, s.store.session_option)])
        if s.refused:
            self._write(self.err, [M.refused_count(s.refused)])


class RichDisplay:
    """The rich screen on ``console``, opening with the ``head`` lines. ``bell``: ring
    the terminal bell at a refusal (``--no-bell`` turns it off); ``prompt_inline``:
    :meth:`draw` prints the prompt itself (the camera's keyboard thread reads the line
    without one)."""

    confirms = True

    def __init__(
        self,
        session: LiveSession,
        console: Console,
        head: list[str],
        *,
        bell: bool = True,
        prompt_inline: bool = False,
    ) -> None:
        self.session = session
        self.con = console
        self.glyphs = console.encoding.lower().startswith("utf")
        self.ring = bell
        self.prompt_inline = prompt_inline
        self.messages = list(head)
        """The announcement of the last entry (shown under the table, newest last)."""
        self.history: list[str] = []
        """Earlier announcements (dimmed above the last, as many as fit)."""
        self.help_lines: list[str] | None = None
        """``help`` or ``deals`` in place of the table, until the next line."""
        self.waiting: list[str] | None = None
        """The lines of a penalty or ruling waiting for the table's answer."""
        self.penalty = False

    # ------------------------------------------------------------ the loop's display
    def heard(self) -> None:
        self.help_lines = None

    def said(self, lines: list[str]) -> None:
        self.history = [*self.history, *self.messages][-HISTORY_LINES:]
        self.messages = lines

    def notice(self, lines: list[str]) -> None:
        self.messages = [*self.messages, *lines]

    def accepted(self, echo: str, outcome: Outcome) -> None:
        self.help_lines = None  # an entry (a camera's too) brings the table back
        if outcome.help:  # in place of the table, until the next entry
            from referee.live.help import help_lines

            self.said([echo])
            # the session's list, and the `deals` view this screen offers (show_deals)
            self.help_lines = help_lines(self.session.game.profile.options, deals=True)
        else:
            self.said([echo, *outcome.lines])

    def refused(self, text: str, line: int, asking: CameraNote | None) -> None:
        self.said([*([asking.text] if asking is not None else []), _(M.REFUSED).format(text=text)])

    def error(self, text: str) -> None:
        self.notice([_(M.REFUSED).format(text=text)])

    def question(self, note: CameraNote) -> None:
        self.said([note.text])

    def still_asking(self, note: CameraNote, lines: list[str]) -> None:
        self.said([note.text, *lines])

    def confirm(self, lines: list[str], penalty: bool) -> None:
        self.help_lines = None
        self.waiting, self.penalty = lines, penalty

    def confirmed(self) -> None:
        self.waiting, self.penalty = None, False

    def bell(self) -> None:
        if self.ring:
            self.con.bell()

    def show_deals(self, page: int) -> bool:
        from referee.live.screen import deals_page

        self.help_lines = deals_page(self.session, page, self.con.width, self.con.height, self.glyphs)
        return True

    # ------------------------------------------------------------ drawing
    def prompt(self) -> str:
        """The prompt: the seat to play (the caller, the bavyan side), or ``>`` alone
        under a question waiting for Enter or undo/no."""
        return "> " if self.waiting is not None else f"{self.session.prompt()} > "

    def draw(self) -> None:
        """Clear the terminal and draw the screen (with the prompt when ``prompt_inline``)."""
        from referee.live.screen import render

        con = self.con
        con.clear()
        if self.waiting is not None:
            # the evidence alone; while a penalty waits the deal's last trick stays (R65)
            shown = render(
                self.session,
                self.waiting,
                glyphs=self.glyphs,
                penalty=self.penalty,
                width=con.width,
                height=con.height,
            )
        else:
            shown = render(
                self.session,
                self.messages,
                glyphs=self.glyphs,
                help_lines=self.help_lines,
                history=self.history,
                width=con.width,
                height=con.height,
            )
        con.print(shown)
        if self.prompt_inline:
            con.print(self.prompt(), end="")

    def close(self, left: bool) -> None:
        """At the end: the session's summary once it is over, else where it stays open."""
        s = self.session
        self.con.print()
        if s.game.over:
            from referee.live.summary import summary_lines

            self.con.print("\n".join(summary_lines(s)), markup=False, highlight=False)
        else:
            self.con.print(M.stays_open(s.header.id, s.store.session_option), markup=False)
