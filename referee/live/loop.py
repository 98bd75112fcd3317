"""The one table loop (issue 8 §4): every entry, typed or seen, goes through here.

Entries come from three sources: stdin lines (the plain-lines mode), the keyboard
(the rich screen) and the camera (:class:`~referee.live.cam_policy.CameraPlay`).
Whatever the source, :class:`TableLoop` enters them through
:meth:`LiveSession.enter` and handles what follows exactly once:

* **refusals**: a typed entry the notation or the rules refuse is shown with its
  reason (the plain mode names the line and counts it), nothing is lost; a camera
  entry the rules refuse becomes a question for the table (the camera waits);
* **confirmations** (R65, issue 11), where the display asks for them (the rich
  screen; the plain mode enters as typed): a deal-ending penalty waits for Enter
  (it stands) or ``undo`` (the card is taken back); a ``revoke SEAT TRICK`` ruling
  shows the trick's cards first and waits for Enter (entered) or ``no`` (dropped).
  Any other answer is refused with a one-line reason and asked again: a card typed
  at such a prompt is not entered and not lost silently;
* **help** and the **deals** list, shown in place of the table until the next line;
* **camera questions**: while the camera asks, the table's line answers it (Enter
  confirms the proposal, a card replaces it); scripted answers (``@KEY ANSWER``)
  answer by key.

What the table sees goes through a :class:`Display` (plain lines or the rich
screen); the sources' own loops (reading stdin, the keyboard thread, the frames)
live in :mod:`referee.live.plain`, :mod:`referee.live.screen` and
:mod:`referee.live.camera`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from referee.errors import RefereeError
from referee.i18n import N_, _, render_error
from referee.live import messages as M
from referee.live.cam_notes import CameraEntry, CameraNote
from referee.session.store import SessionTakenOver

if TYPE_CHECKING:
    from referee.live.cam_policy import CameraPlay
    from referee.live.controller import LiveSession, Outcome

CAM_NOTHING = N_("camera: nothing to confirm; type the card {seat} played")


class Display(Protocol):
    """What the table sees: the plain lines (:class:`~referee.live.plain.PlainDisplay`)
    or the rich screen (:class:`~referee.live.screen.RichDisplay`).

    ``confirms``: whether this display asks the table to confirm penalties and rulings
    and offers the ``deals`` view (the rich screen); the plain mode enters as typed."""

    confirms: bool

    def heard(self) -> None:
        """A line came from the table: a help or deals view in place of the table ends."""

    def said(self, lines: list[str]) -> None:
        """The announcement of what just happened (it replaces the last one on a screen)."""

    def notice(self, lines: list[str]) -> None:
        """Lines added to what is shown (the end of a video, a camera's problem)."""

    def accepted(self, echo: str, outcome: Outcome) -> None:
        """An accepted entry: its ``echo`` line and what followed (help in place of the table)."""

    def refused(self, text: str, line: int, asking: CameraNote | None) -> None:
        """Typed line number ``line`` was refused for ``text``; ``asking``: the camera's
        question still open (shown again on a screen)."""

    def error(self, text: str) -> None:
        """A problem that is no entry's (a camera that cannot be used), one line."""

    def question(self, note: CameraNote) -> None:
        """A question of the camera, which waits for the table's answer."""

    def still_asking(self, note: CameraNote, lines: list[str]) -> None:
        """The answer did not settle question ``note``; ``lines`` say why."""

    def confirm(self, lines: list[str], penalty: bool) -> None:
        """Show ``lines`` (the evidence, the question last) and wait for the table's
        answer; ``penalty``: a deal-ending penalty (R65) rather than a ruling."""

    def confirmed(self) -> None:
        """The confirmation is over (confirmed or taken back)."""

    def bell(self) -> None:
        """A refusal: ring the terminal bell where the display has one and it is on."""

    def show_deals(self, page: int) -> bool:
        """Show page ``page`` of the deal list in place of the table; False where the
        display has no such view (the line is then an entry like any other)."""


def confirm_answer(answer: str) -> bool | None:
    """A confirmation prompt's answer (issue 11): True for Enter or yes (``да``, ``иә``,
    ``evet`` too), False for ``undo`` / no, None for anything else (refused, asked again:
    a card typed here is not entered and not lost silently)."""
    from referee.live.entry import BARE_NO, BARE_YES

    a = answer.strip().lower()
    if a == "" or a in BARE_YES:
        return True
    if a == "undo" or a in BARE_NO:
        return False
    return None


def deals_entry(line: str) -> int | None:
    """The page asked by a ``deals [PAGE]`` entry (a screen-only view), else None."""
    words = line.split()
    if not words or words[0].lower() != "deals" or len(words) > 2:
        return None
    if len(words) == 2:
        return int(words[1]) if words[1].isdigit() else None
    return 1


@dataclass(frozen=True)
class Confirmation:
    """What waits for the table's Enter or undo/no: the ``lines`` shown (the question
    last); ``ruling``: the typed ruling line to enter once confirmed, None for a
    deal-ending penalty already entered (R65)."""

    lines: list[str]
    ruling: str | None = None

    @property
    def refusal(self) -> str:
        """The msgid of the reason a non-answer is refused with."""
        return M.PENALTY_ANSWER if self.ruling is None else M.RULING_ANSWER


class TableLoop:
    """The entries of one table, from any source, through one loop (module docstring).

    ``camera``: the camera play whose entries and questions come through
    :meth:`frame` (None: no camera); ``answers``: scripted answers to camera
    questions, by key (``DEAL.TRICK.SEAT``, upper case), each used once.
    """

    def __init__(
        self,
        session: LiveSession,
        display: Display,
        *,
        camera: CameraPlay | None = None,
        answers: dict[str, list[str]] | None = None,
    ) -> None:
        self.session = session
        self.display = display
        self.camera = camera
        self.answers: dict[str, list[str]] = answers if answers is not None else {}
        self.typed = 0
        """Lines typed so far (the plain mode names a refused one by its number)."""
        self.waiting: Confirmation | None = None
        """The penalty or ruling waiting for the table's answer (None: none)."""
        self.leave = False
        """``quit`` was entered: the sources stop, the session stays open (issue 11)."""

    # ------------------------------------------------------------ typed lines
    def line(self, raw: str) -> None:
        """One line typed at the table (a stdin line, the keyboard)."""
        self.display.heard()
        if self.waiting is not None:
            self._answer_confirmation(raw)
            return
        page = deals_entry(raw) if self.display.confirms else None
        if page is not None and self.display.show_deals(page):
            return
        camera = self.camera
        if camera is not None and camera.question is not None:
            self._answer_camera(camera.question, raw)
            return
        if self.display.confirms and raw.strip():
            try:
                evidence = self.session.ruling_evidence(raw)
            except SessionTakenOver:
                raise  # another referee has the session: this one stops (the CLI says why)
            except RefereeError as exc:
                self._refused(exc)
                return
            if evidence is not None:
                self._ask(Confirmation([*evidence, _(M.CONFIRM_RULING)], raw))
                return
        self.enter_typed(raw)

    def enter_typed(self, raw: str) -> bool:
        """Enter ``raw`` as typed; False (the reason shown, the line counted) if refused."""
        self.typed += 1
        try:
            outcome = self.session.enter(raw)
        except SessionTakenOver:
            raise
        except RefereeError as exc:
            self.session.refused += 1
            self._refused(exc)
            return False
        if outcome is not None:
            self._accepted(outcome)
        return True

    def _refused(self, exc: RefereeError) -> None:
        asking = self.camera.question if self.camera is not None else None
        self.display.refused(render_error(exc, self.session.lang), self.typed, asking)
        self.display.bell()

    def _accepted(self, outcome: Outcome, mark: str = "") -> None:
        echo = f"{outcome.echo}  {mark}" if mark else outcome.echo
        self.leave = self.leave or outcome.quit
        self.display.accepted(echo, outcome)
        if outcome.penalty and self.display.confirms:
            self._ask(Confirmation([echo, *outcome.lines, _(M.CONFIRM_PENALTY)]))

    # ------------------------------------------------------------ confirmations
    def _ask(self, waiting: Confirmation) -> None:
        self.waiting = waiting
        self.display.confirm(waiting.lines, waiting.ruling is None)

    def _answer_confirmation(self, raw: str) -> None:
        waiting = self.waiting
        assert waiting is not None
        verdict = confirm_answer(raw)
        if verdict is None:
            reason = _(M.REFUSED).format(text=_(waiting.refusal).format(text=raw.strip()))
            self.display.confirm([*waiting.lines[:-1], reason, waiting.lines[-1]], waiting.ruling is None)
            self.display.bell()
            return
        self.waiting = None
        self.display.confirmed()
        if waiting.ruling is not None:
            if verdict:
                self.enter_typed(waiting.ruling)
            else:
                self.display.said([_(M.RULING_DROPPED).format(text=waiting.ruling.strip())])
        elif not verdict:
            undone = self.session.undo()
            self.display.said([undone.echo, *undone.lines])

    # ------------------------------------------------------------ the camera
    def frame(self, frame: object) -> bool:
        """Feed one camera frame (None: no more frames; decide on what was read), enter
        or ask what comes; True if anything came. Stops at a confirmation (R65)."""
        camera = self.camera
        if camera is None:
            return False
        changed = False
        for item in camera.feed(frame, self.session.game):
            changed = True
            if isinstance(item, CameraNote):
                self._question(item)
            else:
                self.enter_camera(item)
            if self.waiting is not None:
                break
        return changed

    def enter_camera(self, item: CameraEntry) -> bool:
        """Enter a camera entry with its origin; a refusal becomes a question (False)."""
        assert self.camera is not None
        try:
            outcome = self.session.enter(item.text, origin=item.origin)
        except SessionTakenOver:
            raise
        except RefereeError as exc:
            self._question(self.camera.refused(item, render_error(exc, self.session.lang), self.session.game))
            return False
        if outcome is not None:
            self._accepted(outcome, item.mark())
        return True

    def _question(self, note: CameraNote) -> None:
        self.display.question(note)
        waiting = self.answers.get(note.key.upper())
        if not waiting:
            return
        answer = waiting.pop(0)
        self.display.said([f"@{note.key} {answer}".rstrip()])
        self._answer_camera(note, answer)

    def _answer_camera(self, note: CameraNote, raw: str) -> None:
        """The table's ``raw`` line for the camera's question ``note``."""
        assert self.camera is not None
        meant = self.camera.answer(raw)
        if meant is None:
            seat = self.session.game.to_play
            self.display.still_asking(note, [_(CAM_NOTHING).format(seat=seat.name if seat else "?")])
            return
        entered = self.enter_camera(meant) if isinstance(meant, CameraEntry) else self.enter_typed(meant)
        if entered and self.camera.question is note:
            self.camera.question = None  # answered: the camera goes on
