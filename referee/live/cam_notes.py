"""What the camera says to the live session (issue 9): a card to enter
(:class:`CameraEntry`) or a question for the table (:class:`CameraNote`), and the
texts of its questions (§4, §5, §6). :mod:`referee.live.cam_policy` decides which.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from referee.i18n import N_, _
from referee.session.origin import Origin


def confidence_text(confidence: float) -> str:
    """A reading's confidence (0-1) as shown: two decimals, rounded down ("0.99" for
    0.997: a card shown "1.00" is one that ``--threshold 1`` keeps; a new-user trial saw
    a "TD (1.00)" dropped by it)."""
    return f"{math.floor(min(1.0, max(0.0, confidence)) * 100 + 1e-9) / 100:.2f}"


CAM_MARK = N_("(camera {conf})")
Q_UNREAD = N_("camera: a card at {seat}'s place could not be read: type the card {seat} played")
Q_UNSURE = N_(
    "camera: {card} for {seat}? Read with confidence {conf}, below {threshold}: "
    "Enter confirms, or type the card {seat} played"
)
Q_FLICKER = N_(
    "camera: the card at {seat}'s place was read as {cards}: not entered; type the card {seat} played"
)
Q_ALREADY = N_(
    "camera: {card} was already played in deal {deal} (trick {trick}): not "
    "entered; type the card {seat} played"
)
Q_THIRTEENTH = N_(
    "camera: {card} is the 13th card {caller} showed, read in {seat}'s play: "
    "not entered; type the card {seat} played"
)
Q_PLACE = N_(
    "camera: a card at {place}'s place, but {seat} is to play: not entered; type the "
    "card {seat} played, or lay it at {seat}'s place"
)
Q_PLACE_SURE = N_(
    "camera: a card at {place}'s place ({card}), but {seat} is to play: not "
    "entered; Enter: it is {seat}'s card; or type the card {seat} played"
)
Q_GATHERED = N_(
    "camera: trick {trick} was gathered with {count} of its cards entered: type "
    "the missing cards ({seat} to play); the camera waits"
)
Q_NEXT = N_(
    "camera: a card of the next trick, but trick {trick} has {count} of its cards "
    "entered: type the missing cards ({seat} to play); the camera waits"
)
Q_TSAR = N_("camera: {seat} leads {card}, a trump: tsar or trop? Enter: tsar; or type {choices}")
Q_REFUSED = N_("camera: {card} for {seat} not entered: {reason}; type the card {seat} played")
Q_KEY = N_("[answer: {key}]")


@dataclass(frozen=True)
class CameraEntry:
    """A card to enter for ``seat``: ``text`` is the entry line (``5H`` or ``5H:trop``),
    ``confidence`` the lowest of its reads, ``outline`` its four corners in frame pixels."""

    text: str
    seat: str
    confidence: float
    outline: tuple[tuple[float, float], ...] | None = None

    def mark(self) -> str:
        """``(camera 0.93)``: appended to the echo line of the entry."""
        return _(CAM_MARK).format(conf=confidence_text(self.confidence))

    @property
    def origin(self) -> Origin:
        """The entry's origin for the store (issue 9 §8)."""
        return Origin("camera", round(min(1.0, max(0.0, self.confidence)), 4), self.outline)


@dataclass(frozen=True)
class CameraNote:
    """A line for the table: a question the camera waits on. ``key`` names it for a
    script (``DEAL.TRICK.SEAT``, the seat whose card is asked); ``proposal`` is what
    Enter confirms (None: nothing to confirm); ``choices`` the declarations the
    answer may be (tsar or trop?)."""

    text: str
    key: str = ""
    proposal: CameraEntry | None = None
    choices: tuple[str, ...] = ()


def key_hint(note: CameraNote) -> str:
    """``[answer: @1.2.W]``: how a script answers ``note``."""
    return _(Q_KEY).format(key="@" + note.key)
